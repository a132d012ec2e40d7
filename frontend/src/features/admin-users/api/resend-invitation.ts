import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { ADMIN_USERS_KEY } from './get-admin-users';

/** POST /api/admin/users/{id}/resend-invitation: an invited legacy account gets its set-password link again. */
export function useResendInvitation() {
  return useSWRMutation(`${ADMIN_USERS_KEY}#resend-invitation`, (_key: string, { arg }: { arg: string }) =>
    api.post<{ message: string }>(`/api/admin/users/${encodeURIComponent(arg)}/resend-invitation`, {}),
  );
}
