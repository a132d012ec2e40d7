/**
 * Demo dental practices (buyers). The legacy system simulator (bin/simulators/legacy-system.ts)
 * emits practice events for exactly these addresses, so `legacy_events` has something to route:
 * two practices hold valid licences of demo apps, one held a licence that was refunded (revoked),
 * two have no licence at all. Events reach only webhooks of apps a practice holds a valid licence for.
 */
import { ensureDemoPracticeAccount } from './admin';
import { DEMO_APPS } from './demo-apps';
import { demoPurchase, ensureDemoPurchase } from './demo-purchase';

export interface DemoPractice {
  id: string;
  email: string;
  name: string;
  /** Demo app slugs the practice holds a valid licence for. */
  licensed: string[];
  /** Demo app slugs whose licence was refunded (revoked): no events for them. */
  revoked?: string[];
  /** false: the practice has no account here at all. */
  account: boolean;
}

export const DEMO_PRACTICES: readonly DemoPractice[] = [
  {
    id: 'demo-practice-riverside',
    email: 'frontdesk@riversidedental.example',
    name: 'Riverside Dental',
    licensed: ['chartsmile-patient-hub', 'waitlist-filler'],
    account: true,
  },
  {
    id: 'demo-practice-maple',
    email: 'office@maplefamilydental.example',
    name: 'Maple Family Dental',
    licensed: ['chartsmile-patient-hub'],
    account: true,
  },
  {
    id: 'demo-practice-pinecrest',
    email: 'reception@pinecrestdental.example',
    name: 'Pinecrest Dental',
    licensed: [],
    revoked: ['periochart-pro'],
    account: true,
  },
  {
    id: 'demo-practice-harbor',
    email: 'hello@harborsmiles.example',
    name: 'Harbor Smiles',
    licensed: [],
    account: true,
  },
  {
    id: 'demo-practice-summit',
    email: 'team@summitortho.example',
    name: 'Summit Orthodontics',
    licensed: [],
    account: false,
  },
];

function practicePurchase(practice: DemoPractice, slug: string, revoked: boolean) {
  const app = DEMO_APPS.find((a) => a.slug === slug);
  if (!app) throw new Error(`demo practice licence of an unknown demo app: ${slug}`);
  return demoPurchase(practice, app, {
    id: `demo-purchase-${practice.id.replace('demo-practice-', '')}-${slug}`,
    at: '2026-01-15T10:00:00.000Z',
    ...(revoked ? { refundedAt: '2026-02-01T10:00:00.000Z' } : {}),
  });
}

/** Idempotent: accounts are created when missing, purchases only when missing (never overwritten). */
export async function seedDemoPractices(): Promise<void> {
  for (const practice of DEMO_PRACTICES) {
    if (!practice.account) continue;
    // A practice account, verified: its events are routed only to a proven address (core/sync/practice-routing.ts).
    await ensureDemoPracticeAccount({
      id: practice.id,
      email: practice.email,
      full_name: practice.name,
      company_name: practice.name,
    });
    const purchases = [
      ...practice.licensed.map((slug) => practicePurchase(practice, slug, false)),
      ...(practice.revoked ?? []).map((slug) => practicePurchase(practice, slug, true)),
    ];
    // Through the repository, so a held licence counts as an installation of the app.
    for (const p of purchases) await ensureDemoPurchase(p);
  }
}
