/**
 * Every key of the single table, in one place: PK/SK of each item, and the partition and sort
 * values of the sparse GSIs (table-definition.ts lists the access patterns). Nothing else in
 * functions/, bin/ or the test support code spells a key: it calls a builder here
 * (keys.test.ts fails on an inline `PREFIX#...` string anywhere else).
 *
 * Prefixes are upper case and end in `#`; constant sort keys name the item kind. A new entity
 * gets its builders here first, then its repository in this folder.
 */
import { createHash } from 'node:crypto';

type Key = { PK: string; SK: string };
type Created = { created_at: string; id: string };

/** `<created_at>#<id>`: newest-first or oldest-first order on a GSI sort key. */
export const timeSort = (at: string, id: string) => `${at}#${id}`;

// Users -----------------------------------------------------------------------------------------

export const userKeys = {
  user: (id: string): Key => ({ PK: `USER#${id}`, SK: 'PROFILE' }),
  email: (email: string): Key => ({ PK: `EMAIL#${email}`, SK: 'EMAIL' }),
  resetToken: (tokenHash: string): Key => ({ PK: `RESET#${tokenHash}`, SK: 'RESET' }),
  verifyToken: (tokenHash: string): Key => ({ PK: `VERIFY#${tokenHash}`, SK: 'VERIFY' }),
  /** An e-mailed single-use sign-in link, by the token's SHA-256 (TTL). */
  signInLink: (tokenHash: string): Key => ({ PK: `SIGNIN#${tokenHash}`, SK: 'SIGNIN' }),
  /** A guest's "Create your practice account" link, by the token's SHA-256 (TTL). */
  claimToken: (tokenHash: string): Key => ({ PK: `CLAIM#${tokenHash}`, SK: 'CLAIM' }),
  /** An imported legacy account's set-password invitation, by the token's SHA-256 (TTL). */
  invitation: (tokenHash: string): Key => ({ PK: `INVITE#${tokenHash}`, SK: 'INVITE' }),
  listPartition: 'USERS',
  listSort: (user: Created) => timeSort(user.created_at, user.id),
  /** User Management's counts (every account, awaiting approval, invited), moved in each account write's transaction. */
  counts: { PK: 'USERCOUNTS', SK: 'COUNTS' } as Key,
} as const;

// API keys --------------------------------------------------------------------------------------

const APIKEY_PREFIX = 'APIKEY#';

export const apiKeyKeys = {
  key: (id: string): Key => ({ PK: `${APIKEY_PREFIX}${id}`, SK: 'APIKEY' }),
  /** The key id of an API key item's PK. */
  idOfPk: (pk: unknown) => String(pk).slice(APIKEY_PREFIX.length),
  hash: (keyHash: string): Key => ({ PK: `KEYHASH#${keyHash}`, SK: 'KEYHASH' }),
  ownerPartition: (userId: string) => `OWNER#${userId}`,
  ownerSort: (key: Created) => `KEY#${key.created_at}#${key.id}`,
  ownerSortPrefix: 'KEY#',
  /** How many keys the owner has (the cap on keys per developer). */
  ownerCount: (userId: string): Key => ({ PK: `APIKEYCOUNT#${userId}`, SK: 'APIKEYCOUNT' }),
  /** The daily quota of one developer's keys of one type, and the hashes it admits (api-keys-repo.ts). */
  dailyQuota: (userId: string, type: string): Key => ({ PK: `APIQUOTA#${userId}#${type}`, SK: 'APIQUOTA' }),
} as const;

// Apps and what hangs off an app's partition ------------------------------------------------------

export const appKey = (id: string): Key => ({ PK: `APP#${id}`, SK: 'APP' });
/** PK of an app's partition (the app, its webhooks, pool keys, reviews, works-with and permissions items). */
export const appPartition = (id: string) => appKey(id).PK;
export const appSlugKey = (slug: string): Key => ({ PK: `APPSLUG#${slug}`, SK: 'APPSLUG' });
export const MARKET_PK = 'MARKET';
export const UNLISTED_PK = 'APPS';
export const marketCategoryPk = (slug: string) => `MARKETCAT#${slug}`;
export const unlistedCategoryPk = (slug: string) => `CATAPPS#${slug}`;
export const ownerPartition = apiKeyKeys.ownerPartition;
export const OWNER_APPS_SORT_PREFIX = 'APP#';
export const ownerAppSort = (app: Created) => `${OWNER_APPS_SORT_PREFIX}${app.created_at}#${app.id}`;
/** How many apps the owner holds (the cap on apps per developer), written with each app create/delete. */
export const ownerAppCountKey = (userId: string): Key => ({ PK: `APPCOUNT#${userId}`, SK: 'APPCOUNT' });
export const worksWithPk = (system: string) => `WORKSWITH#${system}`;
export const worksWithKey = (appId: string, system: string): Key => ({
  PK: appPartition(appId),
  SK: `WORKSWITH#${system}`,
});
export const permissionsKey = (appId: string): Key => ({ PK: appPartition(appId), SK: 'DATAACCESS' });
export const CATALOGUE_VERSION_KEY = { PK: 'CATALOGUE', SK: 'VERSION' } as const;

/**
 * The marketplace listing made once per catalogue version (listing-store.ts): a pointer to the
 * newest one, and its gzipped cards in chunks under a partition of that version and build.
 */
export const listingKeys = {
  pointer: { PK: 'LISTING', SK: 'CURRENT' } as Key,
  chunk: (version: number, build: string, part: number): Key => ({
    PK: `LISTING#${version}#${build}`,
    SK: `CHUNK#${String(part).padStart(4, '0')}`,
  }),
} as const;
/** Serialises the screenshot count check and the store of one app's uploads (upload-lock.ts). */
export const uploadLockKey = (appId: string): Key => ({ PK: appPartition(appId), SK: 'UPLOADLOCK' });
/** A pending browser upload claimed by the one confirm that may store it (upload-lock.ts; TTL). */
export const uploadClaimKey = (pendingKey: string): Key => ({ PK: `UPLOADCLAIM#${pendingKey}`, SK: 'UPLOADCLAIM' });

// Categories ------------------------------------------------------------------------------------

export const categoryKey = (id: string): Key => ({ PK: `CATEGORY#${id}`, SK: 'CATEGORY' });
export const categorySlugKey = (slug: string): Key => ({ PK: `CATSLUG#${slug}`, SK: 'CATSLUG' });
export const CATEGORIES_PK = 'CATEGORIES';
/**
 * Counters per category slug, in one partition so one Query reads them all (categories are few):
 * `listed` = marketplace-eligible apps filed under the slug (apps-repo.ts moves it in the same
 * transaction as the app).
 */
export const CATEGORY_COUNTS_PK = 'CATEGORYCOUNTS';
export const categoryCountKey = (slug: string): Key => ({ PK: CATEGORY_COUNTS_PK, SK: slug });
/**
 * App Management's counts: apps per type filter (marketplace = public, internal = the rest) and
 * status, one attribute each (apps-repo.ts moves them in the same transaction as the app).
 */
export const adminAppCountsKey: Key = { PK: 'APPCOUNTS', SK: 'COUNTS' };
/** Zero-padded so the index's string order is the numeric display order. */
export const categoryOrderKey = (c: { display_order: number; slug: string }) =>
  `${String(c.display_order).padStart(5, '0')}#${c.slug}`;

// Key pool --------------------------------------------------------------------------------------

export const POOL_KEY_SORT_PREFIX = 'POOLKEY#';
export const poolKeyKey = (appId: string, key: string): Key => ({
  PK: appPartition(appId),
  SK: `${POOL_KEY_SORT_PREFIX}${key}`,
});
export const poolAvailablePk = (appId: string) => `POOLAVAIL#${appId}`;
/** An app's pool counter item (assigned keys: key-pool-repo.ts), beside its pool keys. */
export const poolCountKey = (appId: string): Key => ({ PK: appPartition(appId), SK: 'POOLCOUNT' });
export const poolAvailableSk = (createdAt: string, key: string) => timeSort(createdAt, key);

// Purchases and checkout ------------------------------------------------------------------------

const PURCHASE_PREFIX = 'PURCHASE#';

export const purchaseKey = (id: string): Key => ({ PK: `${PURCHASE_PREFIX}${id}`, SK: 'PURCHASE' });
export const appSalesPartition = (appId: string) => `APPSALES#${appId}`;
export const licenceKeyHash = (licenseKey: string): string =>
  createHash('sha256').update(licenseKey, 'utf8').digest('hex');
export const licenceKeyLookupKey = (appId: string, licenseKey: string): Key => ({
  PK: `LICENSEKEY#${appId}#${licenceKeyHash(licenseKey)}`,
  SK: 'LICENSEKEY',
});
export const MANUAL_PENDING_PARTITION = 'MANUALPENDING';
/** GSI4: the manual licences pending on one developer (purchase developer_id), oldest first. */
export const developerManualPartition = (developerId: string) => `DEVMANUAL#${developerId}`;
export const LEGACY_PENDING_MARKER = { PK: 'MIGRATION#manual-pending-index', SK: 'MIGRATION' } as const;
/** Done-markers of the table migrations (bin/migrate-table.ts). */
export const migrationMarker = (name: string): Key => ({ PK: `MIGRATION#${name}`, SK: 'MIGRATION' });

export const purchaseKeys = {
  purchase: purchaseKey,
  /** True for a purchase item's PK; `idOfPk` reads the id back. */
  isPurchasePk: (pk: unknown) => String(pk).startsWith(PURCHASE_PREFIX),
  idOfPk: (pk: unknown) => String(pk ?? '').slice(PURCHASE_PREFIX.length),
  session: (sessionId: string): Key => ({ PK: `SESSION#${sessionId}`, SK: 'SESSION' }),
  checkoutSlot: (buyerId: string, appId: string): Key => ({ PK: `BUYERAPP#${buyerId}#${appId}`, SK: 'CHECKOUT' }),
  /** The buyer+app partition's pointer to each purchase of that app by that buyer, newest last. */
  buyerAppPurchase: (buyerId: string, appId: string, p: Created): Key => ({
    PK: `BUYERAPP#${buyerId}#${appId}`,
    SK: `${PURCHASE_PREFIX}${p.created_at}#${p.id}`,
  }),
  buyerAppPartition: (buyerId: string, appId: string) => `BUYERAPP#${buyerId}#${appId}`,
  stripeEvent: (eventId: string): Key => ({ PK: `STRIPEEVENT#${eventId}`, SK: 'STRIPEEVENT' }),
  stripeRef: (ref: string): Key => ({ PK: `STRIPEREF#${ref}`, SK: 'STRIPEREF' }),
  buyerPartition: (userId: string) => `BUYER#${userId}`,
  buyerSortPrefix: PURCHASE_PREFIX,
  buyerSort: (p: Created) => `${PURCHASE_PREFIX}${p.created_at}#${p.id}`,
  appSalesSort: (p: Created) => timeSort(p.created_at, p.id),
  poolKey: poolKeyKey,
  poolAvailablePartition: poolAvailablePk,
  app: appKey,
  user: userKeys.user,
} as const;

// Installs (a practice's consent to an app it licensed) ------------------------------------------

export const installKeys = {
  /** A buyer's (account or guest address) install of one app: the buyer's partition holds one per app. */
  install: (buyerId: string, appId: string): Key => ({ PK: `INSTALLS#${buyerId}`, SK: `INSTALL#${appId}` }),
  buyerPartition: (buyerId: string) => `INSTALLS#${buyerId}`,
  buyerSortPrefix: 'INSTALL#',
  /** GSI1: an app's installs, newest first (the developer's GET /v1/installs). */
  appPartition: (appId: string) => `APPINSTALLS#${appId}`,
  appSort: (installedAt: string, id: string) => timeSort(installedAt, id),
} as const;

// Reviews ---------------------------------------------------------------------------------------

export const reviewKey = (appId: string, reviewId: string): Key => ({
  PK: appPartition(appId),
  SK: `REVIEW#${reviewId}`,
});
export const reviewerKey = (appId: string, userId: string): Key => ({
  PK: appPartition(appId),
  SK: `REVIEWER#${userId}`,
});
export const appReviewsPk = (appId: string) => `APPREVIEWS#${appId}`;

// Webhooks, deliveries, delivery logs, event types ------------------------------------------------

export const WEBHOOK_SORT_PREFIX = 'WEBHOOK#';
export const webhookKey = (appId: string, id: string): Key => ({
  PK: appPartition(appId),
  SK: `${WEBHOOK_SORT_PREFIX}${id}`,
});
export const webhookLookupKey = (id: string): Key => ({ PK: `WEBHOOK#${id}`, SK: 'WEBHOOK' });
/** How many webhooks a developer has (the cap per developer). */
export const webhookCountKey = (userId: string): Key => ({ PK: `WEBHOOKCOUNT#${userId}`, SK: 'WEBHOOKCOUNT' });
export const deliveryKey = (id: string): Key => ({ PK: `DELIVERY#${id}`, SK: 'DELIVERY' });
export const deliveryLogKey = (id: string): Key => ({ PK: `WEBHOOKLOG#${id}`, SK: 'WEBHOOKLOG' });
export const eventTypeKey = (name: string): Key => ({ PK: `EVENTTYPE#${name}`, SK: 'EVENTTYPE' });
export const FAILING_WEBHOOKS_PARTITION = 'WEBHOOKFAILING';
export const DUE_DELIVERIES_PARTITION = 'DUEDELIVERY';
/** Every delivery log before they were sharded by day (the logs-by-day migration moves them). */
export const ALL_LOGS_PARTITION = 'LOGS';
/** The delivery logs of one UTC day (yyyy-mm-dd), newest first: no one partition holds them all. */
export const logsDayPartition = (day: string) => `LOGS#${day}`;
export const EVENT_TYPES_PARTITION = 'EVENTTYPES';
export const appLogsPartition = (appId: string) => `APPLOGS#${appId}`;
/** Sort key of a due delivery: fixed-width epoch ms, so string order is time order. */
export const dueSortKey = (dueAtMs: number, id: string) => `${String(Math.floor(dueAtMs)).padStart(15, '0')}#${id}`;

// Audit trail -----------------------------------------------------------------------------------

const AUDIT_PREFIX = 'AUDIT#';
export const auditKeys = {
  entry: (id: string): Key => ({ PK: `${AUDIT_PREFIX}${id}`, SK: 'AUDIT' }),
  isEntryPk: (pk: unknown) => String(pk).startsWith(AUDIT_PREFIX),
  allPartition: 'AUDITLOG',
  /** By the actor's id: an account's entries stay together when its e-mail changes. */
  actorPartition: (actorId: string) => `AUDITACTOR#${actorId}`,
  targetPartition: (targetId: string) => `AUDITTARGET#${targetId}`,
  sort: (at: string, id: string) => timeSort(at, id),
} as const;

// Mail suppression ------------------------------------------------------------------------------

export const suppressionKeys = {
  /** `email` must already be normalised (normaliseEmail, shared/email.ts). */
  address: (email: string): Key => ({ PK: `SUPPRESSED#${email}`, SK: 'SUPPRESSED' }),
  partition: 'SUPPRESSED',
  sort: (at: string, email: string) => timeSort(at, email),
} as const;

// Rate limits -----------------------------------------------------------------------------------

export const rateKeys = {
  /** Token-bucket-like limiter state of one key (rate-limit-repo.ts). */
  limiter: (key: string): Key => ({ PK: `RATE#${key}`, SK: 'RATE' }),
  /** Fixed-window counter of one key (rate-counter.ts). */
  window: (key: string, windowStart: number): Key => ({ PK: `RATE#${key}#${windowStart}`, SK: 'RATE' }),
} as const;

// Synchronisation -------------------------------------------------------------------------------

export const syncKeys = {
  feature: (id: string): Key => ({ PK: `SYNCFEATURE#${id}`, SK: 'FEATURE' }),
  links: (id: string): Key => ({ PK: `SYNCFEATURE#${id}`, SK: 'LINKS' }),
  table: (name: string): Key => ({ PK: `SYNCTABLE#${name}`, SK: 'TABLE' }),
  relPartition: (from: string) => `SYNCREL#${from}`,
  rel: (from: string, column: string): Key => ({ PK: `SYNCREL#${from}`, SK: `REL#${column}` }),
  eventType: eventTypeKey,
  run: (id: string): Key => ({ PK: `SYNCRUN#${id}`, SK: 'RUN' }),
  lock: (name: string): Key => ({ PK: `SYNCLOCK#${name}`, SK: 'LOCK' }),
  state: { PK: 'SYNCSTATE', SK: 'STATE' } as Key,
  legacy: (id: string): Key => ({ PK: `LEGACYUSER#${id}`, SK: 'LINK' }),
  failed: (id: string): Key => ({ PK: `SYNCFAILED#${id}`, SK: 'FAILED' }),
  featuresPartition: 'SYNCFEATURES',
  featureCategoryPartition: (category: string) => `SYNCFEATURECAT#${category.toLowerCase()}`,
  tablesPartition: 'SYNCTABLES',
  relsPartition: 'SYNCRELS',
  eventTypesPartition: 'SYNCEVENTTYPES',
  runsPartition: 'SYNCRUNS',
  runSort: (startedAt: string, id: string) => timeSort(startedAt, id),
  locksPartition: 'SYNCLOCKS',
  legacyUsersPartition: 'LEGACYUSERS',
  failedPartition: 'SYNCFAILED',
  failedSort: (failedAt: string, id: string) => timeSort(failedAt, id),
  /** The latest run of a kind ('internal': catalogue runs, 'poll': scheduler polls), read by status in O(1). */
  pointer: (kind: 'internal' | 'poll'): Key => ({ PK: `SYNCPOINTER#${kind}`, SK: 'POINTER' }),
  /** Live catalogue counts, written by each catalogue sync. */
  catalogueCounts: { PK: 'SYNCCOUNTS', SK: 'COUNTS' } as Key,
  /** One hour's count of polls that found nothing (hour = yyyy-mm-ddThh). */
  pollHour: (hour: string): Key => ({ PK: `SYNCPOLLHOUR#${hour}`, SK: 'SUMMARY' }),
  pollHoursPartition: 'SYNCPOLLHOURS',
} as const;
