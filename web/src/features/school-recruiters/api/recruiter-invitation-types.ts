// The recruiter invitations' types: aliases of the server's schemas, never written by hand.
import type { Schemas } from '@/api/schemas';

export type RecruiterInvitation = Schemas['RecruiterInvitation'];
export type RecruiterInvitationList = Schemas['RecruiterInvitationList'];
export type RecruiterInvitationRequest = Schemas['RecruiterInvitationRequest'];
