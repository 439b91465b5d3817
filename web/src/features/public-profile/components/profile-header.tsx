// The top of a shared profile, as a recruiter reads it first: who (name,
// headline, photo, commune), and what they look for (contracts, fields,
// places, from when).
import { useTranslation } from 'react-i18next';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { formatDate } from '@/lib/format-date';

function initials(profile: CandidateProfile): string {
  return `${profile.firstname.charAt(0)}${profile.lastname.charAt(0)}`.toUpperCase();
}

export function ProfileHeader({ profile }: { profile: CandidateProfile }) {
  const { t, i18n } = useTranslation('publicProfile');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const name = `${profile.firstname} ${profile.lastname}`;
  const facts: { key: string; label: string; value: string }[] = [];
  if (profile.localization) facts.push({ key: 'lives', label: t('header.lives'), value: profile.localization.value });
  facts.push({
    key: 'availability',
    label: t('header.availability'),
    value: profile.availability ? formatDate(profile.availability, locale) : t('header.availableNow'),
  });
  if (profile.contract_types.length > 0) {
    facts.push({ key: 'contracts', label: t('header.contracts'), value: profile.contract_types.map((item) => item.name).join(', ') });
  }
  if (profile.job_categories.length > 0) {
    facts.push({ key: 'fields', label: t('header.fields'), value: profile.job_categories.map((item) => item.name).join(', ') });
  }
  if (profile.job_localizations.length > 0) {
    facts.push({ key: 'places', label: t('header.places'), value: profile.job_localizations.map((place) => place.value).join(', ') });
  }
  if (profile.contract_min_duration > 0) {
    facts.push({ key: 'duration', label: t('header.duration'), value: t('header.months', { count: profile.contract_min_duration }) });
  }
  if (profile.degree) facts.push({ key: 'degree', label: t('header.degree'), value: profile.degree.name });
  return (
    <header className="public-profile__header">
      {profile.profile_picture ? (
        <img className="public-profile__photo" src={profile.profile_picture.url} alt={t('header.photo', { name })} />
      ) : (
        <span className="public-profile__photo public-profile__photo--initials" aria-hidden="true">
          {initials(profile)}
        </span>
      )}
      <div className="public-profile__identity">
        <h1 className="page-title">{name}</h1>
        {profile.headline && <p className="public-profile__headline">{profile.headline}</p>}
        <dl className="public-profile__facts">
          {facts.map((fact) => (
            <div key={fact.key} className="public-profile__fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}
