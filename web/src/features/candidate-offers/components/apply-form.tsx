// Applying to an offer: an optional note to the recruiter (plain text, at most
// 2,000 characters, counted as one types), and what applying shares (the whole
// profile, with this company, for this offer).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/form/text-area-field';
import { showToast } from '@/lib/toasts';
import { noteMaxLength, useApplyToOffer } from '../api/apply-to-offer';

export function ApplyForm({ offerId, company }: { offerId: number; company: string }) {
  const { t } = useTranslation('candidateOffers');
  const apply = useApplyToOffer();
  const [note, setNote] = useState('');
  const shareId = useId();
  const tooLong = note.length > noteMaxLength;
  return (
    <form
      className="apply-form"
      data-testid="apply-form"
      noValidate
      aria-describedby={shareId}
      onSubmit={(event) => {
        event.preventDefault();
        if (tooLong) return;
        apply.mutate({ offerId, note }, { onSuccess: () => showToast(t('apply.done'), 'success') });
      }}
    >
      <p id={shareId} className="apply-form__share">{t('apply.shares', { company })}</p>
      <TextAreaField
        id="application-note"
        label={t('apply.note')}
        hint={t('apply.noteHint', { count: noteMaxLength - note.length })}
        rows={4}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={tooLong ? t('apply.noteTooLong', { max: noteMaxLength }) : undefined}
      />
      <button type="submit" className="button button--primary" disabled={apply.isPending} data-testid="apply">
        {apply.isPending ? t('apply.sending') : t('apply.button')}
      </button>
    </form>
  );
}
