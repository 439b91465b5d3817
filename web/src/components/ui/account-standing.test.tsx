// @vitest-environment jsdom
// The standing banner says, in the user's language, that the account waits
// for approval (or why it was refused), to a partner a school works with that
// it already finds that school's students, and nothing for an approved account.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionForTests, setSessionUser } from '@/lib/session';
import { testI18n } from '@/testing/i18n';
import { partnerUser, pendingPartnerUser, schoolScopedPartnerUser } from '@/testing/users';
import { AccountStandingBanner, StandingNotice } from './account-standing';

const french = testI18n('fr');
const english = testI18n('en');

function renderBanner(i18n = french) {
  render(
    <I18nextProvider i18n={i18n}>
      <AccountStandingBanner />
      <StandingNotice />
    </I18nextProvider>,
  );
}

describe('AccountStandingBanner', () => {
  afterEach(() => {
    cleanup();
    resetSessionForTests();
  });

  it('tells a pending partner that the team will approve the account', () => {
    setSessionUser(pendingPartnerUser);
    renderBanner();
    expect(screen.getByTestId('standing-banner-pending').textContent).toContain(
      'Votre compte est en attente de validation par notre équipe.',
    );
    expect(screen.getByTestId('standing-notice-pending').getAttribute('role')).toBe('status');
  });

  it('tells a partner a school invited that they already find its students', () => {
    setSessionUser(schoolScopedPartnerUser);
    renderBanner();
    const banner = screen.getByTestId('standing-banner-pending');
    expect(banner.textContent).toContain('Compte en attente de validation');
    expect(banner.textContent).toContain(
      'Votre compte attend la validation de Vivier. En attendant, vous pouvez déjà trouver les étudiants des écoles qui vous ont invité·e.',
    );
    expect(banner.textContent).not.toContain('le sourcing, les offres et les listes de candidats restent fermés');
  });

  it('says it in English too', () => {
    setSessionUser(schoolScopedPartnerUser);
    renderBanner(english);
    expect(screen.getByTestId('standing-banner-pending').textContent).toContain(
      "Your account waits for Vivier's approval. Meanwhile you can already find the students of the schools that invited you.",
    );
  });

  it('gives the reason of a refusal', () => {
    setSessionUser({ ...pendingPartnerUser, standing: 'refused', standingReason: 'Entreprise inconnue' });
    renderBanner();
    expect(screen.getByTestId('standing-banner-refused').textContent).toContain('Inscription refusée');
    expect(screen.getByTestId('standing-reason').textContent).toBe('Motif : Entreprise inconnue');
  });

  it('shows nothing for an approved account', () => {
    setSessionUser(partnerUser);
    render(
      <I18nextProvider i18n={french}>
        <AccountStandingBanner />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId(/standing-banner/)).toBeNull();
  });
});
