// The languages form: each language once, each with a level from 1 to 6
// (3 when added, spec §9).
import { z } from 'zod';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { languageLevelRange } from '@/components/job-criteria/criteria-rules';
import type { LanguagesUpdate } from '../api/update-candidate';

export const languagesSchema = z.object({
  languages: z
    .array(
      z.object({
        id: z.number(),
        level: z.number().int().min(languageLevelRange.min, 'out_of_range').max(languageLevelRange.max, 'out_of_range'),
      }),
    )
    .refine((languages): boolean => new Set(languages.map((language) => language.id)).size === languages.length, 'duplicate'),
});

export type LanguagesFormValues = z.infer<typeof languagesSchema>;

export const languagesFields = ['languages'] as const;

export const languagesFormValues = (profile: CandidateProfile): LanguagesFormValues => ({
  languages: (profile.languages ?? []).map((language) => ({ id: language.id, level: language.level })),
});

export const languagesRequest = (values: LanguagesFormValues): LanguagesUpdate => ({ languages: values.languages });
