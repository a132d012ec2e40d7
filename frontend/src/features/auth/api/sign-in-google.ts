import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { SessionResponse } from './sign-in';

/** POST /api/google-login with the Google Identity Services credential (an ID token). */
export const signInGoogle = (token: string) =>
  api.post<SessionResponse>('/api/google-login', { token }, { skipAuthRedirect: true });

export function useSignInGoogle() {
  return useSWRMutation('/api/google-login', (_key: string, { arg }: { arg: string }) => signInGoogle(arg));
}
