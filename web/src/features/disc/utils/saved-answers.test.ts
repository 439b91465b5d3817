// Resuming a DISC test: the answers kept on the device, per user.
import { describe, expect, it } from 'vitest';
import { clearAnswers, emptyAnswers, firstUnanswered, loadAnswers, saveAnswers } from './saved-answers';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (name) => items.get(name) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (name) => void items.delete(name),
    setItem: (name, value) => void items.set(name, value),
  };
}

describe('the answers of a test in progress', () => {
  it('are kept per user and resumed', () => {
    const storage = memoryStorage();
    expect(loadAnswers(storage, 7)).toEqual(emptyAnswers);
    saveAnswers(storage, 7, { answers: { 1: 3, 2: 8 }, current: 2 });
    expect(loadAnswers(storage, 7)).toEqual({ answers: { 1: 3, 2: 8 }, current: 2 });
    expect(loadAnswers(storage, 8)).toEqual(emptyAnswers);
    clearAnswers(storage, 7);
    expect(loadAnswers(storage, 7)).toEqual(emptyAnswers);
  });

  it('ignore what is not theirs', () => {
    const storage = memoryStorage();
    storage.setItem('vivier.disc.7', 'not json');
    expect(loadAnswers(storage, 7)).toEqual(emptyAnswers);
    storage.setItem('vivier.disc.7', JSON.stringify({ answers: { 1: 'x', 2: 5 }, current: -1 }));
    expect(loadAnswers(storage, 7)).toEqual({ answers: { 2: 5 }, current: 0 });
  });

  it('tell the first question left', () => {
    expect(firstUnanswered([1, 2, 3], { 1: 1, 3: 9 })).toBe(1);
    expect(firstUnanswered([1, 2], { 1: 1, 2: 5 })).toBeNull();
  });
});
