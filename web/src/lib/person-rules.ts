// Rules about a person the server checks and several forms mirror (the
// candidate sign-up, the candidate's profile): what a phone number looks like
// (the server's pattern, from its document), what a date is, how old someone is.
import { apiBounds } from '@/api/bounds';

const phonePattern = new RegExp(apiBounds.CandidateSignUpRequest.phone.pattern, 'u');

/** The server's test: digits, spaces and + - . ( ) only, with 6 to 15 digits. */
export function isValidPhone(phone: string): boolean {
  const value = phone.trim();
  return value.length <= apiBounds.CandidateSignUpRequest.phone.maxLength && phonePattern.test(value);
}

/** A "YYYY-MM-DD" string naming a day that exists, or null. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whether someone born on `birth` has had their `age`-th birthday by `today`. */
export function isAtLeast(birth: { year: number; month: number; day: number }, age: number, today: Date): boolean {
  const [year, month, day] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  const turned = year - birth.year - (month < birth.month || (month === birth.month && day < birth.day) ? 1 : 0);
  return turned >= age;
}
