// A page editing part of the candidate's own profile (job search, languages,
// identity): its title and lead, then, once the profile is loaded, a form
// filled from it that saves with `save` and says so in a toast.
import '../candidate-profile.css';
import type { ComponentType } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { showToast } from '@/lib/toasts';
import { ProfileGate } from './profile-gate';
import { RecordForm } from './record-form';

export type ProfileFormPageProps<V extends FieldValues> = {
  /** Where the texts (`title`, `intro`) sit in the `profile` namespace. */
  texts: string;
  testId: string;
  /** The lead is the "findable" callout rather than a plain paragraph. */
  leadIsCallout?: boolean;
  schema: z.ZodType<V>;
  formValues: (profile: CandidateProfile) => V;
  fields: readonly Path<V>[];
  serverNames?: Partial<Record<string, Path<V>>>;
  save: (values: V) => Promise<unknown>;
  Fields: ComponentType;
};

export function ProfileFormPage<V extends FieldValues>({ texts, testId, leadIsCallout, formValues, save, Fields, ...form }: ProfileFormPageProps<V>) {
  const { t } = useTranslation('profile');
  const title = t(`${texts}.title`);
  useDocumentTitle(title);
  return (
    <section className="profile-page" aria-labelledby={`${testId}-title`} data-testid={`${testId}-page`}>
      <header>
        <h1 className="page-title" id={`${testId}-title`}>
          {title}
        </h1>
        <p className={leadIsCallout ? 'profile-page__findable' : 'record-page__intro'}>{t(`${texts}.intro`)}</p>
      </header>
      <ProfileGate>
        {(profile) => (
          <RecordForm<V>
            {...form}
            className="profile-form panel profile-page__card"
            defaultValues={formValues(profile)}
            submit={save}
            onDone={() => showToast(t('form.saved'), 'success')}
            testId={`${testId}-form`}
          >
            <Fields />
          </RecordForm>
        )}
      </ProfileGate>
    </section>
  );
}
