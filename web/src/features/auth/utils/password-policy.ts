// The password policy shared with the server: its length (the bounds of the
// server's document), at least one letter and one digit (0-9), and not
// containing the local part of the email (what comes before "@", compared
// without case; a local part shorter than 3 characters is not checked, as the
// server does). Each rule is checked on its own so the form can show a live
// checklist. The server also refuses a password easily guessed
// (`password_too_weak`), which the strength meter hints at.
import { apiBounds } from '@/api/bounds';

export const passwordMinLength = apiBounds.IdentityFields.password.minLength;
export const passwordMaxLength = apiBounds.IdentityFields.password.maxLength;

export type PasswordRule = 'length' | 'letter' | 'digit' | 'notEmail';

export const passwordRules: readonly PasswordRule[] = ['length', 'letter', 'digit', 'notEmail'];

export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return (at === -1 ? email : email.slice(0, at)).trim().toLowerCase();
}

/** Which rules `password` meets. The email rule holds while no email is known. */
export function checkPassword(password: string, email = ''): Record<PasswordRule, boolean> {
  const length = [...password].length;
  const local = emailLocalPart(email);
  return {
    length: length >= passwordMinLength && length <= passwordMaxLength,
    letter: /\p{L}/u.test(password),
    digit: /[0-9]/.test(password),
    notEmail: [...local].length < 3 || !password.toLowerCase().includes(local),
  };
}

export function isPasswordValid(password: string, email = ''): boolean {
  return Object.values(checkPassword(password, email)).every(Boolean);
}
