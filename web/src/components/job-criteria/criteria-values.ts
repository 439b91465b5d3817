// The job criteria a sourcing search and a job offer share (spec §3 and §9):
// their value shapes, a fresh form's values and the request fields, and the
// small pure helpers the field sections use. Their limits, defaults and rules
// are in criteria-rules.ts.
import type { LocalizationValue } from '@/components/localization-picker/localization-value';
import { defaultDegree, defaultLanguageLevel, defaultRadiusKm } from './criteria-rules';

export type LanguageRequirement = { id: number; level: number };

/** The fields both forms hold, under the same names. */
export type JobCriteriaValues = {
  jobCategory: number | null;
  /** Months; null while the field is empty. */
  duration: number | null;
  /** `YYYY-MM-DD`, or '' while empty. */
  startAt: string;
  localization: LocalizationValue | null;
  radius: number;
  degree: number;
  languages: LanguageRequirement[];
  softskillCategories: number[];
};

/** The shared fields of a fresh form: nothing chosen, the default radius and degree. */
export function defaultJobCriteria(): JobCriteriaValues {
  return {
    jobCategory: null,
    duration: null,
    startAt: '',
    localization: null,
    radius: defaultRadiusKm,
    degree: defaultDegree,
    languages: [],
    softskillCategories: [],
  };
}

/**
 * The request fields that an offer and a search send alike, `duration` to
 * `languages`, from criteria whose place is set; an open-ended job (on
 * permanent contracts only) sends no duration.
 */
export function jobCriteriaRequest(values: JobCriteriaValues & { localization: LocalizationValue }, openEnded: boolean) {
  return {
    duration: openEnded ? null : values.duration,
    start_at: values.startAt,
    localization: values.localization,
    radius: values.radius,
    degree: values.degree,
    languages: values.languages.map(({ id, level }) => ({ id, level })),
  };
}

/** Adds a language at the default level (spec §9), or leaves the list alone if it is there. */
export function addLanguage(languages: LanguageRequirement[], id: number): LanguageRequirement[] {
  if (languages.some((language) => language.id === id)) return languages;
  return [...languages, { id, level: defaultLanguageLevel }];
}

export function toggleId(ids: number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
}

/** One choice per degree level above 0 (the first-named degree of each level), in level order. */
export function degreeLevels(degrees: readonly { name: string; level?: number | string | null }[]) {
  const byLevel = new Map<number, string>();
  for (const degree of degrees) {
    const level = Number(degree.level);
    if (Number.isInteger(level) && level > 0 && !byLevel.has(level)) byLevel.set(level, degree.name);
  }
  return [...byLevel].sort(([a], [b]) => a - b).map(([level, name]) => ({ level, name }));
}

/** A number input's value: null while empty. */
export const numberOrNull = (text: string): number | null => (text === '' ? null : Number(text));
