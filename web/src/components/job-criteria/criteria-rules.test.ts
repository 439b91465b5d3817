// The job criteria's one rule set: its limits are the OpenAPI document's, and
// a search and an offer read the same errors from it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lyon } from '@/testing/places';
import { degreeRange, durationRangeMonths, languageLevelRange, radiusRangeKm, validateJobCriteria } from './criteria-rules';
import { defaultJobCriteria, type JobCriteriaValues } from './criteria-values';

type Limits = { minimum: number; maximum: number };
const openapi = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, { properties: Record<string, Limits> }> };
};
const limitsOf = (schema: string, property: string) => {
  const { minimum, maximum } = openapi.components.schemas[schema]?.properties[property] ?? {};
  return { min: minimum, max: maximum };
};

const complete = (overrides: Partial<JobCriteriaValues> = {}): JobCriteriaValues => ({
  ...defaultJobCriteria(),
  jobCategory: 7,
  duration: 6,
  startAt: '2027-01-04',
  localization: lyon,
  softskillCategories: [2],
  ...overrides,
});

describe('job criteria rules', () => {
  it('take their limits from the OpenAPI document', () => {
    expect(radiusRangeKm).toEqual({ ...limitsOf('JobCriteriaInput', 'radius'), unit: 'km' });
    expect(durationRangeMonths).toEqual({ ...limitsOf('JobCriteriaInput', 'duration'), unit: 'months' });
    expect(degreeRange).toEqual(limitsOf('JobCriteriaInput', 'degree'));
    expect(languageLevelRange).toEqual(limitsOf('LanguageInput', 'level'));
  });

  it('accept complete criteria and name each broken rule by its server code', () => {
    expect(validateJobCriteria(complete())).toEqual({});
    expect(
      validateJobCriteria(
        complete({ startAt: '2027-02-30', radius: radiusRangeKm.max + 1, degree: 1.5, languages: [{ id: 1, level: 0 }] }),
      ),
    ).toEqual({ startAt: 'invalid_date', radius: 'out_of_range', degree: 'out_of_range', languages: 'out_of_range' });
  });
});
