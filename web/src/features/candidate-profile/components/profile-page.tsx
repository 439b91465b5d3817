// /dashboard/candidate/profil: who the candidate is, as partners see it at the
// top of the profile: photo, names, headline, where they live; and the
// contact details only the candidate and the platform see (phone, birth date).
import '../candidate-profile.css';
import { type FieldValues, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { TextField } from '@/components/form/text-field';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { showToast } from '@/lib/toasts';
import { useUpdateCandidate } from '../api/update-candidate';
import { profileFields, profileFormValues, type ProfileFormValues, profileRequest, profileSchema, profileServerNames } from '../utils/profile-form';
import { PictureField } from './picture-field';
import { ProfileGate } from './profile-gate';
import { RecordForm } from './record-form';

/** A person lives in a commune or a country (spec §3). */
const homePlaceTypes = ['city', 'country'] as const;

function HomePlaceField() {
  const { t } = useTranslation('profile');
  const ruleMessage = useRuleMessage();
  const { control } = useFormContext<FieldValues>();
  const { field, fieldState } = useController({ control, name: 'localization' });
  return (
    <LocalizationPicker
      name="localization"
      label={t('identity.localization')}
      hint={t('identity.localizationHint')}
      types={homePlaceTypes}
      value={field.value}
      onChange={field.onChange}
      error={ruleMessage(fieldState.error, 'localization')}
    />
  );
}

function ProfileFields() {
  const { t } = useTranslation('profile');
  const ruleMessage = useRuleMessage();
  const { register, formState } = useFormContext<ProfileFormValues>();
  const { errors } = formState;
  return (
    <>
      <PictureField name="picture" legend={t('identity.picture')} hint={t('pictures.hint')} max={1} />
      <div className="field-row">
        <TextField label={t('identity.firstname')} autoComplete="given-name" {...register('firstname')} error={ruleMessage(errors.firstname)} />
        <TextField label={t('identity.lastname')} autoComplete="family-name" {...register('lastname')} error={ruleMessage(errors.lastname)} />
      </div>
      <TextField label={t('identity.headline')} hint={t('identity.headlineHint')} {...register('headline')} error={ruleMessage(errors.headline)} />
      <HomePlaceField />
      <div className="field-row">
        <TextField label={t('identity.phone')} type="tel" autoComplete="tel" {...register('phone')} error={ruleMessage(errors.phone)} />
        <TextField label={t('identity.birthdate')} type="date" autoComplete="bday" {...register('birthdate')} error={ruleMessage(errors.birthdate, 'birthdate')} />
      </div>
    </>
  );
}

function ProfileForm({ profile }: { profile: CandidateProfile }) {
  const { t } = useTranslation('profile');
  const update = useUpdateCandidate();
  return (
    <RecordForm<ProfileFormValues>
      className="profile-form panel profile-page__card"
      schema={profileSchema}
      defaultValues={profileFormValues(profile)}
      fields={profileFields}
      serverNames={profileServerNames}
      submit={(values) => update.mutateAsync(profileRequest(values))}
      onDone={() => showToast(t('form.saved'), 'success')}
      testId="profile-form"
    >
      <ProfileFields />
    </RecordForm>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('identity.title'));
  return (
    <section className="profile-page" aria-labelledby="profile-page-title" data-testid="profile-page">
      <header>
        <h1 className="page-title" id="profile-page-title">
          {t('identity.title')}
        </h1>
        <p className="record-page__intro">{t('identity.intro')}</p>
      </header>
      <ProfileGate>{(profile) => <ProfileForm profile={profile} />}</ProfileGate>
    </section>
  );
}
