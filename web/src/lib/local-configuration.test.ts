// @vitest-environment jsdom
// The local configuration store: defaults, persistence and the candidate/enterprise toggle.
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultLocalConfiguration,
  getLocalConfiguration,
  readStoredConfiguration,
  reloadLocalConfigurationForTests,
  setEnterpriseMode,
  updateLocalConfiguration,
} from './local-configuration';

afterEach(() => {
  window.localStorage.clear();
  reloadLocalConfigurationForTests();
});

describe('local configuration', () => {
  it('starts as a candidate with the tour to show', () => {
    expect(getLocalConfiguration()).toEqual({ isEntreprise: false, isCandidate: true, tour: true });
  });

  it('keeps changes in localStorage across page loads', () => {
    updateLocalConfiguration({ tour: false });
    setEnterpriseMode(true);

    reloadLocalConfigurationForTests();

    expect(getLocalConfiguration()).toEqual({ isEntreprise: true, isCandidate: false, tour: false });
  });

  it('reads what it can of a damaged storage and defaults the rest', () => {
    expect(readStoredConfiguration('not json')).toEqual(defaultLocalConfiguration);
    expect(readStoredConfiguration('{"tour": false, "isCandidate": "yes"}')).toEqual({ ...defaultLocalConfiguration, tour: false });
  });
});
