// /dashboard/candidate/hobbies: what the candidate does for pleasure, how often
// and why, with up to three pictures and the soft skills it shows.
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { HobbyRecord } from '@/api/candidate-records/get-candidate-records';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { TextAreaField } from '@/components/form/text-area-field';
import { ReferenceListFailure } from '@/components/job-criteria/reference-list-failure';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useReferenceNames } from '../hooks/use-reference-names';
import { hobbyDescriptionMaxLength, hobbyFields, hobbyFormValues, type HobbyFormValues, hobbyPictureMax, hobbyRequest, hobbySchema } from '../utils/hobby-form';
import { PictureField } from './picture-field';
import { PictureStrip, RecordFacts, SoftskillTags } from './record-card-parts';
import { ChoiceSelectField, ReferenceSelectField } from './record-fields';
import { type RecordKind, RecordKindPage } from './record-kind-page';
import { SoftskillPicker } from './softskill-picker';

/** Every hobby by id, with its family and specialities, from the families list. */
function useHobbyIndex() {
  const categories = useReferenceList('candidate/hobby/categories');
  const hobbies = (categories.data ?? []).flatMap((category) =>
    (category.hobbies ?? []).map((hobby) => ({ ...hobby, categoryId: category.id, categoryName: category.name })),
  );
  return { categories: categories.data ?? [], hobbies, query: categories };
}

/** "Running — Trail", from the families list. */
function useHobbyName() {
  const { hobbies } = useHobbyIndex();
  return (hobby: HobbyRecord) => {
    const known = hobbies.find((item) => item.id === hobby.hobby);
    const speciality = known?.specialities?.find((item) => item.id === hobby.speciality)?.name;
    return { name: [known?.name, speciality].filter(Boolean).join(' — '), family: known?.categoryName };
  };
}

function HobbyCard({ record: hobby }: { record: HobbyRecord }) {
  const { t } = useTranslation('profile');
  const hobbyName = useHobbyName();
  const frequencyName = useReferenceNames('candidate/hobby/frequencies');
  const purposeName = useReferenceNames('candidate/hobby/purposes');
  const { name, family } = hobbyName(hobby);
  const facts = [frequencyName(hobby.frequency), hobby.purpose ? t('hobbies.purposeValue', { purpose: purposeName(hobby.purpose) }) : ''];
  return (
    <>
      <h2 className="record-card__title">{name || '…'}</h2>
      {family && <p className="record-card__subtitle">{family}</p>}
      <RecordFacts facts={facts} />
      {hobby.description !== '' && <p className="record-card__description">{hobby.description}</p>}
      <SoftskillTags ids={hobby.softskills} />
      <PictureStrip ids={hobby.pictures} name={name} />
    </>
  );
}

function HobbyFields() {
  const { t } = useTranslation('profile');
  const ruleMessage = useRuleMessage();
  const { register, control, formState, setValue } = useFormContext<HobbyFormValues>();
  const { categories, query: categoriesQuery } = useHobbyIndex();
  const [categoryId, hobbyId] = useWatch({ control, name: ['category', 'hobby'] });
  const category = categories.find((item) => item.id === categoryId);
  const hobby = category?.hobbies?.find((item) => item.id === hobbyId);
  return (
    <>
      <div className="field-row">
        <ChoiceSelectField
          name="category"
          label={t('hobbies.category')}
          hint={category?.question ?? undefined}
          options={categories}
          onPicked={() => {
            setValue('hobby', null);
            setValue('speciality', null);
          }}
        />
        <ChoiceSelectField name="hobby" label={t('hobbies.hobby')} options={category?.hobbies ?? []} onPicked={() => setValue('speciality', null)} />
      </div>
      <ReferenceListFailure query={categoriesQuery} />
      {(hobby?.specialities ?? []).length > 0 && (
        <ChoiceSelectField name="speciality" label={t('hobbies.speciality')} options={hobby?.specialities ?? []} />
      )}
      <div className="field-row">
        <ReferenceSelectField name="frequency" list="candidate/hobby/frequencies" label={t('hobbies.frequency')} />
        <ReferenceSelectField name="purpose" list="candidate/hobby/purposes" label={t('hobbies.purpose')} />
      </div>
      <TextAreaField
        label={t('hobbies.description')}
        hint={t('hobbies.descriptionHint')}
        rows={3}
        maxLength={hobbyDescriptionMaxLength}
        {...register('description')}
        error={ruleMessage(formState.errors.description)}
      />
      <SoftskillPicker min={0} />
      <PictureField legend={t('hobbies.pictures')} hint={t('hobbies.picturesHint', { max: hobbyPictureMax })} max={hobbyPictureMax} />
    </>
  );
}

const hobbyKind: RecordKind<'hobbies', HobbyFormValues> = {
  kind: 'hobbies',
  texts: 'hobbies',
  testId: 'hobbies',
  schema: hobbySchema,
  fields: hobbyFields,
  formValues: hobbyFormValues,
  request: hobbyRequest,
  Fields: HobbyFields,
  Card: HobbyCard,
  useDescribe: () => {
    const hobbyName = useHobbyName();
    return (hobby) => hobbyName(hobby).name;
  },
};

export const HobbiesPage = () => <RecordKindPage config={hobbyKind} />;
