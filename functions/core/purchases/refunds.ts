/**
 * The 30-day money-back refund, on its own so that the function serving it (checkout, which
 * carries Stripe for it) does not bundle the rest of the purchases service (lists, invoices,
 * analytics); purchases-service.ts offers the same refund.
 */
import { LIMITS } from '@shared/constants';
import {
  PURCHASE_NOT_FOUND,
  REFUND_DONE,
  REFUND_ONLY_COMPLETED,
  REFUND_WINDOW_CLOSED,
  type RefundResult,
} from '@shared/schemas/checkout';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../errors';
import type { Log, Mailer } from '../users/ports';
import { type LicenceEvents, licenceEventData, type PaymentGateway, type PurchaseRepository } from './ports';
import { type PurchaseRecord, refundDeadline } from './purchase';
import { refundMail } from './purchase-mails';

export interface RefundsDeps {
  purchases: Pick<PurchaseRepository, 'getById' | 'markRefunded'>;
  mailer: Mailer;
  /** Stripe, when configured: refunds of card purchases go through it. */
  gateway: PaymentGateway | null;
  /** Tells the developer's own webhooks (license.revoked); optional. */
  events?: LicenceEvents;
  appUrl: string;
  log?: Log;
  now?: () => Date;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

/** license.revoked to the developer's webhooks; a failure is logged, never undoes the refund. */
export async function publishRevoked(deps: { events?: LicenceEvents }, p: PurchaseRecord, log: Log): Promise<void> {
  const data = licenceEventData(p, { license_status: 'revoked', license_key: p.license_key, expires_at: p.expires_at });
  await deps.events?.publish(p.app_id, 'license.revoked', { ...data, reason: 'refunded' }).catch((err: Error) => {
    log.error('license.revoked not published', { purchase_id: p.id, error: err.message });
  });
}

/** A purchase's state as stored before a refund. */
export type RefundedState = {
  status: PurchaseRecord['status'];
  license_status: PurchaseRecord['license_status'] | null;
};

export function createRefunds(deps: RefundsDeps) {
  const { purchases } = deps;
  const log = deps.log ?? silentLog;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * POST /api/admin/purchases/{id}/refund: the 30-day money-back guarantee. Stripe is asked first
     * (idempotent per purchase, so a retry never refunds twice); then, in one conditional write,
     * the purchase becomes refunded and its licence revoked (the Partner API then reports it
     * invalid); the buyer is told.
     */
    async refund(purchaseId: string): Promise<{ result: RefundResult; before: RefundedState }> {
      const p = await purchases.getById(purchaseId);
      if (!p || p.status === 'pending') throw new NotFoundError(PURCHASE_NOT_FOUND);
      // The purchase as stored before the refund (the audit trail's state before).
      const before: RefundedState = { status: p.status, license_status: p.license_status ?? null };
      const result = (refundId: string | null) => ({
        result: {
          message: REFUND_DONE,
          id: p.id,
          status: 'refunded' as const,
          license_status: 'revoked' as const,
          refund_id: refundId,
        },
        before,
      });
      if (p.status !== 'completed') throw new ConflictError(REFUND_ONLY_COMPLETED);
      const at = now();
      if (at.getTime() > refundDeadline(p).getTime()) throw new ConflictError(REFUND_WINDOW_CLOSED);

      let refundId: string | null = null;
      if (p.payment_method === 'card') {
        if (!deps.gateway)
          throw new ServiceUnavailableError('Stripe is not configured: this card payment cannot be refunded here');
        refundId =
          (
            await deps.gateway.refund({
              purchaseId: p.id,
              paymentIntentId: p.payment_intent_id,
              invoiceId: p.stripe_invoice_id,
            })
          )?.id ?? null;
        if (p.stripe_subscription_id) {
          // The money is back already; a subscription Stripe ended itself must not block the refund.
          await deps.gateway.cancelSubscription(p.stripe_subscription_id).catch((err: Error) => {
            log.warn('subscription not cancelled', { purchase_id: p.id, error: err.message });
          });
        }
      }
      // The window is checked again inside the write: the refund cannot land after the deadline.
      const cutoff = new Date(at.getTime() - LIMITS.moneyBackDays * 86_400_000).toISOString();
      const outcome = await purchases.markRefunded(p.id, { refunded_at: at.toISOString(), createdAfter: cutoff });
      if (outcome !== 'applied') {
        // Refunded meanwhile (another admin, or Stripe's charge.refunded): the same end state.
        const again = await purchases.getById(p.id);
        if (again?.status === 'refunded') return result(refundId);
        throw new ConflictError(REFUND_ONLY_COMPLETED);
      }
      log.info('purchase refunded', { purchase_id: p.id, refund_id: refundId });
      await publishRevoked(deps, p, log);
      try {
        await deps.mailer.sendMail(refundMail(p, deps.appUrl));
      } catch (err) {
        log.error('refund mail not sent', { purchase_id: p.id, error: (err as Error).message });
      }
      return result(refundId);
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
