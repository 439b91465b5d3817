// The server's schemas, as generated from its OpenAPI document into
// schema.d.ts (`npm run gen:api`, which build, typecheck, lint and test run
// first; `npm run check:api` fails when the app no longer type-checks against
// it). API types are aliases of these, never written by hand; where the
// document lacks a schema, the module that needs it keeps a minimal local type
// marked `TODO(openapi)`.
import type { components } from './schema';

export type Schemas = components['schemas'];
