import useSWR from 'swr';
import { fetcher } from '@/lib/api-client';

/** GET /api/admin/profile: the signed-in admin's name and e-mail. */
export interface AdminProfile {
  full_name: string;
  email: string;
}

export const ADMIN_PROFILE_KEY = '/api/admin/profile';

export function useAdminProfile() {
  return useSWR<AdminProfile>(ADMIN_PROFILE_KEY, fetcher, { revalidateOnFocus: false, shouldRetryOnError: false });
}
