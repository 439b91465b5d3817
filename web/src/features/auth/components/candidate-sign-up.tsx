// The candidate sign-up, in the steps a newcomer expects:
//   1. "Vous / About you": first name, last name, date of birth;
//   2. "Coordonnées / Contact details": email, phone, place of residence (picker);
//   3. "Mot de passe / Password": password with the live policy checklist,
//      confirmation, consent to the terms of use;
// then a "check your inbox" screen. The email comes before the password so the
// checklist can already check "not your email". "Back" and "Continue" keep
// every value; "Continue" checks only the fields of the current step (the same
// rules as the server). A 422 from the server puts each message beside its
// field and goes back to the first step holding one.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSignUpCandidate } from '../api/sign-up-candidate';
import { describeAuthError } from '../utils/auth-errors';
import { mapSignUpServerErrors, signUpSteps, stepOfField } from '../utils/sign-up-steps';
import {
  type CandidateSignUpValues,
  emptySignUpValues,
  maxLengths,
  type SignUpErrors,
  type SignUpField,
  toSignUpRequest,
  validateSignUpField,
  validateSignUpFields,
} from '../utils/sign-up-validation';
import { AuthCard, FormAlert } from './auth-card';
import { CheckInbox } from './check-inbox';
import { PasswordField } from './password-field';

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
  const signUp = useSignUpCandidate();
  const [values, setValues] = useState<CandidateSignUpValues>(emptySignUpValues);
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [stepIndex, setStepIndex] = useState(0);
  const [done, setDone] = useState(false);
  const [focusTarget, setFocusTarget] = useState<SignUpField | 'heading' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = signUpSteps[stepIndex] ?? signUpSteps[0]!;
  const lastStep = stepIndex === signUpSteps.length - 1;

  // After a step change or a failed check, move the focus where the user must look.
  useEffect(() => {
    if (focusTarget === null) return;
    if (focusTarget === 'heading') headingRef.current?.focus();
    else if (focusTarget !== 'localizationText') document.getElementById(fieldIds[focusTarget])?.focus();
    setFocusTarget(null);
  }, [focusTarget, stepIndex]);

  // The latest values, so that two changes in one event (the place picker
  // reports its text and its place together) both count.
  const latest = useRef(values);

  function update<K extends SignUpField>(field: K, value: CandidateSignUpValues[K]): void {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    // An error shown beside a field follows the field: it changes or goes away as the user types.
    const recheck: SignUpField[] =
      field === 'password' ? ['password', 'passwordConfirmation'] : field === 'localizationText' ? ['localization'] : [field];
    setErrors((shown) => {
      const updated = { ...shown };
      for (const name of recheck) {
        if (shown[name] === undefined) continue;
        const rule = validateSignUpField(name, next);
        if (rule) updated[name] = rule;
        else delete updated[name];
      }
      return updated;
    });
  }

  /** Checks the fields of the current step; on the last step, every step (back to the first failing one). */
  function checkStep(): boolean {
    const fields = lastStep ? signUpSteps.flatMap((item) => item.fields) : step.fields;
    const found = validateSignUpFields(fields, values);
    setErrors((shown) => {
      const next = { ...shown };
      for (const field of fields) delete next[field];
      return { ...next, ...found };
    });
    const first = fields.find((field) => found[field]);
    if (first) {
      setStepIndex(stepOfField(first));
      setFocusTarget(first);
    }
    return first === undefined;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (!checkStep()) return;
    if (!lastStep) {
      setStepIndex(stepIndex + 1);
      setFocusTarget('heading');
      return;
    }
    signUp.mutate(toSignUpRequest(values, i18n.resolvedLanguage ?? i18n.language), {
      onSuccess: () => setDone(true),
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 422) return;
        const mapped = mapSignUpServerErrors(error.errors);
        setErrors((shown) => ({ ...shown, ...mapped.fields }));
        if (mapped.step !== null) {
          const target = signUpSteps[mapped.step]?.fields.find((field) => mapped.fields[field]);
          setStepIndex(mapped.step);
          if (target) setFocusTarget(target);
        }
      },
    });
  }

  function goBack(): void {
    if (stepIndex === 0) return;
    setStepIndex(stepIndex - 1);
    setFocusTarget('heading');
  }

  if (done) return <CheckInbox email={values.email.trim()} />;

  const errorText = (field: SignUpField) => (errors[field] ? t(`rules.${errors[field]}`) : undefined);
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
      <ol className="stepper" aria-label={t('signUp.progress', { current: stepIndex + 1, total: signUpSteps.length })}>
        {signUpSteps.map((item, index) => (
          <li
            key={item.id}
            className="stepper__step"
            data-state={index < stepIndex ? 'done' : index === stepIndex ? 'current' : 'todo'}
            aria-current={index === stepIndex ? 'step' : undefined}
          >
            <span className="stepper__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="stepper__label">{t(`signUp.steps.${item.id}`)}</span>
          </li>
        ))}
      </ol>

      <form className="auth-form" noValidate onSubmit={onSubmit} data-step={step.id}>
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
                name="firstname"
                autoComplete="given-name"
                required
                maxLength={maxLengths.firstname}
                value={values.firstname}
                onChange={(event) => update('firstname', event.target.value)}
                error={errorText('firstname')}
              />
              <TextField
                id={fieldIds.lastname}
                label={t('fields.lastname')}
                name="lastname"
                autoComplete="family-name"
                required
                maxLength={maxLengths.lastname}
                value={values.lastname}
                onChange={(event) => update('lastname', event.target.value)}
                error={errorText('lastname')}
              />
            </div>
            <TextField
              id={fieldIds.birthdate}
              label={t('fields.birthdate')}
              name="birthdate"
              type="date"
              autoComplete="bday"
              required
              min="1900-01-01"
              max={new Date().toISOString().slice(0, 10)}
              value={values.birthdate}
              onChange={(event) => update('birthdate', event.target.value)}
              hint={t('hints.birthdate')}
              error={errorText('birthdate')}
            />
          </>
        )}

        {step.id === 'contact' && (
          <>
            <TextField
              id={fieldIds.email}
              label={t('fields.email')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              maxLength={maxLengths.email}
              value={values.email}
              onChange={(event) => update('email', event.target.value)}
              error={errorText('email')}
            />
            <TextField
              id={fieldIds.phone}
              label={t('fields.phone')}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={maxLengths.phone}
              value={values.phone}
              onChange={(event) => update('phone', event.target.value)}
              hint={t('hints.phone')}
              error={errorText('phone')}
            />
            <LocalizationPicker
              id={fieldIds.localization}
              label={t('fields.localization')}
              name="localization"
              types={['city', 'country']}
              required
              value={values.localization}
              onChange={(place) => update('localization', place)}
              onTextChange={(text) => update('localizationText', text)}
              hint={t('hints.localization')}
              error={errorText('localization')}
            />
          </>
        )}

        {step.id === 'password' && (
          <>
            <PasswordField
              id={fieldIds.password}
              label={t('fields.password')}
              name="password"
              autoComplete="new-password"
              required
              maxLength={128}
              showPolicy
              policyEmail={values.email}
              value={values.password}
              onChange={(event) => update('password', event.target.value)}
              error={errorText('password')}
            />
            <PasswordField
              id={fieldIds.passwordConfirmation}
              label={t('fields.passwordConfirmation')}
              name="password-confirmation"
              autoComplete="new-password"
              required
              maxLength={128}
              value={values.passwordConfirmation}
              onChange={(event) => update('passwordConfirmation', event.target.value)}
              error={errorText('passwordConfirmation')}
            />
            <div className="field">
              <label className="checkbox">
                <input
                  id={fieldIds.consent}
                  type="checkbox"
                  name="consent"
                  checked={values.consent}
                  aria-invalid={errors.consent ? true : undefined}
                  aria-describedby={errors.consent ? `${fieldIds.consent}-error` : undefined}
                  onChange={(event) => update('consent', event.target.checked)}
                />
                <span>{t('signUp.consent')}</span>
              </label>
              {errors.consent && (
                <p id={`${fieldIds.consent}-error`} className="field__error">
                  {t(`rules.${errors.consent}`)}
                </p>
              )}
            </div>
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
