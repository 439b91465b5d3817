// The backup test's driver (run by scripts/backup-restore-test): compares what a server on the
// original database and a server on its restored dump answer to the same requests.
//
//   node scripts/backup-restore-check.mjs upload ORIGINAL
//       uploads a small PNG as the demo candidate (for a database where they own no picture),
//       so that the dump taken next holds one;
//   node scripts/backup-restore-check.mjs compare ORIGINAL RESTORED PICTURE_ID...
//       logs each demo account in on both (the same account answers), reads each of the demo
//       candidate's pictures on both (the same bytes), and runs one sourcing search as the demo
//       partner on both (the same total and the same candidates in the same order).
//
// Prints what it compared; exits non-zero on the first difference.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const PASSWORD = 'Vivier-demo-2026';
const ACCOUNTS = { candidate: 'candidat@vivier.demo', school: 'ecole@vivier.demo', partner: 'partenaire@vivier.demo' };
// a search the demo data set always answers: the first category around Lyon, every contract,
// ranked by the first language and soft-skill family of the reference lists
const SEARCH = {
  job_category: 1,
  duration: 6,
  start_at: '2027-06-01',
  localization: { value: 'Lyon', type: 'city', lat: 45.764, lng: 4.8357, id: '69123', country_code: 'FR' },
  radius: 100,
  degree: 0,
  duration_flexibility: 12,
  limit: 50,
  offset: 0,
  sort: 'score',
};

/** Logs `email` in on `base` and returns its session cookie and who the server says it is. */
async function logIn(base, email) {
  const response = await fetch(`${base}/api/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD, remember: false }),
  });
  const body = await response.text();
  assert.equal(response.status, 200, `login of ${email} on ${base}: ${body}`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  return { cookie, me: JSON.parse(body) };
}

/** `method path` on `base` with the session `cookie`, and a JSON `body` or a multipart `form`. */
async function call(base, cookie, method, path, body, form) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : form,
  });
  if (!response.ok) assert.fail(`${method} ${path} on ${base} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** A 48 x 32 RGB PNG with a gradient: a picture the server accepts and re-encodes. */
function gradientPng() {
  const [width, height] = [48, 32];
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => (bytes.reduce((c, byte) => crcTable[(c ^ byte) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => [x * 5, y * 8, 128]).flat()]),
  );
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

async function uploadPicture(base) {
  const { cookie } = await logIn(base, ACCOUNTS.candidate);
  const form = new FormData();
  form.append('file', new Blob([gradientPng()], { type: 'image/png' }), 'gradient.png');
  const upload = await (await call(base, cookie, 'POST', '/api/api/uploads', undefined, form)).json();
  console.log(`    uploaded picture ${upload.id} as the demo candidate`);
}

const digest = (bytes) => createHash('sha256').update(bytes).digest('hex');

async function compare(original, restored, pictures) {
  const sessions = {};
  for (const [role, email] of Object.entries(ACCOUNTS)) {
    const [before, after] = [await logIn(original, email), await logIn(restored, email)];
    assert.deepEqual(after.me, before.me, `the ${role} account answers the same`);
    sessions[role] = [before.cookie, after.cookie];
    console.log(`    ok  ${role} ${email} logs in on both as user ${before.me.id}`);
  }

  const [candidateBefore, candidateAfter] = sessions.candidate;
  assert.ok(pictures.length > 0, 'the demo candidate owns a picture');
  for (const id of pictures) {
    const [before, after] = await Promise.all([
      call(original, candidateBefore, 'GET', `/api/uploads/${id}`),
      call(restored, candidateAfter, 'GET', `/api/uploads/${id}`),
    ]);
    const [bytesBefore, bytesAfter] = [Buffer.from(await before.arrayBuffer()), Buffer.from(await after.arrayBuffer())];
    assert.equal(after.headers.get('content-type'), before.headers.get('content-type'), `picture ${id}: same type`);
    assert.ok(bytesBefore.length > 0 && bytesAfter.equals(bytesBefore), `picture ${id}: same bytes`);
    console.log(`    ok  picture ${id}: ${bytesBefore.length} bytes, sha256 ${digest(bytesBefore).slice(0, 16)}… on both`);
  }

  const [partnerBefore, partnerAfter] = sessions.partner;
  const ids = (list) => list.map((item) => item.id);
  const list = async (path) => ids(await (await call(original, partnerBefore, 'GET', `/api/api${path}`)).json());
  const [contracts, [language], [family]] = [await list('/contract/types'), await list('/languages'), await list('/softskill/categories')];
  const criteria = { ...SEARCH, contracts, languages: [{ id: language, level: 1 }], softskills_categories: [family] };
  const search = async (base, cookie) =>
    (await call(base, cookie, 'POST', '/api/api/sourcing/searchs?save=false', criteria)).json();
  const [found, refound] = [await search(original, partnerBefore), await search(restored, partnerAfter)];
  const hitIds = (answer) => answer.hits.map((hit) => hit.candidate.id);
  assert.ok(found.total > 0, 'the search finds candidates on the original server');
  assert.equal(refound.total, found.total, 'the search finds as many candidates on both');
  assert.deepEqual(hitIds(refound), hitIds(found), 'the search ranks the same candidates first');
  console.log(`    ok  sourcing search: ${found.total} candidates on both, the same first ${hitIds(found).length} in the same order`);
}

const [command, original, restored, ...pictures] = process.argv.slice(2);
if (command === 'upload' && original) await uploadPicture(original);
else if (command === 'compare' && original && restored) await compare(original, restored, pictures);
else throw new Error('usage: backup-restore-check.mjs upload ORIGINAL | compare ORIGINAL RESTORED PICTURE_ID...');
