// Fails when the app's code no longer fits what openapi.json generates: the
// API types (src/api/schema.d.ts) and the limits the forms read
// (src/api/bounds.ts, scripts/gen-api-bounds.mjs). Both are build artefacts
// (not committed; build, typecheck, lint and test generate them first), and
// scripts/test compares openapi.json with the server's own document, so this
// is where a server change the web code does not follow is caught. Any copy
// left in the tree is removed first, so a stale or hand-edited file cannot
// hide the failure.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const generatedFiles = ['src/api/schema.d.ts', 'src/api/bounds.ts'];

for (const file of generatedFiles) rmSync(file, { force: true });
try {
  execFileSync('npm', ['run', 'typecheck', '--silent'], { stdio: 'inherit' });
} catch {
  console.error(`the app does not type-check against ${generatedFiles.join(' and ')} as openapi.json generates them (see above)`);
  process.exit(1);
}
const missing = generatedFiles.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`npm run gen:api did not write ${missing.join(' and ')}`);
  process.exit(1);
}
console.log(`${generatedFiles.join(' and ')} generated from openapi.json; the app type-checks against them`);
