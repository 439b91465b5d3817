// Routes, layouts, the 404 page and page transitions (spec §2): every route of
// the product answers, each path gets the layout of the spec's rule, unknown
// paths say so with the path, and one page leaves before the next enters.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { baseUrl, collectPageErrors, launchBrowser, newContext } from './browser.mjs';

const specRoutes = [
  '/',
  '/login',
  '/login/with-token',
  '/inscription/candidat',
  '/inscription/valider',
  '/mot-de-passe/oublier',
  '/mot-de-passe/reinitialiser',
  '/notifications/desinscrire',
  '/candidat/camille-dupont',
  '/candidat/camille-dupont/softskills/famille/2',
  '/dashboard/candidate',
  '/dashboard/candidate/experiences',
  '/dashboard/candidate/formations',
  '/dashboard/candidate/hobbies',
  '/dashboard/candidate/langues',
  '/dashboard/candidate/ma-recherche',
  '/dashboard/candidate/profil',
  '/dashboard/candidate/projets/personnel',
  '/dashboard/candidate/projets/academique',
  '/dashboard/candidate/softskills/famille/3',
  '/dashboard/candidate/tests/personalite',
  '/dashboard/ecole',
  '/dashboard/ecole/campus/7',
  '/dashboard/ecole/profil/editer',
  '/dashboard/partenaire',
  '/dashboard/partenaire/sourcing',
  '/dashboard/partenaire/sourcing/recherches/3',
  '/metier/offre/creer',
  '/personnalisation/candidat',
];

async function layoutOf(page, path) {
  await page.goto(`${baseUrl}${path}`);
  const root = page.locator('[data-layout]');
  await root.first().waitFor();
  return root.first().getAttribute('data-layout');
}

describe('routing', () => {
  let browser;
  let context;
  let page;
  before(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, { browserLanguage: 'en-US' });
    page = await context.newPage();
  });
  after(async () => {
    await browser?.close();
  });

  test('the layout of /candidat/x is viewer', async () => {
    assert.equal(await layoutOf(page, '/candidat/x'), 'viewer');
  });

  test('the layout of /dashboard/partenaire/sourcing is sourcing', async () => {
    assert.equal(await layoutOf(page, '/dashboard/partenaire/sourcing'), 'sourcing');
  });

  test('the layout of /dashboard/candidate is dashboard', async () => {
    assert.equal(await layoutOf(page, '/dashboard/candidate'), 'dashboard');
  });

  test('a saved search is in the dashboard layout, not the sourcing one', async () => {
    assert.equal(await layoutOf(page, '/dashboard/partenaire/sourcing/recherches/3'), 'dashboard');
  });

  test('the home page uses the default layout', async () => {
    assert.equal(await layoutOf(page, '/'), 'default');
  });

  test('an unknown path shows the 404 text with the path', async () => {
    await page.goto(`${baseUrl}/does/not-exist`);
    const message = page.getByTestId('not-found');
    await message.waitFor();
    assert.equal(await message.textContent(), 'Page not found: /does/not-exist');
  });

  test('the 404 text is translated in french', async () => {
    const frenchContext = await newContext(browser, { localeCookie: 'fr' });
    const frenchPage = await frenchContext.newPage();
    await frenchPage.goto(`${baseUrl}/nulle-part`);
    const message = frenchPage.getByTestId('not-found');
    await message.waitFor();
    assert.equal(await message.textContent(), 'Page introuvable : /nulle-part');
    await frenchContext.close();
  });

  test('a project list with an unknown discriminator is a 404', async () => {
    await page.goto(`${baseUrl}/dashboard/candidate/projets/autre`);
    await page.getByTestId('not-found').waitFor();
  });

  test('every route of the product has a page with a title', async () => {
    const errors = collectPageErrors(page);
    for (const path of specRoutes) {
      await page.goto(`${baseUrl}${path}`);
      const heading = page.locator('main h1');
      await heading.first().waitFor();
      assert.equal(await page.getByTestId('not-found').count(), 0, `${path} is a known route`);
      assert.notEqual((await heading.first().textContent())?.trim(), '', `${path} has a title`);
    }
    assert.deepEqual(errors, []);
  });

  test('a page fades out before the next one enters', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('home-title').waitFor();
    const duringTransition = await page.evaluate(async () => {
      document.querySelector('[data-testid="login-link"]').click();
      await new Promise((resolve) => setTimeout(resolve, 60));
      return {
        phase: document.querySelector('.page-transition')?.getAttribute('data-phase'),
        oldPageStillShown: document.querySelector('[data-testid="home-title"]') !== null,
        path: window.location.pathname,
      };
    });
    assert.deepEqual(duringTransition, { phase: 'leaving', oldPageStillShown: true, path: '/login' });
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    assert.equal(await page.getByTestId('home-title').count(), 0);
    assert.equal(await page.locator('.page-transition').getAttribute('data-phase'), 'entering');
  });
});
