/**
 * What licence delivery needs from the outside world: licence writes next to the purchase and the
 * key pool (DynamoDB, functions/adapters/dynamodb/purchases-repo.ts) and an HTTP client for the
 * developers' licence endpoints (functions/adapters/licence-endpoint-client.ts).
 */
import type { LicenseStatus } from '@shared/constants';

export type ClaimOutcome =
  /** The key is now this purchase's. */
  | 'claimed'
  /** Someone else got the key first (or it is already mapped to another purchase): try another. */
  | 'key_taken'
  /** The purchase already has its licence (another delivery won) or is no longer completed. */
  | 'purchase_done'
  /** DynamoDB cancelled the transaction because another one touched the same items: retry. */
  | 'conflict';

export interface LicenceStore {
  /** Up to `limit` available keys of an app's pool; `consistent` reads the table instead of GSI3. */
  availablePoolKeys(appId: string, limit: number, opts?: { consistent?: boolean }): Promise<string[]>;
  /**
   * In one transaction: the pool key goes available -> assigned (to this purchase), the purchase
   * gets the key (license_status assigned) and the licence-key lookup item is written.
   */
  claimPoolKey(input: { appId: string; key: string; purchaseId: string; assignedAt: string }): Promise<ClaimOutcome>;
  /**
   * Gives a purchase a key that is not from a pool (universal code, developer webhook) and writes
   * the key's lookup item if the key has none yet. A key that already has one (a universal code
   * shared by every buyer: written once, by the first purchase) is still assigned:
   * 'assigned_shared'. 'purchase_done' when the purchase already has its licence.
   */
  assignKey(input: {
    appId: string;
    purchaseId: string;
    key: string;
    expiresAt: string | null;
  }): Promise<'assigned' | 'assigned_shared' | 'purchase_done'>;
  /**
   * Records a licence that could not be delivered yet (a manual one joins its developer's pending
   * list). False when the purchase already has its licence.
   */
  setUndelivered(
    purchase: { id: string; developer_id: string },
    status: Extract<LicenseStatus, 'manual_pending' | 'out_of_stock'>,
  ): Promise<boolean>;
  /** Completed purchases of an app waiting for a pool key (license_status out_of_stock), oldest first. */
  outOfStockPurchaseIds(appId: string): Promise<string[]>;
  /**
   * The app's secret for signing licence webhooks, created with `candidate` if it has none yet
   * (atomically: concurrent first uses agree on one). undefined when the app no longer exists.
   */
  licenceWebhookSecret(appId: string, candidate: string): Promise<string | undefined>;
}

export interface EndpointResponse {
  status: number;
  body: string;
}

export interface LicenceEndpointClient {
  /**
   * POSTs `body` (JSON) to `url` with `headers`. Never follows redirects (a 3xx is the answer).
   * Rejects on network errors, refused targets (private addresses in the cloud) and after
   * `timeoutMs`.
   */
  post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<EndpointResponse>;
}
