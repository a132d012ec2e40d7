import type { ScopedMutator } from 'swr';
import { ADMIN_APPS_KEY } from './get-admin-apps';

/**
 * After an admin action: the admin list and the public marketplace lists the app enters or
 * leaves. Takes the mutator of the current SWR cache (useSWRConfig().mutate).
 */
export const revalidateAppLists = (mutate: ScopedMutator) =>
  mutate(
    (key) =>
      typeof key === 'string' &&
      (key === ADMIN_APPS_KEY || key.startsWith(`${ADMIN_APPS_KEY}?`) || key.startsWith('/api/marketplace/')),
  );
