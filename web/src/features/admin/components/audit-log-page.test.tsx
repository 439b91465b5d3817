// @vitest-environment jsdom
// The audit log in French: each event's action translated, its subject, who
// did it (or the system) and when, in the French way; the pages.
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { AuditLogPage } from './audit-log-page';

const i18n = testI18n('fr');
configure({ asyncUtilTimeout: 4000 });

const events = [
  { id: 3, at: '2026-03-12T13:05:00Z', actor: 'Olivia Perrin', action: 'account_suspended', subject_id: 7, subject: 'Karim Mansour', detail: 'Offres factices' },
  { id: 2, at: '2026-03-10T08:00:00Z', actor: null, action: 'operator_created', subject_id: 2, subject: 'Olivia Perrin', detail: null },
];

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { total: 51, events })));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AuditLogPage', () => {
  it('shows each event translated, with its actor and its date in French', async () => {
    renderWithProviders(<AuditLogPage />, { i18n });
    const [suspension, creation] = await screen.findAllByTestId('audit-event');
    expect(within(suspension!).getByRole('heading').textContent).toBe('Compte suspendu · Karim Mansour');
    expect(suspension!.textContent).toContain('par Olivia Perrin');
    expect(suspension!.textContent).toContain('Offres factices');
    const time = suspension!.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe('2026-03-12T13:05:00Z');
    expect(time?.textContent).toMatch(/12 mars 2026/);
    expect(within(creation!).getByRole('heading').textContent).toBe('Opérateur créé · Olivia Perrin');
    expect(creation!.textContent).toContain('par le système');
  });

  it('asks for the first page and offers the next one', async () => {
    renderWithProviders(<AuditLogPage />, { i18n });
    await screen.findAllByTestId('audit-event');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/api/admin/audit-events?page=1&per_page=50');
    expect(screen.getByRole('navigation', { name: 'Pages du journal' }).textContent).toContain('Page 1 sur 2');
  });
});
