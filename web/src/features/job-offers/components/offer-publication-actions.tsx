// Publish or close one of the partner's offers: a draft or a closed offer can
// be published, a published one closed, after a confirmation (candidates can
// no longer apply; the applications stay).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/dialog';
import { showToast } from '@/lib/toasts';
import { useChangeOfferPublication } from '../api/change-offer-publication';
import type { Offer } from '../api/offer-types';

export function OfferPublicationActions({ offer }: { offer: Pick<Offer, 'id' | 'title' | 'status'> }) {
  const { t } = useTranslation('offers');
  const change = useChangeOfferPublication();
  const [confirming, setConfirming] = useState(false);

  function publish() {
    change.mutate(
      { id: offer.id, change: 'publication' },
      { onSuccess: () => showToast(t('actions.published', { title: offer.title }), 'success') },
    );
  }

  function close() {
    change.mutate(
      { id: offer.id, change: 'closure' },
      {
        onSuccess: () => showToast(t('actions.closed', { title: offer.title }), 'success'),
        onSettled: () => setConfirming(false),
      },
    );
  }

  if (offer.status !== 'published') {
    return (
      <button type="button" className="button button--primary" disabled={change.isPending} onClick={publish} data-testid="publish-offer">
        {t('actions.publish')}
        <span className="visually-hidden"> {offer.title}</span>
      </button>
    );
  }
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)} data-testid="close-offer">
        {t('actions.close')}
        <span className="visually-hidden"> {offer.title}</span>
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('actions.closeTitle')}
          message={t('actions.closeMessage', { title: offer.title })}
          confirmLabel={t('actions.closeConfirm')}
          cancelLabel={t('actions.cancel')}
          busy={change.isPending}
          onConfirm={close}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
