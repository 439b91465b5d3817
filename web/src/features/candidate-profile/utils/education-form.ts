// The education form (spec §5: name, degree, institution, specialization,
// place, dates and 1 to 4 soft skills; pictures are optional): its zod schema,
// its values for a new or an existing education, and the body of the calls.
import { z } from 'zod';
import type { EducationRecord } from '@/api/candidate-records/get-candidate-records';
import type { RecordRequest } from '../api/save-record';
import { placeAndPeriod, requiredChoice, requiredText, softskillsRule, schemaFields } from './record-rules';

export const educationSchema = z
  .object({
    name: requiredText(),
    degree: requiredChoice,
    institution: requiredText(),
    specialization: requiredChoice,
    ...placeAndPeriod.shape,
    softskills: softskillsRule,
    pictures: z.array(z.string()),
  })
  .superRefine(placeAndPeriod.check);

export type EducationFormValues = z.infer<typeof educationSchema>;

export const educationFields = schemaFields(educationSchema);

export function educationFormValues(record?: EducationRecord): EducationFormValues {
  return {
    name: record?.name ?? '',
    degree: record?.degree ?? null,
    institution: record?.institution ?? '',
    specialization: record?.specialization ?? null,
    ...placeAndPeriod.values(record),
    softskills: record?.softskills ?? [],
    pictures: record?.pictures ?? [],
  };
}

export function educationRequest(values: EducationFormValues): RecordRequest<'educations'> {
  return {
    name: values.name.trim(),
    degree: values.degree,
    institution: values.institution.trim(),
    specialization: values.specialization,
    ...placeAndPeriod.request(values),
    softskills: values.softskills,
    pictures: values.pictures,
  };
}
