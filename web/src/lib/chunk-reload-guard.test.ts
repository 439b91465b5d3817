// The reload guard after a failed chunk load: one reload, then none for 10 s.
import { describe, expect, it, vi } from 'vitest';
import { chunkReloadGuardMs, chunkReloadStorageKey, claimChunkReload, importWithReload } from './chunk-reload-guard';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('claimChunkReload', () => {
  it('allows the first reload and records when it happened', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, 1_000_000)).toBe(true);
    expect(storage.values.get(chunkReloadStorageKey)).toBe('1000000');
  });

  it('refuses another reload within 10 s', () => {
    const storage = memoryStorage();
    claimChunkReload(storage, 1_000_000);
    expect(claimChunkReload(storage, 1_000_000 + 1)).toBe(false);
    expect(claimChunkReload(storage, 1_000_000 + chunkReloadGuardMs - 1)).toBe(false);
  });

  it('allows a reload again once the flag is 10 s old', () => {
    const storage = memoryStorage();
    claimChunkReload(storage, 1_000_000);
    expect(claimChunkReload(storage, 1_000_000 + chunkReloadGuardMs)).toBe(true);
    expect(storage.values.get(chunkReloadStorageKey)).toBe(String(1_000_000 + chunkReloadGuardMs));
  });

  it('ignores a flag that is unreadable or from the future', () => {
    expect(claimChunkReload(memoryStorage({ [chunkReloadStorageKey]: 'garbage' }), 5_000)).toBe(true);
    expect(claimChunkReload(memoryStorage({ [chunkReloadStorageKey]: '9000000' }), 5_000)).toBe(true);
  });
});

describe('importWithReload', () => {
  function stubBrowser(storage = memoryStorage()) {
    const reload = vi.fn();
    vi.stubGlobal('window', { sessionStorage: storage, location: { reload } });
    return { reload, storage };
  }

  it('passes a successful import through', async () => {
    stubBrowser();
    await expect(importWithReload(async () => 'module')()).resolves.toBe('module');
    vi.unstubAllGlobals();
  });

  it('reloads the page once when a chunk fails, then lets the error through', async () => {
    const { reload } = stubBrowser();
    const failing = importWithReload(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

    // First failure: a reload starts and the import never settles.
    const first = failing();
    const settled = await Promise.race([first.then(() => 'settled', () => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 20))]);
    expect(settled).toBe('pending');
    expect(reload).toHaveBeenCalledOnce();

    // Second failure within 10 s: no reload, the error reaches the error boundary.
    await expect(failing()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
