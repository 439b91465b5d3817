// Shared set-up for the browser tests: Debian's Chromium driven by
// playwright-core (no downloaded browser), against the server at BASE_URL.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const baseUrl = (process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');

export const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results');

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      // The map's WebGL still draws on SwiftShader, but the pages are composited in software:
      // SwiftShader compositing each frame took half of chromium's CPU (the candidate's
      // accessibility sweep: 36 s, 18 s of them in the GPU process; 23 s and 4 s without).
      '--disable-gpu-compositing',
    ],
  });
}

/**
 * One browser for the tests of the file, or of the describe block it is called
 * in: launched before them, closed after them. It gives a function that returns
 * the browser, which exists only once the tests have started.
 */
export function sharedBrowser() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

/**
 * Headers that make a request come from an address of its own, in the
 * documentation range 198.51.100.0/24. The test server trusts the loopback as
 * its proxy, so the sign-ups allowed per address (ten an hour) are counted
 * apart for each person a test signs up, not for the whole suite. Only the
 * sign-up itself gets it: the demo mailbox answers its own machine only.
 */
export function ownAddressHeaders() {
  return { 'X-Forwarded-For': `198.51.100.${1 + Math.floor(Math.random() * 254)}` };
}

/** Sends the sign-ups the pages of `context` make (POST of an account) from an address of their own. */
export async function signUpsFromOwnAddress(context) {
  const headers = ownAddressHeaders();
  await context.route(/\/api\/api\/(candidates|schools|partners)$/, (route) =>
    route.request().method() === 'POST' ? route.continue({ headers: { ...route.request().headers(), ...headers } }) : route.continue(),
  );
}

/**
 * A fresh browser context speaking `browserLanguage` (navigator.languages and
 * Accept-Language), optionally with a `locale` cookie already stored. Unless
 * `tour` is true, the device's local configuration has the guided tutorial
 * turned off, so that tests about other pages are not covered by its overlay.
 */
export async function newContext(browser, { browserLanguage = 'fr-FR', localeCookie, storageState, tour = false } = {}) {
  const context = await browser.newContext({
    locale: browserLanguage,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'no-preference',
    storageState,
  });
  if (localeCookie) {
    await context.addCookies([{ name: 'locale', value: localeCookie, url: baseUrl }]);
  }
  if (!tour) {
    await context.addInitScript(() => {
      window.localStorage.setItem('vivier.localConfiguration', JSON.stringify({ tour: false }));
    });
  }
  // A busy machine (the server compiling next door) can be slow: wait longer than the default 30 s.
  context.setDefaultTimeout(60_000);
  return context;
}

export function screenshotPath(name) {
  mkdirSync(resultsDir, { recursive: true });
  return join(resultsDir, name);
}

/** Fails the test on any uncaught page error, which would otherwise go unnoticed. */
export function collectPageErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A page in a fresh context (`options` as for newContext), with its uncaught errors collected from the start. */
export async function openPage(browser, options) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

/**
 * Collects what the Content-Security-Policy refused on the page (the document and its
 * workers, such as the map's): Chromium reports each refusal on the console, and the document
 * fires `securitypolicyviolation`. Call before the first navigation.
 */
export async function collectCspViolations(page) {
  const violations = [];
  const record = (text) => {
    if (/content security policy/i.test(text)) violations.push(text);
  };
  page.on('console', (message) => record(message.text()));
  page.on('worker', (worker) => worker.on('console', (message) => record(message.text())));
  await page.exposeFunction('__reportCspViolation', (text) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportCspViolation(`${event.violatedDirective} refused ${event.blockedURI}`);
    });
  });
  return violations;
}

/** The demo accounts the server's seed creates, one per role (the operator runs the /admin area). */
export const demoPassword = 'Vivier-demo-2026';
export const demoAccounts = {
  candidate: 'candidat@vivier.demo',
  school: 'ecole@vivier.demo',
  partner: 'partenaire@vivier.demo',
  operator: 'operateur@vivier.demo',
};

export const dashboards = {
  candidate: '/dashboard/candidate',
  school: '/dashboard/ecole',
  partner: '/dashboard/partenaire',
  operator: '/admin',
};

/** Logs in through the login page and waits for the dashboard the login sends the user to. */
export async function logIn(page, email, password = demoPassword, { expectPath } = {}) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
  if (expectPath) await page.waitForURL((url) => url.pathname === expectPath);
  else await page.waitForURL((url) => url.pathname.startsWith('/dashboard/') || url.pathname === '/admin');
  await page.getByTestId('user-menu').first().waitFor();
}

/**
 * The end of a candidate's sign-up, from the "check your inbox" screen: the
 * validation email for `email` in the demo mailbox (newest first), its link,
 * then a login with the demo password (validating does not log in), and the
 * onboarding of a first login skipped: it ends on the candidate's dashboard.
 * `onMailbox` runs while the mailbox shows the email (for a screenshot).
 */
export async function validateSignUpAndLogIn(page, email, { onMailbox } = {}) {
  await page.getByTestId('mailbox-link').click();
  await page.waitForURL((url) => url.pathname === '/mailbox');
  const mail = page.getByTestId('mailbox-email').filter({ hasText: email }).first();
  await mail.waitFor();
  await onMailbox?.();
  await mail.locator('a', { hasText: '/inscription/valider' }).first().click();
  await page.getByTestId('sign-up-validation-done').waitFor();
  await page.getByTestId('sign-up-validation-login').click();
  await page.waitForURL((url) => url.pathname === '/login');
  await firstLogIn(page, email);
}

/**
 * A new candidate's first login on the login page (the demo password): it
 * starts the onboarding, skipped here, and ends on the candidate's dashboard.
 */
export async function firstLogIn(page, email) {
  if (new URL(page.url()).pathname !== '/login') await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(demoPassword);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/personnalisation/candidat');
  await page.getByTestId('onboarding-skip').click();
  await page.waitForURL((url) => url.pathname === '/dashboard/candidate');
}

/**
 * A context logged in as the demo user of `role`. The server rate-limits
 * logins (per address and per account), so the session cookie is kept in
 * test-results/ and reused while the server still knows it.
 */
export async function loggedInContext(browser, role, options = {}) {
  const saved = join(resultsDir, `.session-${role}.json`);
  const state = savedSession(saved);
  if (state) {
    const context = await newContext(browser, { ...options, storageState: state });
    const whoami = await context.request.get(`${baseUrl}/api/api/auth/whoami`);
    if (whoami.ok() && (await whoami.json()).email === demoAccounts[role]) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}${dashboards[role]}`);
      await page.getByTestId('user-menu').first().waitFor();
      return { context, page };
    }
    await context.close();
  }
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await logIn(page, demoAccounts[role], demoPassword, { expectPath: dashboards[role] });
  mkdirSync(resultsDir, { recursive: true });
  // Test files run side by side: written beside and renamed over, the saved session is read
  // whole by another file, the old one or the new, never half written.
  const partial = `${saved}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(await context.storageState()));
  renameSync(partial, saved);
  return { context, page };
}

/** The session saved by an earlier test, if any could be read. */
function savedSession(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Opens the demo mailbox and waits for the newest email sent to `address`
 * (with a link whose text holds `link`, when given), reloading for a while: an
 * email may be sent a moment after the action that asked for it. Returns its
 * locator.
 */
export async function mailTo(page, address, { link } = {}) {
  await page.goto(`${baseUrl}/mailbox`);
  let mails = page.getByTestId('mailbox-email').filter({ hasText: address });
  if (link) mails = mails.filter({ has: page.locator('a', { hasText: link }) });
  const mail = mails.first();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.getByTestId('mailbox').waitFor();
    await page.waitForLoadState('networkidle');
    if (await mail.isVisible()) return mail;
    await page.waitForTimeout(1000);
    await page.reload();
  }
  await mail.waitFor();
  return mail;
}
