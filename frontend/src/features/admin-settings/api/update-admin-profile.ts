import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { setSession } from '@/lib/auth-storage';
import { ADMIN_PROFILE_KEY } from './get-admin-profile';

/** PUT /api/admin/profile; password only when the admin typed a new one. */
export interface UpdateAdminProfileInput {
  full_name: string;
  email: string;
  password?: string;
}

/**
 * A new address or password ends every session: the answer then carries a new one, kept in place of
 * the old (which the server now refuses).
 */
export async function updateAdminProfile(body: UpdateAdminProfileInput) {
  const answer = await api.put<{ message?: string; access_token?: string }>(ADMIN_PROFILE_KEY, body);
  if (answer?.access_token) setSession(answer.access_token, 'admin');
  return answer;
}

/** Same key as the read, so SWR revalidates the profile once the update succeeds. */
export function useUpdateAdminProfile() {
  return useSWRMutation(ADMIN_PROFILE_KEY, (_key: string, { arg }: { arg: UpdateAdminProfileInput }) =>
    updateAdminProfile(arg),
  );
}
