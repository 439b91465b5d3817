// The candidate's soft skills on the dashboard: each family's share of the
// soft skills chosen in their records, each family opening its own page
// (which records show it). The guided tutorial points at the panel and at
// its families.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { LineIcon, isLineIconName } from '@/components/ui/line-icon';
import { Panel } from '@/components/ui/panel';
import { buildPath, paths } from '@/config/paths';
import { useNumberFormat } from '@/lib/i18n/format-number';

export function SoftSkillsPanel({ profile }: { profile: CandidateProfile }) {
  const { t } = useTranslation('candidate');
  const format = useNumberFormat();
  const shares = profile.softskill_percentages;
  const chosen = shares.some((share) => share.percentage > 0);
  return (
    <Panel titleId="soft-skills-title" title={t('softSkills.title')} testId="soft-skills-panel" tour="dashboard-softskills">
      <div className="panel__body">
        {!chosen && <p className="soft-skills__empty">{t('softSkills.none')}</p>}
        <ul className="soft-skills__families" data-tour="dashboard-softskill-families" aria-label={t('softSkills.families')}>
          {shares.map((share) => (
            <li key={share.id}>
              <Link className="soft-skills__family" to={buildPath(paths.candidateSoftSkillFamily, { id: String(share.id) })}>
                {isLineIconName(share.icon) && <LineIcon name={share.icon} className="soft-skills__icon" />}
                <span>{share.name}</span>
                <span className="soft-skills__share">{format.percent(share.percentage)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  );
}
