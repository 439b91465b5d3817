// Spike test: the mixed traffic (lib/traffic.js) at a base rate (BASE_RATE, default 20/s),
// then ten times that within 5 s, held for 30 s, then back. Nothing may fail; the tails may
// grow but stay bounded.
//
//   ./load-tests/run spike
import { summaryTrendStats, thresholds } from './lib/traffic.js';

export { setup, mixedRequest as default } from './lib/traffic.js';

const base = Number(__ENV.BASE_RATE || 20);

export const options = {
  scenarios: {
    spike: {
      executor: 'ramping-arrival-rate',
      startRate: base,
      timeUnit: '1s',
      preAllocatedVUs: 50,
      maxVUs: 400,
      stages: [
        { target: base, duration: '30s' },
        { target: base * 10, duration: '5s' },
        { target: base * 10, duration: '30s' },
        { target: base, duration: '5s' },
        { target: base, duration: '30s' },
      ],
    },
  },
  thresholds: thresholds({ searchP95: 20, searchP99: 50, readP99: 100, writeP99: 250 }),
  summaryTrendStats,
};
