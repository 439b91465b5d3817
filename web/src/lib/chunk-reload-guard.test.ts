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

  const chunkFailure = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

  async function settlesWithin(promise: Promise<unknown>, milliseconds: number): Promise<boolean> {
    return Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), milliseconds)),
    ]);
  }

  it('reloads the page once when a chunk fails, and the import never settles meanwhile', async () => {
    vi.resetModules();
    const { importWithReload: freshImportWithReload } = await import('./chunk-reload-guard');
    const { reload } = stubBrowser();

    expect(await settlesWithin(freshImportWithReload(chunkFailure)(), 20)).toBe(false);
    // Another chunk failing on the same page waits for the same reload.
    expect(await settlesWithin(freshImportWithReload(chunkFailure)(), 20)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('lets the error through when the reloaded page fails again within 10 s', async () => {
    const storage = memoryStorage();
    stubBrowser(storage);
    vi.resetModules();
    const beforeReload = await import('./chunk-reload-guard');
    void beforeReload.importWithReload(chunkFailure)();
    await new Promise((resolve) => setTimeout(resolve, 0));

    // The reloaded page starts with fresh module state but the same session storage.
    const { reload } = stubBrowser(storage);
    vi.resetModules();
    const afterReload = await import('./chunk-reload-guard');
    await expect(afterReload.importWithReload(chunkFailure)()).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(reload).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
