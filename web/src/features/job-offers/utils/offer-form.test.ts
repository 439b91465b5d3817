// The offer stepper checks each step before moving on and sends the full offer.
import { describe, expect, it } from 'vitest';
import { lyon } from '@/testing/places';
import {
  buildOfferRequest,
  defaultOfferForm,
  firstInvalidStep,
  type OfferFormValues,
  offerSteps,
  todayIsoDate,
  validateOffer,
  validateStep,
} from './offer-form';

function complete(overrides: Partial<OfferFormValues> = {}): OfferFormValues {
  return {
    ...defaultOfferForm(),
    title: ' Développeur React ',
    jobCategory: 3,
    contractType: 1,
    duration: 12,
    startAt: '2027-01-04',
    localization: lyon,
    softskillCategories: [2],
    description: 'Une équipe produit de huit personnes.',
    ...overrides,
  };
}

describe('offer steps', () => {
  it('are the five steps written down, in order', () => {
    expect(offerSteps).toEqual(['job', 'contract', 'place', 'profile', 'review']);
  });

  it('start with the search defaults: no minimum degree chosen for the user', () => {
    const form = defaultOfferForm();
    expect([form.radius, form.degree]).toEqual([10, 0]);
  });

  it('check only their own fields', () => {
    const empty = defaultOfferForm();
    expect(validateStep('job', empty)).toEqual({ title: 'required', jobCategory: 'required' });
    expect(validateStep('contract', empty)).toEqual({ contractType: 'required', duration: 'required', startAt: 'required' });
    expect(validateStep('place', empty)).toEqual({ localization: 'required' });
    expect(validateStep('profile', empty)).toEqual({
      languages: 'matching_parameter_required',
      softskillCategories: 'matching_parameter_required',
    });
    expect(validateStep('review', empty)).toEqual({});
    expect(validateStep('review', { ...empty, description: 'x'.repeat(10_001) })).toEqual({ description: 'too_long' });
  });

  it('check the criteria as a sourcing search does', () => {
    expect(validateStep('contract', complete({ startAt: '2027-02-30' }))).toEqual({ startAt: 'invalid_date' });
    expect(validateStep('profile', complete({ languages: [{ id: 1, level: 7 }] }))).toEqual({ languages: 'out_of_range' });
  });

  it('send the user back to the first incomplete step', () => {
    expect(firstInvalidStep(complete())).toBeNull();
    expect(firstInvalidStep(complete({ localization: null }))).toBe('place');
    expect(firstInvalidStep(complete({ title: 'x'.repeat(201) }))).toBe('job');
  });

  it('build the request with trimmed texts and the optional trade only when chosen', () => {
    const request = buildOfferRequest(complete(), 'draft');
    expect(request).toEqual({
      title: 'Développeur React',
      job_category: 3,
      contract_type: 1,
      duration: 12,
      start_at: '2027-01-04',
      localization: lyon,
      radius: 10,
      degree: 0,
      languages: [],
      softskills_categories: [2],
      description: 'Une équipe produit de huit personnes.',
      duration_flexibility: 0,
      publish: false,
    });
    expect(buildOfferRequest(complete({ job: 44 }), 'draft').job).toBe(44);
    expect(() => buildOfferRequest(defaultOfferForm(), 'draft')).toThrow();
  });

  it('publish at once only when asked, with the flexibility and the closing date when set', () => {
    const request = buildOfferRequest(complete({ durationFlexibility: 3, closesOn: '2027-03-31' }), 'publish');
    expect(request).toMatchObject({ duration_flexibility: 3, closes_on: '2027-03-31', publish: true });
  });

  it('ask no duration for a permanent contract, and send none', () => {
    const permanent = [1];
    const cdi = complete({ contractType: 1, duration: null, durationFlexibility: 5 });
    expect(validateStep('contract', cdi, permanent)).toEqual({});
    expect(validateStep('contract', complete({ contractType: 2, duration: null }), permanent)).toEqual({ duration: 'required' });
    expect(validateStep('contract', cdi)).toEqual({ duration: 'required' });
    expect(buildOfferRequest(cdi, 'publish', permanent)).toMatchObject({ contract_type: 1, duration: null, duration_flexibility: 0 });
    expect(buildOfferRequest(complete({ contractType: 1, duration: 12 }), 'draft', permanent).duration).toBeNull();
  });

  it('refuse a closing date in the past and a flexibility out of bounds', () => {
    const today = '2026-05-10';
    expect(validateOffer(complete({ closesOn: '2026-05-09' }), [], today).closesOn).toBe('date_in_the_past');
    expect(validateOffer(complete({ closesOn: '2026-05-10' }), [], today).closesOn).toBeUndefined();
    expect(validateOffer(complete({ closesOn: '2026-02-30' }), [], today).closesOn).toBe('invalid_date');
    expect(validateOffer(complete({ durationFlexibility: 121 }), [], today).durationFlexibility).toBe('out_of_range');
    expect(todayIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
