/**
 * The local test-checkout page (local runtime without Stripe keys): one self-contained HTML page,
 * inline CSS, no external assets, unmistakably marked as test mode.
 */
import { escapeHtml } from '@shared/escape-html';
import type { PurchaseRecord } from '../core/purchases/purchase';
import { formatMoney } from '../core/purchases/purchase-mails';

const CSS = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f6;color:#111827}
.banner{background:#f59e0b;color:#111827;text-align:center;padding:10px 16px;font-weight:700;letter-spacing:.04em}
main{max-width:440px;margin:40px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:28px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#6b7280;font-size:14px;margin:0}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:24px 0;font-size:15px}dt{color:#6b7280}dd{margin:0;text-align:right;word-break:break-all}
.amount{font-size:22px;font-weight:700}
button{width:100%;padding:12px;border:0;border-radius:8px;background:#2563eb;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
button:hover{background:#1d4ed8}.cancel{display:block;text-align:center;margin-top:14px;color:#4b5563;font-size:14px}
.note{margin-top:20px;font-size:13px;color:#92400e;background:#fffbeb;border:1px solid #fde68a;border-radius:8px;padding:10px 12px}
`;

export function testCheckoutHtml(input: {
  purchase: PurchaseRecord;
  payUrl: string;
  cancelUrl: string;
  successUrl: string;
}): string {
  const { purchase } = input;
  const paid = purchase.status !== 'pending';
  const period =
    purchase.pricing_model === 'subscription' ? (purchase.price_period === 'yearly' ? ' / year' : ' / month') : '';
  const body = paid
    ? `<p class="muted">This test checkout is already completed.</p>
       <p><a class="cancel" href="${escapeHtml(input.successUrl)}">Go to your purchase</a></p>`
    : `<form method="post" action="${escapeHtml(input.payUrl)}"><button type="submit">Pay ${escapeHtml(
        formatMoney(purchase.amount_cents, purchase.currency),
      )} (test)</button></form>
       <a class="cancel" href="${escapeHtml(input.cancelUrl)}">Cancel and return to the app</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>TEST MODE checkout: ${escapeHtml(purchase.app.name)}</title><style>${CSS}</style></head>
<body><div class="banner">TEST MODE: No real payment will be taken</div>
<main><div class="card">
<h1>${escapeHtml(purchase.app.name)}</h1><p class="muted">Local test checkout</p>
<dl><dt>Amount</dt><dd class="amount">${escapeHtml(formatMoney(purchase.amount_cents, purchase.currency))}${period}</dd>
<dt>Email</dt><dd>${escapeHtml(purchase.buyer_email)}</dd></dl>
${body}
<p class="note">TEST MODE. No real payment will be taken. Stripe keys are not configured, so this page stands in for
Stripe Checkout: Pay sends a Stripe-signed <code>checkout.session.completed</code> event to this server's webhook.</p>
</div></main></body></html>`;
}
