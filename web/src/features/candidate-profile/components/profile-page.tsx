// /dashboard/candidate/profil: who the candidate is, as partners see it at the
// top of the profile: photo, names, headline, where they live; and the
// contact details only the candidate and the platform see (phone, birth date).
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import { useContextField } from '@/lib/form/use-context-field';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useUpdateCandidate } from '../api/update-candidate';
import { profileFields, profileFormValues, type ProfileFormValues, profileRequest, profileSchema, profileServerNames } from '../utils/profile-form';
import { PictureField } from './picture-field';
import { ProfileFormPage } from './profile-form-page';

/** A person lives in a commune or a country (spec §3). */
const homePlaceTypes = ['city', 'country'] as const;

function HomePlaceField() {
  const { t } = useTranslation('profile');
  const { field, error } = useContextField('localization');
  return (
    <LocalizationPicker
      name="localization"
      label={t('identity.localization')}
      hint={t('identity.localizationHint')}
      types={homePlaceTypes}
      value={field.value}
      onChange={field.onChange}
      error={error}
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

export function ProfilePage() {
  const update = useUpdateCandidate();
  return (
    <ProfileFormPage<ProfileFormValues>
      texts="identity"
      testId="profile"
      schema={profileSchema}
      formValues={profileFormValues}
      fields={profileFields}
      serverNames={profileServerNames}
      save={(values) => update.mutateAsync(profileRequest(values))}
      Fields={ProfileFields}
    />
  );
}
