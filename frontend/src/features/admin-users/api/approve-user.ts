import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { ADMIN_USERS_KEY } from './get-admin-users';
import { revalidateUserViews } from './revalidate-user-views';

/** POST /api/approve-user {email}: approves the developer and activates their production keys. */
export const approveUser = (email: string) => api.post<{ message?: string }>('/api/approve-user', { email });

/** Revalidates the list's pages and any open user detail, whose keys turn active. */
export function useApproveUser() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${ADMIN_USERS_KEY}#approve`, (_key: string, { arg }: { arg: string }) => approveUser(arg), {
    onSuccess: () => void revalidateUserViews(mutate),
  });
}
