// /dashboard/candidate/experiences: the candidate's experiences, each told
// with the CAR method and the soft skills it shows.
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ExperienceRecord } from '@/api/candidate-records/get-candidate-records';
import { TextField } from '@/components/form/text-field';
import { ContractTypeField } from '@/components/job-criteria/contract-fields';
import { JobCategoryField } from '@/components/job-criteria/job-category-field';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useReferenceNames } from '../hooks/use-reference-names';
import {
  experienceFields,
  experienceFormValues,
  type ExperienceFormValues,
  experienceRequest,
  experienceSchema,
} from '../utils/experience-form';
import { CarSummary, PeriodAndPlace, RecordFacts, SoftskillTags } from './record-card-parts';
import { CarMethodFields, PeriodFields, PlaceField, ReferenceSelectField } from './record-fields';
import { type RecordKind, RecordKindPage } from './record-kind-page';
import { SoftskillPicker } from './softskill-picker';

function ExperienceCard({ record: experience }: { record: ExperienceRecord }) {
  const contractName = useReferenceNames('contract/types');
  const schemeName = useReferenceNames('contract/hourly-schemes');
  const categoryName = useReferenceNames('job/categories');
  const facts = [contractName(experience.contract_type), schemeName(experience.contract_hourly_scheme), categoryName(experience.job_category)];
  return (
    <>
      <h2 className="record-card__title">{experience.position_name}</h2>
      <p className="record-card__subtitle">{experience.company_name}</p>
      <PeriodAndPlace period={experience} place={experience.localization} />
      <RecordFacts facts={facts} />
      <CarSummary car={experience.car_method} />
      <SoftskillTags ids={experience.softskills} />
    </>
  );
}

function ExperienceFields() {
  const { t } = useTranslation('profile');
  const ruleMessage = useRuleMessage();
  const { register, control, formState } = useFormContext<ExperienceFormValues>();
  return (
    <>
      <div className="field-row">
        <TextField label={t('experiences.companyName')} {...register('companyName')} error={ruleMessage(formState.errors.companyName)} data-autofocus data-tour="experience-company" />
        <TextField label={t('experiences.positionName')} {...register('positionName')} error={ruleMessage(formState.errors.positionName)} data-tour="experience-position" />
      </div>
      <div className="field-row">
        <div data-tour="experience-contract-type">
          <ContractTypeField control={control} id="experience-contract-type" />
        </div>
        <ReferenceSelectField name="contractHourlyScheme" list="contract/hourly-schemes" label={t('experiences.hourlyScheme')} tour="experience-hourly-scheme" />
      </div>
      <JobCategoryField control={control} id="experience-job-category" />
      <PlaceField label={t('experiences.localization')} tour="experience-localization" />
      <PeriodFields currentLabel={t('experiences.isCurrent')} />
      <CarMethodFields />
      <SoftskillPicker />
    </>
  );
}

const experienceKind: RecordKind<'experiences', ExperienceFormValues> = {
  kind: 'experiences',
  texts: 'experiences',
  testId: 'experiences',
  helpTour: 'experience',
  schema: experienceSchema,
  fields: experienceFields,
  formValues: experienceFormValues,
  request: experienceRequest,
  Fields: ExperienceFields,
  Card: ExperienceCard,
  useDescribe: () => (experience) => `${experience.position_name} — ${experience.company_name}`,
};

export const ExperiencesPage = () => <RecordKindPage config={experienceKind} />;
