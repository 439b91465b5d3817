// The campus form's rules, as the server words them (spec §5).
import { describe, expect, it } from 'vitest';
import { lyon } from '@/testing/places';
import { campusServerErrors, checkCampus, hasCampusErrors } from './campus-form';

describe('campus form rules', () => {
  it('needs a name and a place', () => {
    const errors = checkCampus({ name: ' ', localization: null, programs: [] });
    expect(errors).toEqual({ name: 'required', localization: 'required', programs: {} });
  });

  it('names the second of two programs that share a name, whatever the case', () => {
    const errors = checkCampus({
      name: 'Croix-Rousse',
      localization: lyon,
      programs: [
        { id: 1, name: 'Bachelor' },
        { id: null, name: 'Master' },
        { id: null, name: ' bachelor ' },
      ],
    });
    expect(errors.programs).toEqual({ 2: 'duplicate' });
    expect(hasCampusErrors(errors)).toBe(true);
  });

  it('reads the server field names', () => {
    expect(campusServerErrors({ 'programs[1].name': ['duplicate'], name: ['required'] })).toEqual({
      name: 'required',
      programs: { 1: 'duplicate' },
    });
  });
});
