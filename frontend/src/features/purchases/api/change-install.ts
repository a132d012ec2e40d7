import type { BuyerInstall } from '@shared/schemas/installs';
import { api } from '@/lib/api-client';

/** POST /api/installs/{id}/grant or /revoke: the install as it is now. */
export const changeInstall = (id: string, action: 'grant' | 'revoke') =>
  api.post<BuyerInstall>(`/api/installs/${encodeURIComponent(id)}/${action}`);
