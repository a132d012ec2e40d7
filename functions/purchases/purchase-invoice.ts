import { PurchaseIdParams } from '@shared/schemas/checkout';
import type { UserHandler } from '../http/types';
import { parse } from '../http/validate';
import { purchases } from '../wiring/purchases';

/** GET /api/stripe/purchases/{id}/invoice: the buyer's PDF invoice; anyone else gets 404. */
export const purchaseInvoice: UserHandler = async (req) => {
  const { id } = parse(PurchaseIdParams, req.params);
  const { pdf, filename } = await purchases.invoicePdf(req.auth.userId, id);
  return {
    status: 200,
    raw: { data: pdf, contentType: 'application/pdf' },
    headers: { 'content-disposition': `attachment; filename="${filename}"` },
  };
};
