// The dialog in which a partner writes to a candidate they found: the message
// (20 to 2,000 characters, counted as the server counts them while typing)
// and, if they like, the offer it is about. What the server refuses shows in
// the dialog: a rule beside its field, anything else above the form, in the
// user's language (the candidate no longer reachable, a request already open
// or declined lately, the daily quota spent).
import '../styles/contact-dialog.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError, isDailyQuotaReached } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useApiErrorMessage } from '@/lib/use-api-error-message';
import { useCreateContactRequest } from '../api/create-contact-request';
import type { ContactRequest } from '../api/get-sent-contact-requests';
import { characterCount, contactMessageBounds, contactRequestSchema, type ContactRequestValues } from '../utils/message-rules';

/** One of the partner's offers, as the dialog offers to name it. */
export type OfferChoice = { id: number; title: string };

export type ContactRequestDialogProps = {
  candidateId: number;
  /** The candidate's name, as the partner sees it. */
  name: string;
  /** The partner's offers; the choice is left out while there is none. */
  offers?: readonly OfferChoice[];
  onSent: (request: ContactRequest) => void;
  onClose: () => void;
};

export function ContactRequestDialog({ candidateId, name, offers = [], onSent, onClose }: ContactRequestDialogProps) {
  const { t } = useTranslation('contacts');
  const introId = useId();
  const ruleMessage = useRuleMessage();
  const errorMessage = useApiErrorMessage();
  const create = useCreateContactRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, control, formState } = useForm<ContactRequestValues>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { message: '', offerId: '' },
  });
  const count = characterCount(useWatch({ control, name: 'message' }));

  const failureText = (error: unknown): string => {
    if (error instanceof ApiError && error.status === 404) return t('dialog.unavailable', { name });
    if (isDailyQuotaReached(error)) return t('dialog.quotaReached');
    return errorMessage(error);
  };

  const submit = handleSubmit(async ({ message, offerId }) => {
    setFailure(null);
    try {
      const request = await create.mutateAsync({
        candidate_id: candidateId,
        message: message.trim(),
        offer_id: offerId === '' ? null : Number(offerId),
      });
      onSent(request);
    } catch (error) {
      const placed = applyServerErrors(error, setError, ['message', 'offerId']);
      if (!placed || placed.fields.length === 0) setFailure(failureText(error));
    }
  });

  return (
    <Dialog
      title={t('dialog.title', { name })}
      onClose={onClose}
      closeLabel={t('dialog.cancel')}
      describedBy={introId}
      testId="contact-dialog"
    >
      <p id={introId} className="contact-dialog__intro">
        {t('dialog.intro', { name })}
      </p>
      {failure && <FormAlert testId="contact-dialog-error">{failure}</FormAlert>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextAreaField
          id="contact-message"
          label={t('dialog.message')}
          hint={
            <>
              {t('dialog.messageHint', { min: contactMessageBounds.minLength, max: contactMessageBounds.maxLength })}{' '}
              <span className="contact-dialog__count" data-testid="contact-message-count" data-over={count > contactMessageBounds.maxLength}>
                {t('dialog.count', { used: count, max: contactMessageBounds.maxLength })}
              </span>
            </>
          }
          rows={7}
          required
          {...register('message')}
          error={ruleMessage(formState.errors.message)}
          data-autofocus
        />
        {offers.length > 0 && (
          <SelectField
            id="contact-offer"
            label={t('dialog.offer')}
            placeholder={t('dialog.noOffer')}
            options={offers.map((offer) => ({ value: offer.id, label: offer.title }))}
            {...register('offerId')}
            error={ruleMessage(formState.errors.offerId)}
          />
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={formState.isSubmitting} data-testid="contact-send">
            {formState.isSubmitting ? t('dialog.sending') : t('dialog.send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
