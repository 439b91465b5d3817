// @vitest-environment jsdom
// The badge over the map counts the candidates mobile nationally, in the
// reader's language, says it in full to screen readers, and is absent at 0.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { CountryWideBadge } from './country-wide-badge';

const i18n = testI18n('fr');

afterEach(cleanup);

function renderBadge(count: number) {
  return render(
    <I18nextProvider i18n={i18n}>
      <CountryWideBadge count={count} />
    </I18nextProvider>,
  );
}

describe('the country-wide badge', () => {
  it('counts the candidates mobile nationally, in French and in English', async () => {
    await i18n.changeLanguage('fr');
    renderBadge(62);
    expect(screen.getByTestId('country-wide-badge').textContent).toContain('+62 mobiles dans toute la France');
    cleanup();
    await i18n.changeLanguage('en');
    renderBadge(1);
    expect(screen.getByTestId('country-wide-badge').textContent).toContain('+1 mobile nationally');
  });

  it('tells screen readers what the number means, and hides the short form from them', async () => {
    await i18n.changeLanguage('en');
    renderBadge(62);
    expect(screen.getByText('62 more candidates, mobile nationally, have no point on the map.')).toBeTruthy();
    expect(screen.getByText('+62 mobile nationally').getAttribute('aria-hidden')).toBe('true');
  });

  it('is absent when no candidate is mobile nationally', () => {
    renderBadge(0);
    expect(screen.queryByTestId('country-wide-badge')).toBeNull();
  });
});
