// Routes, layouts, the 404 page and page transitions (spec §2): each path gets
// the layout of the spec's rule, unknown paths say so with the path, anonymous
// visitors of the areas go to login (without asking who they are, so without a
// 401 in the console), and one page leaves before the next enters. That every route opens with a title for its owner is checked by the
// whole-app sweep (accessibility.test.mjs), which visits them all.
// The areas need a session: these tests log in with the demo accounts of the
// server's seed, and check that anonymous visitors are sent to login.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { baseUrl, launchBrowser, loggedInContext, newContext } from './browser.mjs';

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
  '/mailbox',
];

// The role whose area each protected route belongs to (spec §6).
function ownerOf(path) {
  if (path.startsWith('/dashboard/candidate') || path.startsWith('/personnalisation/candidat')) return 'candidate';
  if (path.startsWith('/dashboard/ecole')) return 'school';
  if (path.startsWith('/dashboard/partenaire') || path === '/metier/offre/creer') return 'partner';
  return null;
}

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
  const areaPages = {};
  before(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, { browserLanguage: 'en-US' });
    page = await context.newPage();
    for (const role of ['candidate', 'school', 'partner']) {
      areaPages[role] = (await loggedInContext(browser, role, { browserLanguage: 'en-US' })).page;
    }
  });
  after(async () => {
    await browser?.close();
  });

  test('the layout of /candidat/x is viewer', async () => {
    assert.equal(await layoutOf(page, '/candidat/x'), 'viewer');
  });

  test('the layout of /dashboard/partenaire/sourcing is sourcing', async () => {
    assert.equal(await layoutOf(areaPages.partner, '/dashboard/partenaire/sourcing'), 'sourcing');
  });

  test('the layout of /dashboard/candidate is dashboard', async () => {
    assert.equal(await layoutOf(areaPages.candidate, '/dashboard/candidate'), 'dashboard');
  });

  test('a saved search is in the dashboard layout, not the sourcing one', async () => {
    assert.equal(await layoutOf(areaPages.partner, '/dashboard/partenaire/sourcing/recherches/3'), 'dashboard');
  });

  test('an anonymous visitor of an area is sent to login, with the way back', async () => {
    await page.goto(`${baseUrl}/dashboard/partenaire/sourcing`);
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/dashboard/partenaire/sourcing');
    // The login page itself is a public page, in the default layout.
    assert.equal(await page.locator('[data-layout]').first().getAttribute('data-layout'), 'default');
  });

  test('the home page uses the default layout', async () => {
    assert.equal(await layoutOf(page, '/'), 'default');
  });

  test('an unknown path answers 404 and shows the 404 text with the path', async () => {
    const response = await page.goto(`${baseUrl}/does/not-exist`);
    assert.equal(response.status(), 404, 'the server knows the app\'s routes (dist/routes.json)');
    const message = page.getByTestId('not-found');
    await message.waitFor();
    assert.equal(await message.textContent(), 'Page not found: /does/not-exist');
    const known = await page.goto(`${baseUrl}/login`);
    assert.equal(known.status(), 200);
  });

  test('the 404 text is translated in french', async () => {
    const frenchContext = await newContext(browser, { localeCookie: 'fr' });
    const frenchPage = await frenchContext.newPage();
    assert.equal((await frenchPage.goto(`${baseUrl}/nulle-part`)).status(), 404);
    const message = frenchPage.getByTestId('not-found');
    await message.waitFor();
    assert.equal(await message.textContent(), 'Page introuvable : /nulle-part');
    await frenchContext.close();
  });

  test('a project list with an unknown discriminator is a 404', async () => {
    await areaPages.candidate.goto(`${baseUrl}/dashboard/candidate/projets/autre`);
    await areaPages.candidate.getByTestId('not-found').waitFor();
  });

  test('anonymous visitors of every protected route land on login', async () => {
    for (const path of specRoutes.filter((candidate) => ownerOf(candidate) !== null)) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), path);
    }
  });

  test('a logged-out visit logs nothing in the console: a protected page, and a browser whose session ran out', async () => {
    const quiet = await newContext(browser, { browserLanguage: 'fr-FR' });
    const visitor = await quiet.newPage();
    const logged = [];
    visitor.on('console', (message) => {
      if (message.type() === 'error') logged.push(`${visitor.url()}: ${message.text()}`);
    });
    const asked = [];
    visitor.on('request', (request) => {
      if (request.url().endsWith('/api/api/auth/whoami')) asked.push(visitor.url());
    });
    try {
      await visitor.goto(`${baseUrl}/dashboard/candidate`);
      await visitor.waitForURL((url) => url.pathname === '/login');
      await visitor.getByTestId('login-link').or(visitor.locator('#login-email')).first().waitFor();
      // a session noted on this browser, whose day has passed (its cookie is gone with it)
      await visitor.evaluate(() => window.localStorage.setItem('vivier.session-hint', String(Date.now() - 1000)));
      await visitor.goto(`${baseUrl}/`);
      await visitor.locator('[data-layout]').first().waitFor();
      await visitor.waitForLoadState('networkidle');
      assert.deepEqual(asked, []);
      assert.deepEqual(logged, []);
    } finally {
      await quiet.close();
    }
  });

  test('a page fades out before the next one enters', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('home-title').waitFor();
    // record every state the transition goes through rather than sampling at a fixed time,
    // so the test holds on a slow, loaded machine too
    const states = await page.evaluate(async () => {
      const seen = [];
      const record = () => {
        seen.push({
          phase: document.querySelector('.page-transition')?.getAttribute('data-phase') ?? null,
          oldPageShown: document.querySelector('[data-testid="home-title"]') !== null,
          newPageShown: document.querySelector('[data-testid="login-title"], form[data-testid="login-form"]') !== null
            || [...document.querySelectorAll('h1')].some((heading) => heading.textContent === 'Log in'),
        });
      };
      const observer = new MutationObserver(record);
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
      document.querySelector('[data-testid="login-link"]').click();
      record();
      const deadline = Date.now() + 10000;
      while (!seen.some((state) => state.newPageShown) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      observer.disconnect();
      return { seen, path: window.location.pathname };
    });
    assert.equal(states.path, '/login');
    assert.ok(
      states.seen.some((state) => state.phase === 'leaving' && state.oldPageShown && !state.newPageShown),
      'the old page is shown while leaving',
    );
    assert.ok(!states.seen.some((state) => state.oldPageShown && state.newPageShown), 'never both pages at once');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    assert.equal(await page.getByTestId('home-title').count(), 0);
    assert.equal(await page.locator('.page-transition').getAttribute('data-phase'), 'entering');
  });
});
