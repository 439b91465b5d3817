// The strength estimate of a password being chosen, shown as it is typed. The
// server makes the rule (zxcvbn in Rust: a score under 3 is refused as
// `password_too_weak`); this is zxcvbn-ts with its common dictionaries
// (common passwords, keyboard layouts, azerty included), a hint that mostly
// agrees with the server: their word lists differ a little.
//
// The estimator and its dictionaries (about 250 kB gzipped) are loaded on first
// use through a dynamic import, so only the pages that set a password fetch
// them. The English and French word lists are left out: 600 and 300 kB more
// for a hint.
import type { Score, ZxcvbnFactory } from '@zxcvbn-ts/core';

/** From 0 (guessed in under a thousand tries) to 4 (more than ten billion). */
export type PasswordScore = Score;

/** The lowest score the server accepts. */
export const minimumPasswordScore: PasswordScore = 3;

/** Words of the product tried first against its accounts (as on the server). */
const productWords = ['vivier', 'candidat', 'candidate', 'recruteur', 'recruiter'];

/** What is known of the person choosing the password. */
export type PasswordOwner = { email?: string; firstname?: string; lastname?: string };

/**
 * The words a targeted guess starts with: the owner's names, the email's
 * local part and its pieces (`camille.martin` gives `camille` and `martin`
 * too), and the product's words.
 */
export function passwordOwnerWords({ email = '', firstname = '', lastname = '' }: PasswordOwner): string[] {
  const at = email.indexOf('@');
  const localPart = at === -1 ? email : email.slice(0, at);
  const pieces = localPart.split(/[^\p{L}\p{N}]/u);
  return [firstname, lastname, localPart, ...pieces, ...productWords]
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
}

let estimator: Promise<ZxcvbnFactory> | null = null;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  // a failed download is tried again at the next estimate
  estimator.catch(() => {
    estimator = null;
  });
  return estimator;
}

/** The zxcvbn score of `password` (0 to 4), the owner's words tried first. */
export async function estimatePasswordScore(password: string, ownerWords: readonly string[]): Promise<PasswordScore> {
  const zxcvbn = await loadEstimator();
  return zxcvbn.check(password, [...ownerWords]).score;
}
