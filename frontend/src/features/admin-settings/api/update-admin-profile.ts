import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { ADMIN_PROFILE_KEY } from './get-admin-profile';

/** PUT /api/admin/profile; password only when the admin typed a new one. */
export interface UpdateAdminProfileInput {
  full_name: string;
  email: string;
  password?: string;
}

export const updateAdminProfile = (body: UpdateAdminProfileInput) =>
  api.put<{ message?: string }>(ADMIN_PROFILE_KEY, body);

/** Same key as the read, so SWR revalidates the profile once the update succeeds. */
export function useUpdateAdminProfile() {
  return useSWRMutation(ADMIN_PROFILE_KEY, (_key: string, { arg }: { arg: UpdateAdminProfileInput }) =>
    updateAdminProfile(arg),
  );
}
