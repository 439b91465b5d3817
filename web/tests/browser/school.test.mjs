// The school's area end to end, against the real seeded server at BASE_URL:
// the demo school opens its dashboard (statistics as charts with their tables,
// its campuses), opens a campus, checks a small Windows-1252 file (as Excel
// saves a CSV on a French Windows) with one bad row, sees that row named by
// its line, imports the valid rows, which invites the two new people: they
// are not in the campus's list until they accept, and their invitations wait
// in the demo mailbox. Then it edits its profile. Once in French, once in
// English; every page screenshotted and checked with axe. (Accepting an
// invitation is school-invitations.test.mjs's.)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, collectPageErrors, loggedInContext, mailTo, screenshotPath, sharedBrowser } from './browser.mjs';
import { axeViolations } from './page-checks.mjs';

const texts = {
  fr: {
    browserLanguage: 'fr-FR',
    statistics: 'Statistiques de vos candidats',
    check: 'Vérifier le fichier',
    malformed: 'e-mail mal formé',
    done: /Import terminé : 2 invitations envoyées/,
    filter: 'Nom ou e-mail',
    noneFound: 'Aucun candidat ne correspond',
    link: 'Site web',
    save: 'Enregistrer',
    saved: 'Profil enregistré.',
  },
  en: {
    browserLanguage: 'en-US',
    statistics: 'Statistics of your candidates',
    check: 'Check the file',
    malformed: 'malformed email',
    done: /Import finished: 2 invitations sent/,
    filter: 'Name or email',
    noneFound: 'No candidate matches',
    link: 'Web site',
    save: 'Save',
    saved: 'Profile saved.',
  },
};

/** Fails with the list of axe's violations (WCAG 2 A and AA) on the page as it is. */
async function assertAccessible(page, name) {
  assert.deepEqual(await axeViolations(page), [], `axe on ${name}`);
}

/** A CSV file as Excel saves it on a French Windows: Windows-1252, `;`, CRLF. */
function windows1252File(run) {
  const text =
    'Prénom;Nom;Courriel;Programme;Parcours\r\n' +
    `Hélène;Lefèvre-${run};helene.${run}@example.org;Bachelor Commerce;Alternance\r\n` +
    `Noël;Gaëtan;pas-un-courriel-${run};Bachelor Commerce;\r\n` +
    `François;Müller-${run};francois.${run}@example.org;Master Marketing digital;Formation initiale\r\n`;
  // every character here is in Latin-1, where Windows-1252 and Latin-1 agree
  return Buffer.from(text, 'latin1');
}

describe('the school area', () => {
  const browser = sharedBrowser();

  for (const [language, text] of Object.entries(texts)) {
    test(`the demo school imports a Windows-1252 file and reads its statistics (${language})`, async () => {
      const { context, page } = await loggedInContext(browser(), 'school', { browserLanguage: text.browserLanguage });
      await context.addCookies([{ name: 'locale', value: language, url: baseUrl }]);
      const errors = collectPageErrors(page);
      try {
        await page.goto(`${baseUrl}/dashboard/ecole`);
        await page.getByRole('heading', { name: text.statistics }).waitFor();
        await page.getByTestId('figure-programs').locator('svg').first().waitFor();
        const total = Number(await page.getByTestId('stat-candidates').locator('.stat-card__value').textContent());
        assert.ok(total > 0, 'the demo school has candidates');
        // the seeded month of company searches, evaluated by the server a few seconds after it starts
        const demandSearches = async () =>
          Number(await page.getByTestId('stat-demand-searches').locator('.stat-card__value').textContent());
        for (let attempt = 0; attempt < 20 && (await demandSearches()) === 0; attempt += 1) {
          await page.waitForTimeout(1000);
          await page.reload();
          await page.getByTestId('search-demand').waitFor();
        }
        assert.ok((await demandSearches()) > 0, 'company searches found candidates of the demo school');
        await page.getByTestId('figure-demand-exclusions').locator('svg').first().waitFor();
        await page.screenshot({ path: screenshotPath(`school-dashboard-${language}.png`), fullPage: true });
        await assertAccessible(page, `the school dashboard (${language})`);

        await page.getByTestId('campus-row').first().getByRole('link').click();
        await page.getByTestId('campus-page').getByRole('heading', { level: 1 }).waitFor();
        const run = `${language}${Date.now()}`;
        await page.getByTestId('import-file').setInputFiles({
          name: 'etudiants.csv',
          mimeType: 'text/csv',
          buffer: windows1252File(run),
        });
        await page.getByRole('button', { name: text.check }).click();
        const problems = page.getByTestId('import-problems');
        await problems.waitFor();
        const rows = await problems.locator('tbody tr').allTextContents();
        assert.equal(rows.length, 1, `one bad row: ${rows.join(' | ')}`);
        assert.match(rows[0], /^3/, 'named by its line');
        assert.ok(rows[0].includes(text.malformed), rows[0]);
        await page.screenshot({ path: screenshotPath(`school-import-check-${language}.png`), fullPage: true });
        await assertAccessible(page, `the import check (${language})`);

        await page.getByTestId('import-run').click();
        await page.getByTestId('import-result').getByText(text.done).waitFor();
        // invited, not attached: nobody of the file is in the campus's list yet
        await page.getByLabel(text.filter).fill(run);
        await page.getByTestId('campus-candidates').getByText(text.noneFound).waitFor();
        await page.screenshot({ path: screenshotPath(`school-campus-${language}.png`), fullPage: true });
        await assertAccessible(page, `the campus page (${language})`);
        for (const address of [`helene.${run}@example.org`, `francois.${run}@example.org`]) await mailTo(page, address);

        await page.goto(`${baseUrl}/dashboard/ecole/profil/editer`);
        await page.getByTestId('school-profile-form').waitFor();
        assert.notEqual(await page.locator('#school-type').inputValue(), '', 'the saved type is shown, so saving keeps it');
        await page.getByLabel(text.link).fill('https://rhone-management.example.org');
        await page.getByTestId('school-profile-form').getByRole('button', { name: text.save }).click();
        await page.getByText(text.saved).waitFor();
        await page.screenshot({ path: screenshotPath(`school-profile-${language}.png`), fullPage: true });
        await assertAccessible(page, `the school profile (${language})`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
