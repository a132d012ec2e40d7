import type { Page } from '../paging';
import type { AccessLinkHash } from './access-links';
import type { InstallRecord } from './install';

export interface InstallStore {
  get(buyerId: string, appId: string): Promise<InstallRecord | undefined>;
  /** Writes a new install unless the buyer already has one of the app; false when it had. */
  create(install: InstallRecord): Promise<boolean>;
  /**
   * Replaces the install if its `updated_at` is still `expectedUpdatedAt` (no lost update); false otherwise.
   * `previousStatus` (the status it replaces) tells the store whether the app's active installs move.
   */
  replace(install: InstallRecord, expectedUpdatedAt: string, previousStatus: InstallRecord['status']): Promise<boolean>;
  /** Keeps the licence mail's access link (its hash and expiry) on the install; leaves updated_at as it is. */
  setAccessLink(buyerId: string, appId: string, link: AccessLinkHash): Promise<void>;
  /** The installs of these buyer ids (each a practice's: at most one per app it licensed, capped). */
  ofBuyers(buyerIds: readonly string[]): Promise<InstallRecord[]>;
  /** An app's installs, newest first, a page at a time. */
  pageOfApp(appId: string, limit: number, cursor?: string): Promise<Page<InstallRecord>>;
}

/** install.created / install.updated / install.revoked to the app's developer's webhooks. */
export interface InstallEvents {
  publish(
    appId: string,
    eventType: 'install.created' | 'install.updated' | 'install.revoked',
    data: Record<string, unknown>,
  ): Promise<unknown>;
}
