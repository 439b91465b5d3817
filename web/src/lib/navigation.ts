// Navigation that code outside React components can use (the API client on a
// 401), and the rule that keeps the app from sending users to another site by
// accident (spec §8: an external URL is refused unless explicitly allowed).

type Navigator = (to: string, options?: { replace?: boolean }) => void;

// Until the router registers itself, fall back to a full page load.
let navigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

/** The app router registers its `navigate` here once it is mounted. */
export function registerNavigator(next: Navigator): void {
  navigator = next;
}

/** Client-side navigation to an in-app path. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

/** The current in-app location: path, query and hash. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

const webProtocols = new Set(['http:', 'https:']);

/**
 * Whether `href` leaves the app: another origin, or a scheme that is not a web
 * page (`mailto:`, `javascript:`, `data:`...). Relative paths are internal.
 */
export function isExternalUrl(href: string, appOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(href, appOrigin);
  } catch {
    // Something a URL parser rejects is not a place we can safely go.
    return true;
  }
  return !webProtocols.has(url.protocol) || url.origin !== new URL(appOrigin).origin;
}

/** Schemes that run code or embed content: refused even when external links are allowed. */
export function isDangerousUrl(href: string): boolean {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  return scheme === 'javascript' || scheme === 'data' || scheme === 'vbscript';
}

export type SafeNavigateOptions = {
  /** Allow leaving the app; only for URLs the page chose on purpose. */
  allowExternal?: boolean;
  replace?: boolean;
};

export type SafeNavigateEnvironment = {
  origin: string;
  navigateInApp: (to: string, options?: { replace?: boolean }) => void;
  openExternal: (url: string) => void;
  warn: (message: string, url: string) => void;
};

const browserEnvironment = (): SafeNavigateEnvironment => ({
  origin: window.location.origin,
  navigateInApp: navigateTo,
  openExternal: (url) => window.location.assign(url),
  warn: (message, url) => console.warn(message, url),
});

/**
 * Goes to `url`: in-app paths through the router, external URLs only when
 * `allowExternal` is set. Returns whether navigation happened.
 */
export function safeNavigate(
  url: string,
  options: SafeNavigateOptions = {},
  environment: SafeNavigateEnvironment = browserEnvironment(),
): boolean {
  if (isDangerousUrl(url)) {
    environment.warn('navigation refused: unsafe url scheme', url);
    return false;
  }
  if (isExternalUrl(url, environment.origin)) {
    if (!options.allowExternal) {
      environment.warn('navigation refused: external url not allowed', url);
      return false;
    }
    environment.openExternal(url);
    return true;
  }
  const internal = new URL(url, environment.origin);
  environment.navigateInApp(`${internal.pathname}${internal.search}${internal.hash}`, {
    replace: options.replace,
  });
  return true;
}
