// What several browser tests check on a page before a picture: axe-core's
// violations (evaluated from the package, as the site's
// Content-Security-Policy refuses an added script tag), that animations
// (the page transition) have ended, that a map has stopped moving and drawing,
// and the phone widths every page must fit.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The widths of the phones most in use, from the smallest Android to the largest iPhone; the sweeps check each. */
export const phoneWidths = [360, 375, 390, 414, 430];

/** axe's violations of the rules given, each with its impact, once the page has settled. */
async function violations(page, options) {
  // a panel still sliding in is half transparent, which axe reads as poor contrast
  await settled(page);
  await page.evaluate(axeSource);
  const results = await page.evaluate((runOptions) => window.axe.run(document, runOptions), options);
  return results.violations.map((violation) => ({
    impact: violation.impact,
    line: `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  }));
}

/** The page's violations of WCAG 2 A and AA, as `rule: targets` lines. */
export async function axeViolations(page) {
  return (await violations(page, { runOnly: ['wcag2a', 'wcag2aa'] })).map((violation) => violation.line);
}

/** The serious and critical axe violations of the page (every rule), as `rule: targets` lines. */
export async function seriousAxeViolations(page) {
  return (await violations(page, { resultTypes: ['violations'] }))
    .filter((violation) => ['serious', 'critical'].includes(violation.impact))
    .map((violation) => violation.line);
}

/** Waits for the page transition (and any other animation that ends: not a spinner's) to end. */
export async function settled(page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Waits until the page's sourcing map, if it has one, is idle: no camera move
 * (the fit to the circle) and no data load left, everything drawn.
 */
export async function mapIdle(page) {
  if ((await page.getByTestId('sourcing-map').count()) === 0) return;
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sourcing-map"]')?.getAttribute('data-map-idle') === 'true',
    undefined,
    { timeout: 30_000 },
  );
}
