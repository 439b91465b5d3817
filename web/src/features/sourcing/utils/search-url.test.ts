// The sourcing criteria in the page's URL: what is written is read back the
// same, an untouched form writes nothing, the page's own names stay, and a
// value that cannot be read falls back to the empty form's.
import { describe, expect, it } from 'vitest';
import { lyon } from '@/testing/places';
import { initialPaging } from './results-paging';
import { defaultSearchForm, type SearchFormValues } from './search-form';
import { criteriaToQuery, hasCriteria, queryToCriteria, queryToPaging } from './search-url';

const chosen: SearchFormValues = {
  ...defaultSearchForm(),
  jobCategory: 7,
  contracts: [3, 1],
  duration: 6,
  startAt: '2027-01-04',
  localization: { ...lyon },
  radius: 25,
  degree: 4,
  languages: [{ id: 12, level: 5 }, { id: 3, level: 2 }],
  softskillCategories: [5, 2],
  durationFlexibility: 2,
  keywords: 'data & cloud, café',
};

describe('the sourcing criteria in the URL', () => {
  it('reads back the criteria, sort and page it wrote', () => {
    const paging = { ...initialPaging('distance'), offset: 40 };
    const query = new URLSearchParams(criteriaToQuery(new URLSearchParams(), chosen, paging).toString());
    expect(queryToCriteria(query)).toEqual(chosen);
    expect(queryToPaging(query)).toEqual(paging);
    expect(query.get('page')).toBe('3');
    expect(query.get('place')).toBe('city:69123');
  });

  it('writes nothing for an untouched form, and the first page by score says nothing of its order', () => {
    expect(criteriaToQuery(new URLSearchParams(), defaultSearchForm(), initialPaging()).toString()).toBe('');
    const query = criteriaToQuery(new URLSearchParams(), { ...defaultSearchForm(), jobCategory: 7 }, initialPaging());
    expect(query.has('sort')).toBe(false);
    expect(query.has('page')).toBe(false);
    expect(hasCriteria(query)).toBe(true);
  });

  it("keeps the page's own names and replaces the criteria it had", () => {
    const before = new URLSearchParams('search=5&category=9&languages=1-1');
    const query = criteriaToQuery(before, { ...chosen, languages: [] }, initialPaging());
    expect(query.get('search')).toBe('5');
    expect(query.get('category')).toBe('7');
    expect(query.has('languages')).toBe(false);
    expect(queryToCriteria(query)?.languages).toEqual([]);
  });

  it('holds no criteria without them, and falls back to the empty form for what it cannot read', () => {
    expect(queryToCriteria(new URLSearchParams('offer=3'))).toBeNull();
    const read = queryToCriteria(new URLSearchParams('radius=abc&category=x&contracts=1,,y,1&place=moon:1&languages=2-x,4-3&page=-2'));
    expect(read).toMatchObject({ radius: defaultSearchForm().radius, jobCategory: null, contracts: [1], localization: null });
    expect(read?.languages).toEqual([{ id: 4, level: 3 }]);
    expect(queryToPaging(new URLSearchParams('page=-2&sort=nonsense'))).toEqual(initialPaging());
  });
});
