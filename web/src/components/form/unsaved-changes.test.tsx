// @vitest-environment jsdom
// The one prompt for unsaved changes: any form of the page holding changes
// (a settings page has several) holds a move to another page until the person
// answers, and closing or reloading the tab gets the browser's question;
// without changes, nothing holds the page.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { UnsavedChangesPrompt, useUnsavedChanges } from './unsaved-changes';

const i18n = testI18n('en');

afterEach(cleanup);

function Form({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return <p>form</p>;
}

function renderPage(dirty: boolean[]) {
  return renderWithProviders(
    <>
      <UnsavedChangesPrompt />
      <Link to="/elsewhere">elsewhere</Link>
      <Link to="/settings?tab=2">same page</Link>
      <Routes>
        <Route path="/settings" element={dirty.map((value, index) => <Form key={index} dirty={value} />)} />
        <Route path="/elsewhere" element={<p>elsewhere page</p>} />
      </Routes>
    </>,
    { i18n, path: '/settings' },
  );
}

function unload(): Event {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('unsaved changes', () => {
  it('holds a move to another page while any form of the page has changes, whichever it is', async () => {
    renderPage([false, true, false]);
    fireEvent.click(screen.getByRole('link', { name: 'same page' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('elsewhere page')).toBeTruthy();
  });

  it('lets the page go at once without changes', async () => {
    renderPage([false, false]);
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByText('elsewhere page')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks the browser to confirm closing the tab while there are changes, and stops once there are none', () => {
    const { unmount } = renderPage([true]);
    expect(unload().defaultPrevented).toBe(true);
    unmount();
    expect(unload().defaultPrevented).toBe(false);
  });
});
