// The question before refusing a sign-up or suspending an account: the reason,
// which the person receives by email (1 to 1000 characters, checked here with
// the server's rule). The server's refusal shows in the dialog: a rule beside
// the field, anything else (the account changed meanwhile) above the form.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/form/text-area-field';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useApiErrorMessage } from '@/lib/use-api-error-message';
import { reasonBounds, reasonSchema, type ReasonValues } from '../utils/standing-rules';

export type ReasonDialogProps = {
  title: string;
  /** What happens, said before the field. */
  intro: string;
  submitLabel: string;
  /** Sends the reason (trimmed); a rejection is shown in the dialog. */
  onSubmit: (reason: string) => Promise<unknown>;
  onCancel: () => void;
};

export function ReasonDialog({ title, intro, submitLabel, onSubmit, onCancel }: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  const introId = useId();
  const ruleMessage = useRuleMessage();
  const errorMessage = useApiErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ReasonValues>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onSubmit(reason.trim());
    } catch (error) {
      const placed = applyServerErrors(error, setError, ['reason']);
      if (!placed || placed.fields.length === 0) setFailure(errorMessage(error));
    }
  });

  return (
    <Dialog title={title} onClose={onCancel} closeLabel={t('reason.cancel')} size="narrow" describedBy={introId} testId="reason-dialog">
      <p id={introId}>{intro}</p>
      {failure && <FormAlert testId="reason-error">{failure}</FormAlert>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextAreaField
          id="standing-reason"
          label={t('reason.label')}
          hint={t('reason.hint', { max: reasonBounds.maxLength })}
          rows={4}
          maxLength={reasonBounds.maxLength}
          required
          {...register('reason')}
          error={ruleMessage(formState.errors.reason)}
          data-autofocus
        />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('reason.cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={formState.isSubmitting} data-testid="reason-submit">
            {formState.isSubmitting ? t('reason.sending') : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
