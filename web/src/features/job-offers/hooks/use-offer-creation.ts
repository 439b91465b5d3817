// The offer creation's flow: one react-hook-form form across the steps, the
// step on screen, and the moves between them. "Next" checks the step's own
// fields; "save as draft" and "publish" send the user back to the first
// incomplete step, and a 422 puts each message beside its field, on its step.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { usePermanentContracts } from '@/components/job-criteria/use-permanent-contracts';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRecheckShownErrors } from '@/lib/form/use-recheck-shown-errors';
import { useCreateOffer } from '../api/create-offer';
import {
  buildOfferRequest,
  defaultOfferForm,
  firstInvalidStep,
  type OfferCreation,
  type OfferField,
  type OfferFormValues,
  type OfferStep,
  offerFormSchema,
  offerServerFieldNames,
  offerSteps,
  stepFields,
  stepOfField,
} from '../utils/offer-form';

const offerFields = offerSteps.flatMap((step) => stepFields[step]);

export function useOfferCreation() {
  const permanentContracts = usePermanentContracts();
  const resolver = useMemo(() => zodResolver(offerFormSchema(permanentContracts)), [permanentContracts]);
  const form = useForm<OfferFormValues>({
    resolver,
    defaultValues: defaultOfferForm(),
    shouldFocusError: false,
  });
  const { trigger, setError, clearErrors, getValues } = form;
  useRecheckShownErrors(form);
  const [stepIndex, setStepIndex] = useState(0);
  const [created, setCreated] = useState<{ id: number; creation: OfferCreation } | null>(null);
  const createOffer = useCreateOffer();
  const step: OfferStep = offerSteps[stepIndex] ?? 'job';

  async function next(): Promise<void> {
    if (await trigger(stepFields[step])) setStepIndex((index) => Math.min(index + 1, offerSteps.length - 1));
  }

  function back(): void {
    clearErrors();
    setStepIndex((index) => Math.max(0, index - 1));
  }

  async function create(creation: OfferCreation): Promise<void> {
    const invalid = firstInvalidStep(getValues(), permanentContracts);
    if (invalid) {
      setStepIndex(offerSteps.indexOf(invalid));
      await trigger(stepFields[invalid]);
      return;
    }
    try {
      const answer = await createOffer.mutateAsync(buildOfferRequest(getValues(), creation, permanentContracts));
      setCreated({ id: answer.id, creation });
    } catch (error) {
      // The API client shows the error; a 422 also goes beside its fields, on their step.
      const applied = applyServerErrors<OfferFormValues, OfferField>(error, setError, offerFields, offerServerFieldNames);
      const first = applied?.fields[0];
      if (first) setStepIndex(offerSteps.indexOf(stepOfField(first)));
    }
  }

  return { form, step, stepIndex, created, creating: createOffer.isPending, next, back, create };
}
