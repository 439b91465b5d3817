// The candidate's soft skills by family, as bars (a share of 100 each), the
// family of the page drawn darker. The bars are drawn in SVG; the figures are
// also in the text of each row, so a screen reader reads the same thing.
import { useTranslation } from 'react-i18next';
import type { SoftSkillShare } from '@/api/candidates/get-candidate';

const barWidth = 100;

export function FamilyChart({ shares, currentId }: { shares: readonly SoftSkillShare[]; currentId: number }) {
  const { t } = useTranslation('profile');
  return (
    <ul className="family-chart" aria-label={t('family.chartLabel')} data-testid="family-chart">
      {shares.map((share) => {
        const percent = Math.max(0, Math.min(100, share.percentage));
        return (
          <li key={share.id} className="family-chart__row" data-current={share.id === currentId}>
            <span>{share.name}</span>
            <svg viewBox={`0 0 ${barWidth} 12`} preserveAspectRatio="none" aria-hidden="true" focusable="false" className="family-chart__track">
              <rect x="0" y="0" width={(barWidth * percent) / 100} height="12" rx="6" className="family-chart__bar" />
            </svg>
            <span>{t('family.percent', { percent })}</span>
          </li>
        );
      })}
    </ul>
  );
}
