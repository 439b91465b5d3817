// @vitest-environment jsdom
// The import's report, checked then done: the rows read, valid and wrong,
// each count with its plural; how many people get an invitation, how many of
// the school's own students are placed on the campus, how many rows are
// already so, and that invited people appear only once they accept.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { Campus, ImportReport } from '../api/school-types';
import { ImportPanel } from './import-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const campus = { id: 4, name: 'Lyon', programs: [], candidates_count: 0 } as unknown as Campus;

const report = (imported: boolean, counts: Pick<ImportReport, 'invited' | 'already_your_students' | 'unchanged'>): ImportReport => ({
  imported,
  rows: 4,
  valid: 4,
  ...counts,
  problems: [],
  encoding: 'UTF-8',
  separator: ';',
});

/** An XMLHttpRequest that answers each send with the next report, at once. */
function stubUploads(reports: ImportReport[]) {
  const sent: string[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = false;
    private path = '';
    open(_method: string, path: string) {
      this.path = path;
    }
    setRequestHeader() {}
    send() {
      sent.push(this.path);
      this.status = 200;
      this.responseText = JSON.stringify(reports.shift());
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

async function checkThenImport() {
  const file = new File(['Prénom;Nom;E-mail;Programme\n'], 'etudiants.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
  fireEvent.click(screen.getByTestId('import-check'));
  const checked = await screen.findByTestId('import-report');
  fireEvent.click(screen.getByTestId('import-run'));
  const done = await screen.findByTestId('import-result');
  return { checked: checked.textContent ?? '', done: done.textContent ?? '' };
}

describe('the import report in French', () => {
  const i18n = testI18n('fr');

  it('counts invitations, students placed on the campus and rows already so', async () => {
    const sent = stubUploads([
      report(false, { invited: 2, already_your_students: 1, unchanged: 1 }),
      report(true, { invited: 2, already_your_students: 1, unchanged: 1 }),
    ]);
    renderWithProviders(<ImportPanel campus={campus} />, { i18n });
    const { checked, done } = await checkThenImport();

    expect(sent).toEqual(['/api/api/candidates/import/checking', '/api/api/candidates/import']);
    expect(checked).toContain('4 lignes lues : 4 valides, 0 problème.');
    expect(checked).toContain(
      'À l’import, 2 personnes recevront une invitation, 1 de vos étudiants sera placé sur ce campus avec le programme et le parcours du fichier, et 1 est déjà à jour.',
    );
    expect(checked).toContain('n’apparaissent dans vos candidats qu’une fois l’invitation acceptée');
    expect(done).toBe(
      'Import terminé : 2 invitations envoyées, 1 de vos étudiants placé sur ce campus, 1 déjà à jour. ' +
        'Les personnes invitées n’apparaissent dans vos candidats qu’une fois l’invitation acceptée.',
    );
  });

  it('says nothing of invitations when nobody is invited', async () => {
    stubUploads([
      report(false, { invited: 0, already_your_students: 3, unchanged: 1 }),
      report(true, { invited: 0, already_your_students: 3, unchanged: 1 }),
    ]);
    renderWithProviders(<ImportPanel campus={campus} />, { i18n });
    const { done } = await checkThenImport();
    expect(done).toBe('Import terminé : 0 invitation envoyée, 3 de vos étudiants placés sur ce campus, 1 déjà à jour.');
  });
});

describe('the import report in English', () => {
  const i18n = testI18n('en');

  it('counts invitations, students placed on the campus and rows already so', async () => {
    stubUploads([
      report(false, { invited: 1, already_your_students: 2, unchanged: 0 }),
      report(true, { invited: 1, already_your_students: 2, unchanged: 0 }),
    ]);
    renderWithProviders(<ImportPanel campus={campus} />, { i18n });
    const { checked, done } = await checkThenImport();

    expect(checked).toContain('4 rows read: 4 valid, 0 problems.');
    expect(checked).toContain(
      'On import, 1 person will get an invitation, 2 of your students will be placed on this campus with the file’s program and parcours, and 0 are already up to date.',
    );
    expect(done).toBe(
      'Import finished: 1 invitation sent, 2 of your students placed on this campus, 0 already up to date. ' +
        'Invited people appear among your candidates only once they accept the invitation.',
    );
  });
});
