// Toasts close on their own after 5 s (spec §9) and can be dismissed earlier.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts, dismissToast, getToasts, showToast, toastAutoCloseMs, toastTypes } from './toasts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissAllToasts();
    vi.useRealTimers();
  });

  it('has the five types of the spec', () => {
    expect(toastTypes).toEqual(['default', 'info', 'success', 'warning', 'error']);
  });

  it('queues toasts in order with their type', () => {
    showToast('Enregistré', 'success');
    showToast('Une erreur est survenue', 'error');
    expect(getToasts().map(({ message, type }) => ({ message, type }))).toEqual([
      { message: 'Enregistré', type: 'success' },
      { message: 'Une erreur est survenue', type: 'error' },
    ]);
  });

  it('uses the default type when none is given', () => {
    showToast('Bonjour');
    expect(getToasts()[0]?.type).toBe('default');
  });

  it('closes each toast after 5000 ms', () => {
    expect(toastAutoCloseMs).toBe(5000);
    showToast('first');
    vi.advanceTimersByTime(2000);
    showToast('second');
    vi.advanceTimersByTime(2999);
    expect(getToasts().map((toast) => toast.message)).toEqual(['first', 'second']);
    vi.advanceTimersByTime(1);
    expect(getToasts().map((toast) => toast.message)).toEqual(['second']);
    vi.advanceTimersByTime(2000);
    expect(getToasts()).toEqual([]);
  });

  it('can be dismissed before it closes', () => {
    const id = showToast('bye');
    dismissToast(id);
    expect(getToasts()).toEqual([]);
  });
});
