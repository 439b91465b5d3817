// The logged-in users the unit tests share, as whoami gives them, so every
// test that logs Camille in means the same candidate.
import type { WhoAmI } from '@/lib/session';

/** Camille Martin, a candidate whose profile is 80 % complete. */
export const candidateUser: WhoAmI = {
  id: 1000, email: 'candidat@vivier.demo', firstname: 'Camille', lastname: 'Martin', discriminator: 'candidate',
  isCandidate: true, isSchool: false, isPartner: false, candidate: { id: 1000, slug: 'camille-martin-1000', completion: 80 },
  locale: 'fr', firstTime: false, tour: false, hasCampus: false, isBelongToASchool: false,
  isOperator: false, standing: 'approved', standingReason: null,
};

/** A partner (a company looking for candidates). */
export const partnerUser: WhoAmI = {
  id: 7, email: 'partenaire@vivier.demo', firstname: 'Karim', lastname: 'Mansour', discriminator: 'partner',
  isCandidate: false, isSchool: false, isPartner: true, candidate: null,
  locale: 'fr', firstTime: false, tour: false, hasCampus: false, isBelongToASchool: false,
  isOperator: false, standing: 'approved', standingReason: null,
};

/** A partner whose sign-up waits for an operator's approval. */
export const pendingPartnerUser: WhoAmI = { ...partnerUser, id: 8, email: 'nouveau@entreprise.test', firstname: 'Inès', lastname: 'Roux', standing: 'pending' };

/**
 * A partner waiting for approval whom a school invited: they already source,
 * among the candidates of the schools they are linked to only.
 */
export const schoolScopedPartnerUser: WhoAmI = {
  ...pendingPartnerUser, id: 9, email: 'lea.morel@acme.fr', firstname: 'Léa', lastname: 'Morel',
  partner: { company_id: 3, company_name: 'Acme Logistique', role: null, school_scoped: true },
};

/** A school (a school's staff member). */
export const schoolUser: WhoAmI = {
  id: 5, email: 'ecole@vivier.demo', firstname: 'Claire', lastname: 'Dubois', discriminator: 'school',
  isCandidate: false, isSchool: true, isPartner: false, candidate: null,
  locale: 'fr', firstTime: false, tour: false, hasCampus: true, isBelongToASchool: true,
  isOperator: false, standing: 'approved', standingReason: null,
};

/** An operator of the platform. */
export const operatorUser: WhoAmI = {
  id: 2, email: 'operateur@vivier.demo', firstname: 'Olivia', lastname: 'Perrin', discriminator: 'operator',
  isCandidate: false, isSchool: false, isPartner: false, candidate: null,
  locale: 'fr', firstTime: false, tour: false, hasCampus: false, isBelongToASchool: false,
  isOperator: true, standing: 'approved', standingReason: null,
};
