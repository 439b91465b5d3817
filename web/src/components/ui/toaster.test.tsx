// @vitest-environment jsdom
// The toaster shows queued toasts as live-region messages that can be closed.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissAllToasts, showToast } from '@/lib/toasts';
import { testI18n } from '@/testing/i18n';
import { Toaster } from './toaster';

const i18n = testI18n('fr');

describe('Toaster', () => {
  afterEach(() => {
    act(() => dismissAllToasts());
    cleanup();
  });

  function renderToaster() {
    return render(
      <I18nextProvider i18n={i18n}>
        <Toaster />
      </I18nextProvider>,
    );
  }

  it('announces messages in a polite live region', () => {
    renderToaster();
    act(() => {
      showToast('Profil enregistré', 'success');
    });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Profil enregistré');
    expect(toast.getAttribute('data-type')).toBe('success');
    expect(screen.getByRole('region', { name: 'Notifications' }).getAttribute('aria-live')).toBe('polite');
  });

  it('uses an alert for errors', () => {
    renderToaster();
    act(() => {
      showToast('Une erreur est survenue', 'error');
    });
    expect(screen.getByRole('alert').textContent).toContain('Une erreur est survenue');
  });

  it('closes a toast with its close button', () => {
    renderToaster();
    act(() => {
      showToast('À bientôt', 'info');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
