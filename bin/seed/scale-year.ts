/**
 * What a year of a large marketplace leaves behind in the table, under the product's own retention
 * rules, for seed:scale (bin/seed-scale.ts): practice buyers, purchases, reviews, sync polls,
 * webhook delivery logs and audit entries. Every item comes from the product's item mappers and
 * keys, so the shapes cannot drift. Returns the items by kind and the counters each app's item
 * carries for them (kept by the product in the same transactions as the purchases and reviews).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AuditEntry } from '@shared/schemas/audit';
import type { SyncRun } from '@shared/schemas/sync';
import type { AppRecord } from '../../functions/core/apps/app';
import type { PurchaseRecord } from '../../functions/core/purchases/purchase';
import type { ReviewRecord } from '../../functions/core/reviews/review';
import type { DeliveryLogRecord } from '../../functions/core/webhooks/webhook';
import type { ScaleCounts } from '../seed-scale';

const DAY = 86_400_000;
/** How long the product keeps what the year produced (the constants of its services). */
const DELIVERY_LOG_DAYS = 30;
const EMPTY_POLL_DAYS = 7;
const POLLS_WITH_EVENTS = 0.04;

type Developer = { id: string; email: string; company_name: string };

export async function yearOfData(
  counts: ScaleCounts,
  apps: readonly AppRecord[],
  developers: readonly Developer[],
  rand: () => number,
) {
  const { userItem } = await import('../../functions/adapters/dynamodb/users-repo');
  const { purchaseItem } = await import('../../functions/adapters/dynamodb/purchase-item');
  const { reviewItem } = await import('../../functions/adapters/dynamodb/reviews-repo');
  const { syncRunItem } = await import('../../functions/adapters/dynamodb/sync-repo');
  const { deliveryLogItem } = await import('../../functions/adapters/dynamodb/webhook-logs-repo');
  const { auditEntryItem } = await import('../../functions/adapters/dynamodb/audit-repo');
  const { SALES_COUNTERS } = await import('../../functions/adapters/dynamodb/purchases-repo');
  const { STAR_ATTRIBUTES } = await import('../../functions/adapters/dynamodb/apps-repo');
  const { userKeys, purchaseKeys, reviewerKey, syncKeys } = await import('../../functions/adapters/dynamodb/keys');
  const { EMPTY_POLL_TTL_SECONDS, POLL_SUMMARY_TTL_SECONDS } = await import('../../functions/core/sync/sync-service');
  const { expiresAt } = await import('../../functions/core/audit/audit');

  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const within = (days: number) => now - Math.floor(rand() * days * DAY);
  const pickIndex = (n: number) => Math.floor(rand() * n);
  const items = new Map<string, Record<string, unknown>[]>();
  const add = (label: string, ...list: Record<string, unknown>[]) => {
    const bucket = items.get(label) ?? [];
    for (const i of list) bucket.push(i);
    items.set(label, bucket);
  };

  // Practice buyers: verified practice accounts (they sign in with a password they never had here).
  const buyers = Array.from({ length: Math.max(1, counts.buyers) }, (_, i) => ({
    id: `scale-buyer-${i + 1}`,
    email: `practice${i + 1}@scale-dental.example.com`,
    full_name: `Dr. Practice ${i + 1}`,
    company_name: `Scale Dental Practice ${i + 1}`,
  }));
  for (const b of buyers) {
    add(
      'practice buyers (+ e-mail items)',
      userItem.toItem(
        {
          ...b,
          website: null,
          role: 'practice',
          is_approved: true,
          invited: false,
          linked_emails: [],
          created_at: iso(within(365)),
          auth_provider: 'password',
          email_verified: true,
          token_version: 0,
        },
        null,
      ),
      { ...userKeys.email(b.email), entity: 'EMAIL', user_id: b.id },
    );
  }

  // Purchases: completed, one per buyer and app (the checkout's slot), paid ones at the app's price.
  type Counter = { purchases: number; sales: number; revenue: number; stars: number[] };
  const counters = new Map<string, Counter>();
  const counterOf = (appId: string) =>
    counters.get(appId) ??
    counters.set(appId, { purchases: 0, sales: 0, revenue: 0, stars: [0, 0, 0, 0, 0] }).get(appId);
  const held = new Set<string>();
  const owners = new Map(developers.map((d) => [d.id, d] as const));
  const bought: Array<{ buyer: (typeof buyers)[number]; app: AppRecord; at: number }> = [];
  for (let i = 0; i < counts.purchases && apps.length; i++) {
    const buyer = buyers[pickIndex(buyers.length)] as (typeof buyers)[number];
    const app = apps[pickIndex(apps.length)] as AppRecord;
    if (held.has(`${buyer.id}#${app.id}`)) continue;
    held.add(`${buyer.id}#${app.id}`);
    const at = within(365);
    const paid = app.price_cents > 0;
    const id = randomUUID();
    const key = `SCALE-${createHash('sha256').update(id).digest('hex').slice(0, 16).toUpperCase()}`;
    const purchase: PurchaseRecord = {
      id,
      app_id: app.id,
      developer_id: app.user_id,
      user_id: buyer.id,
      buyer_email: buyer.email,
      buyer_name: buyer.full_name,
      buyer_new_account: false,
      app: {
        id: app.id,
        name: app.name,
        slug: app.slug,
        icon_url: app.icon_url ?? null,
        description: app.short_description ?? null,
        documentation_url: null,
        company_name: owners.get(app.user_id)?.company_name ?? null,
      },
      pricing_model: app.pricing_model ?? null,
      price_period: app.price_period ?? null,
      free_trial_days: app.free_trial_days ?? 0,
      licensing_type: app.licensing_type ?? null,
      status: 'completed',
      license_status: 'active',
      license_key: key,
      amount_cents: paid ? app.price_cents : 0,
      platform_fee_cents: paid ? Math.round(app.price_cents * 0.15) : 0,
      currency: 'usd',
      payment_method: paid ? 'card' : 'free',
      session_id: paid ? `cs_scale_${id}` : `free_${id}`,
      payment_intent_id: paid ? `pi_scale_${id}` : null,
      stripe_subscription_id: null,
      stripe_invoice_id: null,
      created_at: iso(at),
      completed_at: iso(at + 5_000),
      expires_at: null,
      refunded_at: null,
      fulfilment: 'done',
      fulfilment_lease_until: null,
      installation_counted: true,
      accepted_permissions: null,
    };
    add('purchases (+ checkout slots)', purchaseItem.toItem(purchase), {
      ...purchaseKeys.checkoutSlot(buyer.id, app.id),
      entity: 'CheckoutSlot',
      purchase_id: id,
      claimed_at: purchase.created_at,
    });
    const c = counterOf(app.id) as Counter;
    c.purchases++;
    c.sales++;
    c.revenue += purchase.amount_cents;
    bought.push({ buyer, app, at });
  }

  // Reviews: by buyers of the app (verified), one per buyer and app, mostly 4 and 5 stars.
  let reviews = 0;
  for (
    let i = 0;
    i < bought.length && reviews < counts.reviews;
    i += Math.max(1, Math.floor(bought.length / counts.reviews))
  ) {
    const { buyer, app, at } = bought[i] as (typeof bought)[number];
    const rating = Math.min(5, Math.max(1, Math.round(3.2 + rand() * 2.3)));
    const created = iso(Math.min(now, at + Math.floor(rand() * 30 * DAY)));
    const review: ReviewRecord = {
      id: randomUUID(),
      app_id: app.id,
      user_id: buyer.id,
      author_name: buyer.company_name,
      author_is_practice: true,
      rating,
      title: rating >= 4 ? 'Works well for our front desk' : 'Does the job, some rough edges',
      text: `We have used ${app.name} for a few months. ${rating >= 4 ? 'Setup was quick and support answers the same day.' : 'It works, but the reports could be clearer.'}`,
      status: 'visible',
      hidden_reason: null,
      hidden_at: null,
      reply: null,
      created_at: created,
      updated_at: created,
      version: 1,
    };
    add('reviews (+ per-buyer items)', reviewItem.toItem(review), {
      ...reviewerKey(app.id, buyer.id),
      entity: 'Reviewer',
      review_id: review.id,
    });
    const stars = (counterOf(app.id) as Counter).stars;
    stars[rating - 1] = (stars[rating - 1] ?? 0) + 1;
    reviews++;
  }

  // Polls at 60 s for `poll-days`: the empty ones of the last 7 days (TTL), an hourly summary of the
  // empty ones for the year, every poll that found events (kept, as a run with counts).
  const pollDays = counts['poll-days'];
  const polls = pollDays * 1_440;
  const hours = new Map<string, number>();
  let pollRuns = 0;
  for (let i = 0; i < polls; i++) {
    const at = now - i * 60_000;
    const found = rand() < POLLS_WITH_EVENTS;
    const hour = iso(at).slice(0, 13);
    if (!found) hours.set(hour, (hours.get(hour) ?? 0) + 1);
    if (!found && at < now - EMPTY_POLL_DAYS * DAY) continue;
    const fetched = found ? 1 + pickIndex(5) : 0;
    const run: SyncRun = {
      id: randomUUID(),
      sync_type: 'legacy_events',
      status: 'succeeded',
      started_by: 'scheduler',
      started_at: iso(at),
      completed_at: iso(at + 400),
      counts: { fetched, delivered: fetched, dropped: 0 },
      detail: null,
      attempts: 1,
    };
    add('sync poll runs', syncRunItem.toItem(run, found ? undefined : Math.floor(at / 1000) + EMPTY_POLL_TTL_SECONDS));
    pollRuns++;
  }
  for (const [hour, n] of hours) {
    add('empty-poll hour summaries', {
      ...syncKeys.pollHour(hour),
      entity: 'SyncPollHour',
      hour,
      empty_polls: n,
      GSI1PK: syncKeys.pollHoursPartition,
      GSI1SK: hour,
      ttl: Math.floor(Date.parse(`${hour}:00:00Z`) / 1000) + POLL_SUMMARY_TTL_SECONDS,
    });
  }

  // Webhook delivery logs over their retention, on apps with buyers.
  const eventTypes = ['license.created', 'license.renewed', 'appointment.created', 'patient.updated'];
  for (let i = 0; i < counts.deliveries && bought.length; i++) {
    const { app } = bought[pickIndex(bought.length)] as (typeof bought)[number];
    const failed = rand() < 0.05;
    const log: DeliveryLogRecord = {
      id: randomUUID(),
      app_id: app.id,
      webhook_id: `scale-hook-${app.id}`,
      event_type: eventTypes[pickIndex(eventTypes.length)] as string,
      target_url: `https://${app.slug}.example.com/webhooks`,
      status_code: failed ? 503 : 200,
      response: failed ? 'Service Unavailable' : 'ok',
      created_at: iso(within(DELIVERY_LOG_DAYS)),
      response_time_ms: 40 + pickIndex(400),
      retry_count: failed ? 1 + pickIndex(3) : 0,
      delivery_id: randomUUID(),
      error_kind: failed ? 'http_error' : null,
    };
    add('webhook delivery logs', deliveryLogItem.toItem(log, DELIVERY_LOG_DAYS * 86_400));
  }

  // Audit entries over the year: the admin's approvals and the developers' edits.
  const actions = [
    ['app.approve', 'POST /api/admin/apps/{id}/approve', 'admin'],
    ['app.update', 'PUT /api/apps/{id}/update', 'developer'],
    ['api_key.rotate', 'POST /api/keys/{id}/rotate', 'developer'],
  ] as const;
  for (let i = 0; i < counts.audit && apps.length; i++) {
    const [action, route, role] = actions[pickIndex(actions.length)] as (typeof actions)[number];
    const app = apps[pickIndex(apps.length)] as AppRecord;
    const at = within(365);
    const actor = role === 'admin' ? { id: 'scale-admin', email: 'admin@scale.example.com' } : owners.get(app.user_id);
    const entry: AuditEntry = {
      id: randomUUID(),
      at: iso(at),
      action,
      actor_id: actor?.id ?? 'scale-admin',
      actor_email: actor?.email ?? 'admin@scale.example.com',
      actor_role: role,
      route,
      target_type: action.startsWith('api_key') ? 'api_key' : 'app',
      target_id: app.id,
      target_label: app.name,
      client_ip: `203.0.113.${1 + pickIndex(250)}`,
      status: 200,
      changes: {},
    };
    add('audit entries', auditEntryItem.toItem(entry, expiresAt(at, 2192)));
  }

  const appCounters = new Map<string, Record<string, number>>();
  for (const [appId, c] of counters) {
    appCounters.set(appId, {
      [SALES_COUNTERS.purchases]: c.purchases,
      [SALES_COUNTERS.total_sales]: c.sales,
      [SALES_COUNTERS.total_revenue_cents]: c.revenue,
      installations: c.sales,
      ...Object.fromEntries(STAR_ATTRIBUTES.map((attr, i) => [attr, c.stars[i] ?? 0])),
    });
  }
  return {
    items: [...items],
    appCounters,
    wrote: {
      buyers: buyers.length,
      purchases: bought.length,
      reviews,
      poll_runs: pollRuns,
      poll_hours: hours.size,
      deliveries: items.get('webhook delivery logs')?.length ?? 0,
      audit: items.get('audit entries')?.length ?? 0,
    },
  };
}
