// Zod compiles object parsers with `new Function` when it may, and probes for
// it as each object schema is built. Our Content-Security-Policy forbids eval,
// so the probe only fails and is reported as a CSP violation on every page
// whose code builds one: zod is told once, before any schema, not to try.
import { z } from 'zod';

z.config({ jitless: true });
