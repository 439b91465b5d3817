// /candidat/{slug}/softskills/famille/{id}: one soft-skill family of a
// shared profile: its share beside the other families, and each soft skill of
// the family the candidate holds with the records (experiences, projects,
// educations, hobbies) that show it.
import '../public-profile.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { combinedQuery, QueryState } from '@/components/ui/query-state';
import { buildPath, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { type PublicRecordKind, usePublicRecords } from '../api/get-public-profile';
import { SharedProfileGate } from './public-profile-page';
import { SoftSkillFamiliesChart } from './skills-sections';

type Source = { kind: PublicRecordKind; id: number; label: string };
type SoftSkillHeld = { id: number; name: string; sources: Source[] };

/** The soft skills of family `familyId` in the candidate's records, each with its records. */
function useHeldSoftSkills(slug: string, familyId: number) {
  const experiences = usePublicRecords(slug, 'experiences', true);
  const educations = usePublicRecords(slug, 'educations', true);
  const projects = usePublicRecords(slug, 'projects', true);
  const hobbies = usePublicRecords(slug, 'hobbies', true);
  const queries = [experiences, educations, projects, hobbies];
  const records: { kind: PublicRecordKind; id: number; label: string; softskills: { id: number; name: string; category: number }[] }[] = [
    ...(experiences.data ?? []).map((record) => ({ kind: 'experiences' as const, id: record.id, label: `${record.position_name} · ${record.company_name}`, softskills: record.softskills })),
    ...(projects.data ?? []).map((record) => ({ kind: 'projects' as const, id: record.id, label: record.name, softskills: record.softskills })),
    ...(educations.data ?? []).map((record) => ({ kind: 'educations' as const, id: record.id, label: record.name, softskills: record.softskills })),
    ...(hobbies.data ?? []).map((record) => ({ kind: 'hobbies' as const, id: record.id, label: record.hobby.name, softskills: record.softskills })),
  ];
  const held = new Map<number, SoftSkillHeld>();
  for (const record of records) {
    for (const softskill of record.softskills.filter((item) => item.category === familyId)) {
      const entry = held.get(softskill.id) ?? { id: softskill.id, name: softskill.name, sources: [] };
      entry.sources.push({ kind: record.kind, id: record.id, label: record.label });
      held.set(softskill.id, entry);
    }
  }
  return combinedQuery(queries, [...held.values()]);
}

function FamilyDetail({ profile, familyId }: { profile: CandidateProfile; familyId: number }) {
  const { t } = useTranslation('publicProfile');
  const share = profile.softskill_percentages.find((item) => item.id === familyId);
  const families = useReferenceList('softskill/categories');
  const description = families.data?.find((item) => item.id === familyId)?.description;
  const held = useHeldSoftSkills(profile.slug, familyId);
  const name = `${profile.firstname} ${profile.lastname}`;
  useDocumentTitle(share ? `${share.name} · ${name}` : name);
  if (!share) {
    return (
      <section className="public-profile" data-testid="family-unknown">
        <h1 className="page-title">{t('family.unknown')}</h1>
        <Link to={buildPath(paths.publicProfile, { slug: profile.slug })}>{t('family.back', { name })}</Link>
      </section>
    );
  }
  return (
    <article className="public-profile" data-testid="public-family">
      <p className="no-print">
        <Link to={buildPath(paths.publicProfile, { slug: profile.slug })}>{t('family.back', { name })}</Link>
      </p>
      <header className="public-profile__section">
        <p className="eyebrow">{t('family.eyebrow', { name })}</p>
        <h1 className="page-title">{share.name}</h1>
        {description && <p>{description}</p>}
        <p>{t('family.share', { percent: Math.round(share.percentage) })}</p>
      </header>
      <section className="public-profile__section" aria-labelledby="family-chart-title">
        <h2 id="family-chart-title">{t('sections.softskills')}</h2>
        <SoftSkillFamiliesChart profile={profile} currentId={familyId} />
      </section>
      <section className="public-profile__section" aria-labelledby="family-held-title">
        <h2 id="family-held-title">{t('family.heldTitle')}</h2>
        <QueryState query={held} className="public-profile__state" empty={<p className="public-profile__empty">{t('family.empty')}</p>}>
          {(softskills) => (
            <ul className="public-profile__held">
              {softskills.map((softskill) => (
                <li key={softskill.id}>
                  <h3>{softskill.name}</h3>
                  <ul>
                    {softskill.sources.map((source) => (
                      <li key={`${source.kind}-${source.id}`}>
                        {t('family.source', { kind: t(`family.kinds.${source.kind}`), name: source.label })}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </article>
  );
}

export function PublicFamilyPage({ slug, familyId }: { slug: string; familyId: number }) {
  return (
    <SharedProfileGate slug={slug}>{(profile) => <FamilyDetail profile={profile} familyId={familyId} />}</SharedProfileGate>
  );
}
