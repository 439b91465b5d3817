// @vitest-environment jsdom
// Who can find me: the three choices with the current one checked, and a new
// choice sent to the server at once, in the language of the page.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { FindabilitySection } from './findability-section';

const i18n = testI18n('en');
const french = testI18n('fr');

afterEach(() => vi.unstubAllGlobals());

describe('FindabilitySection', () => {
  it('shows the choice and saves a new one at once', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonResponse(200, { blind_first: false, ...(init?.method === 'PUT' ? JSON.parse(String(init.body)) : { findable_by: 'everyone' }) }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<FindabilitySection />, { i18n });

    const everyone = await screen.findByRole('radio', { name: /Every recruiter on Vivier/ });
    const schoolOnly = screen.getByRole('radio', { name: /Only the recruiters my school works with/ });
    expect((everyone as HTMLInputElement).checked).toBe(true);
    fireEvent.click(schoolOnly);

    await waitFor(() => expect((schoolOnly as HTMLInputElement).checked).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toContain('/api/api/candidates/findability');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ findable_by: 'school_partners' });
  });

  it('hides the name with the blind-first switch, keeping who can find me', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonResponse(200, init?.method === 'PUT' ? JSON.parse(String(init.body)) : { findable_by: 'school_partners', blind_first: false }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<FindabilitySection />, { i18n: french });

    const blindFirst = await screen.findByRole('switch', { name: /Masquer mon nom et ma photo/ });
    expect((blindFirst as HTMLInputElement).checked).toBe(false);
    expect(blindFirst.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(blindFirst.getAttribute('aria-describedby') ?? '')?.textContent).toContain('vos initiales');
    fireEvent.click(blindFirst);

    await waitFor(() => expect((blindFirst as HTMLInputElement).checked).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ findable_by: 'school_partners', blind_first: true });
  });
});
