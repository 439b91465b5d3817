// @vitest-environment jsdom
// The candidate's help menu: it opens and closes from the keyboard, and its
// entry asks for the tutorial again.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onTutorialReplayRequest } from '@/lib/help-tour';
import { testI18n } from '@/testing/i18n';
import { HelpMenu } from './help-menu';

afterEach(cleanup);

for (const [locale, help, replay] of [
  ['fr', 'Aide', 'Revoir le tutoriel'],
  ['en', 'Help', 'Replay the tutorial'],
] as const) {
  describe(`the help menu in ${locale}`, () => {
    const i18n = testI18n(locale);

    it('replays the tutorial from its entry, then closes', () => {
      const replays = vi.fn();
      const stop = onTutorialReplayRequest(replays);
      render(
        <I18nextProvider i18n={i18n}>
          <HelpMenu />
        </I18nextProvider>,
      );
      const toggle = screen.getByRole('button', { name: help });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      fireEvent.click(screen.getByRole('button', { name: replay }));
      expect(replays).toHaveBeenCalledOnce();
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      stop();
    });

    it('closes on Escape and gives the focus back to its button', () => {
      render(
        <I18nextProvider i18n={i18n}>
          <HelpMenu />
        </I18nextProvider>,
      );
      const toggle = screen.getByRole('button', { name: help });
      fireEvent.click(toggle);
      const entry = screen.getByRole('button', { name: replay });
      entry.focus();
      fireEvent.keyDown(entry, { key: 'Escape' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('button', { name: replay })).toBeNull();
      expect(document.activeElement).toBe(toggle);
    });
  });
}
