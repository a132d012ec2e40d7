/**
 * The buyer's invoice ('Download Invoice') as lines of text; the adapter
 * (functions/adapters/invoice-pdf.ts) lays them out on one PDF page.
 *
 * Decisions: the invoice shows the amount the buyer paid, with a note that it includes the
 * marketplace's platform fee (docs/spec.md section 9: 20%); the fee is the developer's cost, so it is
 * not a separate line the buyer pays. The developer (company, or 'Independent Developer') is
 * named as the provider of the app; the platform as the seller of record.
 */
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { PurchaseRecord } from './purchase';
import { formatMoney } from './purchase-mails';

/** The platform as it appears on invoices (the SPA's footer shows the same details). */
export const PLATFORM_DETAILS = {
  company: 'Dental Developer Ecosystem, Inc.',
  marketplace: 'Dental App Marketplace',
  email: 'support@dentalecosystem.com',
  phone: '+1 (800) 555-0142',
} as const;

export type InvoiceLineStyle = 'title' | 'heading' | 'body' | 'muted';
export interface InvoiceLine {
  text: string;
  style: InvoiceLineStyle;
}
export interface InvoiceDocument {
  number: string;
  filename: string;
  lines: InvoiceLine[];
}

const day = (iso: string) => iso.slice(0, 10);

export const invoiceNumber = (purchase: Pick<PurchaseRecord, 'id' | 'created_at' | 'completed_at'>): string =>
  `INV-${day(purchase.completed_at ?? purchase.created_at).replaceAll('-', '')}-${purchase.id.slice(0, 8).toUpperCase()}`;

const PAYMENT_LABEL = {
  card: 'Card (Stripe)',
  free: 'Free license: nothing charged',
  test: 'Test mode: nothing charged',
};

function licenceTerm(purchase: PurchaseRecord): string {
  if (purchase.pricing_model === 'subscription') {
    const period = purchase.price_period === 'yearly' ? 'yearly' : 'monthly';
    return `Subscription (${period}), valid until ${purchase.expires_at ? day(purchase.expires_at) : 'cancelled'}`;
  }
  return purchase.expires_at ? `License valid until ${day(purchase.expires_at)}` : 'Perpetual license';
}

export function buildInvoice(purchase: PurchaseRecord): InvoiceDocument {
  const number = invoiceNumber(purchase);
  const b = (text: string): InvoiceLine => ({ text, style: 'body' });
  const h = (text: string): InvoiceLine => ({ text, style: 'heading' });
  const m = (text: string): InvoiceLine => ({ text, style: 'muted' });
  const lines: InvoiceLine[] = [
    { text: 'INVOICE', style: 'title' },
    b(`Invoice number: ${number}`),
    b(`Invoice date: ${day(purchase.completed_at ?? purchase.created_at)}`),
    b(
      `Status: ${purchase.status === 'refunded' ? `Refunded${purchase.refunded_at ? ` on ${day(purchase.refunded_at)}` : ''}` : 'Paid'}`,
    ),
    h('Sold by'),
    b(`${PLATFORM_DETAILS.company} (${PLATFORM_DETAILS.marketplace})`),
    b(`${PLATFORM_DETAILS.email}  ${PLATFORM_DETAILS.phone}`),
    h('App provided by'),
    b(purchase.app.company_name || MSG.independentDeveloper),
    h('Billed to'),
    b(purchase.buyer_name ? `${purchase.buyer_name} <${purchase.buyer_email}>` : purchase.buyer_email),
    h('Item'),
    b(`${purchase.app.name}: ${licenceTerm(purchase)}`),
    b(`Purchase reference: ${purchase.id}`),
    h('Amount'),
    b(`Total: ${formatMoney(purchase.amount_cents, purchase.currency)}`),
    b(`Payment: ${PAYMENT_LABEL[purchase.payment_method]}`),
    m(`The price includes the marketplace platform fee (${LIMITS.platformFeePercent}%) paid by the developer.`),
    m(`${LIMITS.moneyBackDays}-day money-back guarantee. Questions: ${PLATFORM_DETAILS.email}`),
  ];
  return { number, filename: `${number}.pdf`, lines };
}
