import type { BuyerInstall } from '@shared/schemas/installs';
import { api } from '@/lib/api-client';

/** POST /api/install-link: the install the licence mail's access link opens. */
export const installByLink = (token: string) => api.post<BuyerInstall>('/api/install-link', { token });

/** POST /api/install-link/revoke: revokes the install the link opened (and only that one). */
export const revokeByLink = (token: string, installId: string) =>
  api.post<BuyerInstall>('/api/install-link/revoke', { token, install_id: installId });
