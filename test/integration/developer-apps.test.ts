/**
 * Developer apps over HTTP (spec sections 3, 4, 5, 7): the quick form, the wizard's submit and
 * edit with every server-side rule and its message, slugs, tags, money, the licence-key pool
 * (items, GSI3 availability index, sync on edit that never touches assigned keys), delete, and the
 * ownership rule: another developer's app is 'App not found' everywhere and is never changed.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PAID_PRICE_REQUIRED } from '@shared/constants';
import { MSG } from '@shared/messages';
import {
  APP_MESSAGES,
  type AppCard,
  type OwnerApp,
  OwnerAppListSchema,
  OwnerAppSchema,
  type OwnerAppSummary,
} from '@shared/schemas/apps';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { countAvailable, poolKeyItem } from '../../functions/adapters/dynamodb/key-pool-repo';
import { api, type Developer as Dev, newDeveloper } from '../support/api';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';

const run = randomUUID().slice(0, 8);
let devA: Dev;
let devB: Dev;

beforeAll(async () => {
  [devA, devB] = await Promise.all([newDeveloper(), newDeveloper()]);
});

/** A complete, valid wizard payload (spec section 7); `over` replaces top-level fields. */
function submitPayload(name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    tagline: 'Charting that keeps up with you',
    short_description: 'Fast perio charting with voice input for busy hygienists.',
    long_description: 'A longer story about charting.',
    category: 'Clinical Tools',
    tags: 'charting, perio, voice',
    website_url: 'https://vendor.example.com',
    icon_url: 'https://cdn.example.com/icon.png',
    demo_url: 'https://vendor.example.com/demo',
    documentation_url: '',
    support_url: null,
    key_features: ['Voice charting', 'Perio trends', '  '],
    pricing_model: 'subscription',
    price: 49.99,
    company_name: 'Vendor Inc',
    licensing_type: 'universal_code',
    license_keys: '',
    universal_access_code: `CODE-${run}`,
    licensing_instructions: '',
    webhook_license_url: '',
    // A trial only where it is given: with a subscription (the default model here).
    free_trial_days: (over.pricing_model ?? 'subscription') === 'subscription' ? 14 : null,
    founded_year: '2015',
    metadata: {
      screenshots: [],
      use_cases: ['Hygiene visits', ''],
      integrations: ['Dentrix'],
      price_period: '',
      refund_policy: '30 days',
      company_size: '11-50',
      target_audience: 'Hygienists',
      unique_selling_points: ['Hands free', '', ''],
      privacy_policy_url: 'https://vendor.example.com/privacy',
      terms_url: '',
      logo_url: '',
      demo_video_url: '',
    },
    ...over,
  };
}

const submit = (dev: Dev, body: unknown) => api<OwnerApp>('POST', '/api/apps/submit', { token: dev.token, body });
const quickCreate = (dev: Dev, body: unknown) => api<OwnerApp>('POST', '/api/apps', { token: dev.token, body });
const getApp = (dev: Dev, id: string) => api<OwnerApp>('GET', `/api/apps/${id}`, { token: dev.token });
const myApps = async (dev: Dev) => (await api<OwnerAppSummary[]>('GET', '/api/apps', { token: dev.token })).body;

async function rawApp(id: string) {
  return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: { PK: `APP#${id}`, SK: 'APP' } })))
    .Item;
}

async function poolItems(appId: string) {
  const res = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': `APP#${appId}`, ':sk': 'POOLKEY#' },
    }),
  );
  return res.Items ?? [];
}

describe('quick form: POST /api/apps and PUT /api/apps/{id}', () => {
  it('creates an app of the chosen type, not approved (Pending Review), with a slug from its name', async () => {
    const res = await quickCreate(devA, {
      name: `Quick ${run} Internal`,
      type: 'internal',
      website_url: 'https://quick.example.com',
      description: 'An internal integration',
    });
    expect(res.status).toBe(201);
    const app = OwnerAppSchema.parse(res.body);
    expect(app).toMatchObject({
      name: `Quick ${run} Internal`,
      type: 'internal',
      slug: `quick-${run}-internal`,
      website_url: 'https://quick.example.com',
      description: 'An internal integration',
      user_id: devA.id,
      is_approved: false,
      status: 'Pending Review',
      license_keys: [],
      license_key_pool: { available: 0, assigned: 0 },
    });
    const pub = await quickCreate(devA, { name: `Quick ${run} Public`, type: 'public' });
    expect(pub.status).toBe(201);
    expect(pub.body).toMatchObject({ type: 'public', is_approved: false, status: 'Pending Review' });
    const listed = await api<AppCard[]>('GET', `/api/marketplace/apps?q=${run}`);
    expect(listed.body.map((a) => a.id)).not.toContain(pub.body.id);
  });

  it.each([
    [{ type: 'public' }, 'App name is required'],
    [{ name: '   ', type: 'public' }, 'App name is required'],
    [{ name: 'No type' }, 'App type is required: one of internal, partner, public'],
    [{ name: 'Bad type', type: 'secret' }, 'App type is required: one of internal, partner, public'],
    [{ name: 'Bad url', type: 'partner', website_url: 'not a url' }, 'Website URL must be a valid URL'],
    [{ name: 'Bad scheme', type: 'partner', website_url: 'javascript:alert(1)' }, 'Website URL must be a valid URL'],
    [{ name: 'Bad category', type: 'public', category: 'Astrology' }, APP_MESSAGES.unknownCategory('Astrology')],
  ])('refuses %j with 400 %j and stores nothing', async (body, detail) => {
    const before = (await myApps(devB)).length;
    const res = await quickCreate(devB, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
    expect(await myApps(devB)).toHaveLength(before);
  });

  it('edits name and fields but never the type or the slug', async () => {
    const created = (await quickCreate(devA, { name: `Edit ${run} Me`, type: 'partner', description: 'Old' })).body;
    const renamed = await api('PUT', `/api/apps/${created.id}`, {
      token: devA.token,
      body: { name: `Edit ${run} Renamed`, type: 'partner', website_url: 'https://new.example.com' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: `Edit ${run} Renamed`,
      slug: created.slug,
      website_url: 'https://new.example.com',
      description: 'Old', // left out of the body: kept
    });

    const changeType = await api('PUT', `/api/apps/${created.id}`, {
      token: devA.token,
      body: { name: 'Sneaky', type: 'public' },
    });
    expect(changeType.status).toBe(400);
    expect(changeType.body).toEqual({ detail: 'App type cannot be changed' });
    const bad = await api('PUT', `/api/apps/${created.id}`, {
      token: devA.token,
      body: { name: 'Sneaky', website_url: 'nope' },
    });
    expect(bad.body).toEqual({ detail: 'Website URL must be a valid URL' });
    expect((await getApp(devA, created.id)).body).toMatchObject({ name: `Edit ${run} Renamed`, type: 'partner' });

    const cleared = await api('PUT', `/api/apps/${created.id}`, {
      token: devA.token,
      body: { name: `Edit ${run} Renamed`, description: '' },
    });
    expect(cleared.body.description).toBeNull();
  });
});

describe('full submit: POST /api/apps/submit', () => {
  it('stores a public app Pending Review, off the marketplace, in the API formats of the spec', async () => {
    const res = await submit(devA, submitPayload(`Perio ${run} Voice`));
    expect(res.status).toBe(201);
    const app = OwnerAppSchema.parse(res.body);
    expect(app).toMatchObject({
      type: 'public',
      is_approved: false,
      is_suspended: false,
      status: 'Pending Review',
      slug: `perio-${run}-voice`,
      category: 'Clinical Tools',
      category_slug: 'clinical-tools',
      tags: 'charting, perio, voice',
      key_features: ['Voice charting', 'Perio trends'],
      use_cases: ['Hygiene visits'],
      unique_selling_points: ['Hands free'],
      pricing_model: 'subscription',
      price: 49.99,
      price_period: 'monthly',
      free_trial_days: 14,
      founded_year: 2015,
      company_size: '11-50',
      documentation_url: null,
      support_url: null,
      universal_access_code: `CODE-${run}`,
      licensing_type: 'universal_code',
    });
    expect((await rawApp(app.id))?.price_cents).toBe(4999);

    const listed = await api<AppCard[]>('GET', `/api/marketplace/apps?q=${run}`);
    expect(listed.body.map((a) => a.id)).not.toContain(app.id);
    expect((await api('GET', `/api/marketplace/apps/by-slug/${app.slug}`)).status).toBe(404);
    expect((await myApps(devA)).map((a) => a.id)).toContain(app.id);
  });

  it('accepts the category by slug, tags as a list, and drops the billing period of a one-time price', async () => {
    const res = await submit(
      devA,
      submitPayload(`Slugcat ${run}`, {
        category: 'imaging-xray',
        tags: [' xray ', 'AI', 'ai', ''],
        pricing_model: 'one_time',
        price: '120.5',
        metadata: { price_period: 'yearly' },
        free_trial_days: null,
        founded_year: null,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      category: 'Imaging & X-Ray',
      tags: 'xray, AI',
      price: 120.5,
      price_period: null,
      free_trial_days: null,
      founded_year: null,
      screenshots: [],
    });
    const free = await submit(devA, submitPayload(`Freebie ${run}`, { pricing_model: 'free', price: 10 }));
    expect(free.body).toMatchObject({ price: 0, price_period: null });
  });

  const year = new Date().getUTCFullYear();
  const meta = (m: Record<string, unknown>) => ({ metadata: { ...submitPayload('x').metadata, ...m } });
  const shots = (n: number) => Array.from({ length: n }, (_, i) => `https://cdn.example.com/shot-${i}.png`);
  it.each([
    ['name missing', { name: '' }, 'App name is required'],
    ['tagline missing', { tagline: '  ' }, 'Tagline is required'],
    ['tagline too long', { tagline: 'x'.repeat(61) }, 'Tagline must be at most 60 characters'],
    ['short description missing', { short_description: undefined }, 'Short description is required'],
    [
      'short description too long',
      { short_description: 'y'.repeat(151) },
      'Short description must be at most 150 characters',
    ],
    ['category missing', { category: '' }, 'Category is required'],
    ['category unknown', { category: 'Astrology' }, APP_MESSAGES.unknownCategory('Astrology')],
    ['website missing', { website_url: '' }, 'Website URL is required'],
    ['website invalid', { website_url: 'vendor dot com' }, 'Website URL must be a valid URL'],
    ['icon missing', { icon_url: null }, 'Icon URL is required'],
    ['icon invalid', { icon_url: 'javascript:alert(1)' }, 'Icon URL must be a valid URL'],
    ['one key feature', { key_features: ['Only one', '', '   '] }, 'At least 2 key features are required'],
    ['no key features', { key_features: undefined }, 'At least 2 key features are required'],
    [
      'pricing model unknown',
      { pricing_model: 'barter' },
      'Pricing model is required: one of free, freemium, one_time, subscription, usage_based',
    ],
    ['price negative', { price: -1 }, 'Price must be at least 0'],
    ['price not a number', { price: 'ten' }, 'Price must be a number'],
    ['price sub-cent', { price: 9.999 }, 'Price can have at most 2 decimal places (whole cents)'],
    ['company missing', { company_name: '' }, 'Company name is required'],
    ['trial negative', { free_trial_days: -1 }, 'Free trial days must be at least 0'],
    ['trial fractional', { free_trial_days: 1.5 }, 'Free trial days must be a whole number'],
    ['founded too early', { founded_year: '1899' }, `Founded year must be between 1900 and ${year}`],
    ['founded in the future', { founded_year: String(year + 1) }, `Founded year must be between 1900 and ${year}`],
    ['founded not a year', { founded_year: 'long ago' }, `Founded year must be between 1900 and ${year}`],
    ['11 screenshots', meta({ screenshots: shots(11) }), MSG.maxScreenshots],
    [
      'screenshot not a url',
      meta({ screenshots: ['data:image/png;base64,AAAA'] }),
      'Screenshot URL must be a valid URL',
    ],
    [
      'company size unknown',
      meta({ company_size: '5000' }),
      'Company size must be one of 1-10, 11-50, 51-200, 201-500, 500+',
    ],
    [
      'billing period unknown',
      meta({ price_period: 'weekly' }),
      'Billing period must be one of monthly, yearly, per_user_monthly, per_location',
    ],
    [
      'licensing type unknown',
      { licensing_type: 'honour' },
      'Licensing type is required: one of manual, key_pool, universal_code, webhook',
    ],
    [
      'manual without instructions',
      { licensing_type: 'manual', licensing_instructions: '   ' },
      'Licensing instructions are required for manual licensing',
    ],
    [
      'key pool without keys',
      { licensing_type: 'key_pool', license_keys: '\n  \n' },
      'At least one license key is required for a key pool',
    ],
    [
      'universal code blank',
      { licensing_type: 'universal_code', universal_access_code: ' ' },
      'A universal access code is required for universal code licensing',
    ],
    [
      'webhook without url',
      { licensing_type: 'webhook', webhook_license_url: '' },
      'A webhook license URL is required for webhook licensing',
    ],
    [
      'webhook url invalid',
      { licensing_type: 'webhook', webhook_license_url: 'ftp://files.example.com' },
      'Webhook license URL must be a valid URL',
    ],
    ['a one-time price of 0', { pricing_model: 'one_time', price: 0 }, PAID_PRICE_REQUIRED],
    ['a subscription without a price', { pricing_model: 'subscription', price: '' }, PAID_PRICE_REQUIRED],
    ['a usage-based price of 0', { pricing_model: 'usage_based', price: '0.00' }, PAID_PRICE_REQUIRED],
    [
      'a free trial on a one-time price',
      { pricing_model: 'one_time', price: 49, free_trial_days: 14 },
      'A free trial is only available for subscription pricing: leave Free trial days empty',
    ],
    [
      'a free trial on a free app',
      { pricing_model: 'free', price: 0, free_trial_days: 7 },
      'A free trial is only available for subscription pricing: leave Free trial days empty',
    ],
  ])('refuses %s with its message and stores nothing', async (_label, over, detail) => {
    const before = (await myApps(devB)).length;
    const res = await submit(devB, submitPayload(`Invalid ${run}`, over));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
    expect(await myApps(devB)).toHaveLength(before);
  });

  it('accepts each licensing type with what it needs (http webhooks only because this is local)', async () => {
    const cases = [
      { licensing_type: 'manual', licensing_instructions: 'We e-mail you within a day.' },
      { licensing_type: 'key_pool', license_keys: ['A-1'] },
      { licensing_type: 'webhook', webhook_license_url: 'http://127.0.0.1:9009/licence' },
      { licensing_type: 'webhook', webhook_license_url: 'https://vendor.example.com/licence' },
    ];
    for (const [i, over] of cases.entries()) {
      const res = await submit(devB, submitPayload(`Licensing ${run} ${i}`, over));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.licensing_type).toBe(over.licensing_type);
    }
  });

  it('gives each app a unique slug (-2, -3 ...) that renaming does not change', async () => {
    const name = `Same ${run} Name`;
    const first = (await submit(devA, submitPayload(name))).body;
    const second = (await submit(devB, submitPayload(name))).body;
    const third = (await quickCreate(devA, { name, type: 'internal' })).body;
    expect([first.slug, second.slug, third.slug]).toEqual([
      `same-${run}-name`,
      `same-${run}-name-2`,
      `same-${run}-name-3`,
    ]);
    const renamed = await api('PUT', `/api/apps/${first.id}/update`, {
      token: devA.token,
      body: submitPayload(`Totally ${run} Different`),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: `Totally ${run} Different`, slug: first.slug });
  });
});

describe('full edit: PUT /api/apps/{id}/update', () => {
  it('replaces the listing, keeps type and approval, and refuses bad input without changing anything', async () => {
    const app = (await submit(devA, submitPayload(`Wizard ${run} Edit`))).body;
    const res = await api('PUT', `/api/apps/${app.id}/update`, {
      token: devA.token,
      body: submitPayload(`Wizard ${run} Edit`, {
        tagline: 'A new tagline',
        tags: 'one',
        demo_url: '',
        pricing_model: 'usage_based',
        price: 0.5,
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: app.id,
      type: 'public',
      status: 'Pending Review',
      tagline: 'A new tagline',
      tags: 'one',
      demo_url: null,
      price: 0.5,
      price_period: null,
      created_at: app.created_at,
    });

    for (const [over, detail] of [
      [{ tagline: 'z'.repeat(61) }, 'Tagline must be at most 60 characters'],
      [{ type: 'internal' }, 'App type cannot be changed'],
      [{ key_features: ['one'] }, 'At least 2 key features are required'],
    ] as const) {
      const bad = await api('PUT', `/api/apps/${app.id}/update`, {
        token: devA.token,
        body: submitPayload('Changed', over),
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ detail });
    }
    expect((await getApp(devA, app.id)).body).toMatchObject({ name: `Wizard ${run} Edit`, tagline: 'A new tagline' });
  });
});

describe('ownership: another developer gets 404 and changes nothing', () => {
  it("cannot read, edit, update or delete developer A's app", async () => {
    const app = (await submit(devA, submitPayload(`Private ${run} App`))).body;
    const notFound = { detail: 'App not found' };
    const attempts = [
      await getApp(devB, app.id),
      await api('PUT', `/api/apps/${app.id}`, { token: devB.token, body: { name: 'Hijacked', type: 'public' } }),
      await api('PUT', `/api/apps/${app.id}/update`, { token: devB.token, body: submitPayload('Hijacked') }),
      await api('DELETE', `/api/apps/${app.id}`, { token: devB.token }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect((await myApps(devB)).map((a) => a.id)).not.toContain(app.id);
    const still = await getApp(devA, app.id);
    expect(still.status).toBe(200);
    expect(still.body).toMatchObject({ name: `Private ${run} App`, universal_access_code: `CODE-${run}` });
    expect((await getApp(devA, `no-such-app-${run}`)).body).toEqual(notFound);
  });

  it('lists only the caller’s own apps, without licensing secrets', async () => {
    const res = await api('GET', '/api/apps', { token: devA.token });
    expect(res.status).toBe(200);
    const list = OwnerAppListSchema.parse(res.body);
    expect(list.length).toBeGreaterThan(0);
    for (const app of list) expect(app.user_id).toBe(devA.id);
    const text = JSON.stringify(res.body);
    for (const secret of ['universal_access_code', 'license_keys', 'licensing_instructions', 'webhook_license_url']) {
      expect(text).not.toContain(`"${secret}"`);
    }
    for (let i = 1; i < list.length; i++) expect(must(list[i - 1]).created_at >= must(list[i]).created_at).toBe(true);
  });
});

describe('licence-key pool', () => {
  it('stores one item per key with the GSI3 availability index, and syncs edits without touching assigned keys', async () => {
    const res = await submit(
      devA,
      submitPayload(`Pool ${run}`, {
        licensing_type: 'key_pool',
        license_keys: `K1-${run}\n\n  K2-${run}  \nK1-${run}\n`,
      }),
    );
    expect(res.status).toBe(201);
    const app = res.body;
    expect(app.license_keys).toEqual([`K1-${run}`, `K2-${run}`]);
    expect(app.license_key_pool).toEqual({ available: 2, assigned: 0 });

    const items = await poolItems(app.id);
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item).toMatchObject({
        status: 'available',
        GSI3PK: `POOLAVAIL#${app.id}`,
        GSI3SK: `${item.created_at}#${item.key}`,
      });
      expect(item.SK).toBe(`POOLKEY#${item.key}`);
    }
    expect(await countAvailable(app.id)).toBe(2);

    // A purchase claims K1 (as the checkout code does: status assigned, off the GSI3 index).
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `APP#${app.id}`, SK: `POOLKEY#K1-${run}` },
        UpdateExpression: 'SET #s = :assigned, purchase_id = :p, assigned_at = :now REMOVE GSI3PK, GSI3SK',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':assigned': 'assigned',
          ':p': `purchase-${run}`,
          ':now': new Date().toISOString(),
        },
      }),
    );

    // The developer's new list no longer has K1 or K2 but adds K3: K2 is withdrawn, K1 stays assigned.
    const edited = await api('PUT', `/api/apps/${app.id}/update`, {
      token: devA.token,
      body: submitPayload(`Pool ${run}`, { licensing_type: 'key_pool', license_keys: [`K3-${run}`] }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.license_keys).toEqual([`K1-${run}`, `K3-${run}`]);
    expect(edited.body.license_key_pool).toEqual({ available: 1, assigned: 1 });
    const after = await poolItems(app.id);
    const k1 = after.find((i) => i.key === `K1-${run}`);
    expect(k1).toMatchObject({ status: 'assigned', purchase_id: `purchase-${run}` });
    expect(k1?.GSI3PK).toBeUndefined();
    expect(after.find((i) => i.key === `K3-${run}`)).toMatchObject({ GSI3PK: `POOLAVAIL#${app.id}` });
    expect(after.find((i) => i.key === `K2-${run}`)).toBeUndefined();
    expect(await countAvailable(app.id)).toBe(1);

    // Sending the assigned key back (the edit form shows every key) changes nothing about it.
    const again = await api('PUT', `/api/apps/${app.id}/update`, {
      token: devA.token,
      body: submitPayload(`Pool ${run}`, { licensing_type: 'key_pool', license_keys: `K1-${run}\nK3-${run}` }),
    });
    expect(again.body.license_key_pool).toEqual({ available: 1, assigned: 1 });

    // Keys never leave the server outside the owner's edit view.
    const preview = await api('GET', `/api/marketplace/apps/by-slug/${app.slug}`, { token: devA.token });
    expect(JSON.stringify(preview.body)).not.toContain(`K3-${run}`);
    expect(JSON.stringify(await api('GET', '/api/apps', { token: devA.token }))).not.toContain(`K3-${run}`);
  });
});

describe('a key pool past 1,000 keys', () => {
  it('shows every available key and counts all assigned ones from the counter; a save leaves them alone', async () => {
    const app = (
      await submit(devA, submitPayload(`Big pool ${run}`, { licensing_type: 'key_pool', license_keys: 'B1\nB2\nB3' }))
    ).body;
    // 1,001 keys sold (as the checkout's claims leave them: assigned, off GSI3, counted), written in batches.
    const sold = Array.from({ length: 1_001 }, (_, i) =>
      poolKeyItem.toItem({ app_id: app.id, key: `S${i}`, status: 'assigned', created_at: '2020-01-01T00:00:00.000Z' }),
    );
    const batches = Array.from({ length: Math.ceil(sold.length / 25) }, (_, i) => sold.slice(i * 25, i * 25 + 25));
    await Promise.all(
      batches.map((batch) =>
        documentClient().send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: batch.map((Item) => ({ PutRequest: { Item } })) } }),
        ),
      ),
    );
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { PK: `APP#${app.id}`, SK: 'POOLCOUNT', entity: 'PoolCount', assigned: 1_001 },
      }),
    );

    const view = await getApp(devA, app.id);
    expect(view.body.license_key_pool).toEqual({ available: 3, assigned: 1_001 });
    expect(view.body.license_keys).toEqual(expect.arrayContaining(['B1', 'B2', 'B3']));
    expect(view.body.license_keys.length).toBeLessThanOrEqual(3 + 1_000);

    const saved = await api<OwnerApp>('PUT', `/api/apps/${app.id}/update`, {
      token: devA.token,
      body: submitPayload(`Big pool ${run}`, { licensing_type: 'key_pool', license_keys: ['B2', 'B4'] }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.license_key_pool).toEqual({ available: 2, assigned: 1_001 });
    expect(await countAvailable(app.id)).toBe(2);
  });
});

describe('at most 100 apps per developer', () => {
  it('refuses the 101st app with a 409 and a detail, stores nothing, and frees a place on delete', async () => {
    const dev = await newDeveloper();
    const ids: string[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const made = await Promise.all(
        [0, 1, 2, 3, 4].map((i) => quickCreate(dev, { name: `Cap ${run} ${batch * 5 + i}`, type: 'internal' })),
      );
      for (const res of made) {
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
    }
    const refused = await quickCreate(dev, { name: `Cap ${run} one more`, type: 'internal' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: MSG.appLimit });
    const wizard = await submit(dev, submitPayload(`Cap ${run} wizard`));
    expect(wizard.status).toBe(409);
    expect(await myApps(dev)).toHaveLength(100);
    expect((await api('DELETE', `/api/apps/${ids[0]}`, { token: dev.token })).status).toBeLessThan(300);
    expect((await quickCreate(dev, { name: `Cap ${run} after delete`, type: 'internal' })).status).toBe(201);
    expect((await quickCreate(dev, { name: `Cap ${run} over again`, type: 'internal' })).status).toBe(409);
  }, 120_000);
});

describe('DELETE /api/apps/{id}', () => {
  it('removes the app, its slug and (after the answer, in pages) its pool keys; purchases stay; the name can be used again', async () => {
    const name = `Gone ${run} Soon`;
    // More keys than one page of the worker's pool deletion (CATALOGUE_JOB_PAGE_SIZE 3 in the tests).
    const keys = ['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7'].join('\n');
    const app = (await submit(devA, submitPayload(name, { licensing_type: 'key_pool', license_keys: keys }))).body;
    expect(await poolItems(app.id)).toHaveLength(7);
    const purchaseKey = { PK: `PURCHASE#del-${run}`, SK: 'PURCHASE' };
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...purchaseKey, app_id: app.id, app_snapshot: { name, slug: app.slug } },
      }),
    );

    const res = await api('DELETE', `/api/apps/${app.id}`, { token: devA.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'App deleted' });
    expect((await getApp(devA, app.id)).status).toBe(404);
    expect(await rawApp(app.id)).toBeUndefined();
    // The sync worker deletes the pool a page per message: done once the queues are idle.
    await queuesIdle();
    expect(await poolItems(app.id)).toEqual([]);
    expect((await api('DELETE', `/api/apps/${app.id}`, { token: devA.token })).status).toBe(404);
    const purchase = await documentClient().send(new GetCommand({ TableName: tableName(), Key: purchaseKey }));
    expect(purchase.Item?.app_id).toBe(app.id);

    const reused = await submit(devB, submitPayload(name));
    expect(reused.status).toBe(201);
    expect(reused.body.slug).toBe(app.slug);
  });
});
