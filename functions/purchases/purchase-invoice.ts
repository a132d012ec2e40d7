import { PurchaseIdParams } from '../../shared/schemas/checkout';
import { renderPdf } from '../adapters/invoice-pdf';
import type { UserHandler } from '../http/types';
import { parse } from '../http/validate';
import { purchases } from '../wiring/purchases';

/** GET /api/stripe/purchases/{id}/invoice: the buyer's PDF invoice; anyone else gets 404. */
export const purchaseInvoice: UserHandler = async (req) => {
  const { id } = parse(PurchaseIdParams, req.params);
  const invoice = await purchases.invoice(req.auth.userId, id);
  return {
    status: 200,
    raw: { data: renderPdf(invoice.lines, `Invoice ${invoice.number}`), contentType: 'application/pdf' },
    headers: { 'content-disposition': `attachment; filename="${invoice.filename}"` },
  };
};
