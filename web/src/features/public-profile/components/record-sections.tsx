// The records of a shared profile, one section per kind: experiences and
// projects told with their CAR method (context, actions, results),
// educations, hobbies, each with the photos its candidate added. Each list
// has its loading, error and empty states.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import {
  type PublicEducation,
  type PublicExperience,
  type PublicHobby,
  type PublicProject,
  type PublicRecordKind,
  type PublicRecords,
  usePublicRecords,
} from '../api/get-public-profile';
import { formatPeriod } from '@/lib/format-period';

type CarMethod = { context: string; actions: string; results: string };

function CarMethodText({ car }: { car: CarMethod | null | undefined }) {
  const { t } = useTranslation('publicProfile');
  if (!car || !car.context || !car.actions || !car.results) return null;
  return (
    <dl className="public-profile__car">
      <dt>{t('car.context')}</dt>
      <dd>{car.context}</dd>
      <dt>{t('car.actions')}</dt>
      <dd>{car.actions}</dd>
      <dt>{t('car.results')}</dt>
      <dd>{car.results}</dd>
    </dl>
  );
}

function SoftSkills({ softskills }: { softskills: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation('publicProfile');
  if (softskills.length === 0) return null;
  return (
    <ul className="public-profile__chips" aria-label={t('records.softskills')}>
      {softskills.map((softskill) => (
        <li key={softskill.id}>{softskill.name}</li>
      ))}
    </ul>
  );
}

type Picture = { id: string; url: string; width?: number | null; height?: number | null };

function Pictures({ pictures, title }: { pictures: readonly Picture[]; title: string }) {
  const { t } = useTranslation('publicProfile');
  if (pictures.length === 0) return null;
  return (
    <ul className="public-profile__pictures">
      {pictures.map((picture, index) => (
        <li key={picture.id}>
          <img
            src={picture.url}
            alt={t('records.picture', { name: title, number: index + 1 })}
            width={picture.width ?? undefined}
            height={picture.height ?? undefined}
            loading="lazy"
          />
        </li>
      ))}
    </ul>
  );
}

/** One record of a section: what it is, its facts on one line, what it tells (`children`), its photos, then its soft skills. */
function RecordArticle({
  title,
  facts,
  softskills,
  pictures = [],
  compact = false,
  children,
}: {
  title: string;
  facts: readonly (string | undefined)[];
  softskills: readonly { id: number; name: string }[];
  pictures?: readonly Picture[];
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <article className={compact ? 'public-profile__record public-profile__record--compact' : 'public-profile__record'}>
      <h3>{title}</h3>
      <p className="public-profile__meta">{facts.join(' · ')}</p>
      {children}
      <Pictures pictures={pictures} title={title} />
      <SoftSkills softskills={softskills} />
    </article>
  );
}

function usePeriod() {
  const { t, i18n } = useTranslation('publicProfile');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (record: { start_date: string; end_date?: string | null; is_current: boolean }) =>
    formatPeriod(record, locale, {
      since: (start) => t('records.since', { start }),
      range: (start, end) => t('records.range', { start, end }),
    });
}

function RecordSection<K extends PublicRecordKind>({
  slug,
  kind,
  children,
}: {
  slug: string;
  kind: K;
  children: (record: PublicRecords[K]) => ReactNode;
}) {
  const { t } = useTranslation('publicProfile');
  const query = usePublicRecords(slug, kind, true);
  const titleId = `public-${kind}-title`;
  return (
    <section className="public-profile__section" aria-labelledby={titleId} data-testid={`public-${kind}`}>
      <h2 id={titleId}>{t(`sections.${kind}`)}</h2>
      <QueryState
        query={query}
        className="public-profile__state"
        empty={<p className="public-profile__empty">{t(`empty.${kind}`)}</p>}
      >
        {(records) => <div className="public-profile__records">{records.map((record) => children(record))}</div>}
      </QueryState>
    </section>
  );
}

export function ExperiencesSection({ slug }: { slug: string }) {
  const { t } = useTranslation('publicProfile');
  const period = usePeriod();
  return (
    <RecordSection slug={slug} kind="experiences">
      {(experience: PublicExperience) => (
        <RecordArticle
          key={experience.id}
          title={t('records.positionAt', { position: experience.position_name, company: experience.company_name })}
          facts={[period(experience), experience.contract_type.name, experience.localization.value]}
          softskills={experience.softskills}
        >
          <CarMethodText car={experience.car_method} />
        </RecordArticle>
      )}
    </RecordSection>
  );
}

export function ProjectsSection({ slug }: { slug: string }) {
  const { t } = useTranslation('publicProfile');
  const period = usePeriod();
  return (
    <RecordSection slug={slug} kind="projects">
      {(project: PublicProject) => (
        <RecordArticle
          key={project.id}
          title={project.name}
          facts={[t(`records.projectKind.${project.discr === 'academic' ? 'academic' : 'personal'}`), project.category.name, period(project)]}
          softskills={project.softskills}
          pictures={project.pictures}
        >
          <CarMethodText car={project.car_method} />
        </RecordArticle>
      )}
    </RecordSection>
  );
}

export function EducationsSection({ slug }: { slug: string }) {
  const period = usePeriod();
  return (
    <RecordSection slug={slug} kind="educations">
      {(education: PublicEducation) => (
        <RecordArticle
          key={education.id}
          title={education.name}
          facts={[education.institution, education.degree.name, period(education), education.localization.value]}
          softskills={education.softskills}
          pictures={education.pictures}
        />
      )}
    </RecordSection>
  );
}

export function HobbiesSection({ slug }: { slug: string }) {
  return (
    <RecordSection slug={slug} kind="hobbies">
      {(hobby: PublicHobby) => (
        <RecordArticle
          key={hobby.id}
          compact
          title={hobby.speciality ? `${hobby.hobby.name} · ${hobby.speciality.name}` : hobby.hobby.name}
          facts={[hobby.frequency.name, hobby.purpose?.name].filter(Boolean)}
          softskills={hobby.softskills}
          pictures={hobby.pictures}
        >
          {hobby.description && <p>{hobby.description}</p>}
        </RecordArticle>
      )}
    </RecordSection>
  );
}
