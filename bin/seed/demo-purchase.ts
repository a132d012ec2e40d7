/**
 * One demo licence: a free, completed purchase of a demo app by a demo account (a demo practice
 * or a demo reviewer), or a refunded one whose licence is revoked. Created through the purchases
 * repository, so a held licence counts as an installation of the app.
 */
import { dynamoPurchasesRepository } from '../../functions/adapters/dynamodb/purchases-repo';
import type { PurchaseRecord } from '../../functions/core/purchases/purchase';
import { demoAppId } from './catalogue';
import type { DemoApp } from './demo-apps';

export interface DemoBuyer {
  id: string;
  email: string;
  name: string;
}

export function demoPurchase(
  buyer: DemoBuyer,
  app: DemoApp,
  opts: { id: string; at: string; refundedAt?: string },
): PurchaseRecord {
  const refunded = opts.refundedAt !== undefined;
  return {
    id: opts.id,
    app_id: demoAppId(app.slug),
    developer_id: app.developer,
    user_id: buyer.id,
    buyer_email: buyer.email,
    buyer_name: buyer.name,
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
    status: refunded ? 'refunded' : 'completed',
    license_status: refunded ? 'revoked' : 'active',
    license_key: null,
    amount_cents: 0,
    platform_fee_cents: 0,
    currency: 'usd',
    payment_method: 'free',
    session_id: `demo-session-${opts.id}`,
    payment_intent_id: null,
    stripe_subscription_id: null,
    stripe_invoice_id: null,
    created_at: opts.at,
    completed_at: opts.at,
    expires_at: null,
    refunded_at: opts.refundedAt ?? null,
    fulfilment: 'done',
    fulfilment_lease_until: null,
    // Demo buyers' addresses are verified: their licences count as installations.
    installation_counted: true,
  };
}

/** Idempotent: creates the purchase only when it is missing (never overwrites). */
export async function ensureDemoPurchase(p: PurchaseRecord): Promise<void> {
  if (!(await dynamoPurchasesRepository.getById(p.id))) await dynamoPurchasesRepository.create(p);
}
