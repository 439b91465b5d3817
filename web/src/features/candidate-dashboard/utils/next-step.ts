// The next most useful thing for a candidate to fill, in the order that makes
// them findable and readable by partners: what they look for first (it is what
// the sourcing search matches), then experiences, educations and languages,
// then the headline and photo, projects and hobbies. Steps that depend on the
// records wait until the records are known.
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { buildPath, paths } from '@/config/paths';

export type RecordCounts = {
  experiences: number;
  educations: number;
  personalProjects: number;
  academicProjects: number;
  hobbies: number;
};

export type NextStepKey =
  | 'jobSearch'
  | 'experiences'
  | 'educations'
  | 'languages'
  | 'profile'
  | 'personalProjects'
  | 'academicProjects'
  | 'hobbies';

export type NextStep = { key: NextStepKey; path: string };

type Profile = Pick<CandidateProfile, 'job_categories' | 'job_localizations' | 'languages' | 'headline' | 'profile_picture'>;

export function nextStep(profile: Profile, counts: RecordCounts | null): NextStep | null {
  const steps: [NextStepKey, string, boolean | null][] = [
    ['jobSearch', paths.candidateJobSearch, profile.job_categories.length === 0 || profile.job_localizations.length === 0],
    ['experiences', paths.candidateExperiences, counts && counts.experiences === 0],
    ['educations', paths.candidateEducations, counts && counts.educations === 0],
    ['languages', paths.candidateLanguages, profile.languages.length === 0],
    ['profile', paths.candidateProfile, !profile.headline || !profile.profile_picture],
    ['personalProjects', buildPath(paths.candidateProjects, { discr: 'personnel' }), counts && counts.personalProjects === 0],
    ['academicProjects', buildPath(paths.candidateProjects, { discr: 'academique' }), counts && counts.academicProjects === 0],
    ['hobbies', paths.candidateHobbies, counts && counts.hobbies === 0],
  ];
  for (const [key, path, missing] of steps) {
    if (missing === null) return null;
    if (missing) return { key, path };
  }
  return null;
}
