/**
 * `npm run seed:scale [-- --apps 10000 --developers 2000]`: fills the table of a running local
 * stack (the one the same environment names: DYNAMODB_PORT or DYNAMODB_ENDPOINT, TABLE_NAME) with a
 * large marketplace, for bench:scale (bin/bench-scale.ts) and for trying the product at size.
 *
 * Every item is made by the product's own item mappers (adapters/dynamodb: appItem, worksWithItem,
 * categoryCountItem, userItem) and the keys in keys.ts, so the shapes cannot drift; they are written
 * with BatchWriteItem, many batches in parallel. Deterministic (a seeded generator): two runs write
 * the same catalogue. At the end the catalogue version moves once, so every process builds the
 * listing of the new catalogue (once).
 *
 * Written: the categories (the seed's twelve), developers (approved accounts with their e-mail
 * lookup items), listed apps over the categories (realistic names, descriptions, prices, practice
 * systems) with their slug and works-with items and the category counters; practice buyers (with
 * their e-mail items), completed purchases over the year (each with the buyer's checkout slot), the
 * apps' sales, installation and star counters computed from them, verified reviews (one per buyer
 * and app, with the per-buyer item); what a year of polling at 60 s leaves under the retention
 * rules (the last 7 days of empty polls with their TTL, an hourly summary for the year, the polls
 * that found events); webhook delivery logs over their 30 days of retention; audit entries over the
 * year. Each kind a flag.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PRACTICE_SYSTEM_VALUES } from '@shared/practice-systems';
import type { AppRecord } from '../functions/core/apps/app';
import { SEED_CATEGORIES } from './seed/catalogue';
import { yearOfData } from './seed/scale-year';

/** Counts a run writes; each a flag (`--apps 500`). */
export const SCALE_DEFAULTS = {
  apps: 10_000,
  developers: 2_000,
  buyers: 50_000,
  purchases: 200_000,
  reviews: 20_000,
  /** Days of polling at 60 s (what their retention leaves of them is written). */
  'poll-days': 365,
  deliveries: 200_000,
  audit: 50_000,
};
export type ScaleCounts = typeof SCALE_DEFAULTS;

export function parseCounts(argv: readonly string[]): ScaleCounts {
  const counts = { ...SCALE_DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]?.replace(/^--/, '') as keyof ScaleCounts;
    if (!(flag in counts)) throw new Error(`Unknown flag ${argv[i]} (known: ${Object.keys(counts).join(', ')})`);
    const n = Number(argv[++i]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${flag} needs a whole number`);
    counts[flag] = n;
  }
  return counts;
}

/** Deterministic pseudo-random numbers, so every run writes the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PREFIXES = ['Smile', 'Dent', 'Molar', 'Bright', 'Clear', 'Perio', 'Ortho', 'Enamel', 'Canine', 'Crown', 'Floss'];
const SUFFIXES = ['Flow', 'Hub', 'Pro', 'Link', 'Desk', 'Track', 'Cloud', 'Suite', 'Pilot', 'Sync', 'View', 'Works'];
const NOUNS = ['Scheduler', 'Billing', 'Charting', 'Recall', 'Imaging', 'Analytics', 'Forms', 'Payments', 'Inventory'];
const MODELS = ['free', 'freemium', 'one_time', 'subscription', 'usage_based'] as const;

/** Items per BatchWriteItem (the API's maximum) and batches in flight. */
const BATCH = 25;
const PARALLEL = 16;

async function writeAll(items: Record<string, unknown>[], label: string): Promise<void> {
  const { documentClient, tableName } = await import('../functions/adapters/aws-clients');
  const db = documentClient();
  const table = tableName();
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += BATCH) batches.push(items.slice(i, i + BATCH));
  let next = 0;
  const started = Date.now();
  async function worker() {
    while (next < batches.length) {
      let requests = (batches[next++] as Record<string, unknown>[]).map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length; attempt++) {
        try {
          const res = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
          requests = (res.UnprocessedItems?.[table] ?? []) as typeof requests;
        } catch (err) {
          // A batch the busy engine did not answer in time is written again (puts are idempotent).
          if (attempt >= 8) throw err;
        }
        if (requests.length) await new Promise((r) => setTimeout(r, Math.min(1_000, 50 * 2 ** attempt)));
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  console.log(
    `  ${label.padEnd(28)} ${String(items.length).padStart(8)} items  ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

export async function seedScale(counts: ScaleCounts): Promise<Record<string, number>> {
  const { appItem, worksWithItem, categoryCountItem } = await import('../functions/adapters/dynamodb/apps-repo');
  const { userItem } = await import('../functions/adapters/dynamodb/users-repo');
  const { appSlugKey, userKeys } = await import('../functions/adapters/dynamodb/keys');
  const { touchCatalogue } = await import('../functions/adapters/dynamodb/catalogue-version');
  const { seedCatalogue } = await import('./seed/catalogue');

  await seedCatalogue({ demo: false });
  const rand = rng(2026);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const now = new Date().toISOString();

  // Developers: approved accounts, without a password (they never sign in), and their e-mail lookups.
  const developers = Array.from({ length: Math.max(1, counts.developers) }, (_, i) => ({
    id: `scale-dev-${i + 1}`,
    email: `dev${i + 1}@scale.example.com`,
    full_name: `Developer ${i + 1}`,
    company_name: `${pick(PREFIXES)}${pick(SUFFIXES)} Labs ${i + 1}`,
  }));
  const userItems = developers.flatMap((d) => [
    userItem.toItem(
      {
        ...d,
        website: null,
        role: 'developer',
        is_approved: true,
        invited: false,
        linked_emails: [],
        created_at: now,
        auth_provider: 'password',
        email_verified: true,
        token_version: 0,
      },
      null,
    ),
    { ...userKeys.email(d.email), entity: 'EMAIL', user_id: d.id },
  ]);

  // Listed apps over the categories, with their slug and works-with items; counters per category.
  const listed = new Map<string, number>();
  const appItems: Record<string, unknown>[] = [];
  const apps: AppRecord[] = [];
  for (let i = 0; i < counts.apps; i++) {
    const category = SEED_CATEGORIES[i % SEED_CATEGORIES.length] as (typeof SEED_CATEGORIES)[number];
    const dev = developers[i % developers.length] as (typeof developers)[number];
    const noun = pick(NOUNS);
    const name = `${pick(PREFIXES)}${pick(SUFFIXES)} ${noun} ${i + 1}`;
    const slug = `scale-${i + 1}`;
    const model = pick(MODELS);
    const systems = PRACTICE_SYSTEM_VALUES.filter(() => rand() < 0.3);
    const id = randomUUID();
    const record = {
      id,
      slug,
      name,
      type: 'public' as const,
      user_id: dev.id,
      description: `${name} helps dental practices with ${category.name.toLowerCase()}: ${noun.toLowerCase()} that fits the way the front desk and the chair already work.`,
      short_description: `A ${category.name.toLowerCase()} app for busy dental teams, quick to set up.`,
      long_description: `${name} is built for dental practices of every size. `.repeat(6),
      tagline: `Better ${noun.toLowerCase()} for your practice`,
      category: category.name,
      category_slug: category.slug,
      tags: ['dental', category.slug, noun.toLowerCase()],
      website_url: `https://${slug}.example.com`,
      icon_url: '/demo-icons/chartsmile-patient-hub.svg',
      screenshots: [],
      key_features: ['Works with your practice system', 'HIPAA-ready hosting', 'Set up in a day'],
      use_cases: ['Front desk', 'Clinical team'],
      integrations: [],
      practice_systems: systems,
      pricing_model: model,
      price_cents: model === 'free' ? 0 : Math.round(rand() * 500) * 100 + 900,
      price_period: model === 'subscription' ? ('monthly' as const) : undefined,
      free_trial_days: rand() < 0.4 ? 14 : undefined,
      refund_policy: '30-day money-back guarantee.',
      company_name: dev.company_name,
      unique_selling_points: [],
      customer_testimonials: [],
      licensing_type: 'key_pool' as const,
      is_approved: true,
      is_suspended: false,
      created_at: now,
      updated_at: now,
      version: 1,
      // Derived from the counters the year's purchases and reviews set (scale-year.ts), not stored.
      average_rating: 0,
      installations: 0,
    };
    apps.push(record as AppRecord);
    appItems.push({ ...appSlugKey(slug), entity: 'AppSlug', app_id: id }, ...systems.map((s) => worksWithItem(id, s)));
    listed.set(category.slug, (listed.get(category.slug) ?? 0) + 1);
  }

  const year = await yearOfData(counts, apps, developers, rand);
  // The apps with the counters the year's purchases and reviews moved (kept in the same transactions
  // as those writes by the product): sales, installations, active installs, stars.
  appItems.push(...apps.map((app) => ({ ...appItem.toItem(app), ...(year.appCounters.get(app.id) ?? {}) })));

  console.log('Writing:');
  await writeAll(userItems, 'developers (+ e-mail items)');
  // User Management's counts item, over every account now in the table.
  const { recountUsers } = await import('../functions/adapters/dynamodb/migrations');
  await recountUsers();
  await writeAll(appItems, 'apps (+ slug, works-with)');
  for (const [label, items] of year.items) await writeAll(items, label);
  // Absolute counters: the seed's apps are the only listed ones (a table with others: run on an empty one).
  await writeAll(
    [...listed].map(([slug, n]) => categoryCountItem.toItem({ slug, listed: n, all: n })),
    'category counters',
  );
  // App Management's counters, over every app now in the table.
  const { recountAdminApps } = await import('../functions/adapters/dynamodb/migrations');
  await recountAdminApps();
  await touchCatalogue();
  return { developers: developers.length, apps: counts.apps, categories: listed.size, ...year.wrote };
}

async function main() {
  const counts = parseCounts(process.argv.slice(2));
  if (!process.env.DYNAMODB_ENDPOINT) {
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 8000}`;
  }
  process.env.RUNTIME ??= 'local';
  // A script's bulk writes, not a request: batches of 25 items on a busy 2-core machine may take longer
  // than a request's 2 s; a timed-out batch is retried (writeAll).
  process.env.AWS_REQUEST_TIMEOUT_MS ??= '20000';
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.JWT_SECRET ??= randomUUID() + randomUUID();
  process.env.STRIPE_WEBHOOK_SECRET ??= `whsec_${randomUUID().replace(/-/g, '')}`;
  const started = Date.now();
  console.log(`seed:scale into ${process.env.TABLE_NAME ?? 'dental-marketplace'} at ${process.env.DYNAMODB_ENDPOINT}`);
  const wrote = await seedScale(counts);
  console.log(`Wrote ${JSON.stringify(wrote)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1]?.endsWith('seed-scale.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
