import type { SignInLinkMailRequest, SignInLinkRequest } from '@shared/schemas/accounts';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { SessionResponse } from './sign-in';

/** POST /api/login/email-link: a single-use sign-in link by mail (offered after repeated failures). */
export const mailSignInLink = (body: SignInLinkMailRequest) =>
  api.post<{ message?: string }>('/api/login/email-link', body, { skipAuthRedirect: true });

export function useMailSignInLink() {
  return useSWRMutation('/api/login/email-link', (_key: string, { arg }: { arg: SignInLinkMailRequest }) =>
    mailSignInLink(arg),
  );
}

/** POST /api/login/link: signs in with the mailed link's token. */
export const signInWithLink = (body: SignInLinkRequest) =>
  api.post<SessionResponse>('/api/login/link', body, { skipAuthRedirect: true });
