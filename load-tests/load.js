// Load test: the mixed traffic (lib/traffic.js) at a constant arrival rate, 200 requests per
// second for 2 minutes by default (RATE, DURATION). Target on a 2-core machine with 1M seeded
// candidates: search p99 <= 10 ms and no error.
//
//   ./load-tests/run load
import { steadyTrafficOptions } from './lib/traffic.js';

export { setup, mixedRequest as default } from './lib/traffic.js';

export const options = steadyTrafficOptions('load', {
  rate: Number(__ENV.RATE || 200),
  duration: __ENV.DURATION || '2m',
  preAllocatedVUs: 50,
  maxVUs: 300,
});
