// The project form (spec §5: name, category, place, dates, at least one
// picture and 1 to 4 soft skills; the CAR method is optional, but once begun
// its three parts are needed). `discr` comes from the page (personal or academic).
import { z } from 'zod';
import type { ProjectKind, ProjectRecord } from '@/api/candidate-records/get-candidate-records';
import type { RecordRequest } from '../api/save-record';
import {
  carRequest,
  type CarValues,
  carValues,
  placeAndPeriod,
  longTextMaxLength,
  optionalText,
  requiredChoice,
  requiredText,
  softskillsRule,
  schemaFields,
} from './record-rules';

export const projectPictureRange = { min: 1, max: 10 } as const;

const carParts = ['carContext', 'carActions', 'carResults'] as const;
const carIsEmpty = (values: CarValues) => carParts.every((part) => values[part].trim() === '');

export const projectSchema = z
  .object({
    name: requiredText(),
    category: requiredChoice,
    ...placeAndPeriod.shape,
    carContext: optionalText(longTextMaxLength),
    carActions: optionalText(longTextMaxLength),
    carResults: optionalText(longTextMaxLength),
    softskills: softskillsRule,
    pictures: z.array(z.string()).min(projectPictureRange.min, 'required').max(projectPictureRange.max, 'too_many'),
  })
  .superRefine((values, context) => {
    placeAndPeriod.check(values, context);
    if (carIsEmpty(values)) return;
    for (const part of carParts) {
      if (values[part].trim() === '') context.addIssue({ code: 'custom', path: [part], message: 'required' });
    }
  });

export type ProjectFormValues = z.infer<typeof projectSchema>;

export const projectFields = schemaFields(projectSchema);

export function projectFormValues(record?: ProjectRecord): ProjectFormValues {
  return {
    name: record?.name ?? '',
    category: record?.category ?? null,
    ...placeAndPeriod.values(record),
    ...carValues(record?.car_method),
    softskills: record?.softskills ?? [],
    pictures: record?.pictures ?? [],
  };
}

export function projectRequest(values: ProjectFormValues, discr: ProjectKind): RecordRequest<'projects'> {
  return {
    name: values.name.trim(),
    category: values.category,
    discr,
    ...placeAndPeriod.request(values),
    // An empty CAR method is sent as none.
    car_method: carIsEmpty(values) ? null : carRequest(values),
    softskills: values.softskills,
    pictures: values.pictures,
  };
}
