// The candidate sign-up, in the steps a newcomer expects:
//   1. "Vous / About you": first name, last name, date of birth;
//   2. "Coordonnées / Contact details": email, phone, place of residence (picker);
//   3. "Mot de passe / Password": password with the live policy checklist,
//      confirmation, consent to the terms of use;
// then a "check your inbox" screen. "Back" and "Continue" keep every value.
// The flow (checks, focus, request) is hooks/use-candidate-sign-up.ts; the
// fields of each step are sign-up-step-fields.tsx; this is the card around them.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { Stepper } from '@/components/ui/stepper';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCandidateSignUp } from '../hooks/use-candidate-sign-up';
import { describeAuthError } from '../utils/auth-errors';
import { signUpSteps } from '../utils/sign-up-steps';
import { AuthCard } from './auth-card';
import { CheckInbox } from './check-inbox';
import { SignUpStepFields } from './sign-up-step-fields';

export function CandidateSignUp() {
  const { t } = useTranslation('auth');
  const { form, signUp, step, stepIndex, lastStep, done, headingRef, submit, goBack } = useCandidateSignUp();

  if (done) return <CheckInbox email={form.getValues('email').trim()} />;

  const fieldsFailed = signUp.error instanceof ApiError && signUp.error.status === 422;
  const serverFailure = signUp.error && !fieldsFailed ? describeAuthError(signUp.error) : null;
  const progress = t('signUp.progress', { current: stepIndex + 1, total: signUpSteps.length });

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
        label={progress}
        steps={signUpSteps.map((item) => ({ key: item.id, label: t(`signUp.steps.${item.id}`) }))}
        current={stepIndex}
        numbersHidden
      />

      <form
        className="auth-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        data-step={step.id}
      >
        <p className="stepper__progress">{progress}</p>
        <h2 className="auth-form__step-title" ref={headingRef} tabIndex={-1}>
          {t(`signUp.steps.${step.id}`)}
        </h2>
        <p className="auth-form__step-intro">{t(`signUp.stepIntro.${step.id}`)}</p>

        {serverFailure && <FormAlert testId="sign-up-error">{t(serverFailure.key, serverFailure.values)}</FormAlert>}
        {fieldsFailed && (
          <FormAlert testId="sign-up-error">
            {t(Object.keys(form.formState.errors).length > 0 ? 'errors.fixFields' : 'errors.validationFailed')}
          </FormAlert>
        )}

        <SignUpStepFields step={step} form={form} />

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
