/**
 * What the Partner API reads from modules it does not own: purchases and their licences (written
 * by checkout), app ownership (apps) and the webhook event catalogue (webhooks/sync). Read-only;
 * implemented by functions/adapters/dynamodb/licences-read-repo.ts, which documents the item
 * shapes the writers agreed to.
 */
import type { LicenseStatus } from '@shared/constants';
import type { Page } from '../paging';

export type PurchaseStatus = 'completed' | 'pending' | 'refunded';

/** A purchase and the licence it carries. */
export interface PurchaseLicence {
  id: string;
  app_id: string;
  /** Buyer's account id. */
  user_id: string;
  buyer_email: string;
  buyer_name: string | null;
  /** null until a key is assigned (manual_pending, out_of_stock). */
  license_key: string | null;
  license_status: LicenseStatus;
  status: PurchaseStatus;
  amount_cents: number;
  currency: string;
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601, or null for licences that do not expire. */
  expires_at: string | null;
}

export interface LicenceLookup {
  /** The owner (developer) id of an app, or undefined when there is no such app. */
  appOwnerId(appId: string): Promise<string | undefined>;
  /** The purchase whose licence key for `appId` is exactly `licenseKey`, or undefined. */
  findByKey(appId: string, licenseKey: string): Promise<PurchaseLicence | undefined>;
  /**
   * Purchases of one app, newest first, pending checkouts left out. Throws ValidationError for a
   * cursor it did not issue for this app.
   */
  listByApp(appId: string, page: { limit: number; cursor?: string }): Promise<Page<PurchaseLicence>>;
}

export interface EventTypeInfo {
  name: string;
  description: string | null;
}

export interface EventTypeCatalogue {
  /** The synced internal catalogue's event types; empty before an internal sync. */
  list(): Promise<EventTypeInfo[]>;
}
