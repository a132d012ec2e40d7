/**
 * Demo ratings, made the way real ones are: demo buyer practices get a free licence of each listed
 * demo app through the purchases repository (which counts the installation on the app) and review
 * it through the reviews service (which refuses anyone without a licence and keeps the app's star
 * counters). No number is typed onto an app. Idempotent: what exists is left alone.
 */
import { DynamoAppsRepository } from '../../functions/adapters/dynamodb/apps-repo';
import { dynamoPurchasesRepository } from '../../functions/adapters/dynamodb/purchases-repo';
import { dynamoReviewStore } from '../../functions/adapters/dynamodb/reviews-repo';
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import type { PurchaseRecord } from '../../functions/core/purchases/purchase';
import { createReviewsService } from '../../functions/core/reviews/reviews-service';
import { ensureUser } from '../../functions/core/users/ensure-user';
import { demoAppId } from './catalogue';
import { DEMO_APPS, type DemoApp } from './demo-apps';
import { DEMO_PASSWORD } from './demo-developers';

const REVIEWERS = [
  { id: 'demo-reviewer-lakeside', name: 'Lakeside Family Dentistry', email: 'office@lakesidefamily.example' },
  { id: 'demo-reviewer-brightpath', name: 'BrightPath Orthodontics', email: 'admin@brightpathortho.example' },
  { id: 'demo-reviewer-cedar', name: 'Cedar Grove Dental', email: 'team@cedargrovedental.example' },
  { id: 'demo-reviewer-oakwood', name: 'Oakwood Pediatric Dental', email: 'frontdesk@oakwoodpeds.example' },
] as const;

const WORDS: Record<number, { title: string; text: string }[]> = {
  5: [
    {
      title: 'Our front desk loves it',
      text: 'Set up in an afternoon and the team stopped asking how it works after day one.',
    },
    {
      title: 'Pays for itself',
      text: 'We recovered the licence cost in the first month. Support answers within hours.',
    },
  ],
  4: [
    {
      title: 'Solid, a few rough edges',
      text: 'Does what it promises. Reports could be more flexible, but the core is reliable.',
    },
    { title: 'Good value', text: 'Works well with our practice system; onboarding took a bit longer than expected.' },
  ],
  3: [{ title: 'Decent', text: 'Useful features, but we had to work around some gaps in the sync.' }],
  2: [{ title: 'Not for us', text: 'Too much manual work for a practice our size.' }],
  1: [{ title: 'Did not work for us', text: 'We could not get it to connect reliably.' }],
};

function licence(reviewer: (typeof REVIEWERS)[number], app: DemoApp): PurchaseRecord {
  const at = '2026-02-10T09:00:00.000Z';
  const id = `demo-purchase-${reviewer.id.replace('demo-reviewer-', 'rv-')}-${app.slug}`;
  return {
    id,
    app_id: demoAppId(app.slug),
    developer_id: app.developer,
    user_id: reviewer.id,
    buyer_email: reviewer.email,
    buyer_name: reviewer.name,
    buyer_new_account: false,
    app: {
      id: demoAppId(app.slug),
      name: app.name,
      slug: app.slug,
      icon_url: `/demo-icons/${app.slug}.svg`,
      description: app.description,
      documentation_url: `https://${app.domain}/docs`,
      company_name: null,
    },
    pricing_model: 'free',
    price_period: null,
    free_trial_days: 0,
    licensing_type: null,
    status: 'completed',
    license_status: 'active',
    license_key: null,
    amount_cents: 0,
    platform_fee_cents: 0,
    currency: 'usd',
    payment_method: 'free',
    session_id: `demo-session-${id}`,
    payment_intent_id: null,
    stripe_subscription_id: null,
    stripe_invoice_id: null,
    created_at: at,
    completed_at: at,
    expires_at: null,
    refunded_at: null,
    fulfilment: 'done',
    fulfilment_lease_until: null,
  };
}

export async function seedDemoReviews(): Promise<void> {
  const reviews = createReviewsService({
    reviews: dynamoReviewStore,
    apps: new DynamoAppsRepository(),
    users: dynamoUsersRepository,
    mailer: { sendMail: async () => undefined },
    appUrl: '',
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  for (const r of REVIEWERS) {
    await ensureUser(
      {
        id: r.id,
        email: r.email,
        password: DEMO_PASSWORD,
        full_name: r.name,
        company_name: r.name,
        role: 'developer',
        is_approved: false,
      },
      dynamoUsersRepository,
    );
  }
  const listed = DEMO_APPS.filter((a) => (a.type ?? 'public') === 'public' && a.is_approved !== false);
  for (const [appIndex, app] of listed.entries()) {
    for (const [i, rating] of app.demo_ratings.entries()) {
      const reviewer = REVIEWERS[i % REVIEWERS.length] as (typeof REVIEWERS)[number];
      const appId = demoAppId(app.slug);
      const p = licence(reviewer, app);
      if (!(await dynamoPurchasesRepository.getById(p.id))) await dynamoPurchasesRepository.create(p);
      if (await dynamoReviewStore.mine(appId, reviewer.id)) continue;
      const options = WORDS[rating] ?? WORDS[4]!;
      const words = options[(appIndex + i) % options.length]!;
      await reviews.create(appId, reviewer.id, { rating, ...words });
    }
  }
}
