import { api } from '../../../lib/api-client';
import { useDeveloperRead } from './use-developer-read';

interface OwnApp {
  id: string;
  slug?: string | null;
}

export const myAppsKey = '/api/apps';

const getMyApps = async (key: string): Promise<OwnApp[]> => {
  const data = await api.get<OwnApp[] | { items?: OwnApp[] }>(key, { skipAuthRedirect: true });
  return Array.isArray(data) ? data : (data?.items ?? []);
};

/**
 * The signed-in developer's own apps (GET /api/apps), used only to recognise ownership on the
 * marketplace. Any failure (not a developer, not built yet, expired session) means 'not owner'.
 */
export const useMyApps = () => useDeveloperRead(myAppsKey, getMyApps);
