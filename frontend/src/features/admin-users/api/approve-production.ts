import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { adminUserKey } from './get-admin-user';
import { revalidateUserViews } from './revalidate-user-views';

/** POST /api/admin/users/{id}/approve-production: approves the developer; their production keys turn active. */
export const approveProduction = (userId: string) =>
  api.post<{ message?: string }>(`${adminUserKey(userId)}/approve-production`);

export function useApproveProduction(userId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(adminUserKey(userId), () => approveProduction(userId), {
    onSuccess: () => void revalidateUserViews(mutate),
  });
}
