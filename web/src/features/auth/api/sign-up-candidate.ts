// The candidate sign-up call. The server answers "check your inbox" whether or
// not the email already had an account, so nothing here reveals who is registered.
import { useMutation } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type CandidateSignUpRequest = Schemas['CandidateSignUpRequest'];

export function signUpCandidate(body: CandidateSignUpRequest): Promise<Schemas['SignUpResponse']> {
  return api.post<Schemas['SignUpResponse']>('/api/candidates', body, { silent: true });
}

export function useSignUpCandidate() {
  return useMutation({ mutationFn: signUpCandidate });
}
