// The sign-up checks made before calling the server, field by field and step
// by step, and the mapping of the server's 422 back to fields and steps.
import { describe, expect, it } from 'vitest';
import type { Located } from '@/components/localization-picker/localization-value';
import { firstStepOf, signUpSteps, stepOfField } from './sign-up-steps';
import {
  type CandidateSignUpValues,
  emptySignUpValues,
  isValidEmail,
  parseIsoDate,
  toSignUpRequest,
  validateSignUpField,
  validateSignUpFields,
} from './sign-up-validation';

const today = new Date(2026, 10, 22); // 22 November 2026

const valid: Located<CandidateSignUpValues> = {
  firstname: 'Camille',
  lastname: 'Martin',
  birthdate: '2000-05-14',
  email: 'camille.martin@example.com',
  phone: '06 12 34 56 78',
  localization: { value: 'Lyon', type: 'city', lat: 45.76, lng: 4.83, id: '69123', country_code: 'FR' },
  localizationText: 'Lyon',
  password: 'Vivier-demo-2026',
  passwordConfirmation: 'Vivier-demo-2026',
  consent: true,
  productNews: false,
};

describe('sign-up validation', () => {
  it('accepts a complete, valid form', () => {
    expect(validateSignUpFields(signUpSteps.flatMap((step) => step.fields), valid, today)).toEqual({});
  });

  it('requires every field of the base user (spec §5)', () => {
    const errors = validateSignUpFields(signUpSteps.flatMap((step) => step.fields), emptySignUpValues, today);
    expect(errors).toEqual({
      firstname: 'required',
      lastname: 'required',
      birthdate: 'required',
      email: 'required',
      phone: 'required',
      localization: 'required',
      password: 'required',
      passwordConfirmation: 'required',
      consent: 'consent_required',
    });
  });

  it('treats blank text as missing', () => {
    expect(validateSignUpField('firstname', { ...valid, firstname: '   ' }, today)).toBe('required');
  });

  it('checks the email shape', () => {
    for (const email of ['camille', 'camille@', '@example.com', 'camille@example', 'ca mille@example.com', 'a@b@c.fr', 'a@.fr', 'a@b.']) {
      expect(isValidEmail(email), email).toBe(false);
    }
    expect(isValidEmail('c.martin+vivier@mail.example.fr')).toBe(true);
    expect(validateSignUpField('email', { ...valid, email: 'camille@example' }, today)).toBe('invalid_email');
  });

  it('refuses dates that do not exist', () => {
    expect(parseIsoDate('2001-02-29')).toBeNull();
    expect(parseIsoDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate('14/05/2000')).toBeNull();
    expect(validateSignUpField('birthdate', { ...valid, birthdate: '2003-13-01' }, today)).toBe('invalid_date');
    expect(validateSignUpField('birthdate', { ...valid, birthdate: '1850-01-01' }, today)).toBe('invalid_date');
    expect(validateSignUpField('birthdate', { ...valid, birthdate: '1906-11-22' }, today)).toBeUndefined();
    expect(validateSignUpField('birthdate', { ...valid, birthdate: '1905-11-22' }, today)).toBe('invalid_date');
    expect(validateSignUpField('birthdate', { ...valid, birthdate: '2030-01-01' }, today)).toBe('invalid_date');
  });

  it('needs the 15th birthday to have passed', () => {
    expect(validateSignUpField('birthdate', { ...valid, birthdate: '2011-11-22' }, today)).toBeUndefined();
    expect(validateSignUpField('birthdate', { ...valid, birthdate: '2011-11-23' }, today)).toBe('too_young');
    expect(validateSignUpField('birthdate', { ...valid, birthdate: '2020-01-01' }, today)).toBe('too_young');
  });

  it('applies the password policy with the email given at step 2', () => {
    expect(validateSignUpField('password', { ...valid, password: 'short1' }, today)).toBe('password_policy');
    expect(validateSignUpField('password', { ...valid, password: 'camille.martin-2026' }, today)).toBe('password_policy');
  });

  it('needs the confirmation to match', () => {
    expect(validateSignUpField('passwordConfirmation', { ...valid, passwordConfirmation: 'Vivier-demo-2027' }, today)).toBe(
      'password_mismatch',
    );
  });

  it('tells a place typed but not chosen from a missing one', () => {
    expect(validateSignUpField('localization', { ...valid, localization: null, localizationText: '' }, today)).toBe('required');
    expect(validateSignUpField('localization', { ...valid, localization: null, localizationText: 'Lyonn' }, today)).toBe(
      'invalid_localization',
    );
  });

  it('checks the phone like the server: digits, spaces and + - . ( ), 6 to 15 digits', () => {
    for (const phone of ['06 12 34 56 78', '+33 (0)6.12.34.56.78', '123456', '+1-202-555-0143']) {
      expect(validateSignUpField('phone', { ...valid, phone }, today), phone).toBeUndefined();
    }
    for (const phone of ['12345', '06 12 34 56 78 90 12 34', 'call me', '06/12/34/56/78']) {
      expect(validateSignUpField('phone', { ...valid, phone }, today), phone).toBe('invalid_phone');
    }
  });

  it('refuses overlong names', () => {
    expect(validateSignUpField('lastname', { ...valid, lastname: 'x'.repeat(101) }, today)).toBe('too_long');
  });

  it('checks only the fields of the step asked for', () => {
    expect(validateSignUpFields(signUpSteps[0]!.fields, { ...emptySignUpValues, firstname: 'Camille' }, today)).toEqual({
      lastname: 'required',
      birthdate: 'required',
    });
  });

  it('builds the body of the sign-up call', () => {
    expect(toSignUpRequest({ ...valid, firstname: ' Camille ', email: ' camille.martin@example.com ' }, 'en')).toEqual({
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'camille.martin@example.com',
      password: 'Vivier-demo-2026',
      phone: '06 12 34 56 78',
      birthdate: '2000-05-14',
      localization: valid.localization,
      consent: true,
      product_news: false,
      locale: 'en',
    });
  });
});

describe('steps of the sign-up', () => {
  it('goes back to the earliest step holding a failing field', () => {
    expect(firstStepOf(['password', 'birthdate'])).toBe(0);
    expect(firstStepOf(['email', 'phone'])).toBe(1);
    expect(firstStepOf([])).toBeNull();
  });

  it('knows which step holds each field', () => {
    expect(stepOfField('birthdate')).toBe(0);
    expect(stepOfField('localization')).toBe(1);
    expect(stepOfField('consent')).toBe(2);
  });
});
