// Soak test: the mixed traffic (lib/traffic.js) at a steady 100 requests per second (RATE)
// for 10 minutes (DURATION). ./load-tests/run prints the server's RSS before and after: it
// must stay flat (no leak in the matcher, the caches or the metrics).
//
//   ./load-tests/run soak
import { mixedRequest, setup as login, summaryTrendStats, thresholds } from './lib/traffic.js';

export const options = {
  scenarios: {
    soak: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 100),
      timeUnit: '1s',
      duration: __ENV.DURATION || '10m',
      preAllocatedVUs: 30,
      maxVUs: 200,
    },
  },
  thresholds: thresholds({ searchP95: 5, searchP99: 10, readP99: 20, writeP99: 100 }),
  summaryTrendStats,
};

export const setup = login;
export default mixedRequest;
