// The mixed traffic of the load, spike and soak tests: 70 % sourcing searches (partners),
// 20 % profile reads and 10 % profile writes (candidates), every user logged in once in
// setup(). Each scenario file only says how many requests arrive when, and its thresholds
// (the steady ones, load and soak, share theirs: steadyTrafficOptions).
//
// Candidates: CANDIDATE_EMAILS (comma-separated; ./load-tests/run reads a few seeded ones from
// DATABASE_URL), else the demo candidate. Every seeded account has the demo password.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const PASSWORD = __ENV.PASSWORD || 'Vivier-demo-2026';
const PARTNER_EMAIL = __ENV.PARTNER_EMAIL || 'partenaire@vivier.demo';
const CANDIDATE_EMAILS = (__ENV.CANDIDATE_EMAILS || 'candidat@vivier.demo').split(',').filter(Boolean);

// Only ever aim at this machine: a load test is not to be pointed at someone else's server.
if (!/^https?:\/\/127\.0\.0\.1(:\d+)?$/.test(BASE_URL)) {
  throw new Error(`BASE_URL must be http://127.0.0.1[:port], got ${BASE_URL}`);
}

const json = { 'Content-Type': 'application/json', Accept: 'application/json' };

/** Thresholds shared by the scenarios: no error at all, and the tail latencies per kind. */
export function thresholds({ searchP95, searchP99, readP99, writeP99 }) {
  return {
    http_req_failed: ['rate==0'],
    checks: ['rate==1.0'],
    'http_req_duration{name:search}': [`p(95)<${searchP95}`, `p(99)<${searchP99}`],
    'http_req_duration{name:profile-read}': [`p(99)<${readP99}`],
    'http_req_duration{name:profile-write}': [`p(99)<${writeP99}`],
  };
}

export const summaryTrendStats = ['min', 'med', 'avg', 'p(90)', 'p(95)', 'p(99)', 'max'];

/**
 * The options of a test that sends the mix at a constant arrival rate (`rate` requests per second
 * for `duration`) in one scenario `name`, held to the latency targets of steady traffic: search
 * p95 <= 5 ms and p99 <= 10 ms, profile reads p99 <= 20 ms, profile writes p99 <= 100 ms.
 */
export function steadyTrafficOptions(name, { rate, duration, preAllocatedVUs, maxVUs }) {
  return {
    scenarios: {
      [name]: { executor: 'constant-arrival-rate', rate, timeUnit: '1s', duration, preAllocatedVUs, maxVUs },
    },
    thresholds: thresholds({ searchP95: 5, searchP99: 10, readP99: 20, writeP99: 100 }),
    summaryTrendStats,
  };
}

/**
 * Logs in through its own client address (X-Forwarded-For, believed when the server trusts
 * 127.0.0.1: VIVIER_TRUSTED_PROXIES), so that the logins of many accounts stay under the
 * per-address login limit.
 */
function login(email, index) {
  const response = http.post(`${BASE_URL}/api/api/auth/login`, JSON.stringify({ username: email, password: PASSWORD }), {
    headers: { ...json, 'X-Forwarded-For': `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` },
    tags: { name: 'login' },
  });
  if (response.status !== 200) fail(`login of ${email} answered ${response.status}`);
  return Object.entries(response.cookies)
    .map(([name, values]) => `${name}=${values[0].value}`)
    .join('; ');
}

function get(path, cookie, name) {
  const response = http.get(`${BASE_URL}/api/api${path}`, { headers: { Accept: 'application/json', Cookie: cookie }, tags: { name } });
  if (response.status !== 200) fail(`GET ${path} answered ${response.status}`);
  return response.json();
}

export function setup() {
  let ready = false;
  for (let attempt = 0; attempt < 60 && !ready; attempt += 1) {
    ready = http.get(`${BASE_URL}/api/health`, { tags: { name: 'health' } }).status === 200;
    if (!ready) sleep(1);
  }
  if (!ready) fail(`the server at ${BASE_URL} is not ready (/api/health)`);
  const partner = login(PARTNER_EMAIL, 0);
  const ids = (path) => get(path, partner, 'reference').map((item) => item.id);
  const candidates = CANDIDATE_EMAILS.map((email, index) => {
    const cookie = login(email, index + 1);
    const { id } = get('/auth/whoami', cookie, 'whoami');
    const profile = get(`/candidates/${id}`, cookie, 'profile-read');
    return { id, cookie, profile };
  });
  return {
    partner,
    candidates,
    categories: ids('/job/categories'),
    contracts: ids('/contract/types'),
    languages: ids('/languages'),
    families: ids('/softskill/categories'),
  };
}

const cities = [
  { value: 'Paris', type: 'city', lat: 48.8566, lng: 2.3522, id: '75056', country_code: 'FR' },
  { value: 'Lyon', type: 'city', lat: 45.764, lng: 4.8357, id: '69123', country_code: 'FR' },
  { value: 'Marseille', type: 'city', lat: 43.2965, lng: 5.3698, id: '13055', country_code: 'FR' },
  { value: 'Toulouse', type: 'city', lat: 43.6047, lng: 1.4442, id: '31555', country_code: 'FR' },
  { value: 'Lille', type: 'city', lat: 50.6292, lng: 3.0573, id: '59350', country_code: 'FR' },
  { value: 'Bordeaux', type: 'city', lat: 44.8378, lng: -0.5792, id: '33063', country_code: 'FR' },
  { value: 'Nantes', type: 'city', lat: 47.2184, lng: -1.5536, id: '44109', country_code: 'FR' },
];

const pick = (items, index) => items[index % items.length];

/** The body of the `iteration`-th search: categories, contracts, languages and families from `data`, around a big city. */
export function searchBody(data, iteration) {
  const start = new Date(Date.UTC(2027, 0, 1) + (iteration % 90) * 86_400_000).toISOString().slice(0, 10);
  return {
    job_category: pick(data.categories, iteration),
    contracts: [pick(data.contracts, iteration), pick(data.contracts, iteration + 1)],
    duration: 6 + (iteration % 4) * 6,
    start_at: start,
    localization: pick(cities, iteration),
    radius: [10, 20, 50][iteration % 3],
    degree: 1,
    languages: [{ id: pick(data.languages, iteration), level: 3 }],
    softskills_categories: [pick(data.families, iteration)],
    duration_flexibility: iteration % 2 === 0 ? 0 : 3,
    limit: 20,
    offset: 0,
    sort: 'score',
  };
}

function search(data, iteration) {
  const body = searchBody(data, iteration);
  const response = http.post(`${BASE_URL}/api/api/sourcing/searchs?save=false`, JSON.stringify(body), {
    headers: { ...json, Cookie: data.partner },
    tags: { name: 'search' },
  });
  check(response, {
    'search: 200': (r) => r.status === 200,
    'search: a page of hits': (r) => r.status === 200 && Array.isArray(r.json('hits')),
  });
}

function readProfile(candidate) {
  const response = http.get(`${BASE_URL}/api/api/candidates/${candidate.id}`, {
    headers: { Accept: 'application/json', Cookie: candidate.cookie },
    tags: { name: 'profile-read' },
  });
  check(response, { 'profile read: 200': (r) => r.status === 200 });
}

/** The candidate saves the "profil" screen again with a new headline (what the indexer then projects). */
function writeProfile(candidate, iteration) {
  const { profile } = candidate;
  const body = {
    from: 'profile',
    firstname: profile.firstname,
    lastname: profile.lastname,
    phone: profile.contact?.phone,
    birthdate: profile.contact?.birthdate,
    localization: profile.localization,
    headline: `Disponible, essai de charge ${iteration % 1000}`,
  };
  const response = http.post(`${BASE_URL}/api/api/candidates/${candidate.id}`, JSON.stringify(body), {
    headers: { ...json, Cookie: candidate.cookie },
    tags: { name: 'profile-write' },
  });
  check(response, { 'profile write: 200': (r) => r.status === 200 });
}

/** One request of the mix, chosen by the iteration number (deterministic 70/20/10). */
export function mixedRequest(data) {
  const iteration = __ITER * 997 + __VU;
  const slot = iteration % 10;
  const candidate = pick(data.candidates, iteration);
  if (slot < 7) search(data, iteration);
  else if (slot < 9) readProfile(candidate);
  else writeProfile(candidate, iteration);
}
