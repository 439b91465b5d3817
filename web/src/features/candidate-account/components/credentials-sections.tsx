// The sign-in details of the settings page: the email (changed through a link
// sent to the new address, so a typo never locks anyone out), the password,
// and the language the emails come in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toasts';
import { useChangePassword, useRequestEmailChange, useSetEmailLocale } from '../api/account-calls';

const required = z.string().refine((value) => value.trim() !== '', 'required');

const emailSchema = z.object({ email: required });
const passwordSchema = z.object({ currentPassword: required, password: required });

export function EmailSection() {
  const { t } = useTranslation('account');
  const ruleMessage = useRuleMessage();
  const { user } = useSession();
  const change = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(({ email }) =>
    change.mutate(email.trim(), {
      onSuccess: () => {
        setSentTo(email.trim());
        reset();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'email_taken') setError('email', { type: 'server', message: 'email_taken' });
        else if (!applyServerErrors(error, setError, ['email'])) showToast(t('failed'), 'error');
      },
    }),
  );
  return (
    <section className="panel account-section" aria-labelledby="account-email-title" data-testid="account-email">
      <h2 id="account-email-title">{t('email.title')}</h2>
      <p>{t('email.current', { email: user?.email ?? '' })}</p>
      {sentTo && (
        <p role="status" className="account-section__success">
          {t('email.sent', { email: sentTo })}
        </p>
      )}
      <form className="account-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          id="account-new-email"
          label={t('email.new')}
          type="email"
          autoComplete="email"
          {...register('email')}
          error={formState.errors.email?.message === 'email_taken' ? t('email.taken') : ruleMessage(formState.errors.email)}
        />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {t('email.submit')}
        </button>
      </form>
    </section>
  );
}

export function PasswordSection() {
  const { t } = useTranslation('account');
  const ruleMessage = useRuleMessage();
  const change = useChangePassword();
  const { register, handleSubmit, setError, formState, reset } = useForm({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', password: '' },
  });
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
    <section className="panel account-section" aria-labelledby="account-password-title" data-testid="account-password">
      <h2 id="account-password-title">{t('password.title')}</h2>
      <p>{t('password.hint')}</p>
      <form className="account-form" noValidate onSubmit={(event) => void onSubmit(event)}>
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
          {...register('password')}
          error={ruleMessage(formState.errors.password)}
        />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {t('password.submit')}
        </button>
      </form>
    </section>
  );
}

export function EmailLanguageSection() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const save = useSetEmailLocale();
  const [locale, setLocale] = useState<'fr' | 'en'>(user?.locale === 'en' ? 'en' : 'fr');
  return (
    <section className="panel account-section" aria-labelledby="account-language-title" data-testid="account-language">
      <h2 id="account-language-title">{t('language.title')}</h2>
      <form
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(locale, { onSuccess: () => showToast(t('language.saved'), 'success') });
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
    </section>
  );
}
