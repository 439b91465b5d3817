// The fields of each step of the candidate sign-up, registered on the one
// form the steps share: who you are, how to reach you, and the password with
// its live policy checklist (the email is asked first so the checklist can
// already check "not your email"), the consent to the terms of use and the
// optional product news, unticked until the person ticks it.
import type { ComponentType } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/checkbox-field';
import { ConsentField } from './consent-field';
import { TextField } from '@/components/form/text-field';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { type SignUpStep, signUpFieldIds as ids } from '../utils/sign-up-steps';
import { type CandidateSignUpValues, maxLengths, type SignUpField } from '../utils/sign-up-validation';
import { EmailField } from './email-field';
import { NewPasswordField } from './password-field';

type StepProps = { form: UseFormReturn<CandidateSignUpValues>; errorText: (field: SignUpField) => string | undefined };

function AboutYouFields({ form: { register }, errorText }: StepProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <div className="field-row">
        <TextField id={ids.firstname} label={t('fields.firstname')} autoComplete="given-name" required maxLength={maxLengths.firstname} {...register('firstname')} error={errorText('firstname')} />
        <TextField id={ids.lastname} label={t('fields.lastname')} autoComplete="family-name" required maxLength={maxLengths.lastname} {...register('lastname')} error={errorText('lastname')} />
      </div>
      <TextField
        id={ids.birthdate}
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
  );
}

function ContactFields({ form: { register, control, setValue }, errorText }: StepProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <EmailField id={ids.email} autoComplete="email" maxLength={maxLengths.email} {...register('email')} error={errorText('email')} />
      <TextField
        id={ids.phone}
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
            id={ids.localization}
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
  );
}

function PasswordFields({ form: { register, control }, errorText }: StepProps) {
  const { t } = useTranslation('auth');
  const [email, password, firstname, lastname] = useWatch({ control, name: ['email', 'password', 'firstname', 'lastname'] });
  return (
    <>
      <NewPasswordField
        id={ids.password}
        label={t('fields.password')}
        showPolicy
        policyEmail={email}
        policyNames={{ firstname, lastname }}
        policyValue={password}
        {...register('password')}
        error={errorText('password')}
      />
      <NewPasswordField id={ids.passwordConfirmation} label={t('fields.passwordConfirmation')} {...register('passwordConfirmation')} error={errorText('passwordConfirmation')} />
      <ConsentField id={ids.consent} {...register('consent')} error={errorText('consent')} />
      <CheckboxField id={ids.productNews} label={t('signUp.productNews')} hint={t('signUp.productNewsHint')} {...register('productNews')} />
    </>
  );
}

const fieldsOfStep: Record<SignUpStep['id'], ComponentType<StepProps>> = {
  you: AboutYouFields,
  contact: ContactFields,
  password: PasswordFields,
};

export function SignUpStepFields({ step, form }: { step: SignUpStep; form: UseFormReturn<CandidateSignUpValues> }) {
  const ruleMessage = useRuleMessage();
  const { errors } = form.formState;
  const Fields = fieldsOfStep[step.id];
  return <Fields form={form} errorText={(field) => ruleMessage(errors[field], field)} />;
}
