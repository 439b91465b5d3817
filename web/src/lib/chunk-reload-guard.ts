// Recovery from a failed script chunk load (spec §8): after a deploy, an open
// tab may ask for chunk files that no longer exist. Reloading the current path
// fetches the new index.html and its chunks. A session-storage flag, kept 10 s
// (spec §9), makes sure a chunk that is really broken cannot cause a reload loop.

export const chunkReloadStorageKey = 'vivier:chunk-reload-at';

/** Spec §9: the reload guard is kept this long. */
export const chunkReloadGuardMs = 10_000;

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Decides whether a chunk failure may reload the page now, and if so records
 * the reload. Returns false when a reload already happened less than 10 s ago.
 */
export function claimChunkReload(storage: GuardStorage, now: number): boolean {
  const previous = Number(storage.getItem(chunkReloadStorageKey));
  if (Number.isFinite(previous) && previous > 0 && now - previous < chunkReloadGuardMs && now >= previous) {
    return false;
  }
  storage.setItem(chunkReloadStorageKey, String(now));
  return true;
}

function sessionStorageOrNull(): GuardStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy settings); then we never reload automatically.
    return null;
  }
}

// Set once this page has asked for a reload: several chunks can fail together
// (Vite's preload event, then the import itself), and all of them should wait
// for the reload rather than render an error in the meantime.
let reloadStarted = false;

/** Reloads the current path once per guard window; returns whether a reload is under way. */
export function reloadAfterChunkError(reload: () => void = () => window.location.reload()): boolean {
  if (reloadStarted) return true;
  const storage = sessionStorageOrNull();
  if (storage === null || !claimChunkReload(storage, Date.now())) return false;
  reloadStarted = true;
  reload();
  return true;
}

/**
 * Wraps a dynamic import so that a rejected chunk load reloads the page once.
 * When the guard refuses, the error reaches the nearest error boundary.
 */
export function importWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadAfterChunkError()) {
        // The page is going away; never settle so nothing renders in between.
        return new Promise<T>(() => {});
      }
      throw error;
    });
}

/** Vite reports failed preloads of dependent chunks with this window event. */
export function listenForPreloadErrors(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
