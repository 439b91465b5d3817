// The sign-in details of the settings page: the email (changed through a link
// sent to the new address, so a typo never locks anyone out, and only with the
// current password), the password (with the estimate of its strength as it is
// typed), and the language the emails come in.
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { z } from 'zod';
import { PasswordStrength } from '@/components/form/password-strength';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { SettingsSection } from '@/components/ui/settings-section';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toasts';
import { useChangePassword, useRequestEmailChange, useSetEmailLocale } from '../api/account-calls';

const required = z.string().refine((value) => value.trim() !== '', 'required');

const emailSchema = z.object({ email: required, currentPassword: required });
const passwordSchema = z.object({ currentPassword: required, password: required });

/** The form of a sign-in detail: its fields (checked by the schema, not the browser) and a submit button, off while it saves. */
function CredentialForm({
  onSubmit,
  pending,
  dirty,
  submitLabel,
  children,
}: {
  onSubmit: (event: FormEvent) => Promise<void>;
  pending: boolean;
  /** Whether something is typed and not sent: leaving asks first. */
  dirty: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  useUnsavedChanges(dirty);
  return (
    <form className="account-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {children}
      <button type="submit" className="button button--primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}

export function EmailSection() {
  const { t } = useTranslation('account');
  const ruleMessage = useRuleMessage();
  const { user } = useSession();
  const change = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const onSubmit = handleSubmit(({ email, currentPassword }) =>
    change.mutate({ email: email.trim(), current_password: currentPassword }, {
      onSuccess: () => {
        setSentTo(email.trim());
        reset();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'email_taken') setError('email', { type: 'server', message: 'email_taken' });
        else if (!applyServerErrors(error, setError, ['email', 'currentPassword'])) showToast(t('failed'), 'error');
      },
    }),
  );
  return (
    <SettingsSection name="account-email" title={t('email.title')}>
      <p>{t('email.current', { email: user?.email ?? '' })}</p>
      {sentTo && (
        <p role="status" className="account-section__success">
          {t('email.sent', { email: sentTo })}
        </p>
      )}
      <CredentialForm onSubmit={onSubmit} pending={change.isPending} dirty={formState.isDirty} submitLabel={t('email.submit')}>
        <TextField
          id="account-new-email"
          label={t('email.new')}
          type="email"
          autoComplete="email"
          {...register('email')}
          error={formState.errors.email?.message === 'email_taken' ? t('email.taken') : ruleMessage(formState.errors.email)}
        />
        <TextField
          id="account-email-password"
          label={t('email.password')}
          type="password"
          autoComplete="current-password"
          {...register('currentPassword')}
          error={ruleMessage(formState.errors.currentPassword)}
        />
      </CredentialForm>
    </SettingsSection>
  );
}

export function PasswordSection() {
  const { t } = useTranslation('account');
  const ruleMessage = useRuleMessage();
  const change = useChangePassword();
  const { user } = useSession();
  const { register, handleSubmit, setError, formState, reset, control } = useForm({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const onSubmit = handleSubmit(({ currentPassword, password }) =>
    change.mutate(
      { current_password: currentPassword, password },
      {
        onSuccess: () => {
          reset();
          showToast(t('password.changed'), 'success');
        },
        onError: (error) => {
          if (!applyServerErrors(error, setError, ['currentPassword', 'password'])) showToast(t('failed'), 'error');
        },
      },
    ),
  );
  return (
    <SettingsSection name="account-password" title={t('password.title')}>
      <p>{t('password.hint')}</p>
      <CredentialForm onSubmit={onSubmit} pending={change.isPending} dirty={formState.isDirty} submitLabel={t('password.submit')}>
        <TextField
          id="account-current-password"
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          {...register('currentPassword')}
          error={ruleMessage(formState.errors.currentPassword)}
        />
        <TextField
          id="account-password"
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          describedBy="account-password-strength"
          {...register('password')}
          error={ruleMessage(formState.errors.password)}
        >
          <PasswordStrength id="account-password-strength" password={password} owner={user ?? {}} />
        </TextField>
      </CredentialForm>
    </SettingsSection>
  );
}

export function EmailLanguageSection() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const save = useSetEmailLocale();
  const [savedLocale, setSavedLocale] = useState<'fr' | 'en'>(user?.locale === 'en' ? 'en' : 'fr');
  const [locale, setLocale] = useState(savedLocale);
  useUnsavedChanges(locale !== savedLocale);
  return (
    <SettingsSection name="account-language" title={t('language.title')}>
      <form
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(locale, {
            onSuccess: () => {
              setSavedLocale(locale);
              showToast(t('language.saved'), 'success');
            },
          });
        }}
      >
        <SelectField
          id="account-email-language"
          label={t('language.label')}
          hint={t('language.hint')}
          value={locale}
          onChange={(event) => setLocale(event.target.value === 'en' ? 'en' : 'fr')}
          options={[
            { value: 'fr', label: 'Français' },
            { value: 'en', label: 'English' },
          ]}
        />
        <button type="submit" className="button button--secondary" disabled={save.isPending}>
          {t('language.submit')}
        </button>
      </form>
    </SettingsSection>
  );
}
