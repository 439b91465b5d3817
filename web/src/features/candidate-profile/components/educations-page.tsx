// /dashboard/candidate/formations: the candidate's educations (diploma,
// school, specialization), with the soft skills they built and pictures.
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EducationRecord } from '@/api/candidate-records/get-candidate-records';
import { TextField } from '@/components/form/text-field';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useReferenceNames } from '../hooks/use-reference-names';
import { educationFields, educationFormValues, type EducationFormValues, educationRequest, educationSchema } from '../utils/education-form';
import { PeriodAndPlace, PictureStrip, RecordFacts, SoftskillTags } from './record-card-parts';
import { PeriodFields, PlaceField, ReferenceSelectField } from './record-fields';
import { PictureField } from './picture-field';
import { type RecordKind, RecordKindPage } from './record-kind-page';
import { SoftskillPicker } from './softskill-picker';

function EducationCard({ record: education }: { record: EducationRecord }) {
  const degreeName = useReferenceNames('candidate/degrees');
  const specializationName = useReferenceNames('candidate/education/specializations');
  const facts = [degreeName(education.degree), specializationName(education.specialization)];
  return (
    <>
      <h2 className="record-card__title">{education.name}</h2>
      <p className="record-card__subtitle">{education.institution}</p>
      <PeriodAndPlace period={education} place={education.localization} />
      <RecordFacts facts={facts} />
      <SoftskillTags ids={education.softskills} />
      <PictureStrip ids={education.pictures} name={education.name} />
    </>
  );
}

function EducationFields() {
  const { t } = useTranslation('profile');
  const ruleMessage = useRuleMessage();
  const { register, formState } = useFormContext<EducationFormValues>();
  return (
    <>
      <TextField label={t('educations.name')} hint={t('educations.nameHint')} {...register('name')} error={ruleMessage(formState.errors.name)} data-autofocus data-tour="education-name" />
      <div className="field-row">
        <ReferenceSelectField name="degree" list="candidate/degrees" label={t('educations.degree')} tour="education-degree" />
        <ReferenceSelectField name="specialization" list="candidate/education/specializations" label={t('educations.specialization')} tour="education-specialization" />
      </div>
      <TextField label={t('educations.institution')} {...register('institution')} error={ruleMessage(formState.errors.institution)} data-tour="education-institution" />
      <PlaceField label={t('educations.localization')} tour="education-localization" />
      <PeriodFields currentLabel={t('educations.isCurrent')} />
      <SoftskillPicker />
      <PictureField legend={t('educations.pictures')} hint={t('pictures.hint')} />
    </>
  );
}

const educationKind: RecordKind<'educations', EducationFormValues> = {
  kind: 'educations',
  texts: 'educations',
  testId: 'educations',
  helpTour: 'education',
  schema: educationSchema,
  fields: educationFields,
  formValues: educationFormValues,
  request: educationRequest,
  Fields: EducationFields,
  Card: EducationCard,
  useDescribe: () => (education) => `${education.name} — ${education.institution}`,
};

export const EducationsPage = () => <RecordKindPage config={educationKind} />;
