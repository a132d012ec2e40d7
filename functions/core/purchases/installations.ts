/**
 * Installations count only purchases of proven addresses (purchase.ts isProvenPurchase). When an
 * address becomes proven later (an account verifies it, a guest follows the licence mail's claim
 * link, a claim link adds it to an account), the purchases kept for it start counting.
 */
import type { PurchaseRepository } from './ports';

/**
 * Counts the completed purchases of these buyer ids (an account's own and its proven addresses'
 * guest ones: buyerIdsOf) that did not count yet. A buyer's purchases are a small partition each.
 * Returns how many started counting.
 */
export async function countProvenPurchases(
  purchases: Pick<PurchaseRepository, 'listByBuyer' | 'countInstallation'>,
  buyerIds: readonly string[],
): Promise<number> {
  let counted = 0;
  for (const id of buyerIds) {
    for (const p of await purchases.listByBuyer(id)) {
      if (p.status !== 'completed' || p.installation_counted) continue;
      if (await purchases.countInstallation(p.id)) counted++;
    }
  }
  return counted;
}
