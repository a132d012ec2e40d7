/**
 * Demo ratings, made the way real ones are: demo buyer practices get a free licence of each listed
 * demo app through the purchases repository (which counts the installation on the app) and review
 * it through the reviews service (which refuses anyone without a licence and keeps the app's star
 * counters). No number is typed onto an app. Idempotent: what exists is left alone.
 */
import { dynamoReviewStore } from '../../functions/adapters/dynamodb/reviews-repo';
import { buildReviewsService } from '../../functions/wiring/reviews';
import { cycle } from '../cycle';
import { ensureDemoPracticeAccount } from './admin';
import { demoAppId } from './catalogue';
import { DEMO_APPS, type DemoApp } from './demo-apps';
import { demoPurchase, ensureDemoPurchase } from './demo-purchase';

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

const licence = (reviewer: (typeof REVIEWERS)[number], app: DemoApp) =>
  demoPurchase(reviewer, app, {
    id: `demo-purchase-${reviewer.id.replace('demo-reviewer-', 'rv-')}-${app.slug}`,
    at: '2026-02-10T09:00:00.000Z',
  });

export async function seedDemoReviews(): Promise<void> {
  const reviews = buildReviewsService({
    mailer: { sendMail: async () => undefined },
    appUrl: '',
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  for (const r of REVIEWERS) {
    await ensureDemoPracticeAccount({ id: r.id, email: r.email, full_name: r.name, company_name: r.name });
  }
  const listed = [...DEMO_APPS.filter((a) => (a.type ?? 'public') === 'public' && a.is_approved !== false).entries()];
  // Apps side by side (a few at a time: the seed runs before every test suite), each app's reviews in
  // turn: they move the same app's star counters.
  const seedApp = async ([appIndex, app]: (typeof listed)[number]) => {
    for (const [i, rating] of app.demo_ratings.entries()) {
      const reviewer = REVIEWERS[i % REVIEWERS.length] as (typeof REVIEWERS)[number];
      const appId = demoAppId(app.slug);
      await ensureDemoPurchase(licence(reviewer, app));
      if (await dynamoReviewStore.mine(appId, reviewer.id)) continue;
      const words = cycle(WORDS[rating] ?? WORDS[4] ?? [], appIndex + i);
      await reviews.create(appId, reviewer.id, { rating, ...words });
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let item = listed[next++]; item; item = listed[next++]) await seedApp(item);
    }),
  );
}
