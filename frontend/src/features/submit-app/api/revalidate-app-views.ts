import type { ScopedMutator } from 'swr';
import { MY_APPS_KEY } from '@/api/get-my-apps';

/**
 * After a write, the views that show the app: the own-apps list (/api/apps and each app under
 * it), the dashboard counts and the public marketplace lists. Takes the mutator of the current
 * SWR cache (useSWRConfig().mutate).
 */
export const revalidateAppViews = (mutate: ScopedMutator) =>
  mutate(
    (key) =>
      typeof key === 'string' &&
      (key === MY_APPS_KEY ||
        key.startsWith(`${MY_APPS_KEY}/`) ||
        key.startsWith('/api/marketplace/') ||
        key === 'dashboard-counts'),
  );
