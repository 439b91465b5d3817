// @vitest-environment jsdom
// Page transitions (spec §2, §9): 150 ms, the old page leaves before the new one enters.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { Location } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageTransitionMs, usePageTransition } from './page-transition';

const at = (pathname: string, key: string, search = ''): Location => ({
  pathname,
  search,
  hash: '',
  state: null,
  key,
});

function setMatchMedia(reducedMotion: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reducedMotion && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

describe('usePageTransition', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    setMatchMedia(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('lasts 150 ms', () => {
    expect(pageTransitionMs).toBe(150);
  });

  it('keeps the old page while it leaves, then shows the new one entering', () => {
    const home = at('/', 'a');
    const login = at('/login', 'b');
    const { result, rerender } = renderHook(({ location }) => usePageTransition(location), {
      initialProps: { location: home },
    });
    expect(result.current).toEqual({ displayedLocation: home, phase: 'entering' });

    rerender({ location: login });
    expect(result.current).toEqual({ displayedLocation: home, phase: 'leaving' });

    act(() => vi.advanceTimersByTime(pageTransitionMs - 1));
    expect(result.current.displayedLocation).toBe(home);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ displayedLocation: login, phase: 'entering' });
  });

  it('follows the latest location when the user navigates again mid-transition', () => {
    const { result, rerender } = renderHook(({ location }) => usePageTransition(location), {
      initialProps: { location: at('/', 'a') },
    });
    rerender({ location: at('/login', 'b') });
    act(() => vi.advanceTimersByTime(100));
    const signUp = at('/inscription/candidat', 'c');
    rerender({ location: signUp });
    act(() => vi.advanceTimersByTime(pageTransitionMs));
    expect(result.current).toEqual({ displayedLocation: signUp, phase: 'entering' });
  });

  it('does not animate a query-string change on the same page', () => {
    const { result, rerender } = renderHook(({ location }) => usePageTransition(location), {
      initialProps: { location: at('/dashboard/ecole', 'a') },
    });
    const filtered = at('/dashboard/ecole', 'b', '?page=2');
    rerender({ location: filtered });
    expect(result.current).toEqual({ displayedLocation: filtered, phase: 'entering' });
  });

  it('swaps at once when the user prefers reduced motion', () => {
    setMatchMedia(true);
    const { result, rerender } = renderHook(({ location }) => usePageTransition(location), {
      initialProps: { location: at('/', 'a') },
    });
    const login = at('/login', 'b');
    rerender({ location: login });
    expect(result.current).toEqual({ displayedLocation: login, phase: 'entering' });
  });
});
