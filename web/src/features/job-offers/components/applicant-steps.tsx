// The buttons that move an applicant to another step: shortlist, interview,
// hire, decline (those the application is not at already). Hiring and
// declining end the application, so they ask first. An application that ended
// (hired, declined, withdrawn) has no buttons.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/dialog';
import { isOpenApplication } from '@/components/ui/status-tag';
import { showToast } from '@/lib/toasts';
import { type ApplicantStep, useMoveApplicant } from '../api/move-applicant';
import type { Applicant } from '../api/offer-types';

const moves: readonly ApplicantStep[] = ['shortlisted', 'interview', 'hired', 'declined'];
const endingSteps: ReadonlySet<ApplicantStep> = new Set(['hired', 'declined']);

export function ApplicantSteps({ applicant, name }: { applicant: Applicant; name: string }) {
  const { t } = useTranslation('offers');
  const move = useMoveApplicant();
  const [confirming, setConfirming] = useState<ApplicantStep | null>(null);
  if (!isOpenApplication(applicant.status)) return null;

  function moveTo(status: ApplicantStep) {
    move.mutate(
      { applicationId: applicant.id, status },
      {
        onSuccess: () => showToast(t(`applicants.moved.${status}`, { name }), 'success'),
        onSettled: () => setConfirming(null),
      },
    );
  }

  return (
    <div className="applicant__steps" role="group" aria-label={t('applicants.moveLabel', { name })}>
      {moves
        .filter((status) => status !== applicant.status)
        .map((status) => (
          <button
            key={status}
            type="button"
            className={`button ${status === 'declined' ? 'button--ghost' : 'button--secondary'}`}
            disabled={move.isPending}
            data-testid={`move-${status}`}
            onClick={() => (endingSteps.has(status) ? setConfirming(status) : moveTo(status))}
          >
            {t(`applicants.move.${status}`)}
          </button>
        ))}
      {confirming && (
        <ConfirmDialog
          title={t(`applicants.confirm.${confirming}.title`, { name })}
          message={t(`applicants.confirm.${confirming}.message`, { name })}
          confirmLabel={t(`applicants.move.${confirming}`)}
          cancelLabel={t('actions.cancel')}
          busy={move.isPending}
          onConfirm={() => moveTo(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
