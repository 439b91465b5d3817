// The campus form's values and rules, mirroring the server's (spec §5: a name,
// a place, no two programs with the same name, compared without case or
// surrounding spaces), and the request built from them.
import type { Located, LocalizationValue } from '@/components/localization-picker/localization-value';
import type { Campus, CampusRequest } from '../api/school-types';

export type ProgramValue = { id: number | null; name: string };

export type CampusFormValues = {
  name: string;
  localization: LocalizationValue | null;
  programs: ProgramValue[];
};

export type CampusFormErrors = {
  name?: string;
  localization?: string;
  /** Index of the program to its rule code. */
  programs: Record<number, string>;
};

export function campusToForm(campus?: Campus): CampusFormValues {
  if (!campus) return { name: '', localization: null, programs: [{ id: null, name: '' }] };
  return {
    name: campus.name,
    localization: campus.localization,
    programs: campus.programs.map((program) => ({ id: program.id, name: program.name })),
  };
}

export function checkCampus(values: CampusFormValues): CampusFormErrors {
  const errors: CampusFormErrors = { programs: {} };
  if (values.name.trim() === '') errors.name = 'required';
  else if (values.name.trim().length > 200) errors.name = 'too_long';
  if (values.localization === null) errors.localization = 'required';
  const seen = new Set<string>();
  values.programs.forEach((program, index) => {
    const name = program.name.trim().toLowerCase();
    if (name === '') errors.programs[index] = 'required';
    else if (seen.has(name)) errors.programs[index] = 'duplicate';
    seen.add(name);
  });
  return errors;
}

export function hasCampusErrors(errors: CampusFormErrors): boolean {
  return errors.name !== undefined || errors.localization !== undefined || Object.keys(errors.programs).length > 0;
}

export function campusRequest(values: Located<CampusFormValues>): CampusRequest {
  return {
    name: values.name.trim(),
    localization: values.localization,
    programs: values.programs.map((program) => ({ id: program.id, name: program.name.trim() })),
  };
}

/** The server's 422 field names (`name`, `localization`, `programs[2].name`) as form errors. */
export function campusServerErrors(errors: Record<string, string[]>): CampusFormErrors {
  const result: CampusFormErrors = { programs: {} };
  for (const [field, codes] of Object.entries(errors)) {
    const code = codes[0];
    if (code === undefined) continue;
    const program = /^programs\[(\d+)\]/.exec(field);
    if (program) result.programs[Number(program[1])] = code;
    else if (field === 'name') result.name = code;
    else if (field.startsWith('localization')) result.localization = code;
  }
  return result;
}
