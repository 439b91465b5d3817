// The replica test's driver (run by scripts/replica-test, which sets the environment): two
// `vivier serve` processes on one Postgres behind HAProxy (deploy/haproxy.cfg) on loopback.
// Checks that a session opened on one replica is one on the other, that a rate limit reached
// through one holds on the other, that a profile change made through one is searchable on both
// within a second, and that while a client loops over searches through the balancer, killing
// a replica with SIGKILL fails no request and the replica rejoins once restarted, and stopping
// one with SIGTERM drains it (readiness 503 while it still serves) without a failed request.
// Prints the counts.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const env = (name) => process.env[name] ?? fail(`${name} is not set`);
const [BALANCER, REPLICA_A, REPLICA_B, STATS] = ['BALANCER', 'REPLICA_A', 'REPLICA_B', 'STATS'].map(
  (name) => `http://${env(`VIVIER_${name}_ADDRESS`)}`,
);
const VIVIER = env('VIVIER_BIN');
const LOGS = env('VIVIER_REPLICA_LOGS');
const PASSWORD = 'Vivier-demo-2026';
const children = [];
// Loopback is a trusted proxy of the replicas, as HAProxy runs there: this run's requests come
// "from" an address of their own, so that earlier runs' login counts do not weigh on it.
const CLIENT_ADDRESS = `198.51.100.${1 + (process.pid % 250)}`;

function fail(message) {
  throw new Error(message);
}

function check(condition, message) {
  if (!condition) fail(message);
  console.log(`    ok  ${message}`);
}

function startReplica(address) {
  const [, port] = address.split(':').slice(-2);
  const log = `${LOGS}/replica-${port}.log`;
  const child = spawn('sh', ['-c', `exec "$0" serve --listen "$1" >>"$2" 2>&1`, VIVIER, address.replace('http://', ''), log], {
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

function startBalancer() {
  const child = spawn('haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

function stopAll() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function waitFor(what, probe, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if (await probe()) return;
    } catch {
      // not answering yet
    }
    await sleep(100);
  }
  fail(`timed out waiting for ${what}`);
}

const ready = (base) => async () => (await fetch(`${base}/api/health`)).status === 200;

async function call(base, method, path, { cookie, body } = {}) {
  const headers = { Accept: 'application/json', 'X-Forwarded-For': CLIENT_ADDRESS };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, json, text, cookies: response.headers.getSetCookie() };
}

async function login(base, email) {
  const response = await call(base, 'POST', '/api/api/auth/login', { body: { username: email, password: PASSWORD } });
  if (response.status !== 200) fail(`login of ${email} on ${base} answered ${response.status}: ${response.text}`);
  return response.cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** The status of each server of the `vivier` backend and how many requests it took, from HAProxy's CSV stats. */
async function backendServers() {
  const csv = await (await fetch(`${STATS}/stats;csv`)).text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const servers = {};
  for (const row of rows) {
    const cells = Object.fromEntries(row.split(',').map((value, index) => [columns[index], value]));
    if (cells.pxname === 'vivier' && cells.svname.startsWith('replica')) {
      servers[cells.svname] = { status: cells.status, requests: Number(cells.stot) };
    }
  }
  return servers;
}

/** A city as a search's or a job search's place. */
async function placeNamed(base, name) {
  const found = await call(base, 'GET', `/api/api/localizations?q=${encodeURIComponent(name)}&type=city&limit=1`);
  const place = found.json?.[0] ?? fail(`no city named ${name}: ${found.text}`);
  return { value: place.name, type: place.type, lat: place.lat, lng: place.lng, id: place.id, country_code: place.country_code };
}

async function referenceLists(base, cookie) {
  const ids = async (path) => (await call(base, 'GET', `/api/api${path}`, { cookie })).json.map((item) => item.id);
  return {
    categories: await ids('/job/categories'),
    contracts: await ids('/contract/types'),
    languages: await ids('/languages'),
    families: await ids('/softskill/categories'),
  };
}

/** A sourcing search around `place`, its criteria picked from the lists by `index`. */
function searchBody(lists, index, place, radius) {
  const pick = (items) => items[index % items.length];
  return {
    job_category: pick(lists.categories),
    duration: 6,
    start_at: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    localization: place,
    radius,
    degree: 0,
    languages: [{ id: pick(lists.languages), level: 1 }],
    softskills_categories: [pick(lists.families)],
    contracts: [pick(lists.contracts)],
    limit: 20,
  };
}

async function sessionsAreShared(partnerCookie) {
  console.log('\n  sessions');
  const whoami = await call(REPLICA_B, 'GET', '/api/api/auth/whoami', { cookie: partnerCookie });
  check(whoami.status === 200 && whoami.json.email === 'partenaire@vivier.demo', 'a login on replica A is a session on replica B');
}

async function rateLimitsAreShared() {
  console.log('\n  rate limits');
  const username = `nobody-${process.pid}@example.org`;
  const statuses = [];
  for (let attempt = 0; attempt < 7; attempt += 1) {
    const base = attempt % 2 === 0 ? REPLICA_A : REPLICA_B;
    statuses.push((await call(base, 'POST', '/api/api/auth/login', { body: { username, password: 'wrong-password-1' } })).status);
  }
  const refused = statuses.filter((status) => status === 429).length;
  console.log(`    failed logins alternating A and B: ${statuses.join(' ')}`);
  check(statuses.slice(0, 5).every((status) => status === 401) && refused === 2, 'the 6th and 7th failed logins from one address wait, on both replicas (5 free, then 20 s)');
}

async function profileChangesAreSearchable(partnerCookie) {
  console.log('\n  a profile change, searched on both replicas');
  const candidateCookie = await login(REPLICA_A, 'candidat@vivier.demo');
  const me = (await call(REPLICA_A, 'GET', '/api/api/auth/whoami', { cookie: candidateCookie })).json;
  const place = await placeNamed(REPLICA_A, 'Ajaccio');
  const lists = await referenceLists(REPLICA_A, partnerCookie);
  const { categories, contracts } = lists;
  const jobSearch = (inResearch) => ({
    from: 'job_search',
    job_categories: [categories[0]],
    job_localizations: [place],
    contract_types: [contracts[0]],
    contract_min_duration: 0,
    availability: '',
    in_research: inResearch,
  });
  const search = { ...searchBody(lists, 0, place, 10), contracts: [contracts[0]], limit: 100, sort: 'distance' };
  const found = async (base) => {
    const response = await call(base, 'POST', '/api/api/sourcing/searchs?save=false', { cookie: partnerCookie, body: search });
    if (response.status !== 200) fail(`search on ${base} answered ${response.status}: ${response.text}`);
    return response.json.hits.some((hit) => hit.candidate.id === me.id);
  };
  const update = async (base, inResearch) => {
    const response = await call(base, 'POST', `/api/api/candidates/${me.id}`, { cookie: candidateCookie, body: jobSearch(inResearch) });
    if (response.status >= 300) fail(`job search update answered ${response.status}: ${response.text}`);
  };
  // out of searches first, then back in through A
  await update(REPLICA_B, false);
  await waitFor('the candidate to leave the results', async () => !(await found(REPLICA_A)) && !(await found(REPLICA_B)), 10);
  // from the answer on: the change is committed then
  await update(REPLICA_A, true);
  const changedAt = Date.now();
  const seen = {};
  await waitFor('the candidate to be found on both replicas', async () => {
    // both at once, so that one replica's answer time does not delay seeing the other
    await Promise.all(
      [['A', REPLICA_A], ['B', REPLICA_B]].map(async ([name, base]) => {
        if (!(name in seen) && (await found(base))) seen[name] = Date.now() - changedAt;
      }),
    );
    return Object.keys(seen).length === 2;
  }, 5);
  console.log(`    found on replica A after ${seen.A} ms, on replica B after ${seen.B} ms`);
  check(seen.A <= 1000 && seen.B <= 1000, 'searchable on both replicas within 1 s');
}

/**
 * Four clients looping over searches through HAProxy until `stop()`, which resolves to their
 * counts once the last answers are in.
 */
async function searchLoop(partnerCookie) {
  const lists = await referenceLists(BALANCER, partnerCookie);
  const places = [];
  for (const city of ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Lille', 'Bordeaux', 'Nantes']) places.push(await placeNamed(BALANCER, city));
  const counts = { sent: 0, ok: 0, failed: 0, failures: [] };
  let looping = true;
  const client = async (worker) => {
    for (let iteration = worker; looping; iteration += 4) {
      const body = searchBody(lists, iteration, places[iteration % places.length], 50);
      counts.sent += 1;
      try {
        const response = await call(BALANCER, 'POST', '/api/api/sourcing/searchs?save=false', { cookie: partnerCookie, body });
        if (response.status === 200) counts.ok += 1;
        else {
          counts.failed += 1;
          counts.failures.push(`${response.status} ${response.text.slice(0, 120)}`);
        }
      } catch (error) {
        counts.failed += 1;
        counts.failures.push(String(error));
      }
    }
  };
  const clients = [0, 1, 2, 3].map(client);
  return {
    stop: async () => {
      looping = false;
      await Promise.all(clients);
      return counts;
    },
  };
}

function reportCounts(counts) {
  console.log(`    searches sent ${counts.sent}, answered 200 ${counts.ok}, failed ${counts.failed}`);
  for (const failure of counts.failures.slice(0, 5)) console.log(`    failure: ${failure}`);
  check(counts.failed === 0 && counts.ok === counts.sent, '0 failed requests');
}

async function killingAReplicaFailsNoRequest(partnerCookie, replicaB) {
  console.log('\n  SIGKILL of a replica while a client loops over searches through HAProxy');
  const loop = await searchLoop(partnerCookie);
  await sleep(1500);
  const before = await backendServers();
  replicaB.kill('SIGKILL');
  const killedAt = Date.now();
  await waitFor('HAProxy to mark replica B down', async () => (await backendServers()).replica2.status.startsWith('DOWN'), 10);
  const downAfter = Date.now() - killedAt;
  await sleep(1500);
  const restarted = startReplica(REPLICA_B);
  await waitFor('replica B to be ready again', ready(REPLICA_B));
  const restartedAt = Date.now();
  await waitFor('HAProxy to mark replica B up', async () => (await backendServers()).replica2.status === 'UP', 10);
  const upAfter = Date.now() - restartedAt;
  const upAt = await backendServers();
  await sleep(1500);
  const counts = await loop.stop();
  const after = await backendServers();
  const rejoined = after.replica2.requests - upAt.replica2.requests;
  console.log(`    replica B marked down ${downAfter} ms after SIGKILL, up ${upAfter} ms after it was ready again`);
  console.log(`    requests per replica before the kill ${JSON.stringify(before)}, at the end ${JSON.stringify(after)}`);
  reportCounts(counts);
  check(rejoined > 0, `the restarted replica takes requests again (${rejoined} since it was marked up)`);
  return restarted;
}

async function drainingOnSigtermFailsNoRequest(partnerCookie, replicaA) {
  console.log('\n  SIGTERM of a replica while a client loops over searches through HAProxy');
  const loop = await searchLoop(partnerCookie);
  await sleep(1000);
  const exited = new Promise((resolve) => replicaA.once('exit', resolve));
  replicaA.kill('SIGTERM');
  const terminatedAt = Date.now();
  await waitFor('replica A to answer 503 on readiness', async () => {
    const health = await call(REPLICA_A, 'GET', '/api/health');
    return health.status === 503 && health.json?.status === 'stopping';
  }, 5);
  const live = await call(REPLICA_A, 'GET', '/api/health/live');
  check(live.status === 200, 'the draining replica still answers (readiness 503 "stopping", liveness 200)');
  await waitFor('HAProxy to mark replica A down', async () => (await backendServers()).replica1.status.startsWith('DOWN'), 10);
  const downAfter = Date.now() - terminatedAt;
  await exited;
  const exitedAfter = Date.now() - terminatedAt;
  await sleep(1000);
  const counts = await loop.stop();
  console.log(`    replica A marked down ${downAfter} ms after SIGTERM, exited after ${exitedAfter} ms`);
  reportCounts(counts);
}

async function main() {
  process.on('exit', stopAll);
  const replicaA = startReplica(REPLICA_A);
  let replicaB = startReplica(REPLICA_B);
  await Promise.all([waitFor('replica A', ready(REPLICA_A)), waitFor('replica B', ready(REPLICA_B))]);
  startBalancer();
  await waitFor('HAProxy to see both replicas up', async () => {
    const servers = await backendServers();
    return servers.replica1?.status === 'UP' && servers.replica2?.status === 'UP';
  }, 20);
  console.log(`  replicas A (pid ${replicaA.pid}) and B (pid ${replicaB.pid}) ready behind HAProxy at ${BALANCER}`);
  const partnerCookie = await login(REPLICA_A, 'partenaire@vivier.demo');
  await sessionsAreShared(partnerCookie);
  await rateLimitsAreShared();
  await profileChangesAreSearchable(partnerCookie);
  replicaB = await killingAReplicaFailsNoRequest(partnerCookie, replicaB);
  await drainingOnSigtermFailsNoRequest(partnerCookie, replicaA);
  console.log('\n  replica test passed');
}

main().then(
  () => {
    stopAll();
    process.exit(0);
  },
  (error) => {
    console.error(`\n  replica test failed: ${error.message}`);
    stopAll();
    process.exit(1);
  },
);
