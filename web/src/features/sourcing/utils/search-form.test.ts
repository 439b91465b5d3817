// The sourcing form follows the server: same defaults, same rules, same request.
import { describe, expect, it } from 'vitest';
import { lyon } from '@/testing/places';
import {
  addLanguage,
  buildSearchRequest,
  defaultSearchForm,
  isSearchFormValid,
  offerToForm,
  type SearchFormValues,
  searchToForm,
  toggleId,
  validateSearchForm,
} from './search-form';

function validForm(overrides: Partial<SearchFormValues> = {}): SearchFormValues {
  return {
    ...defaultSearchForm(),
    jobCategory: 12,
    contracts: [3, 1],
    duration: 6,
    startAt: '2026-12-01',
    localization: lyon,
    languages: [{ id: 2, level: 4 }],
    ...overrides,
  };
}

describe('sourcing form defaults', () => {
  it('start with the spec defaults (radius 10, flexibility 0) and no minimum degree chosen for the user', () => {
    const form = defaultSearchForm();
    expect(form.radius).toBe(10);
    expect(form.degree).toBe(0);
    expect(form.durationFlexibility).toBe(0);
    expect(form.contracts).toEqual([]);
    expect(form.keywords).toBe('');
  });

  it('add a language at level 3 and only once', () => {
    const once = addLanguage([], 5);
    expect(once).toEqual([{ id: 5, level: 3 }]);
    expect(addLanguage(once, 5)).toBe(once);
  });

  it('toggle ids in and out of a selection', () => {
    expect(toggleId([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleId([1, 2, 3], 2)).toEqual([1, 3]);
  });
});

describe('sourcing form validation', () => {
  it('accepts a complete form', () => {
    expect(validateSearchForm(validForm())).toEqual({});
    expect(isSearchFormValid(validForm())).toBe(true);
  });

  it('requires job category, a contract, duration, start date and a place', () => {
    const errors = validateSearchForm({ ...defaultSearchForm(), languages: [{ id: 1, level: 3 }] });
    expect(errors).toEqual({
      jobCategory: 'required',
      contracts: 'required',
      duration: 'required',
      startAt: 'required',
      localization: 'required',
    });
  });

  it('needs at least one language or one soft-skill family, flagged on both', () => {
    const errors = validateSearchForm(validForm({ languages: [], softskillCategories: [] }));
    expect(errors).toEqual({
      languages: 'matching_parameter_required',
      softskillCategories: 'matching_parameter_required',
    });
    expect(validateSearchForm(validForm({ languages: [], softskillCategories: [4] }))).toEqual({});
  });

  it('keeps the radius within 1 to 200 km', () => {
    expect(validateSearchForm(validForm({ radius: 0 })).radius).toBe('out_of_range');
    expect(validateSearchForm(validForm({ radius: 201 })).radius).toBe('out_of_range');
    expect(validateSearchForm(validForm({ radius: 1 })).radius).toBeUndefined();
    expect(validateSearchForm(validForm({ radius: 200 })).radius).toBeUndefined();
  });

  it('asks no duration when every contract sought is permanent, and sends none', () => {
    const permanent = [1];
    const cdiOnly = validForm({ contracts: [1], duration: null });
    expect(validateSearchForm(cdiOnly, permanent)).toEqual({});
    expect(validateSearchForm(validForm({ contracts: [1, 3], duration: null }), permanent)).toEqual({ duration: 'required' });
    expect(validateSearchForm(cdiOnly)).toEqual({ duration: 'required' });
    const request = buildSearchRequest(validForm({ contracts: [1], duration: 6 }), { limit: 20, offset: 0, sort: 'score' }, permanent);
    expect(request.duration).toBeNull();
  });

  it('checks duration, degree, language levels and dates', () => {
    expect(validateSearchForm(validForm({ duration: 121 })).duration).toBe('out_of_range');
    expect(validateSearchForm(validForm({ duration: 0 })).duration).toBeUndefined();
    expect(validateSearchForm(validForm({ degree: 9 })).degree).toBe('out_of_range');
    expect(validateSearchForm(validForm({ languages: [{ id: 2, level: 7 }] })).languages).toBe('out_of_range');
    expect(validateSearchForm(validForm({ startAt: '2026-02-30' })).startAt).toBe('invalid_date');
    expect(validateSearchForm(validForm({ durationFlexibility: -1 })).durationFlexibility).toBe('out_of_range');
    expect(validateSearchForm(validForm({ durationFlexibility: 121 })).durationFlexibility).toBe('out_of_range');
  });

  it('refuses a place whose name is blank', () => {
    expect(validateSearchForm(validForm({ localization: { ...lyon, value: ' ' } })).localization).toBe('required');
  });
});

describe('the search request', () => {
  it('carries every criterion with the page and the sort', () => {
    const request = buildSearchRequest(validForm({ keywords: '  react ' }), { limit: 20, offset: 40, sort: 'distance' });
    expect(request).toEqual({
      job_category: 12,
      contracts: [1, 3],
      duration: 6,
      start_at: '2026-12-01',
      localization: lyon,
      radius: 10,
      degree: 0,
      languages: [{ id: 2, level: 4 }],
      softskills_categories: [],
      duration_flexibility: 0,
      keywords: 'react',
      limit: 20,
      offset: 40,
      sort: 'distance',
    });
  });

  it('leaves out empty keywords', () => {
    const request = buildSearchRequest(validForm(), { limit: 20, offset: 0, sort: 'score' });
    expect('keywords' in request).toBe(false);
  });

  it('is never built from an invalid form', () => {
    expect(() => buildSearchRequest(defaultSearchForm(), { limit: 20, offset: 0, sort: 'score' })).toThrow();
  });

  it('round-trips through a stored search', () => {
    const request = buildSearchRequest(validForm({ keywords: 'vente' }), { limit: 20, offset: 0, sort: 'score' });
    expect(searchToForm({ ...request, start_at: '2026-12-01T00:00:00Z' })).toEqual(
      validForm({ contracts: [1, 3], keywords: 'vente' }),
    );
  });

  it('is pre-filled from a job offer, keeping defaults for what the offer lacks', () => {
    const form = offerToForm({
      job_category: { id: 7 },
      contract_type: { id: 2 },
      duration: 12,
      start_at: '2027-01-04',
      localization: lyon,
      languages: [{ id: 2, level: 5 }],
      softskills_categories: [3],
    });
    expect(form).toEqual({
      ...defaultSearchForm(),
      jobCategory: 7,
      contracts: [2],
      duration: 12,
      startAt: '2027-01-04',
      localization: lyon,
      languages: [{ id: 2, level: 5 }],
      softskillCategories: [3],
    });
    expect(isSearchFormValid(form)).toBe(true);
  });
});
