// /dashboard/ecole/profil/editer: the school edits its profile (name, type,
// description, web site, institution). Server rules land on their fields. A
// web site typed without its scheme ("ecole-rhone.fr") gets https:// when the
// field is left and before it is sent. Leaving with unsaved changes asks first.
import '@/styles/dashboard-blocks.css';
import '../schools.css';
import { type FocusEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { namedOptions, SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { QueryLoading, ValueQueryState } from '@/components/ui/query-state';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { withWebScheme } from '@/lib/form/web-address';
import { useInstitutions, useSchoolProfile, useUpdateSchoolProfile } from '../api/school-profile';
import type { SchoolProfile } from '../api/school-types';
import { FormAlert } from '@/components/ui/form-alert';
import { SchoolFormSubmit } from './school-form-submit';

type ProfileValues = { name: string; schoolType: string; description: string; link: string; institution: string };

const fields = ['name', 'schoolType', 'description', 'link', 'institution'] as const;

type Option = { id: number; name: string };

function ProfileForm({ profile, types, institutions }: { profile: SchoolProfile; types: Option[]; institutions: Option[] }) {
  const { t } = useTranslation('school');
  const ruleMessage = useRuleMessage();
  const update = useUpdateSchoolProfile();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, setError, setValue, getValues, reset, formState } = useForm<ProfileValues>({
    defaultValues: {
      name: profile.name,
      schoolType: profile.school_type?.toString() ?? '',
      description: profile.description ?? '',
      link: profile.link ?? '',
      institution: profile.institution?.id.toString() ?? '',
    },
  });
  const { errors } = formState;
  useUnsavedChanges(formState.isDirty);
  const onSubmit = handleSubmit((values) => {
    setSaved(false);
    update.mutate(
      {
        name: values.name,
        school_type: values.schoolType === '' ? null : Number(values.schoolType),
        description: values.description,
        link: withWebScheme(values.link),
        institution: values.institution === '' ? null : Number(values.institution),
      },
      {
        onSuccess: () => {
          reset(getValues());
          setSaved(true);
        },
        onError: (error) => applyServerErrors(error, setError, fields, { school_type: 'schoolType' }),
      },
    );
  });
  return (
    <form className="school-form panel panel__body" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="school-profile-form">
      <TextField id="school-name" label={t('profile.name')} required maxLength={200} {...register('name')} error={ruleMessage(errors.name)} />
      <SelectField
        id="school-type"
        label={t('profile.type')}
        placeholder={t('addCandidate.none')}
        options={namedOptions(types)}
        {...register('schoolType')}
        error={ruleMessage(errors.schoolType)}
      />
      <SelectField
        id="school-institution"
        label={t('profile.institution')}
        placeholder={t('addCandidate.none')}
        options={namedOptions(institutions)}
        {...register('institution')}
        error={ruleMessage(errors.institution)}
      />
      <TextField
        id="school-link"
        label={t('profile.link')}
        type="url"
        inputMode="url"
        placeholder="https://"
        {...register('link', { onBlur: (event: FocusEvent<HTMLInputElement>) => setValue('link', withWebScheme(event.target.value), { shouldDirty: true }) })}
        error={ruleMessage(errors.link)}
      />
      <TextAreaField id="school-description" label={t('profile.description')} rows={6} maxLength={5000} {...register('description')} error={ruleMessage(errors.description)} />
      {saved && <FormAlert tone="success">{t('profile.saved')}</FormAlert>}
      <SchoolFormSubmit pending={update.isPending}>{t('campus.save')}</SchoolFormSubmit>
    </form>
  );
}

export function SchoolProfilePage() {
  const { t } = useTranslation('school');
  useDocumentTitle(t('profile.title'));
  const profile = useSchoolProfile();
  const types = useReferenceList('school/types');
  const institutions = useInstitutions();
  return (
    <div className="school-dashboard" data-testid="school-profile">
      <header className="page-head">
        <div>
          <p className="school-breadcrumb">
            <Link to={paths.schoolDashboard}>{t('dashboard.title')}</Link>
          </p>
          <h1 className="page-title">{t('profile.title')}</h1>
        </div>
      </header>
      <ValueQueryState query={profile} testId="school-profile">
        {(data) =>
          // the selects show the saved choices only once their options are there
          types.data && institutions.data ? (
            <ProfileForm profile={data} types={types.data} institutions={institutions.data} />
          ) : (
            <QueryLoading className="panel__empty" />
          )
        }
      </ValueQueryState>
    </div>
  );
}
