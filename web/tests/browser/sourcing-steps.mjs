// The steps of a sourcing search that several browser tests take on the
// sourcing page: choosing a job category, filling a search around Lyon,
// waiting for the results to settle, reading the total shown.
import { seededStartAt } from './routes.mjs';

/** The category searched for; the seed spreads candidates over every category. */
export const jobCategoryPattern = new RegExp(process.env.SOURCING_JOB_CATEGORY || 'informatique|numérique|digital', 'i');

/** The number in the list header ("137 candidats"). */
export async function shownTotal(page) {
  const text = await page.locator('#results-title').innerText();
  const digits = text.replace(/[\s\u202f\u00a0]/g, '').match(/\d+/);
  return digits ? Number(digits[0]) : NaN;
}

export async function chooseJobCategory(page) {
  const select = page.locator('#sourcing-job-category');
  await select.locator('option').nth(1).waitFor({ state: 'attached' });
  const options = await select.locator('option').evaluateAll((nodes) =>
    nodes.map((node) => ({ value: node.value, label: node.textContent ?? '' })),
  );
  const wanted = options.find((option) => option.value !== '' && jobCategoryPattern.test(option.label)) ?? options[1];
  await select.selectOption(wanted.value);
  return wanted.label;
}

export async function fillSearchAroundLyon(page) {
  const category = await chooseJobCategory(page);
  // One fixed-term contract (the CDD: a permanent one asks no duration), so that "any contract"
  // can be suggested.
  await page.locator('fieldset[data-name="contracts"] input[value="2"]').check({ force: true });
  await page.locator('#sourcing-duration').fill('6');
  await page.locator('#sourcing-start-at').fill(seededStartAt);
  const place = page.locator('#sourcing-localization');
  await place.fill('Lyon');
  await page.getByRole('option', { name: /^Lyon\b/ }).first().click();
  // English at the default level, and a soft-skill family.
  const addLanguage = page.locator('.language-levels__add');
  const english = await addLanguage
    .locator('option')
    .evaluateAll((nodes) => nodes.find((node) => /anglais|english/i.test(node.textContent ?? ''))?.getAttribute('value'));
  await addLanguage.selectOption(english ?? { index: 1 });
  await page.locator('fieldset[data-name="softskill-categories"] .choice-chip').first().click();
  return category;
}

/** Waits until no search is pending (debounce included) and the list is not dimmed. */
export async function waitForSettledResults(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('.results')?.getAttribute('aria-busy') === 'false' &&
      document.querySelector('.results__list')?.getAttribute('data-refreshing') !== 'true',
    undefined,
    { timeout: 60_000 },
  );
}

