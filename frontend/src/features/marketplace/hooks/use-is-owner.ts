import { useCurrentUser } from '../../../lib/use-current-user';
import { useMyApps } from '../api/get-my-apps';
import type { MarketplaceApp } from '../types';

/**
 * Whether the signed-in user listed this app: the profile id matches the app's owner, or the app
 * (by id or slug) is among the developer's own apps. Any failure to tell means 'not owner'.
 */
export function useIsOwner(app: Pick<MarketplaceApp, 'id' | 'slug' | 'user_id'> | undefined): boolean {
  const { user } = useCurrentUser();
  const mine = useMyApps();
  if (!app) return false;
  if (user?.id && app.user_id && user.id === app.user_id) return true;
  return mine.some((own) => own.id === app.id || (Boolean(app.slug) && own.slug === app.slug));
}
