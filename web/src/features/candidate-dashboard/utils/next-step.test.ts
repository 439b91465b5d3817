// The next step follows the order that makes a candidate findable, then
// readable; record-based steps wait until the records are known.
import { describe, expect, it } from 'vitest';
import { nextStep, type RecordCounts } from './next-step';

const place = { value: 'Lyon', type: 'city', lat: 45.76, lng: 4.83, id: '69123', country_code: 'FR' } as const;
const complete = {
  job_categories: [{ id: 1, name: 'RH' }],
  job_localizations: [place],
  languages: [{ id: 1, name: 'Anglais', flag: 'gb', level: 3 }],
  headline: 'Assistante RH',
  profile_picture: { id: 'a', url: '/api/uploads/a' },
};
const counts: RecordCounts = { experiences: 1, educations: 1, personalProjects: 1, academicProjects: 1, hobbies: 1 };

describe('nextStep', () => {
  it('asks for the job search before anything else', () => {
    expect(nextStep({ ...complete, job_categories: [] }, null)?.key).toBe('jobSearch');
  });

  it('waits for the records before a step that depends on them', () => {
    expect(nextStep(complete, null)).toBeNull();
  });

  it('goes through experiences, educations, languages, profile, projects and hobbies in order', () => {
    expect(nextStep(complete, { ...counts, experiences: 0, educations: 0 })?.key).toBe('experiences');
    expect(nextStep(complete, { ...counts, educations: 0 })?.key).toBe('educations');
    expect(nextStep({ ...complete, languages: [] }, counts)?.key).toBe('languages');
    expect(nextStep({ ...complete, headline: null }, counts)?.key).toBe('profile');
    expect(nextStep(complete, { ...counts, personalProjects: 0 })).toEqual({ key: 'personalProjects', path: '/dashboard/candidate/projets/personnel' });
    expect(nextStep(complete, { ...counts, academicProjects: 0 })?.path).toBe('/dashboard/candidate/projets/academique');
    expect(nextStep(complete, { ...counts, hobbies: 0 })?.key).toBe('hobbies');
  });

  it('has nothing left once everything is there', () => {
    expect(nextStep(complete, counts)).toBeNull();
  });
});
