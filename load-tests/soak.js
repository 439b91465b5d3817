// Soak test: the mixed traffic (lib/traffic.js) at a steady 100 requests per second (RATE)
// for 10 minutes (DURATION). ./load-tests/run prints the server's RSS before and after: it
// must stay flat (no leak in the matcher, the caches or the metrics).
//
//   ./load-tests/run soak
import { steadyTrafficOptions } from './lib/traffic.js';

export { setup, mixedRequest as default } from './lib/traffic.js';

export const options = steadyTrafficOptions('soak', {
  rate: Number(__ENV.RATE || 100),
  duration: __ENV.DURATION || '10m',
  preAllocatedVUs: 30,
  maxVUs: 200,
});
