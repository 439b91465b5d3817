// Adding one person to a campus. A new email gets an account and an invitation
// to choose a password; an email that already has a candidate account is
// attached only once the school confirms it (the server's 409
// `candidate_exists`, answered by sending again with `force`).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
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
import type { Campus, CampusCandidateAdded } from '../api/school-types';
import { type CandidateFormValues, candidateRequest, checkCandidate, emptyCandidate } from '../utils/candidate-form';
import { FormAlert } from '@/components/ui/form-alert';
import { SchoolFormSubmit } from './school-form-submit';

const schema = rulesSchema(checkCandidate);
const fields = ['firstname', 'lastname', 'email', 'program', 'parcours'] as const;

export function AddCandidateForm({ campus, onDone }: { campus: Campus; onDone: (added: CampusCandidateAdded) => void }) {
  const { t } = useTranslation('school');
  const ruleMessage = useRuleMessage();
  const parcours = useReferenceList('school/parcours');
  const add = useAddCandidate(campus.id);
  const [existing, setExisting] = useState(false);
  const { register, handleSubmit, setError, getValues, reset, formState } = useForm<CandidateFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyCandidate,
  });
  useUnsavedChanges(formState.isDirty);
  const { errors } = formState;
  const send = (values: CandidateFormValues, force: boolean) =>
    add.mutate(candidateRequest(values, force), {
      onSuccess: (added) => {
        reset(getValues());
        onDone(added);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'candidate_exists') setExisting(true);
        else applyServerErrors(error, setError, fields);
      },
    });
  const onSubmit = handleSubmit((values) => send(values, false));
  const failure = add.error instanceof ApiError ? add.error : null;

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
      {existing && (
        <FormAlert tone="info" testId="candidate-exists" className="school-candidate-exists">
          <p>{t('addCandidate.exists')}</p>
          <button type="button" className="button button--primary" onClick={() => send(getValues(), true)} disabled={add.isPending}>
            {t('addCandidate.attach')}
          </button>
        </FormAlert>
      )}
      {failure?.code === 'email_taken' && <FormAlert>{t('addCandidate.notACandidate')}</FormAlert>}
      <SchoolFormSubmit pending={add.isPending}>{t('addCandidate.submit')}</SchoolFormSubmit>
    </form>
  );
}
