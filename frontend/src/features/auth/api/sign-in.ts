import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

/** POST /api/login and /api/admin-login share this shape (docs/spec.md section 3). */
export interface Credentials {
  email: string;
  password: string;
}

/** Token response of every sign-in call; fields are optional because the client checks them. */
export interface SessionResponse {
  access_token?: string;
  role?: string;
}

/** A 401 here means bad credentials, not an expired session: skip the global 401 redirect. */
export const signIn = (body: Credentials) => api.post<SessionResponse>('/api/login', body, { skipAuthRedirect: true });

export function useSignIn() {
  return useSWRMutation('/api/login', (_key: string, { arg }: { arg: Credentials }) => signIn(arg));
}
