// The hobby form (spec §5: a frequency, at most 3 pictures; the server also
// wants the hobby itself, and takes 0 to 4 soft skills). The hobby is chosen
// in two steps: its family, then the hobby; a speciality of it may follow.
import { z } from 'zod';
import type { HobbyRecord } from '@/api/candidate-records/get-candidate-records';
import type { RecordRequest } from '../api/save-record';
import { optionalChoice, requiredChoice, softskillRange, schemaFields } from './record-rules';

export const hobbyPictureMax = 3;
export const hobbyDescriptionMaxLength = 2000;

export const hobbySchema = z.object({
  category: requiredChoice,
  hobby: requiredChoice,
  speciality: optionalChoice,
  frequency: requiredChoice,
  purpose: optionalChoice,
  description: z.string().max(hobbyDescriptionMaxLength, 'too_long'),
  softskills: z.array(z.number()).max(softskillRange.max, 'too_many'),
  pictures: z.array(z.string()).max(hobbyPictureMax, 'too_many'),
});

export type HobbyFormValues = z.infer<typeof hobbySchema>;

export const hobbyFields = schemaFields(hobbySchema);

export function hobbyFormValues(record?: HobbyRecord): HobbyFormValues {
  return {
    category: record?.hobby_category ?? null,
    hobby: record?.hobby ?? null,
    speciality: record?.speciality ?? null,
    frequency: record?.frequency ?? null,
    purpose: record?.purpose ?? null,
    description: record?.description ?? '',
    softskills: record?.softskills ?? [],
    pictures: record?.pictures ?? [],
  };
}

export function hobbyRequest(values: HobbyFormValues): RecordRequest<'hobbies'> {
  return {
    hobby: values.hobby,
    speciality: values.speciality,
    frequency: values.frequency,
    purpose: values.purpose,
    description: values.description.trim(),
    softskills: values.softskills,
    pictures: values.pictures,
  };
}
