/**
 * The Partner API rules: what a developer's own software may read with an API key. Everything is
 * scoped to the key's owner: another developer's app answers exactly like a missing one ('App not
 * found'), so the API never reveals that it exists.
 */
import { MSG } from '@shared/messages';
import type {
  LicenseCheckStatus,
  LicenseList,
  LicenseListItem,
  LicenseValidateResponse,
  PartnerEventTypes,
  PartnerMe,
} from '@shared/schemas/partner';
import { INVALID_API_KEY } from '@shared/schemas/partner';
import type { AdmittedKey } from '../api-keys/ports';
import type { RateLimitState } from '../api-keys/quota';
import { NotFoundError, UnauthorizedError } from '../errors';
import type { UsersRepository } from '../users/ports';
import { emittableEventTypes, PLATFORM_EVENT_TYPES } from '../webhooks/event-catalogue';
import type { EventTypeCatalogue, LicenceLookup, PurchaseLicence } from './ports';

export interface PartnerServiceDeps {
  licences: LicenceLookup;
  /** The key's owner (GET /v1/me). */
  users: Pick<UsersRepository, 'findById'>;
  eventTypes: EventTypeCatalogue;
  now?: () => Date;
  /** How long an app's owner is remembered (ms); 0 turns the cache off. Default 5 minutes. */
  ownerCacheMs?: number;
}

const OWNER_CACHE_MAX = 10_000;

/** Licence statuses under which a licence grants access. */
const GRANTING = new Set(['assigned', 'active']);

/** What a stored purchase means for the validate call, judged at `now`. */
export function checkLicence(purchase: PurchaseLicence, now: Date): { valid: boolean; status: LicenseCheckStatus } {
  if (purchase.license_status === 'revoked') return { valid: false, status: 'revoked' };
  if (purchase.status === 'refunded') return { valid: false, status: 'refunded' };
  if (purchase.status !== 'completed') return { valid: false, status: 'pending' };
  if (purchase.expires_at && Date.parse(purchase.expires_at) <= now.getTime()) {
    return { valid: false, status: 'expired' };
  }
  return { valid: GRANTING.has(purchase.license_status), status: purchase.license_status };
}

export function createPartnerService(deps: PartnerServiceDeps) {
  const { licences, eventTypes } = deps;
  const now = deps.now ?? (() => new Date());
  const ownerCacheMs = deps.ownerCacheMs ?? 5 * 60_000;

  /**
   * App ownership never changes (apps are not transferred), so a hot Partner API caller does not
   * read the app on every call. Only found owners are remembered: an app created a moment ago is
   * never refused because of the cache. A deleted app is recognised for at most ownerCacheMs more.
   */
  const owners = new Map<string, { ownerId: string; until: number }>();
  async function appOwner(appId: string): Promise<string | undefined> {
    const at = now().getTime();
    const hit = owners.get(appId);
    if (hit && hit.until > at) return hit.ownerId;
    const ownerId = await licences.appOwnerId(appId);
    if (ownerId && ownerCacheMs > 0) {
      if (owners.size >= OWNER_CACHE_MAX) owners.delete(owners.keys().next().value as string);
      owners.set(appId, { ownerId, until: at + ownerCacheMs });
    }
    return ownerId;
  }

  async function requireOwnApp(ownerId: string, appId: string): Promise<void> {
    const found = await appOwner(appId);
    if (!found || found !== ownerId) throw new NotFoundError(MSG.appNotFound);
  }

  return {
    /** 404 'App not found' unless the app is the owner's (another developer's app reads as missing). */
    requireOwnApp,

    /**
     * GET /v1/me: the calling key and its owner; 401 once the owner is gone. The usage is the
     * developer's quota of this key type today, this call included (the quota is per developer and
     * key type: issue 30 finding 5).
     */
    async me(key: AdmittedKey, quota: RateLimitState): Promise<PartnerMe> {
      const owner = await deps.users.findById(key.user_id);
      if (!owner) throw new UnauthorizedError(INVALID_API_KEY);
      return {
        key: {
          id: key.id,
          prefix: key.prefix,
          type: key.type,
          limit: quota.limit,
          usage_today: quota.used,
          remaining: quota.remaining,
        },
        owner: {
          id: owner.id,
          full_name: owner.full_name,
          email: owner.email,
          company: owner.company_name,
          is_approved: owner.is_approved,
        },
      };
    },

    /** GET /v1/event-types: what the platform can emit (its own and the synced catalogue's), each with its source. */
    async eventTypes(): Promise<PartnerEventTypes> {
      const platform = PLATFORM_EVENT_TYPES.map((e) => ({ name: e.name, description: e.description }));
      const all = emittableEventTypes(platform, await eventTypes.list());
      return { event_types: all.map((e) => ({ name: e.name, description: e.description, source: e.source })) };
    },

    /** POST /v1/licenses/validate, for the key owner's apps only. */
    async validate(ownerId: string, input: { license_key: string; app_id: string }): Promise<LicenseValidateResponse> {
      const [owner, purchase] = await Promise.all([
        appOwner(input.app_id),
        licences.findByKey(input.app_id, input.license_key),
      ]);
      if (!owner || owner !== ownerId) throw new NotFoundError(MSG.appNotFound);
      if (!purchase || purchase.app_id !== input.app_id || purchase.license_key !== input.license_key) {
        return { valid: false, status: 'not_found', expires_at: null, app_id: input.app_id };
      }
      const verdict = checkLicence(purchase, now());
      return { ...verdict, expires_at: purchase.expires_at, app_id: input.app_id, purchase_id: purchase.id };
    },

    /** GET /v1/apps/{id}/licenses: the app's sold licences, newest first, paged. */
    async listLicences(ownerId: string, appId: string, page: { limit: number; cursor?: string }): Promise<LicenseList> {
      await requireOwnApp(ownerId, appId);
      const result = await licences.listByApp(appId, page);
      const items = result.items
        .filter((p): p is PurchaseLicence & { status: 'completed' | 'refunded' } => p.status !== 'pending')
        .map(
          (p): LicenseListItem => ({
            purchase_id: p.id,
            license_key: p.license_key,
            license_status: p.license_status,
            purchase_status: p.status,
            customer_email: p.buyer_email,
            created_at: p.created_at,
            expires_at: p.expires_at,
          }),
        );
      return { items, next_cursor: result.next_cursor };
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
