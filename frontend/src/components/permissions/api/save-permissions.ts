import type { PermissionsInput } from '@shared/schemas/permissions';
import { api } from '@/lib/api-client';

/** PUT /api/apps/{id}/data-access: the owner's declaration (the server checks it against the catalogue). */
export const savePermissions = (appId: string, input: PermissionsInput) =>
  api.put(`/api/apps/${encodeURIComponent(appId)}/data-access`, input);
