/**
 * The purchase item: one mapper each way, used by every writer and reader of purchases
 * (purchases-repo.ts, licence-store-repo.ts, manual-licences-repo.ts, and the Partner API's
 * read view in licences-read-repo.ts). Purchases are written in exactly the shape the Partner
 * API reads (contract 1 and 2 in licences-read-repo.ts).
 */
import { LICENSE_STATUSES, LICENSING_TYPES, PRICE_PERIODS, PRICING_MODELS } from '@shared/constants';
import { ACCESS_MODES } from '@shared/rules/permissions';
import { PAYMENT_METHODS, PURCHASE_STATUSES } from '@shared/schemas/checkout';
import type { Requested } from '../../core/installs/permissions';
import type { PurchaseLicence } from '../../core/partner/ports';
import type { AppSnapshot, PurchaseRecord } from '../../core/purchases/purchase';
import { type ItemMapper, num, str } from './dynamo';
import { appSalesPartition, licenceKeyLookupKey, purchaseKeys } from './keys';

export function toPurchaseItem(p: PurchaseRecord): Record<string, unknown> {
  return {
    ...purchaseKeys.purchase(p.id),
    GSI1PK: purchaseKeys.buyerPartition(p.user_id),
    GSI1SK: purchaseKeys.buyerSort(p),
    GSI2PK: appSalesPartition(p.app_id),
    GSI2SK: purchaseKeys.appSalesSort(p),
    entity: 'Purchase',
    id: p.id,
    app_id: p.app_id,
    developer_id: p.developer_id,
    user_id: p.user_id,
    buyer_email: p.buyer_email,
    buyer_name: p.buyer_name,
    buyer_new_account: p.buyer_new_account,
    app: { ...p.app },
    pricing_model: p.pricing_model,
    price_period: p.price_period,
    free_trial_days: p.free_trial_days,
    licensing_type: p.licensing_type,
    status: p.status,
    license_status: p.license_status,
    license_key: p.license_key,
    amount_cents: p.amount_cents,
    platform_fee_cents: p.platform_fee_cents,
    currency: p.currency,
    payment_method: p.payment_method,
    session_id: p.session_id,
    payment_intent_id: p.payment_intent_id,
    stripe_subscription_id: p.stripe_subscription_id,
    stripe_invoice_id: p.stripe_invoice_id,
    created_at: p.created_at,
    completed_at: p.completed_at,
    expires_at: p.expires_at,
    refunded_at: p.refunded_at,
    fulfilment: p.fulfilment,
    fulfilment_lease_until: p.fulfilment_lease_until,
    installation_counted: p.installation_counted,
    accepted_permissions: p.accepted_permissions ?? null,
  };
}

const oneOf = <T extends string>(values: readonly T[], v: unknown): T | null =>
  (values as readonly unknown[]).includes(v) ? (v as T) : null;

function toSnapshot(raw: unknown, appId: string): AppSnapshot {
  const a = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    id: str(a.id) ?? appId,
    name: str(a.name) ?? 'Deleted app',
    slug: str(a.slug),
    icon_url: str(a.icon_url),
    description: str(a.description),
    documentation_url: str(a.documentation_url),
    company_name: str(a.company_name),
  };
}

/** The stored accepted permissions (whole, as core wrote them), or null. */
function acceptedOf(raw: unknown): Requested | null {
  const a = (raw && typeof raw === 'object' ? raw : null) as Record<string, unknown> | null;
  const p = a?.permissions as Record<string, unknown> | undefined;
  if (!a || typeof a.version !== 'string' || !p || !Array.isArray(p.event_types) || !Array.isArray(p.features)) {
    return null;
  }
  const features = p.features.flatMap((f: unknown) => {
    const { id, access } = (f && typeof f === 'object' ? f : {}) as Record<string, unknown>;
    const mode = ACCESS_MODES.find((m) => m === access);
    return typeof id === 'string' && mode ? [{ id, access: mode }] : [];
  });
  return { version: a.version, permissions: { event_types: p.event_types.map(String), features } };
}

export function fromPurchaseItem(item: Record<string, unknown>): PurchaseRecord {
  const appId = String(item.app_id ?? '');
  return {
    id: str(item.id) ?? purchaseKeys.idOfPk(item.PK),
    app_id: appId,
    developer_id: String(item.developer_id ?? ''),
    user_id: String(item.user_id ?? ''),
    buyer_email: String(item.buyer_email ?? ''),
    buyer_name: str(item.buyer_name),
    buyer_new_account: item.buyer_new_account === true,
    app: toSnapshot(item.app, appId),
    pricing_model: oneOf(PRICING_MODELS, item.pricing_model),
    price_period: oneOf(PRICE_PERIODS, item.price_period),
    free_trial_days: num(item.free_trial_days) ?? 0,
    licensing_type: oneOf(LICENSING_TYPES, item.licensing_type),
    status: oneOf(PURCHASE_STATUSES, item.status) ?? 'pending',
    license_status: oneOf(LICENSE_STATUSES, item.license_status),
    license_key: str(item.license_key),
    amount_cents: num(item.amount_cents) ?? 0,
    platform_fee_cents: num(item.platform_fee_cents) ?? 0,
    currency: str(item.currency) ?? 'usd',
    payment_method: oneOf(PAYMENT_METHODS, item.payment_method) ?? 'card',
    session_id: String(item.session_id ?? ''),
    payment_intent_id: str(item.payment_intent_id),
    stripe_subscription_id: str(item.stripe_subscription_id),
    stripe_invoice_id: str(item.stripe_invoice_id),
    created_at: String(item.created_at ?? ''),
    completed_at: str(item.completed_at),
    expires_at: str(item.expires_at),
    refunded_at: str(item.refunded_at),
    flag: str(item.flag),
    fulfilment: item.fulfilment === 'pending' || item.fulfilment === 'done' ? item.fulfilment : null,
    fulfilment_lease_until: num(item.fulfilment_lease_until),
    // Stored before the rule (absent): every completed purchase was counted.
    installation_counted: item.installation_counted !== false,
    accepted_permissions: acceptedOf(item.accepted_permissions),
  };
}

/** The PurchaseRecord entity's item, both ways. */
export const purchaseItem: ItemMapper<PurchaseRecord> = { toItem: toPurchaseItem, fromItem: fromPurchaseItem };

/**
 * The Partner API's view of a purchase item. A licence status it does not know reads as not yet
 * delivered, never as granting access; any status other than completed or refunded as pending.
 */
export function toPurchaseLicence(item: Record<string, unknown>): PurchaseLicence {
  const p = purchaseItem.fromItem(item);
  return {
    id: p.id,
    app_id: p.app_id,
    user_id: p.user_id,
    buyer_email: p.buyer_email,
    buyer_name: p.buyer_name,
    license_key: p.license_key,
    license_status: p.license_status ?? 'manual_pending',
    status: p.status === 'completed' || p.status === 'refunded' ? p.status : 'pending',
    amount_cents: p.amount_cents,
    currency: p.currency,
    created_at: p.created_at,
    expires_at: p.expires_at,
  };
}

/** The lookup item checkout writes beside a purchase that carries `licenseKey` (contract 2). */
export const licenceKeyLookupItem = (appId: string, licenseKey: string, purchaseId: string) => ({
  ...licenceKeyLookupKey(appId, licenseKey),
  entity: 'LICENSEKEY',
  purchase_id: purchaseId,
});
