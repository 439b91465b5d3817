// The people a browser test needs, made through the API against the seeded
// server at BASE_URL: a new candidate invited by a seeded school and looking
// for a job around Lyon (their last name a word nobody else has), and a
// request context logged in as a demo account.
import assert from 'node:assert/strict';
import { baseUrl, demoAccounts, demoPassword, newContext, ownAddressHeaders } from './browser.mjs';

export const lyon = { value: 'Lyon', type: 'city', id: '69123' };

/** A word of letters only that no seeded name holds, for one run. */
export function uniqueWord(prefix = 'Contacti') {
  return `${prefix}${[...String(Date.now())].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;
}

/** Sends `data` as `method` to `path` in `context` and returns the JSON answer, failing on an error status. */
export async function send(context, method, path, data) {
  const response = await context.request.fetch(`${baseUrl}${path}`, { method, data, headers: ownAddressHeaders() });
  assert.ok(response.ok(), `${method} ${path} answers ${response.status()}: ${await response.text()}`);
  return response.status() === 204 ? null : response.json();
}

/** A request context logged in as `email` (the demo password), from an address of its own. */
export async function apiSession(browser, email, locale) {
  const context = await newContext(browser, { localeCookie: locale });
  await send(context, 'POST', '/api/api/auth/login', { username: email, password: demoPassword, remember: false });
  return context;
}

/** A new candidate, invited by a seeded school, looking for a job around Lyon; their context, id and email. */
export async function newCandidate(browser, word, locale, browserLanguage) {
  const operator = await apiSession(browser, demoAccounts.operator, locale);
  const schools = (await send(operator, 'GET', '/api/api/admin/accounts?role=school&standing=approved&per_page=100')).accounts;
  await operator.close();
  const school = await apiSession(browser, schools.find((account) => account.email !== demoAccounts.school).email, locale);
  const email = `${word.toLowerCase()}@example.org`;
  const [campus] = await send(school, 'GET', '/api/api/school/campuses');
  await send(school, 'POST', `/api/api/school/campuses/${campus.id}/candidates`, { firstname: 'Camille', lastname: word, email, program: campus.programs[0].id });
  await school.close();
  const candidate = await newContext(browser, { browserLanguage, localeCookie: locale });
  const mailbox = await (await candidate.request.get(`${baseUrl}/api/mailbox`)).json();
  const link = mailbox.find((mail) => mail.to === email)?.links.find((url) => url.includes('/inscription/invitation?token='));
  assert.ok(link, 'the invitation email holds its link');
  const token = new URL(link).searchParams.get('token');
  const me = await send(candidate, 'POST', `/api/api/school-invitations/${token}/account`, { password: demoPassword, consent: true, locale });
  const jobSearch = {
    from: 'job_search', job_categories: [1], job_localizations: [lyon], contract_types: [1, 5], contract_min_duration: 6,
    availability: '2026-12-01', in_research: true, degree: 6,
  };
  await send(candidate, 'POST', `/api/api/candidates/${me.id}`, jobSearch);
  await send(candidate, 'POST', `/api/api/candidates/${me.id}/languages`, { languages: [{ id: 2, level: 5 }] });
  await send(candidate, 'PUT', '/api/api/candidates/findability', { findable_by: 'everyone' });
  return { candidate, id: me.id, email };
}
