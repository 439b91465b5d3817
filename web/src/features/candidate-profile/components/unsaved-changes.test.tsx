// @vitest-environment jsdom
// A profile form's unsaved changes are not dropped without a word: on the
// languages page, a language added then a click on "Loisirs" asks first; the
// candidate may stay (the default, also on Escape) or leave without saving,
// and once saved the page is left without a question.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesPrompt } from '@/components/form/unsaved-changes';
import { registerCandidateLoader } from '@/lib/session';
import { LanguagesPage } from './languages-page';
import { type Call, fakeServer, renderAsCandidate, setUpPageTests } from '@/testing/candidate-pages';

setUpPageTests();

const profile = {
  id: 1000, slug: 'camille-martin-1000', firstname: 'Camille', lastname: 'Martin', languages: [],
  job_localizations: [], job_categories: [], contract_types: [], softskill_percentages: [],
};

const texts = {
  fr: { hobbies: 'Loisirs', add: 'Ajouter une langue', question: 'Quitter sans enregistrer ?', stay: 'Rester', leave: 'Quitter sans enregistrer', save: 'Enregistrer' },
  en: { hobbies: 'Hobbies', add: 'Add a language', question: 'Leave without saving?', stay: 'Stay', leave: 'Leave without saving', save: 'Save' },
};

const saveLanguages = (call: Call) =>
  call.method === 'POST' && call.path === '/api/api/candidates/1000/languages' ? { status: 200, body: { ...profile, languages: call.body } } : undefined;

/** The languages page beside a link to the hobbies, with Espagnol added and not saved. */
async function addLanguageUnsaved(locale: 'fr' | 'en') {
  registerCandidateLoader(async () => profile);
  const server = fakeServer(saveLanguages);
  const t = texts[locale];
  await renderAsCandidate(
    <>
      <UnsavedChangesPrompt />
      <Link to="/dashboard/candidate/hobbies">{t.hobbies}</Link>
      <Routes>
        <Route path="/dashboard/candidate/langues" element={<LanguagesPage />} />
        <Route path="/dashboard/candidate/hobbies" element={<p>hobbies page</p>} />
      </Routes>
    </>,
    locale,
    '/dashboard/candidate/langues',
  );
  await screen.findByRole('option', { name: 'Espagnol' });
  fireEvent.change(screen.getByRole('combobox', { name: t.add }), { target: { value: '11' } });
  await screen.findByRole('slider');
  return server;
}

describe('unsaved changes on the languages page', () => {
  for (const locale of ['fr', 'en'] as const) {
    const t = texts[locale];

    it(`asks before leaving with a language added and not saved, staying by default (${locale})`, async () => {
      await addLanguageUnsaved(locale);
      fireEvent.click(screen.getByRole('link', { name: t.hobbies }));

      const question = await screen.findByRole('alertdialog', { name: t.question });
      expect(document.activeElement).toBe(screen.getByRole('button', { name: t.stay }));
      fireEvent.keyDown(question, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(screen.getByRole('slider')).toBeTruthy();
      expect(screen.queryByText('hobbies page')).toBeNull();

      fireEvent.click(screen.getByRole('link', { name: t.hobbies }));
      fireEvent.click(await screen.findByRole('button', { name: t.leave }));
      expect(await screen.findByText('hobbies page')).toBeTruthy();
    });
  }

  it('leaves without a question once the change is saved', async () => {
    const { calls } = await addLanguageUnsaved('fr');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    await screen.findByRole('button', { name: 'Enregistrer' });

    fireEvent.click(screen.getByRole('link', { name: 'Loisirs' }));
    expect(await screen.findByText('hobbies page')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
