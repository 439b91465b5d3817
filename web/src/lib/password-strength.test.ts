// The browser's strength estimate: it agrees with the server on the passwords
// of issue #34 and on the demo password, and tries the owner's words first.
import { describe, expect, it } from 'vitest';
import { estimatePasswordScore, minimumPasswordScore, passwordOwnerWords } from './password-strength';

const nobody = passwordOwnerWords({});

describe('the password strength estimate', () => {
  it('finds common passwords, keyboard walks, sequences and repeats too easy to guess', async () => {
    for (const password of ['password12', 'Azerty1234', '1234567890a', 'aaaaaaaaa1']) {
      expect(await estimatePasswordScore(password, nobody), password).toBeLessThan(minimumPasswordScore);
    }
  });

  it('finds the demo password and passphrases strong enough', async () => {
    const camille = passwordOwnerWords({ email: 'camille.martin@example.org', firstname: 'Camille', lastname: 'Martin' });
    for (const password of ['Vivier-demo-2026', 'Une-phrase-de-passe-2026', 'correct horse battery staple']) {
      expect(await estimatePasswordScore(password, camille), password).toBeGreaterThanOrEqual(minimumPasswordScore);
    }
  });

  it('tries the owner’s names first', async () => {
    const zoubida = passwordOwnerWords({ email: 'zk@example.org', firstname: 'Zoubida', lastname: 'Kowalczyk' });
    expect(await estimatePasswordScore('Zoubida1990!', nobody)).toBeGreaterThanOrEqual(minimumPasswordScore);
    expect(await estimatePasswordScore('Zoubida1990!', zoubida)).toBeLessThan(minimumPasswordScore);
  });

  it('takes the names, the email’s local part and its pieces, then the product’s words', () => {
    expect(passwordOwnerWords({ email: ' Camille.Martin@example.org', firstname: 'Camille ', lastname: '' })).toEqual([
      'camille',
      'camille.martin',
      'camille',
      'martin',
      'vivier',
      'candidat',
      'candidate',
      'recruteur',
      'recruiter',
    ]);
  });
});
