// The server's stable codes, in one place: `ErrorCode` names what went wrong
// with a request (the error body's `code`), `RuleCode` which rule a field broke
// (the lists in the body's `errors`). The translation tables of the app are
// typed by these unions, so a code the server drops or adds fails `tsc`.
import type { Schemas } from './schemas';

export type ErrorCode = Schemas['ErrorCode'];
export type RuleCode = Schemas['RuleCode'];
