// The contact requests and conversations the contacts feature's tests share,
// as the server sends them: Numéria Conseil's recruiter Karim Mansour asking
// Léa Durand, in each state, and their thread.
import type { Schemas } from '@/api/schemas';

type ContactRequest = Schemas['ContactRequestView'];

/** Karim's request to Léa, waiting for her answer. */
export const pendingRequest: ContactRequest = {
  id: 31,
  state: 'pending',
  message: 'Bonjour Léa,\nvotre parcours en logistique nous intéresse. <b>Pas de HTML</b> https://numeria.example',
  offer_id: 4,
  offer_title: 'Assistant·e logistique',
  company_id: 9,
  company: 'Numéria Conseil',
  recruiter_firstname: 'Karim',
  recruiter_lastname: 'Mansour',
  recruiter_role: 'Responsable du recrutement',
  candidate_id: 99,
  candidate_firstname: 'Léa',
  candidate_lastname: 'Durand',
  name_hidden: false,
  contact_email: null,
  created_at: '2026-11-20T09:00:00Z',
  expires_at: '2026-12-04T09:00:00Z',
  answered_at: null,
};

/** The same request once Léa accepted it: each side has the other's address. */
export const acceptedRequest: ContactRequest = {
  ...pendingRequest,
  state: 'accepted',
  contact_email: 'karim.mansour@numeria.example',
  answered_at: '2026-11-21T10:00:00Z',
};

/** One thread summary, as GET /api/api/conversations lists it. */
export function conversationSummary(overrides: Partial<Schemas['ConversationSummary']> = {}): Schemas['ConversationSummary'] {
  return {
    id: 31,
    firstname: 'Léa',
    lastname: 'Durand',
    company: 'Numéria Conseil',
    email: 'lea.durand@example.test',
    last_message_at: '2026-11-25T08:00:00Z',
    unread: 0,
    closed: false,
    ...overrides,
  };
}
