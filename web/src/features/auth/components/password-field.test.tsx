// @vitest-environment jsdom
// The new password's checklist: no rule shows as met before anything is
// typed (an empty password does not contain the email, yet it is no
// achievement), then each rule ticks as the password meets it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { NewPasswordField } from './password-field';

afterEach(cleanup);

function Form({ i18n }: { i18n: ReturnType<typeof testI18n> }) {
  const [password, setPassword] = useState('');
  return (
    <I18nextProvider i18n={i18n}>
      <NewPasswordField id="password" label="Password" showPolicy policyEmail="camille.martin@example.com" value={password} onChange={(event) => setPassword(event.target.value)} />
    </I18nextProvider>
  );
}

const rules = () => [...document.querySelectorAll('[data-rule]')].map((rule) => `${rule.getAttribute('data-rule')}=${rule.getAttribute('data-met')}`);

for (const locale of ['fr', 'en'] as const) {
  describe(`the password checklist in ${locale}`, () => {
    const i18n = testI18n(locale);

    it('shows no rule as met before anything is typed', () => {
      render(<Form i18n={i18n} />);
      expect(rules()).toEqual(['length=false', 'letter=false', 'digit=false', 'notEmail=false']);
      const unmet = i18n.t('auth:policy.unmet');
      expect(screen.getAllByText(`(${unmet})`, { exact: false })).toHaveLength(4);
    });

    it('ticks each rule once the password meets it', () => {
      render(<Form i18n={i18n} />);
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a1' } });
      expect(rules()).toEqual(['length=false', 'letter=true', 'digit=true', 'notEmail=true']);
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'camille.martin2026' } });
      expect(rules()).toEqual(['length=true', 'letter=true', 'digit=true', 'notEmail=false']);
    });
  });
}
