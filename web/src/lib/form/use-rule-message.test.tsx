// @vitest-environment jsdom
// A rule's message: a value out of range names the range the field gives, its
// numbers written the language's way; without one, and for other rules, the
// usual sentence.
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { apiBounds } from '@/api/bounds';
import { durationRangeMonths, radiusRangeKm } from '@/components/job-criteria/criteria-rules';
import { testI18n } from '@/testing/i18n';
import { useRuleMessage } from './use-rule-message';

const french = testI18n('fr');
const english = testI18n('en');

function ruleMessageIn(i18n: typeof french) {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useRuleMessage(), { wrapper }).result.current;
}

describe('useRuleMessage', () => {
  it('names the range of a value out of range, in each language', () => {
    expect(ruleMessageIn(french)({ message: 'out_of_range' }, { range: { min: 0, max: 1200 } })?.replace(/\u202f/g, ' ')).toBe(
      'Saisissez une valeur de 0 à 1 200.',
    );
    expect(ruleMessageIn(english)('out_of_range', { range: { min: 1, max: 200 } })).toBe('Enter a value from 1 to 200.');
  });

  it('says what the range counts when it has a unit, in each language', () => {
    const inFrench = ruleMessageIn(french);
    const inEnglish = ruleMessageIn(english);
    expect(inFrench('out_of_range', { range: { min: 1, max: 200, unit: 'km' } })).toBe('Saisissez une distance de 1 à 200 km.');
    expect(inEnglish('out_of_range', { range: { min: 1, max: 200, unit: 'km' } })).toBe('Enter a distance from 1 to 200 km.');
    expect(inFrench('out_of_range', { range: { min: 0, max: 120, unit: 'months' } })).toBe('Saisissez une durée de 0 à 120 mois.');
    expect(inEnglish('out_of_range', { range: { min: 0, max: 120, unit: 'months' } })).toBe('Enter a duration from 0 to 120 months.');
  });

  it('reads the units and bounds of the criteria from the server document', () => {
    const inEnglish = ruleMessageIn(english);
    expect(inEnglish('out_of_range', { range: radiusRangeKm })).toBe(
      `Enter a distance from ${apiBounds.JobCriteriaInput.radius.minimum} to ${apiBounds.JobCriteriaInput.radius.maximum} km.`,
    );
    expect(inEnglish('out_of_range', { range: durationRangeMonths })).toBe(
      `Enter a duration from ${apiBounds.JobCriteriaInput.duration.minimum} to ${apiBounds.JobCriteriaInput.duration.maximum} months.`,
    );
  });

  it('keeps the usual sentence without a range, and for other rules', () => {
    const message = ruleMessageIn(english);
    expect(message('out_of_range')).toBe('Value out of range.');
    expect(message('required', { range: { min: 0, max: 1 } })).toBe('This field is required.');
    expect(message(undefined)).toBeUndefined();
  });
});
