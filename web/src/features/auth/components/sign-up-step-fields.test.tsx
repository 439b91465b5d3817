// @vitest-environment jsdom
// The last step of the sign-up names the optional product news in each
// language, with a box nobody ticked for the person.
import { cleanup, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { signUpSteps } from '../utils/sign-up-steps';
import { type CandidateSignUpValues, emptySignUpValues } from '../utils/sign-up-validation';
import { SignUpStepFields } from './sign-up-step-fields';

function PasswordStep() {
  const form = useForm<CandidateSignUpValues>({ defaultValues: emptySignUpValues });
  return <SignUpStepFields step={signUpSteps[2]!} form={form} />;
}

const languages = { fr: testI18n('fr'), en: testI18n('en') };

afterEach(cleanup);

describe('the password step of the sign-up', () => {
  it.each([
    ['fr', 'Je souhaite recevoir les Nouveautés de Vivier par e-mail (facultatif).', /au plus une fois par mois/],
    ['en', 'Send me Vivier news by email (optional).', /at most once a month/],
  ] as const)('asks for the product news unticked (%s)', async (language, label, hint) => {
    renderWithProviders(<PasswordStep />, { i18n: languages[language] });
    const box = (await screen.findByRole('checkbox', { name: label })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(hint)).toBeTruthy();
  });
});
