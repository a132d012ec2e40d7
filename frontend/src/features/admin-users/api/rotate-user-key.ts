import type { AdminRotatedKey } from '@shared/schemas/keys';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { adminUserKeysKey } from './get-admin-user';

/**
 * POST /api/admin/keys/{id}/rotate: revokes the key's secret at once. The admin only gets the new
 * prefix; the owner is told by e-mail and rotates the key themselves to see a usable full key.
 */
export const rotateUserKey = (keyId: string) =>
  api.post<AdminRotatedKey>(`/api/admin/keys/${encodeURIComponent(keyId)}/rotate`);

/** Revalidates the user's key list (same key). */
export function useRotateUserKey(userId: string) {
  return useSWRMutation(adminUserKeysKey(userId), (_key: string, { arg }: { arg: string }) => rotateUserKey(arg));
}
