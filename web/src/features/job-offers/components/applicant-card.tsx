// One applicant of an offer: their name (to their profile, which applying
// shares with the partner), headline and email, when they applied, their step
// and the buttons to move it, the note they wrote (plain text), and how they
// match the offer (`fit`: the score and its explanation, which the app takes
// from sourcing).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApplicationStepTag } from '@/components/ui/status-tag';
import { buildPath, paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import type { Applicant, MatchExplanation } from '../api/offer-types';
import { ApplicantSteps } from './applicant-steps';

/** How a candidate matches an offer, as the page shows it: `score` and `breakdown` are null when they no longer do. */
export type MatchFit = { score: number | null; breakdown: MatchExplanation | null; place: string; name: string };

/** Draws a match (the score and why); the app gives sourcing's. */
export type MatchFitView = (fit: MatchFit) => ReactNode;

export function ApplicantCard({ applicant, place, fit }: { applicant: Applicant; place: string; fit: MatchFitView }) {
  const { t, i18n } = useTranslation('offers');
  const name = `${applicant.firstname} ${applicant.lastname}`.trim();
  const profile = buildPath(paths.publicProfile, { slug: applicant.slug ?? applicant.candidate_id });
  return (
    <li className="applicant" data-testid="applicant" data-applicant-id={applicant.id}>
      <div className="applicant__head">
        <div>
          <h3 className="applicant__name">
            <Link to={profile}>{name}</Link>
          </h3>
          {applicant.headline && <p className="applicant__headline">{applicant.headline}</p>}
          <p className="applicant__meta">
            <a href={`mailto:${applicant.email}`}>{applicant.email}</a> ·{' '}
            {t('applicants.appliedOn', { date: formatDate(applicant.created_at, i18n.resolvedLanguage ?? 'fr') })}
          </p>
        </div>
        <ApplicationStepTag status={applicant.status} />
      </div>
      {fit({ score: applicant.score ?? null, breakdown: applicant.breakdown ?? null, place, name })}
      {applicant.note.trim() !== '' && (
        <figure className="applicant__note">
          <figcaption>{t('applicants.note')}</figcaption>
          <blockquote data-testid="applicant-note">{applicant.note}</blockquote>
        </figure>
      )}
      <ApplicantSteps applicant={applicant} name={name} />
    </li>
  );
}
