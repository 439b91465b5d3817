// An account's standing as a coloured tag: waiting (amber), approved (green),
// refused or suspended (red). The colour repeats the word, never replaces it.
import { useTranslation } from 'react-i18next';
import type { AccountStanding } from '../api/admin-types';

const tones: Record<AccountStanding, string> = {
  pending: 'tag tag--warning',
  approved: 'tag tag--success',
  refused: 'tag tag--error',
  suspended: 'tag tag--error',
};

export function StandingBadge({ standing }: { standing: AccountStanding }) {
  const { t } = useTranslation('admin');
  return (
    <span className={tones[standing]} data-testid="standing-badge" data-standing={standing}>
      {t(`standings.${standing}`)}
    </span>
  );
}
