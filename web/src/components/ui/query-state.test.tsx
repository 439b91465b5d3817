// @vitest-environment jsdom
// The four states of a list: loading, error with a Retry that asks again,
// empty with its next action, and the data; a failure never looks empty.
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { testI18n } from '@/testing/i18n';
import { combinedQuery, type QueryLike, QueryState } from './query-state';

const i18n = testI18n('en');
// The machine may be busy: give the lists time to arrive.
configure({ asyncUtilTimeout: 4000 });

function query(overrides: Partial<QueryLike<string[]>>): QueryLike<string[]> {
  return { data: undefined, isPending: false, isError: false, isFetching: false, refetch: vi.fn(), ...overrides };
}

function renderList(state: QueryLike<string[]>) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryState query={state} testId="things" empty={<a href="/new">Create the first one</a>}>
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </QueryState>
    </I18nextProvider>,
  );
}

describe('QueryState', () => {
  afterEach(cleanup);

  it('says it is loading while the first answer is awaited', () => {
    renderList(query({ isPending: true, isFetching: true }));
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(screen.queryByText('Create the first one')).toBeNull();
  });

  it('shows a failure with a Retry button that asks again, not the empty state', () => {
    const state = query({ isError: true });
    renderList(state);
    expect(screen.getByRole('alert').textContent).toContain('This list could not be loaded.');
    expect(screen.queryByText('Create the first one')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(state.refetch).toHaveBeenCalledOnce();
  });

  it('says the account waits for approval when the server refuses the list for that, with no Retry', () => {
    renderList(query({ isError: true, error: new ApiError(403, 'account_pending', 'pending') }));
    expect(screen.getByTestId('things-standing').textContent).toContain('This part of Vivier opens as soon as our team has approved your account.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says the sign-up was refused when the server refuses the list for that', () => {
    renderList(query({ isError: true, error: new ApiError(403, 'account_refused', 'refused') }));
    expect(screen.getByTestId('things-standing').textContent).toContain('As your sign-up was refused');
  });

  it('keeps the Retry box for other refusals', () => {
    renderList(query({ isError: true, error: new ApiError(403, 'forbidden', 'no') }));
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('disables Retry while the new attempt runs', () => {
    renderList(query({ isError: true, isFetching: true }));
    expect((screen.getByRole('button', { name: 'Trying again…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the empty state with its next action for an empty answer', () => {
    renderList(query({ data: [] }));
    expect(screen.getByTestId('things-empty').textContent).toBe('Create the first one');
    expect(screen.getByRole('link', { name: 'Create the first one' })).toBeTruthy();
  });

  it('shows the data, and keeps it when a later refresh fails', () => {
    renderList(query({ data: ['one', 'two'], isError: true }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('combinedQuery', () => {
  it('has its data once every query has answered', () => {
    expect(combinedQuery([query({ data: ['a'] }), query({ isPending: true, isFetching: true })], 'all').data).toBeUndefined();
    expect(combinedQuery([query({ data: ['a'] }), query({ data: [] })], 'all').data).toBe('all');
  });

  it('fails when one query failed, and Retry asks again only the failed ones', async () => {
    const answered = query({ data: ['a'] });
    const failed = query({ isError: true });
    const combined = combinedQuery([answered, failed], 'all');
    expect(combined.isError).toBe(true);
    await combined.refetch();
    expect(failed.refetch).toHaveBeenCalledOnce();
    expect(answered.refetch).not.toHaveBeenCalled();
  });
});
