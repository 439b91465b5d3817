// The password policy shared with the server.
import { describe, expect, it } from 'vitest';
import { checkPassword, emailLocalPart, isPasswordValid } from './password-policy';

describe('password policy', () => {
  it('accepts 10 to 128 characters with a letter and a digit', () => {
    expect(isPasswordValid('Vivier-demo-2026')).toBe(true);
    expect(isPasswordValid('abcdefghi1')).toBe(true);
    expect(isPasswordValid(`a1${'x'.repeat(126)}`)).toBe(true);
  });

  it('refuses too short and too long passwords', () => {
    expect(checkPassword('abcdefgh1').length).toBe(false);
    expect(checkPassword(`a1${'x'.repeat(127)}`).length).toBe(false);
  });

  it('needs a letter of any alphabet and a digit 0-9', () => {
    expect(checkPassword('1234567890').letter).toBe(false);
    expect(checkPassword('abcdefghijk').digit).toBe(false);
    expect(isPasswordValid('éléphant-42')).toBe(true);
    // Other scripts' digits are not digits for the server.
    expect(checkPassword('abcdefghij٣').digit).toBe(false);
  });

  it('refuses the local part of the email, whatever the case', () => {
    expect(checkPassword('camille.martin2026', 'Camille.Martin@example.com').notEmail).toBe(false);
    expect(checkPassword('xxCAMILLE99xx', 'camille@example.com').notEmail).toBe(false);
    expect(checkPassword('Vivier-demo-2026', 'camille@example.com').notEmail).toBe(true);
    // Without an email, or with a local part under 3 characters, there is nothing to compare with.
    expect(checkPassword('camille2026x', '').notEmail).toBe(true);
    expect(checkPassword('jo-password-2026', 'jo@example.com').notEmail).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('😀😀😀😀a1😀😀😀').length).toBe(false);
  });

  it('takes the local part before the first @', () => {
    expect(emailLocalPart(' Jo.Doe@x.fr ')).toBe('jo.doe');
    expect(emailLocalPart('no-at-sign')).toBe('no-at-sign');
  });
});
