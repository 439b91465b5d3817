// The candidate sign-up's flow: one react-hook-form form across the steps,
// the step on screen, where the focus goes after a step change or a failed
// check, and the request at the end. "Continue" checks only the fields of the
// current step (on the last step, every step, back to the first failing one);
// a 422 puts each message beside its field and goes back to the first step
// holding one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRecheckShownErrors } from '@/lib/form/use-recheck-shown-errors';
import { useSignUpCandidate } from '../api/sign-up-candidate';
import { signUpFieldIds, signUpFields, signUpSteps, stepOfField } from '../utils/sign-up-steps';
import { isLocated } from '@/components/localization-picker/localization-value';
import { type CandidateSignUpValues, emptySignUpValues, type SignUpField, signUpSchema, toSignUpRequest } from '../utils/sign-up-validation';

export function useCandidateSignUp() {
  const { i18n } = useTranslation('auth');
  const signUp = useSignUpCandidate();
  const form = useForm<CandidateSignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: emptySignUpValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { trigger, setError, getValues, getFieldState } = form;
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
    else if (target !== 'localizationText') document.getElementById(signUpFieldIds[target])?.focus();
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

  async function submit(): Promise<void> {
    if (!(await checkStep())) return;
    if (!lastStep) {
      setStepIndex(stepIndex + 1);
      setFocusTarget('heading');
      return;
    }
    const values = getValues();
    // the step's checks require the place: a checked form has one
    if (!isLocated(values)) return;
    signUp.mutate(toSignUpRequest(values, i18n.resolvedLanguage ?? i18n.language), {
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

  return { form, signUp, step, stepIndex, lastStep, done, headingRef, submit, goBack };
}
