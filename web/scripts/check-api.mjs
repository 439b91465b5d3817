// Fails when src/api/schema.d.ts is not what openapi.json generates: the API
// types are generated from the server's document and committed, so a server
// change that was not regenerated (`npm run gen:api`) is caught here.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const directory = mkdtempSync(join(tmpdir(), 'vivier-api-'));
try {
  const generated = join(directory, 'schema.d.ts');
  execFileSync('npx', ['--no-install', 'openapi-typescript', 'openapi.json', '-o', generated], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (readFileSync(generated, 'utf8') !== readFileSync('src/api/schema.d.ts', 'utf8')) {
    console.error('src/api/schema.d.ts is out of date with openapi.json: run `npm run gen:api` and commit the result.');
    process.exit(1);
  }
  console.log('src/api/schema.d.ts matches openapi.json');
} finally {
  rmSync(directory, { recursive: true, force: true });
}
