// The candidate sign-up, in the steps a newcomer expects:
//   1. "Vous / About you": first name, last name, date of birth;
//   2. "Coordonnées / Contact details": email, phone, place of residence (picker);
//   3. "Mot de passe / Password": password with the live policy checklist,
//      confirmation, consent to the terms of use;
// then a "check your inbox" screen. The email comes before the password so the
// checklist can already check "not your email". "Back" and "Continue" keep
// every value; "Continue" checks only the fields of the current step (the same
// rules as the server). A 422 from the server puts each message beside its
// field and goes back to the first step holding one. The values live in one
// react-hook-form form across the steps.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/form/checkbox-field';
import { TextField } from '@/components/form/text-field';
import { Stepper } from '@/components/ui/stepper';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRecheckShownErrors } from '@/lib/form/use-recheck-shown-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useSignUpCandidate } from '../api/sign-up-candidate';
import { describeAuthError } from '../utils/auth-errors';
import { signUpFields, signUpSteps, stepOfField } from '../utils/sign-up-steps';
import {
  type CandidateSignUpValues,
  emptySignUpValues,
  maxLengths,
  type SignUpField,
  signUpSchema,
  toSignUpRequest,
} from '../utils/sign-up-validation';
import { AuthCard } from './auth-card';
import { FormAlert } from '@/components/ui/form-alert';
import { CheckInbox } from './check-inbox';
import { EmailField } from './email-field';
import { NewPasswordField } from './password-field';

const fieldIds: Record<Exclude<SignUpField, 'localizationText'>, string> = {
  firstname: 'signup-firstname',
  lastname: 'signup-lastname',
  birthdate: 'signup-birthdate',
  email: 'signup-email',
  phone: 'signup-phone',
  localization: 'signup-localization',
  password: 'signup-password',
  passwordConfirmation: 'signup-password-confirmation',
  consent: 'signup-consent',
};

export function CandidateSignUp() {
  const { t, i18n } = useTranslation('auth');
  const ruleMessage = useRuleMessage();
  const signUp = useSignUpCandidate();
  const form = useForm<CandidateSignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: emptySignUpValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { register, control, trigger, setError, setValue, getValues, getFieldState, formState } = form;
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const { errors } = formState;
  useRecheckShownErrors(form, { password: ['passwordConfirmation'], localizationText: ['localization'] });
  const [stepIndex, setStepIndex] = useState(0);
  const [done, setDone] = useState(false);
  // Each request is a new object, so asking for the same target twice focuses it twice.
  const [focusRequest, setFocusRequest] = useState<{ target: SignUpField | 'heading' } | null>(null);
  const setFocusTarget = (target: SignUpField | 'heading') => setFocusRequest({ target });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = signUpSteps[stepIndex] ?? signUpSteps[0]!;
  const lastStep = stepIndex === signUpSteps.length - 1;

  // After a step change or a failed check, move the focus where the user must look.
  useEffect(() => {
    const target = focusRequest?.target;
    if (target === undefined) return;
    if (target === 'heading') headingRef.current?.focus();
    else if (target !== 'localizationText') document.getElementById(fieldIds[target])?.focus();
  }, [focusRequest]);

  /** Goes to the first step holding one of `failed` and focuses its first failing field. */
  function showFirstFailure(failed: readonly SignUpField[]): void {
    const first = signUpFields.find((field) => failed.includes(field));
    if (first === undefined) return;
    setStepIndex(stepOfField(first));
    setFocusTarget(first);
  }

  /** Checks the fields of the current step; on the last step, every step (back to the first failing one). */
  async function checkStep(): Promise<boolean> {
    const fields = lastStep ? signUpFields : step.fields;
    if (await trigger([...fields])) return true;
    showFirstFailure(fields.filter((field) => getFieldState(field).error !== undefined));
    return false;
  }

  async function onSubmit(): Promise<void> {
    if (!(await checkStep())) return;
    if (!lastStep) {
      setStepIndex(stepIndex + 1);
      setFocusTarget('heading');
      return;
    }
    signUp.mutate(toSignUpRequest(getValues(), i18n.resolvedLanguage ?? i18n.language), {
      onSuccess: () => setDone(true),
      onError: (error) => {
        const applied = applyServerErrors(error, setError, signUpFields);
        if (applied) showFirstFailure(applied.fields);
      },
    });
  }

  function goBack(): void {
    if (stepIndex === 0) return;
    setStepIndex(stepIndex - 1);
    setFocusTarget('heading');
  }

  if (done) return <CheckInbox email={getValues('email').trim()} />;

  const errorText = (field: SignUpField) => ruleMessage(errors[field], field);
  const serverFailure =
    signUp.error && !(signUp.error instanceof ApiError && signUp.error.status === 422) ? describeAuthError(signUp.error) : null;
  const fieldsFailed = signUp.error instanceof ApiError && signUp.error.status === 422;

  return (
    <AuthCard
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      wide
      testId="sign-up-page"
      footer={
        <>
          <span>{t('signUp.haveAccount')}</span> <Link to={paths.login}>{t('signUp.login')}</Link>
        </>
      }
    >
      <Stepper
        label={t('signUp.progress', { current: stepIndex + 1, total: signUpSteps.length })}
        steps={signUpSteps.map((item) => ({ key: item.id, label: t(`signUp.steps.${item.id}`) }))}
        current={stepIndex}
        numbersHidden
      />

      <form
        className="auth-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
        data-step={step.id}
      >
        <p className="stepper__progress">{t('signUp.progress', { current: stepIndex + 1, total: signUpSteps.length })}</p>
        <h2 className="auth-form__step-title" ref={headingRef} tabIndex={-1}>
          {t(`signUp.steps.${step.id}`)}
        </h2>
        <p className="auth-form__step-intro">{t(`signUp.stepIntro.${step.id}`)}</p>

        {serverFailure && <FormAlert testId="sign-up-error">{t(serverFailure.key, serverFailure.values)}</FormAlert>}
        {fieldsFailed && (
          <FormAlert testId="sign-up-error">
            {t(Object.keys(errors).length > 0 ? 'errors.fixFields' : 'errors.validationFailed')}
          </FormAlert>
        )}

        {step.id === 'you' && (
          <>
            <div className="field-row">
              <TextField
                id={fieldIds.firstname}
                label={t('fields.firstname')}
                autoComplete="given-name"
                required
                maxLength={maxLengths.firstname}
                {...register('firstname')}
                error={errorText('firstname')}
              />
              <TextField
                id={fieldIds.lastname}
                label={t('fields.lastname')}
                autoComplete="family-name"
                required
                maxLength={maxLengths.lastname}
                {...register('lastname')}
                error={errorText('lastname')}
              />
            </div>
            <TextField
              id={fieldIds.birthdate}
              label={t('fields.birthdate')}
              type="date"
              autoComplete="bday"
              required
              min="1900-01-01"
              max={new Date().toISOString().slice(0, 10)}
              {...register('birthdate')}
              hint={t('hints.birthdate')}
              error={errorText('birthdate')}
            />
          </>
        )}

        {step.id === 'contact' && (
          <>
            <EmailField
              id={fieldIds.email}
              autoComplete="email"
              maxLength={maxLengths.email}
              {...register('email')}
              error={errorText('email')}
            />
            <TextField
              id={fieldIds.phone}
              label={t('fields.phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={maxLengths.phone}
              {...register('phone')}
              hint={t('hints.phone')}
              error={errorText('phone')}
            />
            <Controller
              control={control}
              name="localization"
              render={({ field }) => (
                <LocalizationPicker
                  id={fieldIds.localization}
                  label={t('fields.localization')}
                  name="localization"
                  types={['city', 'country']}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onTextChange={(text) => setValue('localizationText', text)}
                  hint={t('hints.localization')}
                  error={errorText('localization')}
                />
              )}
            />
          </>
        )}

        {step.id === 'password' && (
          <>
            <NewPasswordField
              id={fieldIds.password}
              label={t('fields.password')}
              showPolicy
              policyEmail={email}
              policyValue={password}
              {...register('password')}
              error={errorText('password')}
            />
            <NewPasswordField
              id={fieldIds.passwordConfirmation}
              label={t('fields.passwordConfirmation')}
              {...register('passwordConfirmation')}
              error={errorText('passwordConfirmation')}
            />
            <CheckboxField
              id={fieldIds.consent}
              label={t('signUp.consent')}
              {...register('consent')}
              error={errorText('consent')}
            />
          </>
        )}

        <div className="auth-form__actions">
          {stepIndex > 0 ? (
            <button type="button" className="button button--secondary" onClick={goBack}>
              {t('signUp.back')}
            </button>
          ) : (
            <span />
          )}
          <button type="submit" className="button button--primary button--large" disabled={signUp.isPending}>
            {t(lastStep ? (signUp.isPending ? 'signUp.submitting' : 'signUp.submit') : 'signUp.next')}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
