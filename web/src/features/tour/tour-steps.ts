// The tutorial's tours as data (spec §2 "Candidate guided tutorial"): each
// step names the `data-tour` attribute it points at (none: a centred popover)
// and, for the steps with a button of their own, what that button does. Texts
// are in the `tour` namespace under `steps.<id>`. A unit test checks that
// every target is rendered by some page of the app. The candidate's account
// (e-mail, password, sharing) is in Settings: "my information" points there.

export type TourAction =
  /** Flags (locale), "no thank you" (decline) and "let's go" (next). */
  | 'welcome'
  /** Step 8: opens the personal projects and starts the project sub-tour. */
  | 'openPersonalProjects'
  /** Next also presses the target (it opens the form the next steps describe). */
  | 'pressTarget'
  /** The project sub-tour's end: the candidate stays on the open form; the tour goes on back on the dashboard. */
  | 'fillProjectForm'
  /** The last step: finish. */
  | 'finish';

export type TourStep = {
  id: string;
  /** The `data-tour` value of the element shown; null: no element. */
  target: string | null;
  action?: TourAction;
  /** The tour a step was added from into another (the project sub-tour into the main one), counted on its own. */
  part?: TourId;
};

const step = (id: string, target: string | null, action?: TourAction): TourStep => ({ id, target, action });

const carSteps = [step('carContext', 'car-context'), step('carActions', 'car-actions'), step('carResults', 'car-results')];

export const tours = {
  main: [
    step('welcome', null, 'welcome'),
    step('myInformation', 'nav-settings'),
    step('languages', 'nav-languages'),
    step('hobbies', 'nav-hobbies'),
    step('personalProjects', 'nav-personal-projects'),
    step('academicProjects', 'nav-academic-projects'),
    step('educations', 'nav-educations'),
    step('experiences', 'nav-experiences'),
    step('personalProjectsAgain', 'nav-personal-projects', 'openPersonalProjects'),
    step('softSkills', 'dashboard-softskills'),
    step('softSkillFamilies', 'dashboard-softskill-families'),
    step('disc', 'dashboard-disc'),
    step('end', null, 'finish'),
  ],
  projectCreation: [
    step('projectList', 'personal-projects'),
    step('projectCreateIntro', 'personal-projects-add', 'pressTarget'),
    step('projectTitle', 'project-name'),
    step('projectCategories', 'project-category'),
    step('projectLocalization', 'project-localization'),
    ...carSteps,
    step('projectSoftSkills', 'softskill-picker'),
    step('projectFamilies', 'softskill-families'),
    step('projectSkills', 'softskill-skills'),
    step('projectEnd', null, 'fillProjectForm'),
  ],
  academicProject: [
    step('projectTitle', 'project-name'),
    step('projectCategories', 'project-category'),
    step('projectLocalization', 'project-localization'),
    ...carSteps,
  ],
  education: [
    step('educationName', 'education-name'),
    step('educationDegree', 'education-degree'),
    step('educationInstitution', 'education-institution'),
    step('educationSpecialization', 'education-specialization'),
    step('educationLocalization', 'education-localization'),
  ],
  experience: [
    step('experienceCompany', 'experience-company'),
    step('experiencePosition', 'experience-position'),
    step('experienceContractType', 'experience-contract-type'),
    step('experienceHourlyScheme', 'experience-hourly-scheme'),
    step('experienceLocalization', 'experience-localization'),
    ...carSteps,
  ],
  car: carSteps,
} as const satisfies Record<string, readonly TourStep[]>;

export type TourId = keyof typeof tours;
