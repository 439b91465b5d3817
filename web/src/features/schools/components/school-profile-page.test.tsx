// @vitest-environment jsdom
// The school's profile form: a web site typed without its scheme
// ("ecole-rhone.fr", which the server refuses) gets https:// when the field
// is left, and is sent that way.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubListServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { SchoolProfilePage } from './school-profile-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile = { name: 'École du Rhône', school_type: null, description: '', link: null, institution: null };

function serve() {
  return stubListServer({ '/api/api/school/types': [{ id: 1, name: 'École' }], '/api/api/school/institutions': [] }, (path, init) => {
    if (path !== '/api/api/school/profile') return undefined;
    return init?.method === 'POST' ? jsonResponse(200, JSON.parse(String(init.body))) : jsonResponse(200, profile);
  });
}

for (const locale of ['fr', 'en'] as const) {
  describe(`the school profile form in ${locale}`, () => {
    const i18n = testI18n(locale);

    it('puts https:// before a web site typed without it, on leaving the field and when sending', async () => {
      const fetch = serve();
      renderWithProviders(<SchoolProfilePage />, { i18n });
      const site = await screen.findByLabelText(i18n.t('school:profile.link'));

      fireEvent.change(site, { target: { value: 'ecole-rhone.fr' } });
      fireEvent.blur(site);
      expect((site as HTMLInputElement).value).toBe('https://ecole-rhone.fr');

      fireEvent.click(screen.getByRole('button', { name: i18n.t('school:campus.save') }));
      await screen.findByText(i18n.t('school:profile.saved'));
      const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ link: 'https://ecole-rhone.fr' });
    });
  });
}

describe('the school profile form, sent without leaving the field', () => {
  const i18n = testI18n('fr');

  it('sends the address with its scheme', async () => {
    const fetch = serve();
    renderWithProviders(<SchoolProfilePage />, { i18n });
    fireEvent.change(await screen.findByLabelText('Site web'), { target: { value: 'www.ecole-rhone.fr' } });
    fireEvent.submit(screen.getByTestId('school-profile-form'));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ link: 'https://www.ecole-rhone.fr' });
  });
});
