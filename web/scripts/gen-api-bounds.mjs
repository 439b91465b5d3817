// Writes src/api/bounds.ts: the limits (minimum, maximum, minLength,
// maxLength, pattern) the server's OpenAPI document declares on the properties of the
// request schemas the forms mirror, so a form checks the server's own numbers
// instead of a copy of them. Run by `npm run gen:api` after openapi-typescript;
// like schema.d.ts, the output is not committed, and `npm run check:api`
// regenerates it before type-checking the app against it.
//
// A schema's entry holds the properties written in it, and those of the
// inline members of its `allOf`; a member that is a `$ref` to another schema
// is that schema's own entry (list it too when its limits are needed).
import { readFileSync, writeFileSync } from 'node:fs';

const documentPath = 'openapi.json';
const outputPath = 'src/api/bounds.ts';
/** The request schemas whose limits the forms read. */
const schemaNames = [
  'CandidateSignUpRequest',
  'ContactRequestCreate',
  'IdentityFields',
  'IdentityInput',
  'JobCriteriaInput',
  'JobSearchInput',
  'LanguageInput',
  'MessageCreate',
  'RecruiterAccountRequest',
  'RecruiterInvitationRequest',
  'SearchCreateRequest',
  'StandingChange',
];
const limitKeywords = ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern'];
const isLimit = (value) => typeof value === 'number' || typeof value === 'string';

const schemas = JSON.parse(readFileSync(documentPath, 'utf8')).components?.schemas ?? {};

function ownProperties(schema) {
  const inline = (schema.allOf ?? []).filter((member) => member.$ref === undefined);
  return [schema, ...inline].flatMap((part) => Object.entries(part.properties ?? {}));
}

function limitsOf(property) {
  const limits = limitKeywords.filter((keyword) => isLimit(property[keyword]));
  return limits.length === 0 ? null : Object.fromEntries(limits.map((keyword) => [keyword, property[keyword]]));
}

const entries = schemaNames.map((name) => {
  const schema = schemas[name];
  if (schema === undefined) {
    console.error(`${documentPath} has no schema ${name}, whose limits ${outputPath} holds`);
    process.exit(1);
  }
  const properties = ownProperties(schema)
    .map(([property, definition]) => [property, limitsOf(definition)])
    .filter(([, limits]) => limits !== null)
    .map(([property, limits]) => {
      const written = Object.entries(limits).map(([keyword, value]) => `${keyword}: ${JSON.stringify(value)}`);
      return `    ${property}: { ${written.join(', ')} },`;
    });
  return [`  ${name}: {`, ...properties, '  },'].join('\n');
});

const text = `// Generated from openapi.json by scripts/gen-api-bounds.mjs (\`npm run gen:api\`); do not edit.
// The limits the server declares on the properties of the request schemas
// the forms mirror, so their rules use the server's numbers and patterns
// (a pattern is a JSON Schema one: use it with the 'u' flag).
export const apiBounds = {
${entries.join('\n')}
} as const;
`;

writeFileSync(outputPath, text);
