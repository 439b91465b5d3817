// "Withdraw" for one of the candidate's open applications, after a
// confirmation: the partner no longer reads the profile through it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/dialog';
import { showToast } from '@/lib/toasts';
import { useWithdrawApplication } from '../api/withdraw-application';

export function WithdrawButton({ applicationId, offerTitle }: { applicationId: number; offerTitle: string }) {
  const { t } = useTranslation('candidateOffers');
  const withdraw = useWithdrawApplication();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setConfirming(true)} data-testid="withdraw-application">
        {t('withdraw.button')}
        <span className="visually-hidden"> {offerTitle}</span>
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('withdraw.title')}
          message={t('withdraw.message', { title: offerTitle })}
          confirmLabel={t('withdraw.confirm')}
          cancelLabel={t('withdraw.cancel')}
          busy={withdraw.isPending}
          onConfirm={() =>
            withdraw.mutate(applicationId, {
              onSuccess: () => showToast(t('withdraw.done', { title: offerTitle }), 'success'),
              onSettled: () => setConfirming(false),
            })
          }
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
