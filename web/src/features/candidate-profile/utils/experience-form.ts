// The experience form (spec §5: company, position, contract type, hourly
// scheme, job category, place, dates, a complete CAR method and 1 to 4 soft
// skills): its zod schema, its values for a new or an existing experience, and
// the body of the create and edit calls.
import { z } from 'zod';
import type { ExperienceRecord } from '@/api/candidate-records/get-candidate-records';
import type { RecordRequest } from '../api/save-record';
import {
  carRequest,
  carShape,
  carValues,
  placeAndPeriod,
  requiredChoice,
  requiredText,
  softskillsRule,
  schemaFields,
} from './record-rules';

export const experienceSchema = z
  .object({
    companyName: requiredText(),
    positionName: requiredText(),
    contractType: requiredChoice,
    contractHourlyScheme: requiredChoice,
    jobCategory: requiredChoice,
    ...placeAndPeriod.shape,
    ...carShape,
    softskills: softskillsRule,
  })
  .superRefine(placeAndPeriod.check);

export type ExperienceFormValues = z.infer<typeof experienceSchema>;

export const experienceFields = schemaFields(experienceSchema);

export function experienceFormValues(record?: ExperienceRecord): ExperienceFormValues {
  return {
    companyName: record?.company_name ?? '',
    positionName: record?.position_name ?? '',
    contractType: record?.contract_type ?? null,
    contractHourlyScheme: record?.contract_hourly_scheme ?? null,
    jobCategory: record?.job_category ?? null,
    ...placeAndPeriod.values(record),
    ...carValues(record?.car_method),
    softskills: record?.softskills ?? [],
  };
}

export function experienceRequest(values: ExperienceFormValues, record?: ExperienceRecord): RecordRequest<'experiences'> {
  return {
    company_name: values.companyName.trim(),
    company: record?.company ?? null,
    position_name: values.positionName.trim(),
    contract_type: values.contractType,
    contract_hourly_scheme: values.contractHourlyScheme,
    job_category: values.jobCategory,
    ...placeAndPeriod.request(values),
    car_method: carRequest(values),
    softskills: values.softskills,
  };
}
