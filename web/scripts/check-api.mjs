// Fails when the app's code no longer fits the API types that openapi.json
// generates. src/api/schema.d.ts is a build artefact (not committed; build,
// typecheck, lint and test generate it first), and scripts/test compares
// openapi.json with the server's own document, so this is where a server
// change the web code does not follow is caught. Any copy left in the tree is
// removed first, so a stale or hand-edited file cannot hide the failure.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const schemaFile = 'src/api/schema.d.ts';

rmSync(schemaFile, { force: true });
try {
  execFileSync('npm', ['run', 'typecheck', '--silent'], { stdio: 'inherit' });
} catch {
  console.error(`the app does not type-check against ${schemaFile} as openapi.json generates it (see above)`);
  process.exit(1);
}
console.log(`${schemaFile} generated from openapi.json; the app type-checks against it`);
