import type {
  ClaimAccountResponse,
  ClaimAttachResponse,
  ClaimPreview,
  MessageResponse,
} from '@shared/schemas/accounts';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

/** A guest's "Create your practice account" link (?token=): what it proves. */
export const previewClaim = (token: string) =>
  api.post<ClaimPreview>('/api/claim-account/preview', { token }, { skipAuthRedirect: true });

export interface ClaimAccountInput {
  token: string;
  company_name: string;
  full_name: string;
  password: string;
}

/** A practice account for the link's address, signed in at once. */
export function useClaimAccount() {
  return useSWRMutation('/api/claim-account', (_key: string, { arg }: { arg: ClaimAccountInput }) =>
    api.post<ClaimAccountResponse>('/api/claim-account', arg, { skipAuthRedirect: true }),
  );
}

/** Signed in as a buyer: the link's address (and its purchases) joins this account. */
export function useAttachClaim() {
  return useSWRMutation('/api/claim-account/attach', (_key: string, { arg }: { arg: { token: string } }) =>
    api.post<ClaimAttachResponse>('/api/claim-account/attach', arg),
  );
}

/** An imported legacy account sets its password from its invitation link. */
export function useAcceptInvitation() {
  return useSWRMutation(
    '/api/accept-invitation',
    (_key: string, { arg }: { arg: { token: string; password: string } }) =>
      api.post<MessageResponse>('/api/accept-invitation', arg, { skipAuthRedirect: true }),
  );
}
