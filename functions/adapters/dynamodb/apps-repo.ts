import { APP_STATUSES, type AppStatus, type AppStatusInput, appStatusOf } from '@shared/app-status';
import type { AdminAppCounters } from '@shared/schemas/admin-lists';
import {
  APP_CARD_FIELDS,
  type AppCardRecord,
  type AppRecord,
  appNameSortKey,
  isMarketEligible,
  RATING_STARS,
  type RatingCounts,
  ratingSummary,
} from '../../core/apps/app';
import { type AdminAppPageQuery, AppLimitReachedError, type AppRepository } from '../../core/apps/app-repository';
import { reviewedView } from '../../core/apps/reviewed-view';
import type { CategoryAppsPort } from '../../core/categories/category-repository';
import { ConflictError } from '../../core/errors';
import { decodeCursor, encodeCursor, type Page } from '../../core/paging';
import { tableName } from '../aws-clients';
import { touchCatalogue } from './catalogue-version';
import {
  allOf,
  cancelledAt,
  conditionally,
  getItem,
  type ItemMapper,
  isConditionFailure,
  onIndex,
  pointedId,
  projection,
  queryAll,
  queryIndexPage,
  queryPage,
  queryUpTo,
  queryWindowPage,
  str,
  transact,
  tx,
  updateItem,
} from './dynamo';
import { addKeys } from './key-pool-repo';
import {
  adminAppCountsKey,
  appKey,
  appSlugKey,
  CATEGORY_COUNTS_PK,
  categoryCountKey,
  MARKET_PK,
  marketCategoryPk,
  OWNER_APPS_SORT_PREFIX,
  ownerAppCountKey,
  ownerAppSort,
  ownerPartition,
  timeSort,
  UNLISTED_PK,
  unlistedCategoryPk,
  worksWithKey,
  worksWithPk,
} from './keys';

/**
 * Apps in the single table (access patterns: see the table in table-definition.ts).
 *
 * | item             | PK             | SK            | GSI1 (owner)                      | GSI2                  | GSI3                          |
 * |------------------|----------------|---------------|-----------------------------------|-----------------------|-------------------------------|
 * | app, eligible    | APP#<id>       | APP           | OWNER#<user> / APP#<created>#<id> | MARKET / <name key>   | MARKETCAT#<cat> / <name key>  |
 * | app, other       | APP#<id>       | APP           | OWNER#<user> / APP#<created>#<id> | APPS / <created>#<id> | CATAPPS#<cat> / <name key>    |
 * | slug reservation | APPSLUG#<slug> | APPSLUG       |                                   |                       |                               |
 * | pool key         | APP#<id>       | POOLKEY#<key> |                                   |                       | POOLAVAIL#<id> (available)    |
 * | works with       | APP#<id>       | WORKSWITH#<s> |                                   |                       | WORKSWITH#<s> / <id>          |
 *
 * Works-with items: one per (practice system, app), written and removed with the app in the same
 * transaction, so "apps that work with Open Dental" is one Query of GSI3 WORKSWITH#open_dental
 * (ids only), intersected with the listed cards the marketplace loads anyway.
 *
 * Category counters (CATEGORYCOUNTS / <slug>): `listed`, the marketplace-eligible apps filed under
 * each category slug (by the reviewed view), and `all`, every app of every type and state whose
 * category_slug it is; both moved in the same transaction as the app write that changes an app's
 * eligibility or category (create, save, delete, re-file), so the category page's total,
 * GET /api/categories, Category Management's app_count and the delete rule read one small
 * partition (or one item) instead of counting apps.
 *
 * Counters on the app item (never written by create/save, which leave them as they are):
 * installations (purchases-repo.ts: +1 when a licence is granted, -1 on refund) and stars_1..stars_5
 * (reviews-repo.ts: visible verified reviews per star). average_rating and review_count are
 * derived from the stars when the item is read, so they can never disagree.
 * "Eligible" = public, approved, not suspended (isMarketEligible); <cat> is the category slug.
 * Every write recomputes the index attributes with appIndexAttributes, so they can never
 * disagree with the app, and then bumps the catalogue version (catalogue-version.ts).
 */

export const worksWithItem = (appId: string, system: string) => ({
  ...worksWithKey(appId, system),
  entity: 'AppWorksWith',
  app_id: appId,
  system,
  GSI3PK: worksWithPk(system),
  GSI3SK: appId,
});

/** Counter attributes of the app item (see the header): kept by their own conditional updates. */
export const STAR_ATTRIBUTES = RATING_STARS.map((s) => `stars_${s}`);
export const COUNTER_ATTRIBUTES = ['installations', ...STAR_ATTRIBUTES] as const;
/** Derived on read from the counters, never stored. */
type DerivedField = 'average_rating' | 'review_count' | 'rating_counts' | 'installations';

type IndexAttributes = {
  GSI1PK: string;
  GSI1SK: string;
  GSI2PK: string;
  GSI2SK: string;
  GSI3PK?: string;
  GSI3SK?: string;
};

/**
 * The index attributes of an app. Reuse this (or appIndexUpdate) for every write of an app item:
 * it keeps marketplace eligibility, owner and category indexes in step with the app's state.
 */
export function appIndexAttributes(
  app: Pick<
    AppRecord,
    'id' | 'name' | 'user_id' | 'created_at' | 'type' | 'is_approved' | 'is_suspended' | 'category_slug'
  >,
): IndexAttributes {
  const eligible = isMarketEligible(app);
  const nameKey = appNameSortKey(app.name, app.id);
  const attrs: IndexAttributes = {
    GSI1PK: ownerPartition(app.user_id),
    GSI1SK: ownerAppSort(app),
    GSI2PK: eligible ? MARKET_PK : UNLISTED_PK,
    GSI2SK: eligible ? nameKey : timeSort(app.created_at, app.id),
  };
  if (app.category_slug) {
    attrs.GSI3PK = eligible ? marketCategoryPk(app.category_slug) : unlistedCategoryPk(app.category_slug);
    attrs.GSI3SK = nameKey;
  }
  return attrs;
}

/**
 * For an UpdateItem that changes type, approval, suspension, name or category: the SET and REMOVE
 * parts for the index attributes (names #ix_<attr>, values :ix_<attr>).
 */
export function appIndexUpdate(app: Parameters<typeof appIndexAttributes>[0]): {
  set: string[];
  remove: string[];
  names: Record<string, string>;
  values: Record<string, string>;
} {
  const attrs = appIndexAttributes(app);
  const out = {
    set: [] as string[],
    remove: [] as string[],
    names: {} as Record<string, string>,
    values: {} as Record<string, string>,
  };
  for (const name of ['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK'] as const) {
    out.names[`#ix_${name}`] = name;
    const value = attrs[name];
    if (value === undefined) out.remove.push(`#ix_${name}`);
    else {
      out.set.push(`#ix_${name} = :ix_${name}`);
      out.values[`:ix_${name}`] = value;
    }
  }
  return out;
}

/**
 * Every stored domain field, so toAppItem/fromAppItem copy an explicit list (compile-time
 * complete). The counters and what derives from them are not in it: a save never overwrites them.
 */
const APP_FIELD_SET: Record<Exclude<keyof AppRecord, DerivedField>, true> = {
  id: true,
  slug: true,
  name: true,
  type: true,
  user_id: true,
  description: true,
  short_description: true,
  long_description: true,
  tagline: true,
  category: true,
  category_slug: true,
  tags: true,
  website_url: true,
  demo_url: true,
  documentation_url: true,
  support_url: true,
  privacy_policy_url: true,
  terms_url: true,
  icon_url: true,
  logo_url: true,
  screenshots: true,
  demo_video_url: true,
  key_features: true,
  use_cases: true,
  integrations: true,
  pricing_model: true,
  price_cents: true,
  price_period: true,
  free_trial_days: true,
  refund_policy: true,
  company_name: true,
  company_size: true,
  founded_year: true,
  target_audience: true,
  unique_selling_points: true,
  competitor_comparison: true,
  customer_testimonials: true,
  licensing_type: true,
  universal_access_code: true,
  licensing_instructions: true,
  webhook_license_url: true,
  license_webhook_secret: true,
  practice_systems: true,
  is_approved: true,
  is_suspended: true,
  suspended_at: true,
  suspension_reason: true,
  review_flag: true,
  reviewed: true,
  created_at: true,
  updated_at: true,
  version: true,
};
const APP_FIELDS = Object.keys(APP_FIELD_SET) as Array<Exclude<keyof AppRecord, DerivedField>>;

const counter = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, v) : 0);

/** The counters of an item as the domain reads them (negative values, from a lost race, read as 0). */
function countersOf(item: Record<string, unknown>) {
  const rating_counts = Object.fromEntries(RATING_STARS.map((s) => [s, counter(item[`stars_${s}`])])) as RatingCounts;
  return { rating_counts, installations: counter(item.installations), ...ratingSummary(rating_counts) };
}

/** Card fields -> stored attributes to project (derived fields read their counters). */
const CARD_ATTRIBUTES = [
  ...APP_CARD_FIELDS.filter(
    (f) => f !== 'average_rating' && f !== 'review_count' && f !== 'rating_counts' && f !== 'installations',
  ),
  ...COUNTER_ATTRIBUTES,
];

/** An app's name (or a search of it) as App Management's search compares it: appNameSortKey's form. */
export const normaliseAppName = (name: string): string => appNameSortKey(name, '').replace(/ ?#$/, '');

/** What App Management's search matches inside: the app's name and its company, normalised (one line each). */
export const adminSearchText = (app: { name?: string | null; company_name?: string | null }): string =>
  [app.name, app.company_name]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map(normaliseAppName)
    .join('\n');

/** Most apps one filtered or searched App Management page reads per partition (filters apply after the read). */
export const ADMIN_APP_SEARCH_WINDOW = 500;
export const ADMIN_APPS_CURSOR_INVALID = 'cursor is not a cursor of this app list';
const REFILE_CURSOR_INVALID = 'not a cursor of this category re-filing';

type Expr = {
  /** A condition on the index's sort key (onIndex). */
  sortKey?: string;
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/**
 * The GSI2 partitions App Management reads, in order (apps off the marketplace first: awaiting
 * review, suspended, internal; then the marketplace's), and the filter of each for this query.
 */
function adminAppParts(query: AdminAppPageQuery): { pk: string; index: 'GSI1' | 'GSI2'; filter: Expr }[] {
  const parts: { pk: string; index: 'GSI1' | 'GSI2'; filter: Expr }[] = [];
  const q = query.q ? normaliseAppName(query.q) : '';
  // A search that is a developer's e-mail: that developer's apps first (their own partition, at most
  // the per-developer cap), whatever their names; the status and type filters apply.
  if (query.ownerId) {
    const conditions: string[] = [];
    const names: Record<string, string> = { '#type': 'type' };
    const values: Record<string, unknown> = { ':app': OWNER_APPS_SORT_PREFIX, ':public': 'public' };
    const notSuspended = '(attribute_not_exists(is_suspended) OR is_suspended = :f)';
    if (query.status) Object.assign(values, { ':f': false, ':t': true });
    if (query.status === 'Suspended') conditions.push('is_suspended = :t');
    else if (query.status === 'Pending Review')
      conditions.push(`${notSuspended} AND (attribute_not_exists(is_approved) OR is_approved = :f)`);
    else if (query.status === 'Active') conditions.push(`${notSuspended} AND is_approved = :t AND #type <> :public`);
    else if (query.status === 'Published') conditions.push(`${notSuspended} AND is_approved = :t AND #type = :public`);
    if (query.type !== 'all') conditions.push(query.type === 'marketplace' ? '#type = :public' : '#type <> :public');
    const filters = conditions;
    // DynamoDB refuses a placeholder no expression uses.
    const used = Object.fromEntries(
      Object.entries(values).filter(([k]) => k === ':app' || filters.some((c) => c.includes(k))),
    );
    parts.push({
      pk: ownerPartition(query.ownerId),
      index: 'GSI1',
      filter: {
        sortKey: 'begins_with(GSI1SK, :app)',
        ExpressionAttributeValues: used,
        ...(filters.length ? { FilterExpression: filters.map((c) => `(${c})`).join(' AND ') } : {}),
        ...(filters.some((c) => c.includes('#type')) ? { ExpressionAttributeNames: names } : {}),
      },
    });
  }
  const build = (conditions: string[], names: Record<string, string>, values: Record<string, unknown>): Expr => {
    if (q) {
      // Items written before search_text existed still match by their name sort key (categorised apps).
      conditions.push('contains(search_text, :q) OR contains(GSI3SK, :q)');
      values[':q'] = q;
    }
    return allOf(conditions, names, values);
  };
  // Off the marketplace: everything but Published (a public, approved, unsuspended app is on MARKET).
  if (query.status !== 'Published') {
    const conditions: string[] = [];
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const notSuspended = '(attribute_not_exists(is_suspended) OR is_suspended = :f)';
    if (query.status === 'Suspended') {
      conditions.push('is_suspended = :t');
      values[':t'] = true;
    } else if (query.status === 'Pending Review') {
      conditions.push(`${notSuspended} AND (attribute_not_exists(is_approved) OR is_approved = :f)`);
      values[':f'] = false;
    } else if (query.status === 'Active') {
      conditions.push(`${notSuspended} AND is_approved = :t AND #type <> :public`);
      Object.assign(values, { ':f': false, ':t': true, ':public': 'public' });
      names['#type'] = 'type';
    }
    if (query.type !== 'all') {
      conditions.push(query.type === 'marketplace' ? '#type = :public' : '#type <> :public');
      names['#type'] = 'type';
      values[':public'] = 'public';
    }
    parts.push({ pk: UNLISTED_PK, index: 'GSI2', filter: build(conditions, names, values) });
  }
  // The marketplace's apps are all Published, all public.
  if ((!query.status || query.status === 'Published') && query.type !== 'internal')
    parts.push({ pk: MARKET_PK, index: 'GSI2', filter: build([], {}, {}) });
  return parts;
}

export function toAppItem(app: AppRecord): Record<string, unknown> {
  const item: Record<string, unknown> = { ...appKey(app.id), entity: 'App' };
  for (const f of APP_FIELDS) if (app[f] !== undefined && app[f] !== '') item[f] = app[f];
  // App Management's search (pageAdmin) reads the live name and the company, normalised.
  item.search_text = adminSearchText(app);
  // Indexes follow what the public sees: the reviewed name and category while a change waits.
  return { ...item, ...appIndexAttributes(reviewedView(app)) };
}

const LIST_FIELDS = [
  'tags',
  'screenshots',
  'key_features',
  'use_cases',
  'integrations',
  'unique_selling_points',
  'customer_testimonials',
  'practice_systems',
] as const;

export function fromAppItem(item: Record<string, unknown>): AppRecord {
  const out: Record<string, unknown> = {};
  for (const f of APP_FIELDS) if (item[f] !== undefined && item[f] !== null) out[f] = item[f];
  for (const f of LIST_FIELDS) if (!Array.isArray(out[f])) out[f] = [];
  if (!Array.isArray(out.practice_systems)) out.practice_systems = [];
  Object.assign(out, countersOf(item));
  // The stored item's own fields, as this repository wrote them (toAppItem); the defaults below fill the rest.
  const app: AppRecord = Object.assign({} as AppRecord, out);
  app.price_cents ??= 0;
  app.is_approved ??= false;
  app.is_suspended ??= false;
  app.version ??= 0;
  return app;
}

/** The AppRecord entity's item, both ways. */
export const appItem: ItemMapper<AppRecord> = { toItem: toAppItem, fromItem: fromAppItem };

function fromCardItem(item: Record<string, unknown>): AppCardRecord {
  const out: Record<string, unknown> = {};
  for (const f of APP_CARD_FIELDS) if (item[f] !== undefined && item[f] !== null) out[f] = item[f];
  Object.assign(out, countersOf(item));
  const card = out as AppCardRecord;
  card.tags = Array.isArray(card.tags) ? card.tags : [];
  card.practice_systems = Array.isArray(card.practice_systems) ? card.practice_systems : [];
  card.price_cents ??= 0;
  return card;
}

/** Puts and deletes of works-with items turning `before` into `after` (transaction items). */
function worksWithChanges(appId: string, before: readonly string[], after: readonly string[]) {
  const was = new Set(before);
  const now = new Set(after);
  return [
    ...[...now].filter((s) => !was.has(s)).map((s) => tx.put(worksWithItem(appId, s))),
    ...[...was].filter((s) => !now.has(s)).map((s) => tx.delete(worksWithKey(appId, s))),
  ];
}

/** The category (slug) whose `listed` counter counts the app: its slug while it is marketplace-eligible. */
const countedUnder = (app: AppRecord) => {
  const shown = reviewedView(app);
  return isMarketEligible(shown) && shown.category_slug ? shown.category_slug : undefined;
};

/** The category (slug) whose `all` counter counts the app: its own slug, whatever its state (Category Management). */
const filedUnder = (app: AppRecord) => app.category_slug || undefined;

/**
 * Adds the deltas to one category's counters (transaction item; the counter item is created at 0):
 * `listed` (marketplace-eligible apps) and `all` (every app of every type and state).
 */
const categoryCounterChange = (slug: string, deltas: { listed: number; all: number }) => {
  const adds = (['listed', 'all'] as const).filter((k) => deltas[k] !== 0);
  return tx.update(categoryCountKey(slug), {
    UpdateExpression: `ADD ${adds.map((k) => `#${k} :${k}`).join(', ')} SET entity = :entity`,
    ExpressionAttributeNames: Object.fromEntries(adds.map((k) => [`#${k}`, k])),
    ExpressionAttributeValues: {
      ...Object.fromEntries(adds.map((k) => [`:${k}`, deltas[k]])),
      ':entity': 'CategoryCount',
    },
  });
};

/** The category counter moves of an app going from `before` to `after`: one update per category touched. */
function categoryCounterChanges(before: AppRecord | undefined, after: AppRecord | undefined) {
  const deltas = new Map<string, { listed: number; all: number }>();
  const move = (slug: string | undefined, key: 'listed' | 'all', d: number) => {
    if (!slug) return;
    const entry = deltas.get(slug) ?? { listed: 0, all: 0 };
    entry[key] += d;
    deltas.set(slug, entry);
  };
  move(before && countedUnder(before), 'listed', -1);
  move(after && countedUnder(after), 'listed', 1);
  move(before && filedUnder(before), 'all', -1);
  move(after && filedUnder(after), 'all', 1);
  return [...deltas]
    .filter(([, d]) => d.listed !== 0 || d.all !== 0)
    .map(([slug, d]) => categoryCounterChange(slug, d));
}

/** The App Management counter an app is on: its type filter (marketplace = public) and its status. */
export const adminCountOf = (app: AppStatusInput) =>
  `${app.type === 'public' ? 'marketplace' : 'internal'}|${appStatusOf(app)}`;

/** Moves one App Management counter from `was` to `now` (transaction item; either may be absent). */
const adminCounterChange = (was: string | undefined, now: string | undefined) => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':entity': 'AdminAppCounts' };
  const adds: string[] = [];
  if (was) {
    names['#was'] = was;
    values[':down'] = -1;
    adds.push('#was :down');
  }
  if (now) {
    names['#now'] = now;
    values[':up'] = 1;
    adds.push('#now :up');
  }
  return tx.update(adminAppCountsKey, {
    UpdateExpression: `ADD ${adds.join(', ')} SET entity = :entity`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
};

/** The counter moves of an app going from `before` to `after` (either may be absent: created, deleted). */
export function counterChanges(before: AppRecord | undefined, after: AppRecord | undefined) {
  const adminWas = before ? adminCountOf(before) : undefined;
  const adminNow = after ? adminCountOf(after) : undefined;
  return [
    ...categoryCounterChanges(before, after),
    ...(adminWas === adminNow ? [] : [adminCounterChange(adminWas, adminNow)]),
  ];
}

/** App Management's counters: apps per type filter and status (absent: 0), one GetItem. */
export async function readAdminAppCounts(): Promise<AdminAppCounters> {
  const item = (await getItem(adminAppCountsKey)) ?? {};
  const of = (type: 'marketplace' | 'internal') =>
    Object.fromEntries(APP_STATUSES.map((s) => [s, counter(item[`${type}|${s}`])])) as Record<AppStatus, number>;
  return { marketplace: of('marketplace'), internal: of('internal') };
}

/** A category counter item, both ways (categories are few: one Query reads them all). */
export const categoryCountItem: ItemMapper<{ slug: string; listed: number; all: number }> = {
  toItem: (c) => ({ ...categoryCountKey(c.slug), entity: 'CategoryCount', listed: c.listed, all: c.all }),
  fromItem: (item) => ({ slug: String(item.SK ?? ''), listed: counter(item.listed), all: counter(item.all) }),
};

/** Most category counters one read takes: far above any curated category list (categories-repo.ts). */
const CATEGORY_COUNTS_READ_LIMIT = 1_000;

/** Every category counter item: one Query of the small CATEGORYCOUNTS partition. */
async function readCategoryCounts() {
  const items = await queryPage({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': CATEGORY_COUNTS_PK },
    Limit: CATEGORY_COUNTS_READ_LIMIT,
  });
  return items.map(categoryCountItem.fromItem);
}

/**
 * Every marketplace-eligible app, card fields only, in name order: the MARKET partition read to
 * its end. The listing builder's read (once per catalogue version, in the sync worker); no
 * request reads it (functions/bounded-reads.test.ts).
 */
export async function readAllMarketCards(): Promise<AppCardRecord[]> {
  const { ProjectionExpression, ExpressionAttributeNames } = projection(CARD_ATTRIBUTES);
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: '#pk = :pk',
    ProjectionExpression,
    ExpressionAttributeNames: { ...ExpressionAttributeNames, '#pk': 'GSI2PK' },
    ExpressionAttributeValues: { ':pk': MARKET_PK },
  });
  return items.map(fromCardItem);
}

/**
 * The app reads the public marketplace makes (an app page, the category totals), on their own so
 * the storefront's bundle carries them without the repository's writes (wiring/catalogue.ts).
 */
export const marketplaceReads = {
  async getById(id: string): Promise<AppRecord | undefined> {
    const item = await getItem(appKey(id), { consistent: false });
    return item ? appItem.fromItem(item) : undefined;
  },

  async findBySlugOrId(slugOrId: string): Promise<AppRecord | undefined> {
    // Both lookups at once: the slug wins; the id is the fallback (spec: "slug if present, otherwise the id").
    const [slugItem, byId] = await Promise.all([
      getItem(appSlugKey(slugOrId), { consistent: false }),
      marketplaceReads.getById(slugOrId),
    ]);
    const id = str(slugItem?.app_id);
    if (!id) return byId;
    return id === slugOrId ? byId : marketplaceReads.getById(id);
  },

  /** Marketplace-eligible apps per category slug: the category counters, one Query of a small partition. */
  async countMarketByCategory(): Promise<Map<string, number>> {
    return new Map((await readCategoryCounts()).map((c) => [c.slug, c.listed] as const));
  },
};

const appSlugItem = (slug: string, appId: string) => ({ ...appSlugKey(slug), entity: 'AppSlug', app_id: appId });

const countersOfRecord = (app: AppRecord) => ({
  rating_counts: app.rating_counts,
  installations: app.installations,
  average_rating: app.average_rating,
  review_count: app.review_count,
});

/**
 * UpdateItem parts that make the stored app equal `stored` (SET what it has, REMOVE the fields
 * and index attributes it lacks) while leaving the counters alone, if it is still at `version`.
 */
function appSaveUpdate(stored: AppRecord, version: number) {
  const item = appItem.toItem(stored);
  const names: Record<string, string> = { '#v': 'version' };
  const values: Record<string, unknown> = { ':prev': version };
  const set: string[] = [];
  const remove: string[] = [];
  let i = 0;
  for (const [attr, value] of Object.entries(item)) {
    if (attr === 'PK' || attr === 'SK') continue;
    names[`#a${i}`] = attr;
    values[`:a${i}`] = value;
    set.push(`#a${i} = :a${i}`);
    i++;
  }
  // average_rating: a typed number of the time before reviews; drop it so nothing reads it again.
  for (const attr of [...APP_FIELDS, 'GSI3PK', 'GSI3SK', 'average_rating']) {
    if (attr in item) continue;
    names[`#a${i}`] = attr;
    remove.push(`#a${i}`);
    i++;
  }
  return {
    UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
    ConditionExpression: 'attribute_exists(PK) AND (#v = :prev OR attribute_not_exists(#v))',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Runs `fn` over `items` with at most `size` in flight at a time. */
async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

export class DynamoAppsRepository implements AppRepository, CategoryAppsPort {
  async getById(id: string): Promise<AppRecord | undefined> {
    return marketplaceReads.getById(id);
  }

  async getBySlug(slug: string): Promise<AppRecord | undefined> {
    const id = await pointedId(appSlugKey(slug), 'app_id', { consistent: false });
    return id ? this.getById(id) : undefined;
  }

  async findBySlugOrId(slugOrId: string): Promise<AppRecord | undefined> {
    return marketplaceReads.findBySlugOrId(slugOrId);
  }

  async create(app: AppRecord, cap?: { max: number; existing: number }): Promise<AppRecord> {
    const stored = { ...app, version: 1 };
    try {
      await transact([
        tx.putNew(appItem.toItem(stored)),
        tx.putNew(appSlugItem(app.slug, app.id)),
        // The owner's app counter, last so the indexes above stay as they are (2 = the counter).
        cap
          ? tx.countUpTo(ownerAppCountKey(app.user_id), 'APPCOUNT', cap)
          : tx.update(ownerAppCountKey(app.user_id), {
              UpdateExpression: 'ADD n :one SET entity = :entity',
              ExpressionAttributeValues: { ':one': 1, ':entity': 'APPCOUNT' },
            }),
        ...worksWithChanges(app.id, [], stored.practice_systems ?? []),
        ...counterChanges(undefined, stored),
      ]);
    } catch (err) {
      const failed = cancelledAt(err);
      if (failed.includes(2)) throw new AppLimitReachedError();
      if (failed.includes(1)) throw new ConflictError('An app with this slug already exists');
      if (failed.includes(0)) throw new ConflictError('An app with this id already exists');
      throw err;
    }
    await touchCatalogue();
    return stored;
  }

  async save(previous: AppRecord, next: AppRecord): Promise<AppRecord> {
    const stored = { ...next, id: previous.id, version: previous.version + 1 };
    // An update, not a put: the counters on the item (installations, stars) change under their
    // own conditional updates and must survive a save made from an older read.
    const update = appSaveUpdate(stored, previous.version);
    const worksWith = worksWithChanges(previous.id, previous.practice_systems ?? [], stored.practice_systems ?? []);
    const counters = counterChanges(previous, stored);
    const stale = new ConflictError('The app was changed by someone else: reload it and try again');
    if (stored.slug === previous.slug && worksWith.length === 0 && counters.length === 0) {
      try {
        await updateItem(appKey(previous.id), update);
      } catch (err) {
        if (isConditionFailure(err)) throw stale;
        throw err;
      }
      await touchCatalogue();
      return { ...stored, ...countersOfRecord(previous) };
    }
    const slugMoves =
      stored.slug === previous.slug
        ? []
        : [
            tx.release(appSlugKey(previous.slug), 'app_id', previous.id),
            tx.putNew(appSlugItem(stored.slug, stored.id)),
          ];
    try {
      await transact([tx.update(appKey(previous.id), update), ...slugMoves, ...worksWith, ...counters]);
    } catch (err) {
      const failed = cancelledAt(err);
      if (slugMoves.length && failed.includes(2)) throw new ConflictError('An app with this slug already exists');
      if (failed.length) throw stale;
      throw err;
    }
    await touchCatalogue();
    return { ...stored, ...countersOfRecord(previous) };
  }

  async delete(app: AppRecord): Promise<void> {
    await transact([
      tx.delete(appKey(app.id)),
      tx.release(appSlugKey(app.slug), 'app_id', app.id),
      ...worksWithChanges(app.id, app.practice_systems ?? [], []),
      ...counterChanges(app, undefined),
    ]);
    // One app fewer on the owner's counter, never below 0 (an app from before the counter is not on
    // it; a counter not written yet starts from a bounded count at the next create).
    await conditionally(
      updateItem(ownerAppCountKey(app.user_id), {
        ConditionExpression: 'n > :zero',
        UpdateExpression: 'SET n = n - :one',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      }),
    );
    await touchCatalogue();
  }

  async listMarketCards(): Promise<AppCardRecord[]> {
    return readAllMarketCards();
  }

  async countOwned(userId: string, upTo: number): Promise<number> {
    const items = await queryUpTo(
      onIndex('GSI1', ownerPartition(userId), {
        sortKey: 'begins_with(GSI1SK, :app)',
        ExpressionAttributeValues: { ':app': OWNER_APPS_SORT_PREFIX },
        ProjectionExpression: 'PK',
      }),
      upTo,
    );
    return items.length;
  }

  async countMarketByCategory(): Promise<Map<string, number>> {
    return marketplaceReads.countMarketByCategory();
  }

  /** Apps of every type and state per category slug: the `all` counters, one Query of a small partition. */
  async countAllByCategory(): Promise<Map<string, number>> {
    return new Map((await readCategoryCounts()).map((c) => [c.slug, c.all] as const));
  }

  /** Apps of every type and state filed under one slug: its `all` counter, one GetItem. */
  async countInCategory(slug: string): Promise<number> {
    const item = await getItem(categoryCountKey(slug));
    return item ? categoryCountItem.fromItem(item).all : 0;
  }

  /**
   * One page of a category re-filing (the sync worker's `refile-category` job, never a request):
   * reads at most `limit` apps of `fromSlug` (its marketplace partition of GSI3, then the other)
   * from `cursor` on and moves those not yet filed as `to`. `next_cursor` is null at the end.
   */
  async refilePage(
    fromSlug: string,
    to: { slug: string; name: string },
    cursor: string | undefined,
    limit: number,
  ): Promise<{ moved: number; next_cursor: string | null }> {
    type Filed = { id: string; category?: string; category_slug?: string };
    const parts = [marketCategoryPk(fromSlug), unlistedCategoryPk(fromSlug)];
    let start = 0;
    let inner: string | undefined;
    if (cursor) {
      const c = decodeCursor(cursor, (v) => parts.includes(String(v.p)), REFILE_CURSOR_INVALID);
      start = parts.indexOf(String(c.p));
      inner = typeof c.c === 'string' ? c.c : undefined;
    }
    const pk = parts[start] as string;
    const page = await queryIndexPage(
      'GSI3',
      pk,
      { limit, cursor: inner, invalid: REFILE_CURSOR_INVALID },
      {
        ProjectionExpression: 'PK, SK, GSI3PK, GSI3SK, id, category, category_slug',
        ScanIndexForward: true,
      },
    );
    const stale = (page.items as Filed[]).filter((a) => a.category_slug !== to.slug || a.category !== to.name);
    const moved = (await inBatches(stale, 25, (a) => this.refileOne(a.id, fromSlug, to))).filter(Boolean).length;
    if (moved > 0) await touchCatalogue();
    const next_cursor = page.next_cursor
      ? encodeCursor({ p: pk, c: page.next_cursor })
      : start + 1 < parts.length
        ? encodeCursor({ p: parts[start + 1] })
        : null;
    return { moved, next_cursor };
  }

  /**
   * Moves one app to another category slug/name with a conditional update: it only applies while
   * the app is still filed under `fromSlug` in the same index partition, so a concurrent approval
   * or edit is never overwritten; on such a race the app is re-read and the move retried.
   */
  private async refileOne(id: string, fromSlug: string, to: { slug: string; name: string }): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const app = await this.getById(id);
      if (!app || app.category_slug !== fromSlug) return false;
      const { GSI3PK, GSI3SK } = appIndexAttributes({ ...app, category_slug: to.slug });
      const currentPk = appIndexAttributes(app).GSI3PK;
      // The condition below holds the app's eligibility (GSI3PK says it), so its counter moves with it.
      const counters = counterChanges(app, { ...app, category_slug: to.slug });
      const move = {
        UpdateExpression:
          'SET category = :name, category_slug = :to, GSI3PK = :pk, GSI3SK = :sk, updated_at = :now, #v = if_not_exists(#v, :zero) + :one',
        ConditionExpression: 'category_slug = :from AND GSI3PK = :oldpk',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: {
          ':name': to.name,
          ':to': to.slug,
          ':pk': GSI3PK,
          ':sk': GSI3SK,
          ':now': new Date().toISOString(),
          ':zero': 0,
          ':one': 1,
          ':from': fromSlug,
          ':oldpk': currentPk,
        },
      };
      try {
        if (counters.length === 0) await updateItem(appKey(id), move);
        else await transact([tx.update(appKey(id), move), ...counters]);
        return true;
      } catch (err) {
        if (!isConditionFailure(err) && cancelledAt(err).length === 0) throw err;
      }
    }
    throw new ConflictError('Apps of this category are changing right now: try again');
  }

  async listByOwner(userId: string): Promise<AppRecord[]> {
    const items = await queryAll(
      onIndex('GSI1', ownerPartition(userId), {
        sortKey: 'begins_with(GSI1SK, :app)',
        ExpressionAttributeValues: { ':app': OWNER_APPS_SORT_PREFIX },
        ScanIndexForward: false,
      }),
    );
    return items.map(appItem.fromItem);
  }

  /**
   * Every app, newest first: both GSI2 partitions read to their end. Scripts and migrations, and
   * GET /api/admin/apps without limit or cursor (the spec's plain array and its `page` form: listed in
   * functions/bounded-reads.test.ts until that answer is capped; the SPA pages with cursors).
   */
  async listAll(): Promise<AppRecord[]> {
    const [market, other] = await Promise.all([
      queryAll(onIndex('GSI2', MARKET_PK)),
      queryAll(onIndex('GSI2', UNLISTED_PK)),
    ]);
    return [...market, ...other]
      .map(appItem.fromItem)
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id.localeCompare(b.id)));
  }

  async adminCounts(): Promise<AdminAppCounters> {
    return readAdminAppCounts();
  }

  async pageAdmin(query: AdminAppPageQuery): Promise<Page<AppRecord>> {
    const parts = adminAppParts(query);
    let start = 0;
    let inner: string | undefined;
    if (query.cursor) {
      const c = decodeCursor(
        query.cursor,
        (v) => parts.some((p) => p.pk === v.p) && (v.c === undefined || (typeof v.c === 'string' && v.c.length < 1000)),
        ADMIN_APPS_CURSOR_INVALID,
      );
      start = parts.findIndex((p) => p.pk === c.p);
      inner = c.c as string | undefined;
    }
    const items: Record<string, unknown>[] = [];
    for (let i = start; i < parts.length; i++) {
      const part = parts[i] as (typeof parts)[number];
      if (items.length >= query.limit)
        return { items: items.map(appItem.fromItem), next_cursor: encodeCursor({ p: part.pk }) };
      const room = query.limit - items.length;
      // Off the marketplace newest first (created#id), the marketplace A-Z (its name sort key).
      const order = { ScanIndexForward: part.pk === MARKET_PK };
      const page = await queryWindowPage(onIndex(part.index, part.pk, { ...part.filter, ...order }), {
        limit: room,
        // Unfiltered, a page reads exactly its rows; filtered, at most the window per partition.
        window: part.filter.FilterExpression ? ADMIN_APP_SEARCH_WINDOW : room,
        cursor: i === start ? inner : undefined,
        index: part.index,
        partition: part.pk,
        invalid: ADMIN_APPS_CURSOR_INVALID,
      });
      items.push(...page.items);
      if (page.next_cursor)
        return { items: items.map(appItem.fromItem), next_cursor: encodeCursor({ p: part.pk, c: page.next_cursor }) };
    }
    return { items: items.map(appItem.fromItem), next_cursor: null };
  }

  /**
   * Adds licence keys to an app's pool as available. Kept for existing callers: the pool is
   * key-pool-repo.ts's (item shape and GSI3 availability index documented there).
   */
  async addPoolKeys(appId: string, keys: readonly string[], now = new Date().toISOString()): Promise<number> {
    return addKeys(appId, keys, now);
  }
}
