// Languages with their flag and level, and the soft-skill families as a share
// chart whose names open each family's page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { Flag } from '@/components/ui/flag';
import { ShareChart } from '@/components/ui/share-chart';
import { buildPath, paths } from '@/config/paths';
import { useLanguageLevel } from '@/lib/i18n/language-level';

export function LanguagesSection({ profile }: { profile: CandidateProfile }) {
  const { t } = useTranslation('publicProfile');
  const levelText = useLanguageLevel();
  return (
    <section className="public-profile__section" aria-labelledby="public-languages-title" data-testid="public-languages">
      <h2 id="public-languages-title">{t('sections.languages')}</h2>
      {profile.languages.length === 0 ? (
        <p className="public-profile__empty">{t('empty.languages')}</p>
      ) : (
        <ul className="public-profile__languages">
          {profile.languages.map((language) => (
            <li key={language.id}>
              <Flag flag={language.flag} /> <strong>{language.name}</strong>{' '}
              <span className="public-profile__level">{levelText(language.level)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SoftSkillFamiliesChart({ profile, currentId }: { profile: CandidateProfile; currentId?: number }) {
  const { t, i18n } = useTranslation('publicProfile');
  return (
    <ShareChart
      shares={profile.softskill_percentages}
      caption={t('softskills.caption', { name: profile.firstname })}
      nameHeader={t('softskills.family')}
      shareHeader={t('softskills.share')}
      locale={i18n.resolvedLanguage ?? i18n.language}
      currentId={currentId}
      renderName={(share) =>
        share.id === currentId ? (
          share.name
        ) : (
          <Link to={buildPath(paths.publicSoftSkillFamily, { slug: profile.slug, id: share.id })}>{share.name}</Link>
        )
      }
    />
  );
}

export function SoftSkillsSection({ profile }: { profile: CandidateProfile }) {
  const { t } = useTranslation('publicProfile');
  const chosen = profile.softskill_percentages.some((share) => share.percentage > 0);
  return (
    <section className="public-profile__section" aria-labelledby="public-softskills-title" data-testid="public-softskills">
      <h2 id="public-softskills-title">{t('sections.softskills')}</h2>
      {chosen ? <SoftSkillFamiliesChart profile={profile} /> : <p className="public-profile__empty">{t('empty.softskills')}</p>}
    </section>
  );
}
