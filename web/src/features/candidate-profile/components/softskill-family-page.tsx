// /dashboard/candidate/softskills/famille/{id}: one soft-skill family of the
// candidate: its share of all the soft skills they chose (beside the other
// families), and each soft skill of the family they have, with the
// experiences, educations, projects and hobbies that gave it.
import '../candidate-profile.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type EducationRecord,
  type ExperienceRecord,
  type ProjectRecord,
  useCandidateRecords,
} from '@/api/candidate-records/get-candidate-records';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { combinedQuery, ValueQueryState } from '@/components/ui/query-state';
import { buildPath, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { softskillSources } from '../utils/softskill-sources';
import { FamilyChart } from './family-chart';
import { ProfileGate } from './profile-gate';

const projectPath = (discr: string) => buildPath(paths.candidateProjects, { discr: discr === 'academic' ? 'academique' : 'personnel' });

/** Every record of the candidate with the soft skills it shows, what names it and where it is edited. */
function useRecordGroups() {
  const experiences = useCandidateRecords('experiences');
  const educations = useCandidateRecords('educations');
  const projects = useCandidateRecords('projects');
  const hobbies = useCandidateRecords('hobbies');
  const queries = [experiences, educations, projects, hobbies];
  const groups = [
    { kind: 'experiences', records: experiences.data ?? [], label: (record: ExperienceRecord) => record.position_name, path: () => paths.candidateExperiences },
    { kind: 'educations', records: educations.data ?? [], label: (record: EducationRecord) => record.name, path: () => paths.candidateEducations },
    { kind: 'projects', records: projects.data ?? [], label: (record: ProjectRecord) => record.name, path: (record: ProjectRecord) => projectPath(record.discr) },
    { kind: 'hobbies', records: hobbies.data ?? [], label: () => '', path: () => paths.candidateHobbies },
  ] as unknown as Parameters<typeof softskillSources>[0];
  return { groups, query: combinedQuery(queries, groups) };
}

function FamilyDetail({ profile, familyId }: { profile: CandidateProfile; familyId: number }) {
  const { t } = useTranslation('profile');
  const families = useReferenceList('softskill/categories');
  const family = families.data?.find((item) => item.id === familyId);
  const share = profile.softskill_percentages.find((item) => item.id === familyId);
  const { groups, query } = useRecordGroups();
  const title = family?.name ?? share?.name ?? t('family.title');
  useDocumentTitle(title);
  if (families.data && !family) {
    return (
      <p className="panel panel__empty record-page__state" role="alert">
        {t('family.unknown')}
      </p>
    );
  }
  return (
    <>
      <header>
        <p className="eyebrow">{t('family.eyebrow')}</p>
        <h1 className="page-title">{title}</h1>
        {family?.description && <p className="record-page__intro">{family.description}</p>}
      </header>
      <section className="panel profile-page__card" aria-labelledby="family-share-title">
        <h2 id="family-share-title" className="card-title">{t('family.shareTitle', { percent: Math.round(share?.percentage ?? 0) })}</h2>
        {profile.softskill_percentages.length > 0 ? (
          <FamilyChart shares={profile.softskill_percentages} currentId={familyId} />
        ) : (
          <p>{t('family.noShare')}</p>
        )}
      </section>
      <section className="panel profile-page__card" aria-labelledby="family-softskills-title">
        <h2 id="family-softskills-title" className="card-title">{t('family.softskillsTitle')}</h2>
        <ValueQueryState query={query} className="record-page__state">
          {() => {
            const sources = softskillSources(groups);
            const held = (family?.softskills ?? []).filter((softskill) => sources.has(softskill.id));
            if (held.length === 0) {
              return (
                <div className="record-page__state" data-testid="family-empty">
                  <p className="panel__empty-title">{t('family.empty')}</p>
                  <Link className="button button--primary" to={paths.candidateExperiences}>
                    {t('family.emptyAction')}
                  </Link>
                </div>
              );
            }
            return (
              <ul className="family-softskills">
                {held.map((softskill) => (
                  <li key={softskill.id}>
                    <strong>{softskill.name}</strong>
                    {softskill.description && <p className="record-card__meta">{softskill.description}</p>}
                    <ul className="family-softskills__sources">
                      {(sources.get(softskill.id) ?? []).map((source) => (
                        <li key={`${source.kind}-${source.id}`}>
                          <Link to={source.path}>
                            {source.label
                              ? t('family.sourceNamed', { kind: t(`family.source.${source.kind}`), name: source.label })
                              : t(`family.source.${source.kind}`)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            );
          }}
        </ValueQueryState>
      </section>
    </>
  );
}

export function SoftskillFamilyPage({ familyId }: { familyId: number }) {
  return (
    <section className="profile-page" data-testid="softskill-family-page">
      <ProfileGate>{(profile) => <FamilyDetail profile={profile} familyId={familyId} />}</ProfileGate>
    </section>
  );
}
