// What several browser tests check on a page before a picture: axe-core's
// serious and critical violations (evaluated from the package, as the site's
// Content-Security-Policy refuses an added script tag), and that animations
// (the page transition) have ended.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe violations of the page, as `rule: targets` lines. */
export async function seriousAxeViolations(page) {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Waits for the page transition (and any other animation) to end. */
export async function settled(page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}
