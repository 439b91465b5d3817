// Saved-search alerts end to end, against the real server at BASE_URL (seeded
// with the demo data): the demo partner keeps a saved search with alerts around
// Bordeaux; the demo candidate, in another browser, adds Bordeaux to their job
// search; the partner's bell count rises without the partner doing anything but
// waiting (the server pushes the count), and the notifications page lists the candidate with
// the reason of the match. The page is checked with axe in French and English.
// A fresh saved search per run keeps the test repeatable on one server.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, collectPageErrors, loggedInContext, screenshotPath, sharedBrowser } from './browser.mjs';
import { axeViolations } from './page-checks.mjs';

/**
 * How long the partner may wait for the bell: the candidate's save, the indexer,
 * the live stream (the fallback poll, a minute, would miss it).
 */
const bellBudgetMs = 10_000;

async function unreadCount(page) {
  const bell = page.getByTestId('notification-bell').first();
  await bell.waitFor();
  return Number(await bell.getAttribute('data-unread'));
}

/** Saves the job search form and waits for the confirmation. */
async function saveJobSearch(page, form) {
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText('Modifications enregistrées.').first().waitFor();
}

describe('saved-search alerts', () => {
  const browser = sharedBrowser();

  test('the partner sees the bell count rise after a candidate starts to match', async () => {
    const partner = await loggedInContext(browser(), 'partner', { localeCookie: 'fr' });
    const candidate = await loggedInContext(browser(), 'candidate', { localeCookie: 'fr' });
    const partnerErrors = collectPageErrors(partner.page);

    // a fresh saved search with alerts, with the criteria of the demo one around Bordeaux
    const searches = await (await partner.context.request.get(`${baseUrl}/api/api/sourcing/searchs`)).json();
    const demo = searches.find((search) => search.alerts === 'daily' && search.localization_value === 'Bordeaux');
    assert.ok(demo, 'the demo partner has a saved search with alerts around Bordeaux');
    const searchName = `Alertes ${Date.now()}`;
    const created = await partner.context.request.post(`${baseUrl}/api/api/sourcing/searchs?save=true`, {
      data: { ...demo.search, name: searchName, limit: 1 },
    });
    assert.equal(created.status(), 201, await created.text());
    const searchId = (await created.json()).id;
    const alerts = await partner.context.request.patch(`${baseUrl}/api/api/sourcing/searchs/${searchId}`, {
      data: { alerts: 'immediate' },
    });
    assert.equal(alerts.status(), 204);

    await partner.page.goto(`${baseUrl}/dashboard/partenaire`);
    const before = await unreadCount(partner.page);

    // the candidate: without Bordeaux first (a previous run may have added it), then with it
    const { page } = candidate;
    await page.goto(`${baseUrl}/dashboard/candidate/ma-recherche`);
    const form = page.getByTestId('job-search-form');
    await form.waitFor();
    const remove = form.getByRole('button', { name: 'Retirer Bordeaux' });
    if (await remove.count()) {
      await remove.first().click();
      await saveJobSearch(page, form);
    }
    const input = form.getByRole('combobox', { name: 'Ajouter un lieu' });
    await input.fill('Bordeaux');
    await page.getByRole('option', { name: /^Bordeaux/ }).first().waitFor();
    await input.press('ArrowDown');
    await input.press('Enter');
    await saveJobSearch(page, form);
    const saved = Date.now();

    // the partner waits: the server pushes the new count
    let after = before;
    while (after <= before && Date.now() - saved < bellBudgetMs) {
      await partner.page.waitForTimeout(100);
      after = await unreadCount(partner.page);
    }
    console.log(`bell: ${before} -> ${after} unread, ${Date.now() - saved} ms after the candidate's save`);
    assert.ok(after > before, `the bell count rose within ${bellBudgetMs} ms (${before} -> ${after})`);
    await partner.page.screenshot({ path: screenshotPath('alerts-bell-fr.png') });

    await partner.page.getByTestId('notification-bell').first().click();
    await partner.page.getByTestId('notifications-page').waitFor();
    const item = partner.page.getByTestId('notification').filter({ hasText: searchName }).first();
    await item.waitFor();
    const text = await item.innerText();
    assert.match(text, /Camille Martin/);
    assert.match(text, /Score \d+ · à [\d,]+ km, Bordeaux/);
    await partner.page.screenshot({ path: screenshotPath('alerts-notifications-fr.png'), fullPage: true });
    assert.deepEqual(await axeViolations(partner.page), [], 'the notifications page is axe clean (fr)');

    // the link leads to the saved search, where the candidate is marked new
    await item.getByRole('link').click();
    await partner.page.waitForURL((url) => url.pathname === `/dashboard/partenaire/sourcing/recherches/${searchId}`);
    await partner.page.getByTestId('hit-new').first().waitFor();
    await partner.page.getByTestId('alert-control').waitFor();
    assert.deepEqual(await axeViolations(partner.page), [], 'the saved search page with its alert control is axe clean');
    await partner.page.screenshot({ path: screenshotPath('alerts-saved-search-fr.png'), fullPage: true });
    assert.deepEqual(partnerErrors, []);

    await partner.context.close();
    await candidate.context.close();
  });

  test('the notifications page reads in English and is axe clean', async () => {
    const partner = await loggedInContext(browser(), 'partner', { localeCookie: 'en', browserLanguage: 'en-US' });
    await partner.page.goto(`${baseUrl}/dashboard/partenaire/notifications`);
    await partner.page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await partner.page.getByTestId('notification').first().waitFor();
    assert.match(await partner.page.getByTestId('notification').first().innerText(), /now matches|km away|anywhere/);
    assert.deepEqual(await axeViolations(partner.page), [], 'the notifications page is axe clean (en)');
    await partner.page.screenshot({ path: screenshotPath('alerts-notifications-en.png'), fullPage: true });
    await partner.context.close();
  });
});
