import type { ScopedMutator } from 'swr';
import { MY_APPS_KEY } from '@/api/get-my-apps';

/**
 * After an app changes, the views that show it: the own-apps list, the dashboard counts and the
 * public marketplace lists (a deleted public app leaves them). Takes the mutator of the current
 * SWR cache (useSWRConfig().mutate).
 */
export const revalidateAppViews = (mutate: ScopedMutator) =>
  mutate(
    (key) =>
      typeof key === 'string' &&
      (key === MY_APPS_KEY || key === 'dashboard-counts' || key.startsWith('/api/marketplace/')),
  );
