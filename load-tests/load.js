// Load test: the mixed traffic (lib/traffic.js) at a constant arrival rate, 200 requests per
// second for 2 minutes by default (RATE, DURATION). Target on a 2-core machine with 1M seeded
// candidates: search p99 <= 10 ms and no error.
//
//   ./load-tests/run load
import { mixedRequest, setup as login, summaryTrendStats, thresholds } from './lib/traffic.js';

export const options = {
  scenarios: {
    load: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 200),
      timeUnit: '1s',
      duration: __ENV.DURATION || '2m',
      preAllocatedVUs: 50,
      maxVUs: 300,
    },
  },
  thresholds: thresholds({ searchP95: 5, searchP99: 10, readP99: 20, writeP99: 100 }),
  summaryTrendStats,
};

export const setup = login;
export default mixedRequest;
