// @vitest-environment jsdom
// Closing or reloading the tab with unsaved changes gets the browser's
// question; without changes, nothing holds the page.
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { UnsavedChangesGuard } from './unsaved-changes';

const i18n = testI18n('fr');

afterEach(cleanup);

function unload(): Event {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('UnsavedChangesGuard', () => {
  it('asks the browser to confirm leaving while there are changes, and stops once there are none', () => {
    const { unmount } = renderWithProviders(<UnsavedChangesGuard when />, { i18n });
    expect(unload().defaultPrevented).toBe(true);
    unmount();
    expect(unload().defaultPrevented).toBe(false);
  });

  it('lets the tab go without changes', () => {
    renderWithProviders(<UnsavedChangesGuard when={false} />, { i18n });
    expect(unload().defaultPrevented).toBe(false);
  });
});
