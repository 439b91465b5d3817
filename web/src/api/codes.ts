// The server's stable codes, in one place: `ErrorCode` names what went wrong
// with a request (the error body's `code`), `RuleCode` which rule a field broke
// (the lists in the body's `errors`). The translation tables of the app are
// typed by these unions, so a code the server drops or adds fails `tsc`.
//
// TODO(openapi): the OpenAPI document does not publish `ErrorCode` and
// `RuleCode` yet (the server declares them in api/src/codes.rs); once it does,
// each alias below becomes `components['schemas']['ErrorCode']` (resp.
// `['RuleCode']`) from './schema' and the literal lists go away.

export type ErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'validation_failed'
  | 'too_many_requests'
  | 'internal_error'
  | 'invalid_body'
  | 'invalid_query'
  | 'invalid_path'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'email_taken'
  | 'invalid_credentials'
  | 'email_not_validated'
  | 'account_deactivated'
  | 'invalid_token';

export type RuleCode =
  | 'required'
  | 'too_long'
  | 'out_of_range'
  | 'invalid_date'
  | 'invalid_email'
  | 'invalid_phone'
  | 'invalid_localization'
  | 'unknown'
  | 'invalid'
  | 'duplicate'
  | 'password_policy'
  | 'wrong_password'
  | 'too_young'
  | 'matching_parameter_required'
  | 'query_parameter_expected'
  | 'one_of_city_department_region_country'
  | 'one_of_all'
  | 'too_few'
  | 'too_many'
  | 'end_before_start'
  | 'unsupported_file_type'
  | 'unreadable_image';
