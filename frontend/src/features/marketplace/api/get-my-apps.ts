import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-current-user';

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
export function useMyApps() {
  const { token, role } = useSession();
  const { data } = useSWR(token && role === 'developer' ? myAppsKey : null, getMyApps, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    onError: () => undefined,
  });
  return data ?? [];
}
