// Navigation to an external URL is refused unless explicitly allowed (spec §8).
import { describe, expect, it, vi } from 'vitest';
import { isDangerousUrl, isExternalUrl, safeNavigate, type SafeNavigateEnvironment } from './navigation';

const origin = 'https://vivier.example';

function environment() {
  return {
    origin,
    navigateInApp: vi.fn(),
    openExternal: vi.fn(),
    warn: vi.fn(),
  } satisfies SafeNavigateEnvironment;
}

describe('isExternalUrl', () => {
  it.each([
    '/dashboard/candidate',
    'login?redirect=%2F',
    '#candidats',
    'https://vivier.example/candidat/camille',
  ])('%s stays in the app', (href) => {
    expect(isExternalUrl(href, origin)).toBe(false);
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    'http://vivier.example/', // another scheme is another origin
    'https://vivier.example:8443/',
    'mailto:contact@vivier.example',
    'javascript:alert(1)',
    'http://[invalid',
  ])('%s leaves the app', (href) => {
    expect(isExternalUrl(href, origin)).toBe(true);
  });
});

describe('isDangerousUrl', () => {
  it('spots script and data schemes whatever their case or padding', () => {
    expect(isDangerousUrl('javascript:alert(1)')).toBe(true);
    expect(isDangerousUrl('  JavaScript:alert(1)')).toBe(true);
    expect(isDangerousUrl('data:text/html,hi')).toBe(true);
    expect(isDangerousUrl('https://example.com')).toBe(false);
    expect(isDangerousUrl('/login')).toBe(false);
  });
});

describe('safeNavigate', () => {
  it('navigates in the app for internal paths', () => {
    const env = environment();
    expect(safeNavigate('/dashboard/ecole?tab=1#top', {}, env)).toBe(true);
    expect(env.navigateInApp).toHaveBeenCalledWith('/dashboard/ecole?tab=1#top', { replace: undefined });
  });

  it('turns a same-origin absolute URL into an in-app path', () => {
    const env = environment();
    safeNavigate('https://vivier.example/login', { replace: true }, env);
    expect(env.navigateInApp).toHaveBeenCalledWith('/login', { replace: true });
    expect(env.openExternal).not.toHaveBeenCalled();
  });

  it('refuses an external URL by default', () => {
    const env = environment();
    expect(safeNavigate('https://evil.example/', {}, env)).toBe(false);
    expect(env.openExternal).not.toHaveBeenCalled();
    expect(env.navigateInApp).not.toHaveBeenCalled();
    expect(env.warn).toHaveBeenCalledOnce();
  });

  it('opens an external URL when explicitly allowed', () => {
    const env = environment();
    expect(safeNavigate('https://www.ecole.example/', { allowExternal: true }, env)).toBe(true);
    expect(env.openExternal).toHaveBeenCalledWith('https://www.ecole.example/');
  });

  it('refuses script URLs even when external navigation is allowed', () => {
    const env = environment();
    expect(safeNavigate('javascript:alert(1)', { allowExternal: true }, env)).toBe(false);
    expect(env.openExternal).not.toHaveBeenCalled();
  });
});
