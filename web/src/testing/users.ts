// The logged-in users the unit tests share, as whoami gives them, so every
// test that logs Camille in means the same candidate.
import type { WhoAmI } from '@/lib/session';

/** Camille Martin, a candidate whose profile is 80 % complete. */
export const candidateUser: WhoAmI = {
  id: 1000, email: 'candidat@vivier.demo', firstname: 'Camille', lastname: 'Martin', discriminator: 'candidate',
  isCandidate: true, isSchool: false, isPartner: false, candidate: { id: 1000, slug: 'camille-martin-1000', completion: 80 },
  locale: 'fr', firstTime: false, tour: false, hasCampus: false, isBelongToASchool: false,
};

/** A partner (a company looking for candidates). */
export const partnerUser: WhoAmI = {
  id: 7, email: 'partenaire@vivier.demo', firstname: 'Karim', lastname: 'Mansour', discriminator: 'partner',
  isCandidate: false, isSchool: false, isPartner: true, candidate: null,
  locale: 'fr', firstTime: false, tour: false, hasCampus: false, isBelongToASchool: false,
};
