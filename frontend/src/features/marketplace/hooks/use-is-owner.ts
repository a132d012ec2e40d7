import { useMyApps } from '@/api/get-my-apps';
import { useCurrentUser, useSession } from '@/lib/use-current-user';
import type { MarketplaceApp } from '../types';

/**
 * Whether the signed-in user listed this app: the profile id matches the app's owner, or the app
 * (by id or slug) is among the developer's own apps. Any failure to tell means 'not owner'.
 */
export function useIsOwner(app: Pick<MarketplaceApp, 'id' | 'slug' | 'user_id'> | undefined): boolean {
  const { user } = useCurrentUser();
  const { token, role } = useSession();
  // Read only for a signed-in developer; any failure (an expired session) reads as no apps.
  const { data: mine = [] } = useMyApps({ enabled: Boolean(token) && role === 'developer' });
  if (!app) return false;
  if (user?.id && app.user_id && user.id === app.user_id) return true;
  return mine.some((own) => own.id === app.id || (Boolean(app.slug) && own.slug === app.slug));
}
