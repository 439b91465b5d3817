// The candidate sign-up call. The server answers "check your inbox" whether or
// not the email already had an account, so nothing here reveals who is registered.
import { useMutation } from '@tanstack/react-query';
import type { LocalizationValue } from '@/components/localization-picker/localization-picker';
import { api } from '@/lib/api-client';

export type CandidateSignUpRequest = {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  phone: string;
  birthdate: string;
  localization: LocalizationValue | null;
  locale: 'fr' | 'en';
};

export function signUpCandidate(body: CandidateSignUpRequest): Promise<{ status: string }> {
  return api.post<{ status: string }>('/api/candidates', body, { silent: true });
}

export function useSignUpCandidate() {
  return useMutation({ mutationFn: signUpCandidate });
}
