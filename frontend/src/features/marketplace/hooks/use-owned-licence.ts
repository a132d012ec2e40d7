import type { Purchase } from '@shared/schemas/checkout';
import { useNewestPurchases } from '@/api/get-my-purchases';
import { useSession } from '@/lib/use-current-user';
import type { MarketplaceApp } from '../types';

export interface OwnedLicence {
  purchase: Purchase;
  /** false: the licence is held now; true: it expired and may be renewed. */
  expired: boolean;
}

/**
 * The buyer's licence of this app, if any: the one held now (completed, not revoked, not expired)
 * first, else the newest expired one (renewable). Refunded or revoked licences are not owned.
 */
export function useOwnedLicence(app: Pick<MarketplaceApp, 'id'> | undefined): OwnedLicence | null {
  const { token, role } = useSession();
  // Read only for a signed-in developer; any failure means 'none known' (the checkout still refuses
  // a second licence on the server).
  const { data: licences = [] } = useNewestPurchases({ enabled: Boolean(token) && role === 'developer' });
  if (!app) return null;
  const mine = licences.filter(
    (p) => p.app.id === app.id && p.status === 'completed' && p.license_status !== 'revoked',
  );
  const now = Date.now();
  const expiredAt = (p: Purchase) => (p.expires_at ? Date.parse(p.expires_at) <= now : false);
  const held = mine.find((p) => !expiredAt(p));
  if (held) return { purchase: held, expired: false };
  const lapsed = mine.find(expiredAt);
  return lapsed ? { purchase: lapsed, expired: true } : null;
}
