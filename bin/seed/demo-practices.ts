/**
 * Demo dental practices (buyers). The legacy system simulator (bin/simulators/legacy-system.ts)
 * emits practice events for exactly these addresses, so `legacy_events` has something to route:
 * two practices hold valid licences of demo apps, one held a licence that was refunded (revoked),
 * two have no licence at all. Events reach only webhooks of apps a practice holds a valid licence for
 * and whose install grants the event type: the licensed demo apps declare a few practice events and
 * each practice's install grants them (core/installs).
 */

import { dynamoInstallStore } from '../../functions/adapters/dynamodb/installs-repo';
import { dynamoPermissionsStore } from '../../functions/adapters/dynamodb/permissions-repo';
import { permissionsOf } from '../../functions/core/installs/permissions';
import type { PurchaseRecord } from '../../functions/core/purchases/purchase';
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

/** The practice events a licensed demo app declares (when it declares nothing yet). */
const DEMO_DECLARED_EVENTS = [
  { id: 'appointment.created', description: 'A row was inserted into appointment' },
  { id: 'appointment.updated', description: 'A row was updated in appointment' },
  { id: 'patient.updated', description: 'A row was updated in patient' },
];

/** The app's declaration, stored if it has none; the one in force either way. */
async function ensureDemoDeclaration(appId: string) {
  const held = await dynamoPermissionsStore.get(appId);
  if (held) return held;
  const declaration = {
    features: [],
    event_types: DEMO_DECLARED_EVENTS,
    baa_signed: false,
    baa_url: null,
    updated_at: '2026-01-10T10:00:00.000Z',
  };
  await dynamoPermissionsStore.put(appId, declaration);
  return declaration;
}

/** The practice's install of the purchase's app, active with what the app declares (created only when missing). */
async function ensureDemoInstall(p: PurchaseRecord): Promise<void> {
  const declaration = await ensureDemoDeclaration(p.app_id);
  const at = p.completed_at ?? p.created_at;
  await dynamoInstallStore.create({
    id: `demo-install-${p.id.replace('demo-purchase-', '')}`,
    buyer_id: p.user_id,
    app_id: p.app_id,
    app: { id: p.app_id, name: p.app.name, slug: p.app.slug },
    customer_email: p.buyer_email,
    status: 'active',
    granted: permissionsOf(declaration),
    declaration_version: declaration.updated_at,
    installed_at: at,
    updated_at: at,
    revoked_at: null,
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
    for (const p of purchases) {
      await ensureDemoPurchase(p);
      await ensureDemoInstall(p);
    }
  }
}
