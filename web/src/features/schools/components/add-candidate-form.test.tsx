// @vitest-environment jsdom
// Inviting one person to a campus: the request carries no `force`, the two
// outcomes of the server each get their sentence (with the person's name), a
// 422 lands on its field and a rate limit is said above the button.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubListServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { Campus } from '../api/school-types';
import { AddCandidateForm, AddedCandidateMessage } from './add-candidate-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const campus = {
  id: 4,
  name: 'Lyon',
  localization: { value: 'Lyon', type: 'city', id: '69123', country_code: 'FR' },
  programs: [{ id: 11, name: 'Bachelor Commerce' }],
  candidates_count: 3,
} as unknown as Campus;

function serve(answer: Response) {
  return stubListServer({ '/api/api/school/parcours': [{ id: 2, name: 'Alternance' }] }, (path, init) =>
    path === '/api/api/school/campuses/4/candidates' && init?.method === 'POST' ? answer : undefined,
  );
}

async function fillAndSend(i18n: ReturnType<typeof testI18n>) {
  fireEvent.change(screen.getByLabelText(new RegExp(i18n.t('school:addCandidate.firstname'))), { target: { value: ' Léa ' } });
  fireEvent.change(screen.getByLabelText(new RegExp(i18n.t('school:addCandidate.lastname'))), { target: { value: 'Martin' } });
  fireEvent.change(screen.getByLabelText(new RegExp(i18n.t('school:addCandidate.email'))), { target: { value: 'lea@example.org' } });
  fireEvent.change(screen.getByLabelText(new RegExp(i18n.t('school:addCandidate.program'))), { target: { value: '11' } });
  fireEvent.click(screen.getByRole('button', { name: i18n.t('school:addCandidate.submit') }));
}

describe('the invitation form in French', () => {
  const i18n = testI18n('fr');

  it('sends the person without `force` and hands the outcome over with their name', async () => {
    const fetch = serve(jsonResponse(201, { outcome: 'invited' }));
    const onDone = vi.fn();
    renderWithProviders(<AddCandidateForm campus={campus} onDone={onDone} />, { i18n });
    await fillAndSend(i18n);

    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ outcome: 'invited', name: 'Léa Martin', email: 'lea@example.org' }));
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      firstname: 'Léa',
      lastname: 'Martin',
      email: 'lea@example.org',
      program: 11,
      parcours: null,
    });
  });

  it('puts a refused field beside it', async () => {
    serve(jsonResponse(422, { code: 'validation_failed', message: '', errors: { email: ['invalid_email'] } }));
    const onDone = vi.fn();
    renderWithProviders(<AddCandidateForm campus={campus} onDone={onDone} />, { i18n });
    await fillAndSend(i18n);

    const email = screen.getByLabelText(new RegExp(i18n.t('school:addCandidate.email')));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByTestId('add-candidate-error')).toBeNull();
  });

  it('says when the school sent too many invitations', async () => {
    serve(jsonResponse(429, { code: 'too_many_requests', message: '', errors: {} }));
    renderWithProviders(<AddCandidateForm campus={campus} onDone={vi.fn()} />, { i18n });
    await fillAndSend(i18n);

    expect((await screen.findByTestId('add-candidate-error')).textContent).toBe(i18n.t('school:addCandidate.tooMany'));
  });

  it('says an invitation was sent, and that the person joins once they accept', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <AddedCandidateMessage added={{ outcome: 'invited', name: 'Léa Martin', email: 'lea@example.org' }} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Invitation envoyée à Léa Martin (lea@example.org) : l’étudiant·e rejoindra le campus quand il ou elle l’aura acceptée.',
    );
  });

  it('says a student of the school was updated', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <AddedCandidateMessage added={{ outcome: 'already_your_student', name: 'Léa Martin', email: 'lea@example.org' }} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Léa Martin fait déjà partie de vos étudiants : campus et programme mis à jour.');
  });

  it('keeps its live region empty until something was sent', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <AddedCandidateMessage added={null} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('the invitation form in English', () => {
  const i18n = testI18n('en');

  it('says an invitation was sent', async () => {
    serve(jsonResponse(201, { outcome: 'invited' }));
    const onDone = vi.fn();
    renderWithProviders(<AddCandidateForm campus={campus} onDone={onDone} />, { i18n });
    await fillAndSend(i18n);
    await waitFor(() => expect(onDone).toHaveBeenCalled());

    render(
      <I18nextProvider i18n={i18n}>
        <AddedCandidateMessage added={onDone.mock.calls[0]?.[0] as Parameters<typeof AddedCandidateMessage>[0]['added']} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Invitation sent to Léa Martin (lea@example.org): they join the campus once they accept it.');
  });

  it('says a student of the school was updated', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <AddedCandidateMessage added={{ outcome: 'already_your_student', name: 'Léa Martin', email: 'lea@example.org' }} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Léa Martin is already one of your students: campus and program updated.');
  });
});
