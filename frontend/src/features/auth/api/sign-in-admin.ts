import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { Credentials, SessionResponse } from './sign-in';

export const signInAdmin = (body: Credentials) =>
  api.post<SessionResponse>('/api/admin-login', body, { skipAuthRedirect: true });

export function useSignInAdmin() {
  return useSWRMutation('/api/admin-login', (_key: string, { arg }: { arg: Credentials }) => signInAdmin(arg));
}
