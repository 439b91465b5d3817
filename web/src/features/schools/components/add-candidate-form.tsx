// Inviting one person to a campus. Nothing is attached until the person
// accepts: the server answers `invited` for any address that is not already
// one of the school's students (whether it has an account or not), or
// `already_your_student` when it is, after updating their campus, program and
// parcours. The page then says which, with the person's name.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { namedOptions, SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { ApiError } from '@/lib/api-client';
import { rulesSchema } from '@/lib/form/rules-schema';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useAddCandidate } from '../api/add-candidate';
import type { Campus, CampusCandidateOutcome } from '../api/school-types';
import { type CandidateFormValues, candidateRequest, checkCandidate, emptyCandidate } from '../utils/candidate-form';
import { FormAlert } from '@/components/ui/form-alert';
import { SchoolFormSubmit } from './school-form-submit';

const schema = rulesSchema(checkCandidate);
const fields = ['firstname', 'lastname', 'email', 'program', 'parcours'] as const;

/** What the form did, for the page's message: the server's outcome and who it was about. */
export type AddedCandidate = CampusCandidateOutcome & { name: string; email: string };

/**
 * What the last invitation did, said on the campus page once the dialog is
 * closed. The live region is there before the message, so that screen
 * readers read the message out when it comes.
 */
export function AddedCandidateMessage({ added }: { added: AddedCandidate | null }) {
  const { t } = useTranslation('school');
  return (
    <div role="status" data-testid="add-candidate-outcome">
      {added && (
        <p className="form-alert form-alert--success school-added-candidate">
          {added.outcome === 'invited'
            ? t('addCandidate.invited', { name: added.name, email: added.email })
            : t('addCandidate.alreadyYourStudent', { name: added.name })}
        </p>
      )}
    </div>
  );
}

export function AddCandidateForm({ campus, onDone }: { campus: Campus; onDone: (added: AddedCandidate) => void }) {
  const { t } = useTranslation('school');
  const ruleMessage = useRuleMessage();
  const parcours = useReferenceList('school/parcours');
  const add = useAddCandidate(campus.id);
  const { register, handleSubmit, setError, getValues, reset, formState } = useForm<CandidateFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyCandidate,
  });
  useUnsavedChanges(formState.isDirty);
  const { errors } = formState;
  const onSubmit = handleSubmit((values) => {
    const request = candidateRequest(values);
    add.mutate(request, {
      onSuccess: (result) => {
        reset(getValues());
        onDone({ ...result, name: `${request.firstname ?? ''} ${request.lastname ?? ''}`.trim(), email: request.email ?? '' });
      },
      onError: (error) => applyServerErrors(error, setError, fields),
    });
  });
  // A 422 lands on the fields; anything else is said above the button.
  const failure = add.error instanceof ApiError && add.error.status === 422 ? null : add.error;
  const tooMany = failure instanceof ApiError && (failure.status === 429 || failure.code === 'too_many_requests');

  return (
    <form className="school-form" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="add-candidate-form">
      <div className="school-form__row">
        <TextField id="candidate-firstname" label={t('addCandidate.firstname')} required autoComplete="off" {...register('firstname')} error={ruleMessage(errors.firstname)} />
        <TextField id="candidate-lastname" label={t('addCandidate.lastname')} required autoComplete="off" {...register('lastname')} error={ruleMessage(errors.lastname)} />
      </div>
      <TextField id="candidate-email" label={t('addCandidate.email')} type="email" required autoComplete="off" {...register('email')} error={ruleMessage(errors.email)} />
      <div className="school-form__row">
        <SelectField
          id="candidate-program"
          label={t('addCandidate.program')}
          required
          placeholder={t('addCandidate.choose')}
          options={namedOptions(campus.programs)}
          {...register('program')}
          error={ruleMessage(errors.program)}
        />
        <SelectField
          id="candidate-parcours"
          label={t('addCandidate.parcours')}
          placeholder={t('addCandidate.none')}
          options={namedOptions(parcours.data)}
          {...register('parcours')}
          error={ruleMessage(errors.parcours)}
        />
      </div>
      <p className="school-form__hint">{t('addCandidate.invitationHint')}</p>
      {failure && <FormAlert testId="add-candidate-error">{t(tooMany ? 'addCandidate.tooMany' : 'addCandidate.failed')}</FormAlert>}
      <SchoolFormSubmit pending={add.isPending}>{t('addCandidate.submit')}</SchoolFormSubmit>
    </form>
  );
}
