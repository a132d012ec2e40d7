import type { DataAccessInput } from '../../../../../shared/schemas/data-access';
import { api } from '../../../lib/api-client';

/** PUT /api/apps/{id}/data-access: the owner's declaration (the server checks it against the catalogue). */
export const saveDataAccess = (appId: string, input: DataAccessInput) =>
  api.put(`/api/apps/${encodeURIComponent(appId)}/data-access`, input);
