import { PurchaseIdParams } from '../../../shared/schemas/checkout';
import { ok, type RouteHandler } from '../../http/types';
import { parse } from '../../http/validate';
import { purchasesAdmin } from './service';

/**
 * POST /api/admin/purchases/{id}/refund: the 30-day money-back guarantee. Completed purchases
 * within 30 days only (else 409); Stripe refund for card payments; licence revoked; buyer mailed.
 */
export const refundPurchase: RouteHandler = async (req) => {
  const { id } = parse(PurchaseIdParams, req.params);
  return ok(await purchasesAdmin().refund(id));
};
