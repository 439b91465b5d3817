// The saved candidates of a search who are no longer available to the
// partner: they hid their profile, stopped looking or left. The server says
// nothing else of them than their id, so each shows as one anonymous line,
// with a button to remove the save.
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toasts';
import { useUnsaveCandidate } from '../api/save-candidate';

export function NoLongerAvailable({ searchId, candidateIds }: { searchId: number; candidateIds: readonly number[] }) {
  const { t } = useTranslation('sourcing');
  const unsave = useUnsaveCandidate();
  if (candidateIds.length === 0) return null;

  const remove = (candidateId: number) =>
    unsave.mutate(
      { searchId, candidateId },
      { onSuccess: () => showToast(t('noLongerAvailable.removed'), 'success') },
    );

  return (
    <section className="no-longer-available" aria-labelledby="no-longer-available-title" data-testid="no-longer-available">
      <h2 id="no-longer-available-title" className="no-longer-available__title">
        {t('noLongerAvailable.title', { count: candidateIds.length })}
      </h2>
      <p className="no-longer-available__hint">{t('noLongerAvailable.hint')}</p>
      <ul className="no-longer-available__list">
        {candidateIds.map((candidateId, index) => (
          <li key={candidateId} className="no-longer-available__item">
            <span>{t('noLongerAvailable.item', { number: index + 1 })}</span>
            <button
              type="button"
              className="button button--ghost"
              disabled={unsave.isPending && unsave.variables?.candidateId === candidateId}
              aria-label={t('noLongerAvailable.removeLabel', { number: index + 1 })}
              onClick={() => remove(candidateId)}
            >
              {t('noLongerAvailable.remove')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
