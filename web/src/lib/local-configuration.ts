// The local configuration of spec §3 ("Local configuration": isEntreprise,
// isCandidate default true, tour default true), kept in this browser's
// localStorage so it survives reloads: whether the visitor browses as a
// candidate or as a company (spec §4: the configuration toggles candidate or
// enterprise mode), and whether the guided tour is still to be shown (the tour
// sets it to false when finished or completed). A plain store read through
// useSyncExternalStore; storage that is missing or full only loses persistence.
import { useSyncExternalStore } from 'react';

export type LocalConfiguration = {
  isEntreprise: boolean;
  isCandidate: boolean;
  tour: boolean;
};

export const defaultLocalConfiguration: LocalConfiguration = { isEntreprise: false, isCandidate: true, tour: true };

const storageKey = 'vivier.local-configuration';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** What was stored, each field checked, defaults for the rest. */
export function readStoredConfiguration(text: string | null): LocalConfiguration {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = text === null ? {} : JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const flag = (key: keyof LocalConfiguration) => (typeof stored[key] === 'boolean' ? (stored[key] as boolean) : defaultLocalConfiguration[key]);
  return { isEntreprise: flag('isEntreprise'), isCandidate: flag('isCandidate'), tour: flag('tour') };
}

let configuration = readStoredConfiguration(storage()?.getItem(storageKey) ?? null);

export function getLocalConfiguration(): LocalConfiguration {
  return configuration;
}

export function updateLocalConfiguration(change: Partial<LocalConfiguration>): void {
  configuration = { ...configuration, ...change };
  try {
    storage()?.setItem(storageKey, JSON.stringify(configuration));
  } catch {
    // a full or refused storage keeps the change for this page only
  }
  for (const listener of listeners) listener();
}

/** Candidate mode or enterprise mode: one is on, the other off. */
export function setEnterpriseMode(enterprise: boolean): void {
  updateLocalConfiguration({ isEntreprise: enterprise, isCandidate: !enterprise });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocalConfiguration(): LocalConfiguration {
  return useSyncExternalStore(subscribe, getLocalConfiguration, getLocalConfiguration);
}

/** Back to what storage holds now (tests). */
export function reloadLocalConfigurationForTests(): void {
  configuration = readStoredConfiguration(storage()?.getItem(storageKey) ?? null);
}
