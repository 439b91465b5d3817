// This device's copy of the spec's local configuration flag `tour` (§3,
// default on). The tutorial is offered only when both the user's flag (from
// the server, see `whoami`) and this one are on: ending the tutorial turns
// both off, so it is not offered again here even if saving to the server
// failed, nor on another device once it succeeded.
const storageKey = 'vivier.localConfiguration';

type LocalConfiguration = { tour?: boolean };

function read(): LocalConfiguration {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '{}');
    return value !== null && typeof value === 'object' ? (value as LocalConfiguration) : {};
  } catch {
    return {};
  }
}

export function localTourOn(): boolean {
  return read().tour !== false;
}

export function setLocalTourOff(): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify({ ...read(), tour: false }));
  } catch {
    // storage refused (private mode): the server's flag still holds
  }
}
