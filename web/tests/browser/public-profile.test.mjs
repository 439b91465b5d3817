// The public profile end to end, against the seeded server at BASE_URL: the
// demo candidate shares the profile, an anonymous visitor reads it at
// /candidat/{slug} in French and in English (screenshots, axe), opens a
// soft-skill family, the candidate unshares and the visitor gets the "not
// available" page; the DISC result its candidate shows is written about the
// candidate (third person, first name) in a card with the coloured chart, the
// languages' flags are pictures, a hobby's photo is shown; a partner's
// public-profile link from sourcing opens the real page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { baseUrl, launchBrowser, loggedInContext, newContext, openPage, screenshotPath } from './browser.mjs';
import { seriousAxeViolations, settled } from './page-checks.mjs';

let browser;
let candidate;

before(async () => {
  browser = await launchBrowser();
  candidate = await loggedInContext(browser, 'candidate');
});

after(async () => {
  // leave the demo profile shared, as the seed made it
  await candidate?.context.request.post(`${baseUrl}/api/api/candidates/share`);
  await candidate?.context.close();
  await browser?.close();
});

/** The candidate shares (or unshares) the profile from the settings page; returns the slug. */
async function shareFromSettings(share) {
  const { page } = candidate;
  await page.goto(`${baseUrl}/dashboard/candidate/parametres`);
  await page.getByTestId('account-settings').waitFor();
  const toggle = page.getByTestId('sharing-toggle');
  await toggle.waitFor();
  const current = await (await candidate.context.request.get(`${baseUrl}/api/api/candidates/slug`)).json();
  if (current.is_public !== share) {
    await toggle.click();
    await page.waitForFunction(
      (wanted) => document.querySelector('[data-testid="sharing-toggle"]')?.classList.contains(wanted ? 'button--secondary' : 'button--primary'),
      share,
    );
  }
  await settled(page);
  assert.deepEqual(await seriousAxeViolations(page), []);
  await page.screenshot({ path: screenshotPath(`account-settings-${share ? 'shared' : 'unshared'}.png`), fullPage: true });
  return current.slug;
}

async function sharing(method) {
  const response = await candidate.context.request.fetch(`${baseUrl}/api/api/candidates/share`, { method });
  assert.equal(response.status(), 200);
  return response.json();
}

const locales = {
  fr: { browserLanguage: 'fr-FR', experiences: 'Expériences', unavailable: "Ce profil n'est pas disponible", context: 'Contexte' },
  en: { browserLanguage: 'en-US', experiences: 'Experience', unavailable: 'This profile is not available', context: 'Context' },
};

test('a shared profile is read by anyone in both languages, and is gone once unshared', async () => {
  const slug = await shareFromSettings(true);
  for (const [locale, text] of Object.entries(locales)) {
    const { context, page, errors } = await openPage(browser, { browserLanguage: text.browserLanguage, localeCookie: locale });
    try {
      await page.goto(`${baseUrl}/candidat/${slug}`);
      await page.getByTestId('public-profile').waitFor();
      assert.equal(await page.locator('[data-layout]').first().getAttribute('data-layout'), 'viewer');
      await page.getByRole('heading', { level: 2, name: text.experiences }).waitFor();
      await page.getByTestId('public-experiences').locator('article').first().waitFor();
      assert.ok(await page.getByText(text.context, { exact: true }).first().isVisible(), 'experiences are told with CAR');
      await page.getByTestId('share-chart').waitFor();
      assert.match(await page.title(), /Camille Martin/);
      assert.ok(await page.locator('meta[property="og:title"]').getAttribute('content'));
      await settled(page);
      await page.screenshot({ path: screenshotPath(`public-profile-${locale}.png`), fullPage: true });
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: screenshotPath(`public-profile-print-${locale}.png`), fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      assert.deepEqual(await seriousAxeViolations(page), []);

      // a family of the chart opens its page
      await page.getByTestId('share-chart').locator('a').first().click();
      await page.getByTestId('public-family').waitFor();
      assert.match(new URL(page.url()).pathname, new RegExp(`^/candidat/${slug}/softskills/famille/\\d+$`));
      await settled(page);
      await page.screenshot({ path: screenshotPath(`public-profile-family-${locale}.png`), fullPage: true });
      assert.deepEqual(await seriousAxeViolations(page), []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  await shareFromSettings(false);
  assert.equal((await (await candidate.context.request.get(`${baseUrl}/api/api/candidates/slug`)).json()).is_public, false);
  for (const [locale, text] of Object.entries(locales)) {
    const context = await newContext(browser, { browserLanguage: text.browserLanguage, localeCookie: locale });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl}/candidat/${slug}`);
      await page.getByTestId('profile-unavailable').waitFor();
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), text.unavailable);
      await settled(page);
      await page.screenshot({ path: screenshotPath(`public-profile-unavailable-${locale}.png`) });
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.goto(`${baseUrl}/candidat/${slug}/softskills/famille/1`);
      await page.getByTestId('profile-unavailable').waitFor();
    } finally {
      await context.close();
    }
  }
  await sharing('POST');
});

/** The demo candidate's DISC test, answered and shown on the profile, and a hobby with a photo; returns the hobby's id. */
async function showDiscAndHobbyPhoto() {
  const { page } = candidate;
  const { request } = candidate.context;
  const questions = await (await request.get(`${baseUrl}/api/api/test/questions`)).json();
  const answers = questions.map((question, index) => ({ question: question.id, answer: question.answers[index % question.answers.length].id }));
  const taken = await request.post(`${baseUrl}/api/api/test/forms/discs`, { data: { answers } });
  assert.ok(taken.ok(), await taken.text());
  const shown = await request.patch(`${baseUrl}/api/api/test/forms/discs`, { data: { show_disc: true } });
  assert.ok(shown.ok(), await shown.text());
  // any picture will do: a piece of the page, as a PNG
  const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 120 } });
  const upload = await request.post(`${baseUrl}/api/api/uploads`, { multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: photo } } });
  assert.equal(upload.status(), 201, await upload.text());
  const categories = await (await request.get(`${baseUrl}/api/api/candidate/hobby/categories`)).json();
  const frequencies = await (await request.get(`${baseUrl}/api/api/candidate/hobby/frequencies`)).json();
  const hobby = await request.post(`${baseUrl}/api/api/candidate/hobbies`, {
    data: { hobby: categories[0].hobbies[0].id, frequency: frequencies[0].id, pictures: [(await upload.json()).id], softskills: [] },
  });
  assert.ok(hobby.ok(), await hobby.text());
  return (await hobby.json()).item.id;
}

const readerTexts = {
  fr: { disc: 'Profil DISC de Camille', likes: /Camille aime/, notYou: /\b(vous|votre|vos)\b/i, photo: /, photo 1$/ },
  en: { disc: 'Camille’s DISC profile', likes: /Camille likes/, notYou: /\b(you|your)\b/i, photo: /, picture 1$/ },
};

test('a reader sees the DISC result about the candidate, in a card, the flags as pictures and a hobby’s photo', async () => {
  const { slug } = await sharing('POST');
  const hobbyId = await showDiscAndHobbyPhoto();
  try {
    for (const [locale, text] of Object.entries(readerTexts)) {
      const { context, page, errors } = await openPage(browser, { browserLanguage: locales[locale].browserLanguage, localeCookie: locale });
      try {
        await page.goto(`${baseUrl}/candidat/${slug}`);
        const disc = page.getByRole('region', { name: text.disc });
        await disc.waitFor();
        const discText = await disc.innerText();
        assert.match(discText, text.likes);
        assert.doesNotMatch(discText, text.notYou);
        // a card, and bars in colour (the chart's stylesheet came with it)
        assert.notEqual(await disc.evaluate((element) => getComputedStyle(element).borderTopStyle), 'none');
        const fill = await disc.locator('.disc-chart__bar--D rect').evaluate((rect) => getComputedStyle(rect).fill);
        assert.notEqual(fill, 'rgb(0, 0, 0)');
        // flags are pictures that loaded, never emoji
        const flags = page.getByTestId('public-languages').locator('img.flag');
        assert.ok((await flags.count()) > 0, 'the languages have flags');
        assert.ok(await flags.first().evaluate((image) => image.complete && image.naturalWidth > 0), 'the flag loaded');
        assert.doesNotMatch(await page.getByTestId('public-languages').innerText(), /\p{Regional_Indicator}/u);
        // the hobby's photo
        const photo = page.getByTestId('public-hobbies').getByRole('img', { name: text.photo }).first();
        await photo.waitFor();
        // loaded lazily: once scrolled to
        await photo.scrollIntoViewIfNeeded();
        await page.waitForFunction((element) => element.complete && element.naturalWidth > 0, await photo.elementHandle());
        await settled(page);
        await disc.scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`public-profile-disc-${locale}.png`), fullPage: true });
        assert.deepEqual(await seriousAxeViolations(page), []);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  } finally {
    await candidate.context.request.delete(`${baseUrl}/api/api/candidate/hobbies/${hobbyId}`);
    await candidate.context.request.patch(`${baseUrl}/api/api/test/forms/discs`, { data: { show_disc: false } });
  }
});

test("the partner's public-profile link from a saved candidate opens the real page", async () => {
  const { slug } = await sharing('POST');
  const { context, page } = await loggedInContext(browser, 'partner');
  try {
    // a saved search that finds the demo candidate, who is saved in it
    const profile = await (await candidate.context.request.get(`${baseUrl}/api/api/candidates/${slug}`)).json();
    const created = await context.request.post(`${baseUrl}/api/api/sourcing/searchs?save=true`, {
      data: {
        job_category: profile.job_categories[0].id,
        contracts: profile.contract_types.map((item) => item.id),
        duration: 6,
        start_at: profile.availability ?? new Date().toISOString().slice(0, 10),
        localization: { value: 'Lyon', type: 'city', id: '69123', country_code: 'FR' },
        languages: [{ id: profile.languages[0].id, level: 1 }],
        degree: 0,
      },
    });
    assert.ok(created.ok(), await created.text());
    const search = await created.json();
    const searchId = search.id;
    const saved = await context.request.post(`${baseUrl}/api/api/sourcing/searchs/${searchId}/save-candidate/${profile.id}`);
    assert.ok(saved.ok(), await saved.text());
    const list = [{ id: searchId }];
    await page.goto(`${baseUrl}/dashboard/partenaire/sourcing/recherches/${list[0].id}`);
    await page.getByTestId('saved-search-page').waitFor();
    await page.getByTestId('tab-saved').click();
    const card = page.locator('[data-testid="hit-card"]').filter({ hasText: 'Camille Martin' }).first();
    await card.waitFor({ timeout: 60_000 });
    await card.locator('.hit-card__open').click();
    const panel = page.getByTestId('candidate-panel');
    await panel.waitFor();
    await panel.locator(`a[href="/candidat/${slug}"]`).click();
    await page.getByTestId('public-profile').waitFor();
    assert.equal(new URL(page.url()).pathname, `/candidat/${slug}`);
  } finally {
    await context.close();
  }
});
