import type { PermissionsView } from '@shared/schemas/permissions';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** Public: a listed app's permissions. Review: the owner's or an admin's view of any app. */
export type PermissionScope = 'public' | 'review';

export const permissionsKey = (appId: string, scope: PermissionScope = 'public') =>
  scope === 'public'
    ? `/api/marketplace/apps/${encodeURIComponent(appId)}/data-access`
    : `/api/apps/${encodeURIComponent(appId)}/data-access`;

export function usePermissions(appId: string | undefined, scope: PermissionScope = 'public') {
  return useSWR(appId ? permissionsKey(appId, scope) : null, (key: string) => api.get<PermissionsView>(key), {
    shouldRetryOnError: false,
  });
}
