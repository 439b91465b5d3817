// "Contact" on a candidate of the partner's sourcing (a hit, a saved
// candidate, the candidate's panel): opens the dialog that writes to them.
// Where the partner's request to them is waiting it reads "Request sent"
// instead, and once they accepted it leads to the conversation. The sent
// state is the partner's list of requests, or the answer of the request just
// sent; it stays focusable (`aria-disabled`) so that the focus, given back to
// it when the dialog closes, is not lost.
import '../styles/contact-dialog.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toasts';
import { type ContactRequest, useSentContactRequests } from '../api/get-sent-contact-requests';
import { conversationSearch } from '../utils/conversation-link';
import { ContactRequestDialog, type OfferChoice } from './contact-request-dialog';

/** The request that decides the button: the newest one to this candidate still waiting or accepted. */
function openRequestTo(requests: readonly ContactRequest[] | undefined, candidateId: number): ContactRequest | null {
  return requests?.find((request) => request.candidate_id === candidateId && (request.state === 'pending' || request.state === 'accepted')) ?? null;
}

export function ContactCandidateButton({ candidateId, name, offers }: { candidateId: number; name: string; offers?: readonly OfferChoice[] }) {
  const { t } = useTranslation('contacts');
  const sentRequests = useSentContactRequests();
  const [justSent, setJustSent] = useState<ContactRequest | null>(null);
  const [open, setOpen] = useState(false);
  const request = justSent ?? openRequestTo(sentRequests.data?.requests, candidateId);

  if (request?.state === 'accepted') {
    return (
      <Link
        className="button button--secondary contact-button"
        to={{ pathname: paths.partnerMessages, search: conversationSearch(request.id) }}
        aria-label={t('button.conversationWith', { name })}
        data-testid="contact-candidate"
        data-state="accepted"
      >
        {t('button.conversation')}
      </Link>
    );
  }
  if (request?.state === 'pending') {
    return (
      <button
        type="button"
        className="button button--secondary contact-button"
        aria-disabled="true"
        aria-label={t('button.sentTo', { name })}
        data-testid="contact-candidate"
        data-state="pending"
      >
        {t('button.sent')}
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--primary contact-button"
        aria-label={t('button.contactName', { name })}
        aria-haspopup="dialog"
        data-testid="contact-candidate"
        data-state="none"
        onClick={() => setOpen(true)}
      >
        {t('button.contact')}
      </button>
      {open && (
        <ContactRequestDialog
          candidateId={candidateId}
          name={name}
          offers={offers}
          onClose={() => setOpen(false)}
          onSent={(sent) => {
            setJustSent(sent);
            setOpen(false);
            showToast(t('button.sentToast', { name }), 'success');
          }}
        />
      )}
    </>
  );
}
