/** Mails about a purchase itself (the licence mails live in core/licences/licence-mails.ts). */
import type { OutgoingMail } from '../users/ports';
import { centsToDollars, type PurchaseRecord } from './purchase';

export const formatMoney = (cents: number, currency: string): string =>
  `$${centsToDollars(cents).toFixed(2)} ${currency.toUpperCase()}`;

export function refundMail(purchase: PurchaseRecord, appUrl: string): OutgoingMail {
  const lines = [
    `Your purchase of ${purchase.app.name} has been refunded under our 30-day money-back guarantee.`,
    '',
    `Amount: ${formatMoney(purchase.amount_cents, purchase.currency)}`,
    `Purchase: ${purchase.id}`,
    '',
    purchase.payment_method === 'card'
      ? 'The money goes back to the card you paid with; banks usually show it within 5 to 10 business days.'
      : 'Nothing was charged for this purchase, so no money is moved.',
    'The license for this app has been revoked.',
    '',
    `Your purchases: ${appUrl}/marketplace/my-purchases`,
  ];
  return { to: purchase.buyer_email, subject: `Your refund for ${purchase.app.name}`, text: lines.join('\n') };
}
