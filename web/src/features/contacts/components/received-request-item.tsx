// One contact request waiting for the candidate's answer: the company, the
// recruiter and their role, the offer it is about, the message as the
// recruiter wrote it (plain text with its line breaks: never read as HTML nor
// turned into links), how the candidate fits that offer (drawn by the `fit`
// slot the app gives, as the offers pages draw it), when it came and until
// when it waits; Accept, Decline and "Block this company" (the last two ask
// first, in the card).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '@/api/schemas';
import type { ReceivedContactRequest } from '../api/get-received-contact-requests';
import type { ContactRequest } from '../api/get-sent-contact-requests';
import { useRequestDates } from '../hooks/use-request-dates';

/** Draws how the candidate fits the offer a request is about (score and explanation). */
export type OfferFitView = (fit: { score: number | null; breakdown: Schemas['Explanation']; place: string }) => ReactNode;

/** What the candidate may do with a waiting request. */
export type ReceivedRequestAction = 'accept' | 'decline' | 'block';

export function recruiterName(request: ContactRequest): string {
  return `${request.recruiter_firstname} ${request.recruiter_lastname}`.trim();
}

export function ReceivedRequestItem({
  request,
  busy,
  onAction,
  fit,
}: {
  request: ReceivedContactRequest;
  busy: boolean;
  onAction: (action: ReceivedRequestAction) => void;
  fit?: OfferFitView;
}) {
  const { t } = useTranslation('contacts');
  const dates = useRequestDates();
  const recruiter = [recruiterName(request), request.recruiter_role].filter(Boolean).join(' · ');
  return (
    <li className="received-request" data-testid="received-request">
      <div className="received-request__who">
        <p className="received-request__company">{request.company}</p>
        <p className="received-request__recruiter">{recruiter}</p>
        {request.offer_title && <p className="received-request__offer">{t('received.about', { offer: request.offer_title })}</p>}
      </div>
      <p className="received-request__message" data-testid="received-request-message">
        {request.message}
      </p>
      {fit && request.offer_breakdown && (
        <section className="received-request__fit" aria-label={t('received.fitLabel', { offer: request.offer_title ?? '' })}>
          <p className="received-request__fit-title">{t('received.fitTitle')}</p>
          {fit({ score: request.offer_score ?? null, breakdown: request.offer_breakdown, place: request.offer_place ?? '' })}
        </section>
      )}
      <p className="received-request__when">
        {t('received.when', { received: dates.day(request.created_at), expires: dates.day(request.expires_at) })}
      </p>
      <div className="received-request__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-label={t('received.acceptLabel', { company: request.company })}
          onClick={() => onAction('accept')}
        >
          {t('received.accept')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-label={t('received.declineLabel', { company: request.company })}
          onClick={() => onAction('decline')}
        >
          {t('received.decline')}
        </button>
        <button
          type="button"
          className="button button--ghost received-request__block"
          disabled={busy}
          aria-label={t('received.blockLabel', { company: request.company })}
          onClick={() => onAction('block')}
        >
          {t('received.block')}
        </button>
      </div>
    </li>
  );
}
