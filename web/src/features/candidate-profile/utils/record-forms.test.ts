// The profile forms' schemas mirror spec §5 and §9 with the server's rule
// codes, and the values go to the server in the contract's shape.
import { describe, expect, it } from 'vitest';
import { recordFromView } from '@/api/candidate-records/get-candidate-records';
import { ApiError } from '@/lib/api-client';
import { lyon } from '@/testing/places';
import { educationFormValues, educationRequest, educationSchema } from './education-form';
import { experienceFields, experienceFormValues, experienceRequest, experienceSchema, type ExperienceFormValues } from './experience-form';
import { hobbyFormValues, hobbySchema } from './hobby-form';
import { jobSearchFormValues, jobSearchRequest, jobSearchSchema } from './job-search-form';
import { languagesSchema } from './languages-form';
import { profileSchema } from './profile-form';
import { projectFormValues, projectRequest, projectSchema } from './project-form';
import { withFlatCarErrors } from './record-rules';

/** Field -> first rule code broken, as the form shows them. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
}

const validExperience: ExperienceFormValues = {
  companyName: 'Café Lumière',
  positionName: 'Barista',
  contractType: 1,
  contractHourlyScheme: 2,
  jobCategory: 3,
  localization: lyon,
  startDate: '2023-06-01',
  endDate: '2023-09-01',
  isCurrent: false,
  carContext: 'Un café très fréquenté',
  carActions: 'J’ai réorganisé le comptoir',
  carResults: 'Attente réduite de moitié',
  softskills: [1, 2],
};

describe('experience form', () => {
  it('accepts a complete experience and sends the contract’s field names', () => {
    expect(experienceSchema.safeParse(validExperience).success).toBe(true);
    expect(experienceRequest(validExperience)).toEqual({
      company_name: 'Café Lumière',
      company: null,
      position_name: 'Barista',
      contract_type: 1,
      contract_hourly_scheme: 2,
      job_category: 3,
      localization: lyon,
      start_date: '2023-06-01',
      end_date: '2023-09-01',
      is_current: false,
      car_method: { context: 'Un café très fréquenté', actions: 'J’ai réorganisé le comptoir', results: 'Attente réduite de moitié' },
      softskills: [1, 2],
    });
  });

  it('requires every field of spec §5, a complete CAR method and 1 to 4 soft skills', () => {
    const empty = experienceFormValues();
    expect(issues(experienceSchema.safeParse(empty))).toEqual({
      companyName: 'required',
      positionName: 'required',
      contractType: 'required',
      contractHourlyScheme: 'required',
      jobCategory: 'required',
      localization: 'required',
      startDate: 'required',
      endDate: 'required',
      carContext: 'required',
      carActions: 'required',
      carResults: 'required',
      softskills: 'required',
    });
    expect(issues(experienceSchema.safeParse({ ...validExperience, softskills: [1, 2, 3, 4, 5] }))).toEqual({ softskills: 'too_many' });
    expect(issues(experienceSchema.safeParse({ ...validExperience, carResults: '   ' }))).toEqual({ carResults: 'required' });
  });

  it('needs no end date while current, and an end after the start otherwise', () => {
    const current = { ...validExperience, endDate: '', isCurrent: true };
    expect(experienceSchema.safeParse(current).success).toBe(true);
    expect(experienceRequest(current)).toMatchObject({ end_date: null, is_current: true });
    expect(issues(experienceSchema.safeParse({ ...validExperience, endDate: '2023-01-01' }))).toEqual({ endDate: 'end_before_start' });
  });

  it('lists its fields for the server’s errors', () => {
    expect(experienceFields).toContain('carContext');
    expect(experienceFields).toContain('contractHourlyScheme');
  });
});

describe('education form', () => {
  const valid = {
    ...educationFormValues(),
    name: 'BTS MCO',
    degree: 2,
    institution: 'Lycée Ampère',
    specialization: 5,
    localization: lyon,
    startDate: '2022-09-01',
    isCurrent: true,
    softskills: [7],
  };

  it('accepts a complete education; pictures are optional', () => {
    expect(educationSchema.safeParse(valid).success).toBe(true);
    expect(educationRequest(valid)).toMatchObject({ name: 'BTS MCO', degree: 2, specialization: 5, end_date: null, pictures: [] });
  });

  it('requires name, degree, institution, specialization, place and soft skills', () => {
    expect(Object.keys(issues(educationSchema.safeParse(educationFormValues()))).sort()).toEqual(
      ['degree', 'endDate', 'institution', 'localization', 'name', 'softskills', 'specialization', 'startDate'].sort(),
    );
  });
});

describe('project form', () => {
  const valid = {
    ...projectFormValues(),
    name: 'Site du club',
    category: 3,
    localization: lyon,
    startDate: '2024-01-01',
    endDate: '2024-03-01',
    softskills: [2],
    pictures: ['5f0c'],
  };

  it('needs at least one picture', () => {
    expect(issues(projectSchema.safeParse({ ...valid, pictures: [] }))).toEqual({ pictures: 'required' });
  });

  it('takes no CAR method, or a complete one', () => {
    expect(projectSchema.safeParse(valid).success).toBe(true);
    expect(projectRequest(valid, 'academic')).toMatchObject({ discr: 'academic', car_method: null });
    expect(issues(projectSchema.safeParse({ ...valid, carContext: 'Un club sans site' }))).toEqual({ carActions: 'required', carResults: 'required' });
  });
});

describe('hobby form', () => {
  it('needs the hobby and its frequency, and takes at most 3 pictures and 4 soft skills', () => {
    const values = { ...hobbyFormValues(), category: 1, hobby: 4, frequency: 2 };
    expect(hobbySchema.safeParse(values).success).toBe(true);
    expect(issues(hobbySchema.safeParse({ ...values, frequency: null }))).toEqual({ frequency: 'required' });
    expect(issues(hobbySchema.safeParse({ ...values, pictures: ['a', 'b', 'c', 'd'] }))).toEqual({ pictures: 'too_many' });
    expect(issues(hobbySchema.safeParse({ ...values, softskills: [1, 2, 3, 4, 5] }))).toEqual({ softskills: 'too_many' });
  });
});

describe('job search form', () => {
  it('starts from the profile and sends ids, places and `from: "job_search"`', () => {
    const values = jobSearchFormValues({
      job_categories: [{ id: 4, name: 'RH' }],
      job_localizations: [lyon],
      contract_types: [{ id: 2, name: 'Alternance' }],
      contract_hourly_schemes: [],
      company_types: [{ id: 1, name: 'PME' }],
      contract_min_duration: 6,
      availability: null,
      in_research: true,
      degree: { id: 3, name: 'Licence', level: 3 },
      type: null,
    } as never);
    expect(jobSearchSchema().safeParse(values).success).toBe(true);
    expect(jobSearchRequest(values)).toEqual({
      from: 'job_search',
      job_categories: [4],
      job_localizations: [lyon],
      contract_types: [2],
      contract_hourly_schemes: [],
      company_types: [1],
      contract_min_duration: 6,
      availability: null,
      in_research: true,
      degree: 3,
      type: null,
    });
  });

  it('keeps the minimum duration between 0 and 120 months', () => {
    const values = jobSearchFormValues({ job_categories: [], job_localizations: [], contract_types: [], contract_hourly_schemes: [], company_types: [], contract_min_duration: 0, availability: null, in_research: false, degree: null, type: null } as never);
    expect(issues(jobSearchSchema().safeParse({ ...values, contractMinDuration: 121 }))).toEqual({ contractMinDuration: 'out_of_range' });
  });

  it('asks no shortest contract on permanent contracts alone: none is checked, the server\'s "any length" (0) is sent', () => {
    const permanent = [1];
    const values = jobSearchFormValues({ job_categories: [], job_localizations: [], contract_types: [{ id: 1, name: 'CDI' }], contract_hourly_schemes: [], company_types: [], contract_min_duration: 0, availability: null, in_research: true, degree: null, type: null } as never);
    const leftOver = { ...values, contractMinDuration: 121 };
    expect(jobSearchSchema(permanent).safeParse(leftOver).success).toBe(true);
    expect(jobSearchRequest(leftOver, permanent).contract_min_duration).toBe(0);
    const withFixedTerm = { ...values, contractTypes: [1, 2], contractMinDuration: 6 };
    expect(jobSearchRequest(withFixedTerm, permanent).contract_min_duration).toBe(6);
    expect(issues(jobSearchSchema(permanent).safeParse({ ...withFixedTerm, contractMinDuration: 121 }))).toEqual({ contractMinDuration: 'out_of_range' });
  });
});

describe('profile and languages forms', () => {
  it('checks the phone and the birth date like the server', () => {
    const valid = { firstname: 'Camille', lastname: 'Martin', headline: '', phone: '06 12 34 56 78', birthdate: '2001-05-14', localization: lyon, picture: [] };
    expect(profileSchema.safeParse(valid).success).toBe(true);
    expect(issues(profileSchema.safeParse({ ...valid, phone: 'abc' }))).toEqual({ phone: 'invalid_phone' });
    expect(issues(profileSchema.safeParse({ ...valid, birthdate: '2001-02-30' }))).toEqual({ birthdate: 'invalid_date' });
    expect(issues(profileSchema.safeParse({ ...valid, birthdate: `${new Date().getFullYear() - 3}-01-01` }))).toEqual({ birthdate: 'too_young' });
  });

  it('keeps language levels from 1 to 6, each language once', () => {
    expect(languagesSchema.safeParse({ languages: [{ id: 1, level: 3 }] }).success).toBe(true);
    expect(languagesSchema.safeParse({ languages: [{ id: 1, level: 7 }] }).success).toBe(false);
    expect(issues(languagesSchema.safeParse({ languages: [{ id: 1, level: 3 }, { id: 1, level: 4 }] }))).toEqual({ languages: 'duplicate' });
  });
});

describe('server answers', () => {
  it('bring a record’s references and pictures to ids', () => {
    const record = recordFromView('projects', {
      id: 9,
      name: 'Site du club',
      category: { id: 3, name: 'Web' },
      discr: 'personal',
      localization: lyon,
      car_method: null,
      softskills: [{ id: 2, name: 'Rigueur', category: 1 }],
      pictures: [{ id: 'a1', url: '/api/uploads/a1' }],
      start_date: '2024-01-01',
      end_date: null,
      is_current: true,
    });
    expect(record).toMatchObject({ category: 3, softskills: [2], pictures: ['a1'], car_method: null });
  });

  it('name the parts of a CAR method the way the forms do', () => {
    const error = withFlatCarErrors(new ApiError(422, 'validation_failed', '', { 'car_method.actions': ['required'], softskills: ['too_few'] }));
    expect((error as ApiError).errors).toEqual({ car_actions: ['required'], softskills: ['too_few'] });
  });
});
