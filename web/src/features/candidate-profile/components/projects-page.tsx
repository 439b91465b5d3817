// /dashboard/candidate/projets/{personnel|academique}: the candidate's
// personal or academic projects, with pictures, soft skills and, if they wish,
// the CAR method. The URL's discriminator picks the kind and its categories.
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProjectKind, ProjectRecord } from '@/api/candidate-records/get-candidate-records';
import type { ReferenceListName } from '@/api/reference-lists/reference-list';
import { TextField } from '@/components/form/text-field';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useReferenceNames } from '../hooks/use-reference-names';
import { projectFields, projectFormValues, type ProjectFormValues, projectPictureRange, projectRequest, projectSchema } from '../utils/project-form';
import { PictureField } from './picture-field';
import { CarSummary, PeriodAndPlace, PictureStrip, SoftskillTags } from './record-card-parts';
import { CarMethodFields, PeriodFields, PlaceField, ReferenceSelectField } from './record-fields';
import { type RecordKind, RecordKindPage } from './record-kind-page';
import { SoftskillPicker } from './softskill-picker';

/** The URL's word for each kind of project. */
export const projectKindOfSegment = { personnel: 'personal', academique: 'academic' } as const satisfies Record<string, ProjectKind>;

const categoryLists: Record<ProjectKind, ReferenceListName> = {
  personal: 'candidate/project/personal/categories',
  academic: 'candidate/project/academic/categories',
};

function projectKind(discr: ProjectKind): RecordKind<'projects', ProjectFormValues> {
  const texts = discr === 'personal' ? 'personalProjects' : 'academicProjects';
  const categories = categoryLists[discr];

  function ProjectCard({ record: project }: { record: ProjectRecord }) {
    const categoryName = useReferenceNames(categories);
    return (
      <>
        <h2 className="record-card__title">{project.name}</h2>
        <p className="record-card__subtitle">{categoryName(project.category)}</p>
        <PeriodAndPlace period={project} place={project.localization} />
        <CarSummary car={project.car_method} />
        <SoftskillTags ids={project.softskills} />
        <PictureStrip ids={project.pictures} name={project.name} />
      </>
    );
  }

  function ProjectFields() {
    const { t } = useTranslation('profile');
    const ruleMessage = useRuleMessage();
    const { register, formState } = useFormContext<ProjectFormValues>();
    return (
      <>
        <TextField label={t('projects.name')} {...register('name')} error={ruleMessage(formState.errors.name)} data-autofocus data-tour="project-name" />
        <ReferenceSelectField name="category" list={categories} label={t('projects.category')} tour="project-category" />
        <PlaceField label={t('projects.localization')} tour="project-localization" />
        <PeriodFields currentLabel={t('projects.isCurrent')} />
        <CarMethodFields optional />
        <SoftskillPicker />
        <PictureField legend={t('projects.pictures')} hint={t('projects.picturesHint')} max={projectPictureRange.max} />
      </>
    );
  }

  return {
    kind: 'projects',
    texts,
    testId: `${discr}-projects`,
    tour: discr === 'personal' ? { list: 'personal-projects', add: 'personal-projects-add' } : undefined,
    // the project-creation sub-tour of the tutorial covers a personal project's form; its help is the CAR method
    helpTour: discr === 'personal' ? 'car' : 'academicProject',
    schema: projectSchema,
    fields: projectFields,
    formValues: projectFormValues,
    request: (values) => projectRequest(values, discr),
    Fields: ProjectFields,
    Card: ProjectCard,
    useDescribe: () => (project) => project.name,
    keep: (project) => project.discr === discr,
  };
}

// Made once each, so their components keep their identity from render to render.
const projectKinds: Record<ProjectKind, RecordKind<'projects', ProjectFormValues>> = {
  personal: projectKind('personal'),
  academic: projectKind('academic'),
};

export function ProjectsPage({ discr }: { discr: ProjectKind }) {
  return <RecordKindPage key={discr} config={projectKinds[discr]} />;
}
