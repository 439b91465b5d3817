// Smoke test of the sourcing search: one partner session, a few searches
// around big French cities, checks on the body of every answer and
// thresholds on the tail latencies. Small and bounded on purpose: it says
// "the search works and is fast", a load test would ramp up VUs instead.
//
//   BASE_URL=http://127.0.0.1:8080 k6 run --no-usage-report load-tests/sourcing-smoke.js
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { Trend } from 'k6/metrics';
import { searchBody } from './lib/traffic.js';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const PARTNER_EMAIL = __ENV.PARTNER_EMAIL || 'partenaire@vivier.demo';
const PARTNER_PASSWORD = __ENV.PARTNER_PASSWORD || 'Vivier-demo-2026';

// Only ever aim at this machine: a smoke test is not to be pointed at someone else's server.
if (!/^https?:\/\/127\.0\.0\.1(:\d+)?$/.test(BASE_URL)) {
  throw new Error(`BASE_URL must be http://127.0.0.1[:port], got ${BASE_URL}`);
}

export const options = {
  scenarios: {
    smoke: {
      executor: 'shared-iterations',
      vus: 2,
      iterations: 200,
      maxDuration: '2m',
    },
  },
  thresholds: {
    checks: ['rate==1.0'],
    http_req_failed: ['rate==0'],
    'http_req_duration{name:sourcing-search}': ['p(95)<250', 'p(99)<500'],
    sourcing_search_duration: ['p(95)<250', 'p(99)<500'],
  },
  summaryTrendStats: ['min', 'med', 'avg', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

const searchDuration = new Trend('sourcing_search_duration', true);

const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };

function list(path, cookie) {
  const response = http.get(`${BASE_URL}/api/api${path}`, { headers: { Accept: 'application/json', Cookie: cookie } });
  if (response.status !== 200) fail(`GET ${path} answered ${response.status}`);
  return response.json();
}

/** Readiness probe, then one login shared by every VU (the server rate-limits logins). */
export function setup() {
  let ready = false;
  for (let attempt = 0; attempt < 30 && !ready; attempt += 1) {
    const ping = http.get(`${BASE_URL}/api/ping`, { tags: { name: 'ping' } });
    ready = ping.status === 200;
    if (!ready) sleep(1);
  }
  if (!ready) fail(`the server at ${BASE_URL} is not answering /api/ping`);

  const login = http.post(
    `${BASE_URL}/api/api/auth/login`,
    JSON.stringify({ username: PARTNER_EMAIL, password: PARTNER_PASSWORD, remember: false }),
    { headers: jsonHeaders, tags: { name: 'login' } },
  );
  if (login.status !== 200) fail(`login as ${PARTNER_EMAIL} answered ${login.status}`);
  const sessionCookies = Object.entries(login.cookies).map(([name, values]) => `${name}=${values[0].value}`);
  if (sessionCookies.length === 0) fail('login set no cookie');
  const cookie = sessionCookies.join('; ');

  const categories = list('/job/categories', cookie).map((category) => category.id);
  const contracts = list('/contract/types', cookie).map((contract) => contract.id);
  const languages = list('/languages', cookie).map((language) => language.id);
  const families = list('/softskill/categories', cookie).map((family) => family.id);
  return { cookie, categories, contracts, languages, families };
}

function isSortedByScore(hits) {
  for (let index = 1; index < hits.length; index += 1) {
    if (hits[index - 1].score < hits[index].score) return false;
  }
  return true;
}

export default function (data) {
  const iteration = __ITER + __VU * 1000;
  const body = searchBody(data, iteration);
  const response = http.post(`${BASE_URL}/api/api/sourcing/searchs?save=false`, JSON.stringify(body), {
    headers: { ...jsonHeaders, Cookie: data.cookie },
    tags: { name: 'sourcing-search' },
  });
  searchDuration.add(response.timings.duration);

  let payload = null;
  try {
    payload = response.json();
  } catch (error) {
    payload = null;
  }
  check(response, {
    'status is 200': (r) => r.status === 200,
    'total is a number': () => payload !== null && typeof payload.total === 'number' && payload.total >= 0,
    'hits is a page of at most 20': () => payload !== null && Array.isArray(payload.hits) && payload.hits.length <= 20,
    'hits are sorted by score': () => payload !== null && isSortedByScore(payload.hits),
    'each hit has a breakdown': () =>
      payload !== null &&
      payload.hits.every(
        (hit) => hit.breakdown && hit.breakdown.proximity && Array.isArray(hit.breakdown.languages) && typeof hit.score === 'number',
      ),
    'no contact details leak': () =>
      payload !== null && payload.hits.every((hit) => !('email' in hit.candidate) && !('phone' in hit.candidate)),
    'relax counts are numbers': () =>
      payload !== null && payload.relax !== null && Object.values(payload.relax).every((count) => typeof count === 'number'),
  });
}
