// How complete the profile is (a ring around the percentage) and the next
// most useful thing to fill, as a link to its page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCandidateRecords } from '@/api/candidate-records/get-candidate-records';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { useNumberFormat } from '@/lib/i18n/format-number';
import { nextStep, type RecordCounts } from '../utils/next-step';

const radius = 34;
const circumference = 2 * Math.PI * radius;

export function CompletionRing({ percent, label }: { percent: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(percent)));
  const format = useNumberFormat();
  return (
    <div
      className="completion-ring"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-label={label}
      data-testid="completion"
    >
      <svg viewBox="0 0 80 80" aria-hidden="true" focusable="false">
        <circle className="completion-ring__track" cx="40" cy="40" r={radius} />
        <circle
          className="completion-ring__value"
          cx="40"
          cy="40"
          r={radius}
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped / 100)}
          transform="rotate(-90 40 40)"
        />
      </svg>
      <span className="completion-ring__text">{format.percent(clamped)}</span>
    </div>
  );
}

function useRecordCounts(): RecordCounts | null {
  const experiences = useCandidateRecords('experiences');
  const educations = useCandidateRecords('educations');
  const projects = useCandidateRecords('projects');
  const hobbies = useCandidateRecords('hobbies');
  if (!experiences.data || !educations.data || !projects.data || !hobbies.data) return null;
  return {
    experiences: experiences.data.length,
    educations: educations.data.length,
    personalProjects: projects.data.filter((project) => project.discr === 'personal').length,
    academicProjects: projects.data.filter((project) => project.discr === 'academic').length,
    hobbies: hobbies.data.length,
  };
}

export function CompletionCard({ profile }: { profile: CandidateProfile }) {
  const { t } = useTranslation('candidate');
  const step = nextStep(profile, useRecordCounts());
  return (
    <section className="panel completion-card" aria-labelledby="completion-title" data-testid="completion-card">
      <CompletionRing percent={profile.completion} label={t('completion.label')} />
      <div className="completion-card__text">
        <h2 id="completion-title">{t('dashboard.completion', { percent: profile.completion })}</h2>
        {step ? (
          <>
            <p>{t(`completion.next.${step.key}.text`)}</p>
            <Link className="button button--primary" to={step.path} data-testid="next-step">
              {t(`completion.next.${step.key}.action`)}
            </Link>
          </>
        ) : (
          <p>{t(profile.completion >= 100 ? 'completion.done' : 'completion.almost')}</p>
        )}
      </div>
    </section>
  );
}
