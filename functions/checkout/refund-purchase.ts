import { PurchaseIdParams } from '@shared/schemas/checkout';
import { audit } from '../http/audit';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { refunds } from '../wiring/payments';

/**
 * POST /api/admin/purchases/{id}/refund: the 30-day money-back guarantee. Completed purchases
 * within 30 days only (else 409); Stripe refund for card payments; licence revoked; buyer mailed.
 */
export const refundPurchase: AdminHandler = async (req) => {
  const { id } = parse(PurchaseIdParams, req.params);
  const { result, before } = await refunds.refund(id);
  audit(req, {
    before,
    after: { status: result.status, license_status: result.license_status, refund_id: result.refund_id },
  });
  return ok(result);
};
