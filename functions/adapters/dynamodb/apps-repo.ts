import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  APP_CARD_FIELDS,
  type AppCardRecord,
  type AppRecord,
  appNameSortKey,
  isMarketEligible,
} from '../../core/apps/app';
import type { AppRepository } from '../../core/apps/app-repository';
import type { CategoryAppsPort } from '../../core/categories/category-repository';
import { ConflictError } from '../../core/errors';
import { documentClient, tableName } from '../aws-clients';
import { touchCatalogue } from './catalogue-version';
import { addKeys } from './key-pool-repo';
import { cancelledAt, isConditionFailure, projection, queryAll, queryCount } from './query-all';

/**
 * Apps in the single table (access patterns: see the table in table-definition.ts).
 *
 * | item             | PK             | SK            | GSI1 (owner)                      | GSI2                  | GSI3                          |
 * |------------------|----------------|---------------|-----------------------------------|-----------------------|-------------------------------|
 * | app, eligible    | APP#<id>       | APP           | OWNER#<user> / APP#<created>#<id> | MARKET / <name key>   | MARKETCAT#<cat> / <name key>  |
 * | app, other       | APP#<id>       | APP           | OWNER#<user> / APP#<created>#<id> | APPS / <created>#<id> | CATAPPS#<cat> / <name key>    |
 * | slug reservation | APPSLUG#<slug> | APPSLUG       |                                   |                       |                               |
 * | pool key         | APP#<id>       | POOLKEY#<key> |                                   |                       | POOLAVAIL#<id> (available)    |
 *
 * "Eligible" = public, approved, not suspended (isMarketEligible); <cat> is the category slug.
 * Every write recomputes the index attributes with appIndexAttributes, so they can never
 * disagree with the app, and then bumps the catalogue version (catalogue-version.ts).
 */

export const appKey = (id: string) => ({ PK: `APP#${id}`, SK: 'APP' });
export const appSlugKey = (slug: string) => ({ PK: `APPSLUG#${slug}`, SK: 'APPSLUG' });
export const MARKET_PK = 'MARKET';
export const UNLISTED_PK = 'APPS';
export const marketCategoryPk = (slug: string) => `MARKETCAT#${slug}`;
export const unlistedCategoryPk = (slug: string) => `CATAPPS#${slug}`;

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
    GSI1PK: `OWNER#${app.user_id}`,
    GSI1SK: `APP#${app.created_at}#${app.id}`,
    GSI2PK: eligible ? MARKET_PK : UNLISTED_PK,
    GSI2SK: eligible ? nameKey : `${app.created_at}#${app.id}`,
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

/** Every domain field, so toAppItem/fromAppItem copy an explicit list (compile-time complete). */
const APP_FIELD_SET: Record<keyof AppRecord, true> = {
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
  average_rating: true,
  installations: true,
  is_approved: true,
  is_suspended: true,
  suspended_at: true,
  suspension_reason: true,
  review_flag: true,
  created_at: true,
  updated_at: true,
  version: true,
};
const APP_FIELDS = Object.keys(APP_FIELD_SET) as Array<keyof AppRecord>;

export function toAppItem(app: AppRecord): Record<string, unknown> {
  const item: Record<string, unknown> = { ...appKey(app.id), entity: 'App' };
  for (const f of APP_FIELDS) if (app[f] !== undefined && app[f] !== '') item[f] = app[f];
  return { ...item, ...appIndexAttributes(app) };
}

const LIST_FIELDS = [
  'tags',
  'screenshots',
  'key_features',
  'use_cases',
  'integrations',
  'unique_selling_points',
  'customer_testimonials',
] as const;

export function fromAppItem(item: Record<string, unknown>): AppRecord {
  const out: Record<string, unknown> = {};
  for (const f of APP_FIELDS) if (item[f] !== undefined && item[f] !== null) out[f] = item[f];
  for (const f of LIST_FIELDS) if (!Array.isArray(out[f])) out[f] = [];
  const app = out as unknown as AppRecord;
  app.price_cents ??= 0;
  app.average_rating ??= 0;
  app.installations ??= 0;
  app.is_approved ??= false;
  app.is_suspended ??= false;
  app.version ??= 0;
  return app;
}

function fromCardItem(item: Record<string, unknown>): AppCardRecord {
  const out: Record<string, unknown> = {};
  for (const f of APP_CARD_FIELDS) if (item[f] !== undefined && item[f] !== null) out[f] = item[f];
  const card = out as AppCardRecord;
  card.tags = Array.isArray(card.tags) ? card.tags : [];
  card.price_cents ??= 0;
  card.average_rating ??= 0;
  card.installations ??= 0;
  return card;
}

/** Runs `fn` over `items` with at most `size` in flight at a time. */
async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

export class DynamoAppsRepository implements AppRepository, CategoryAppsPort {
  private get table() {
    return tableName();
  }

  async getById(id: string): Promise<AppRecord | undefined> {
    const res = await documentClient().send(new GetCommand({ TableName: this.table, Key: appKey(id) }));
    return res.Item ? fromAppItem(res.Item) : undefined;
  }

  async getBySlug(slug: string): Promise<AppRecord | undefined> {
    const res = await documentClient().send(new GetCommand({ TableName: this.table, Key: appSlugKey(slug) }));
    const id = res.Item?.app_id as string | undefined;
    return id ? this.getById(id) : undefined;
  }

  async findBySlugOrId(slugOrId: string): Promise<AppRecord | undefined> {
    // Both lookups at once: the slug wins; the id is the fallback (spec: "slug if present, otherwise the id").
    const [slugRes, byId] = await Promise.all([
      documentClient().send(new GetCommand({ TableName: this.table, Key: appSlugKey(slugOrId) })),
      this.getById(slugOrId),
    ]);
    const id = slugRes.Item?.app_id as string | undefined;
    if (!id) return byId;
    return id === slugOrId ? byId : this.getById(id);
  }

  async create(app: AppRecord): Promise<AppRecord> {
    const stored = { ...app, version: 1 };
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: { TableName: this.table, Item: toAppItem(stored), ConditionExpression: 'attribute_not_exists(PK)' },
            },
            {
              Put: {
                TableName: this.table,
                Item: { ...appSlugKey(app.slug), entity: 'AppSlug', app_id: app.id },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
    } catch (err) {
      const failed = cancelledAt(err);
      if (failed.includes(1)) throw new ConflictError('An app with this slug already exists');
      if (failed.includes(0)) throw new ConflictError('An app with this id already exists');
      throw err;
    }
    await touchCatalogue();
    return stored;
  }

  async save(previous: AppRecord, next: AppRecord): Promise<AppRecord> {
    const stored = { ...next, id: previous.id, version: previous.version + 1 };
    const put = {
      TableName: this.table,
      Item: toAppItem(stored),
      ConditionExpression: 'attribute_exists(PK) AND (#v = :v OR attribute_not_exists(#v))',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':v': previous.version },
    };
    const stale = new ConflictError('The app was changed by someone else: reload it and try again');
    if (stored.slug === previous.slug) {
      try {
        await documentClient().send(new PutCommand(put));
      } catch (err) {
        if (isConditionFailure(err)) throw stale;
        throw err;
      }
      await touchCatalogue();
      return stored;
    }
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: put },
            {
              Delete: {
                TableName: this.table,
                Key: appSlugKey(previous.slug),
                ConditionExpression: 'attribute_not_exists(PK) OR app_id = :id',
                ExpressionAttributeValues: { ':id': previous.id },
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: { ...appSlugKey(stored.slug), entity: 'AppSlug', app_id: stored.id },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
    } catch (err) {
      const failed = cancelledAt(err);
      if (failed.includes(2)) throw new ConflictError('An app with this slug already exists');
      if (failed.length) throw stale;
      throw err;
    }
    await touchCatalogue();
    return stored;
  }

  async delete(app: AppRecord): Promise<void> {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: this.table, Key: appKey(app.id) } },
          {
            Delete: {
              TableName: this.table,
              Key: appSlugKey(app.slug),
              ConditionExpression: 'attribute_not_exists(PK) OR app_id = :id',
              ExpressionAttributeValues: { ':id': app.id },
            },
          },
        ],
      }),
    );
    await touchCatalogue();
  }

  async listMarketCards(scope: { categorySlug?: string } = {}): Promise<AppCardRecord[]> {
    const { ProjectionExpression, ExpressionAttributeNames } = projection(APP_CARD_FIELDS);
    const byCategory = scope.categorySlug !== undefined;
    const items = await queryAll({
      TableName: this.table,
      IndexName: byCategory ? 'GSI3' : 'GSI2',
      KeyConditionExpression: '#pk = :pk',
      ProjectionExpression,
      ExpressionAttributeNames: { ...ExpressionAttributeNames, '#pk': byCategory ? 'GSI3PK' : 'GSI2PK' },
      ExpressionAttributeValues: { ':pk': byCategory ? marketCategoryPk(scope.categorySlug as string) : MARKET_PK },
    });
    return items.map(fromCardItem);
  }

  private async categorySlugs(partition: string): Promise<Array<string | undefined>> {
    const items = await queryAll<{ category_slug?: string }>({
      TableName: this.table,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ProjectionExpression: 'category_slug',
      ExpressionAttributeValues: { ':pk': partition },
    });
    return items.map((i) => i.category_slug);
  }

  private static tally(slugs: Array<string | undefined>): Map<string, number> {
    const counts = new Map<string, number>();
    for (const s of slugs) if (s) counts.set(s, (counts.get(s) ?? 0) + 1);
    return counts;
  }

  async countMarketByCategory(): Promise<Map<string, number>> {
    return DynamoAppsRepository.tally(await this.categorySlugs(MARKET_PK));
  }

  async countAllByCategory(): Promise<Map<string, number>> {
    const [market, other] = await Promise.all([this.categorySlugs(MARKET_PK), this.categorySlugs(UNLISTED_PK)]);
    return DynamoAppsRepository.tally([...market, ...other]);
  }

  async countInCategory(slug: string): Promise<number> {
    const count = (pk: string) =>
      queryCount({
        TableName: this.table,
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      });
    const [listed, other] = await Promise.all([count(marketCategoryPk(slug)), count(unlistedCategoryPk(slug))]);
    return listed + other;
  }

  async refileCategoryApps(fromSlug: string, to: { slug: string; name: string }): Promise<number> {
    type Filed = { id: string; category?: string; category_slug?: string; GSI3PK: string };
    const filed = (pk: string) =>
      queryAll<Filed>({
        TableName: this.table,
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        ProjectionExpression: 'id, category, category_slug, GSI3PK',
        ExpressionAttributeValues: { ':pk': pk },
      });
    const apps = (await Promise.all([filed(marketCategoryPk(fromSlug)), filed(unlistedCategoryPk(fromSlug))])).flat();
    const stale = apps.filter((a) => a.category_slug !== to.slug || a.category !== to.name);
    const moved = (await inBatches(stale, 25, (a) => this.refileOne(a.id, fromSlug, to))).filter(Boolean).length;
    if (moved > 0) await touchCatalogue();
    return moved;
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
      try {
        await documentClient().send(
          new UpdateCommand({
            TableName: this.table,
            Key: appKey(id),
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
          }),
        );
        return true;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    throw new ConflictError('Apps of this category are changing right now: try again');
  }

  async listByOwner(userId: string): Promise<AppRecord[]> {
    const items = await queryAll({
      TableName: this.table,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :app)',
      ExpressionAttributeValues: { ':pk': `OWNER#${userId}`, ':app': 'APP#' },
      ScanIndexForward: false,
    });
    return items.map(fromAppItem);
  }

  async listAll(): Promise<AppRecord[]> {
    const part = (pk: string) =>
      queryAll({
        TableName: this.table,
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      });
    const [market, other] = await Promise.all([part(MARKET_PK), part(UNLISTED_PK)]);
    return [...market, ...other]
      .map(fromAppItem)
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id.localeCompare(b.id)));
  }

  /**
   * Adds licence keys to an app's pool as available. Kept for existing callers: the pool is
   * key-pool-repo.ts's (item shape and GSI3 availability index documented there).
   */
  async addPoolKeys(appId: string, keys: readonly string[], now = new Date().toISOString()): Promise<number> {
    return addKeys(appId, keys, now);
  }
}
