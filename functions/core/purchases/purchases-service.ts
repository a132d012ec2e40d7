/**
 * Reading and managing purchases: the buyer's list, the success page's
 * lookup, the invoice, the developer's analytics, the admin's purchase list, sales summaries and
 * the 30-day money-back refund (refunds.ts). Revenue counts completed purchases only (docs/spec.md section 9).
 */

import {
  type AdminPurchase,
  ANALYTICS_PUBLIC_ONLY,
  APP_NOT_FOUND,
  type AppAnalytics,
  CHECKOUT_SESSION_NOT_FOUND,
  PURCHASE_NOT_FOUND,
  type Purchase,
  type PurchaseSessionResult,
  type RefundResult,
  type SalesSummary,
} from '@shared/schemas/checkout';
import type { AppRepository } from '../apps/app-repository';
import { NotFoundError, ValidationError } from '../errors';
import type { Page } from '../paging';
import type { UsersRepository } from '../users/ports';
import { buildInvoice, type InvoiceDocument, type InvoiceLine } from './invoice';
import type { PurchaseRepository } from './ports';
import { buyerIdsOf, centsToDollars, type PurchaseRecord, refundDeadline } from './purchase';
import { createRefunds, type RefundsDeps } from './refunds';

/** What the refund needs (refunds.ts), and what the reads need besides. */
export interface PurchasesServiceDeps extends RefundsDeps {
  purchases: PurchaseRepository;
  apps: Pick<AppRepository, 'getById'>;
  /** Whose verified address also brings the guest purchases made with it. */
  users?: Pick<UsersRepository, 'findById'>;
  /** Lays an invoice's lines out as a PDF (adapters/invoice-pdf.ts). */
  renderInvoice: (lines: readonly InvoiceLine[], title: string) => Buffer;
  /**
   * An app's sales counters, kept in the purchases' own transactions (one read, whatever the sales):
   * analytics' totals. Without it the totals are those of the page read.
   */
  salesCounters?: (appId: string) => Promise<{ total_sales: number; total_revenue_cents: number } | undefined>;
}

const RECENT_PURCHASES = 10;

/** The buyer's view. A revoked licence no longer shows its key. */
export function toPurchaseView(p: PurchaseRecord): Purchase {
  const key = p.license_status === 'revoked' ? null : p.license_key;
  return {
    id: p.id,
    app: {
      id: p.app.id,
      name: p.app.name,
      slug: p.app.slug,
      icon_url: p.app.icon_url,
      description: p.app.description,
      documentation_url: p.app.documentation_url,
    },
    amount: centsToDollars(p.amount_cents),
    currency: p.currency,
    created_at: p.created_at,
    expires_at: p.expires_at,
    license_status: p.license_status,
    assigned_license_key: key,
    license_key: key,
    stripe_subscription_id: p.stripe_subscription_id,
    status: p.status,
  };
}

export function toAdminPurchase(p: PurchaseRecord): AdminPurchase {
  return {
    id: p.id,
    status: p.status,
    amount: centsToDollars(p.amount_cents),
    currency: p.currency,
    created_at: p.created_at,
    user: { id: p.user_id, name: p.buyer_name ?? '', email: p.buyer_email },
    license_status: p.license_status,
    payment_method: p.payment_method,
    flag: p.flag ?? null,
    refundable_until: refundDeadline(p).toISOString(),
  };
}

/** Totals over an app's purchases: sales and revenue count completed purchases only. */
export function summarise(list: readonly PurchaseRecord[]): SalesSummary {
  const completed = list.filter((p) => p.status === 'completed');
  const cents = completed.reduce((sum, p) => sum + p.amount_cents, 0);
  return {
    purchases: list.filter((p) => p.status !== 'pending').length,
    total_sales: completed.length,
    total_revenue: centsToDollars(cents),
  };
}

export function analyticsOf(list: readonly PurchaseRecord[]): AppAnalytics {
  const completed = list.filter((p) => p.status === 'completed');
  const customers = new Map<string, AppAnalytics['customers'][number]>();
  for (const p of completed) {
    const c = customers.get(p.user_id);
    if (c) c.purchase_count++;
    else customers.set(p.user_id, { id: p.user_id, name: p.buyer_name ?? '', email: p.buyer_email, purchase_count: 1 });
  }
  const { total_sales, total_revenue } = summarise(completed);
  return {
    total_sales,
    total_revenue,
    customers: [...customers.values()],
    recent_purchases: [...completed]
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
      .slice(0, RECENT_PURCHASES)
      .map((p) => ({
        id: p.id,
        user_name: p.buyer_name ?? '',
        user_email: p.buyer_email,
        amount: centsToDollars(p.amount_cents),
        created_at: p.created_at,
        payment_method: p.payment_method,
      })),
  };
}

export function createPurchasesService(deps: PurchasesServiceDeps) {
  const { purchases, apps } = deps;
  const refunds = createRefunds(deps);

  /** The account's buyer ids: its own, plus its verified address's guest purchases. */
  async function buyerIds(userId: string): Promise<string[]> {
    const user = await deps.users?.findById(userId);
    return user ? buyerIdsOf(user) : [userId];
  }

  /** The buyer's own purchase that went through; anyone else's reads exactly like a missing one. */
  async function ownPurchase(userId: string, purchaseId: string): Promise<PurchaseRecord> {
    const p = await purchases.getById(purchaseId);
    if (!p || !(await buyerIds(userId)).includes(p.user_id) || p.status === 'pending') {
      throw new NotFoundError(PURCHASE_NOT_FOUND);
    }
    return p;
  }

  return {
    /**
     * GET /api/stripe/my-purchases: completed and refunded purchases of every buyer id of the
     * account (its own and its proven addresses' guest ones), newest first, one page at a time.
     */
    async myPurchases(userId: string, page: { limit: number; cursor?: string }): Promise<Page<Purchase>> {
      const found = await purchases.pageByBuyers(await buyerIds(userId), page.limit, page.cursor);
      return { items: found.items.map(toPurchaseView), next_cursor: found.next_cursor };
    },

    /** GET /api/stripe/purchase/{session_id}: 404 while the payment is still pending (the page retries). */
    async bySession(sessionId: string): Promise<PurchaseSessionResult> {
      const p = await purchases.getBySession(sessionId);
      if (!p || p.status === 'pending') throw new NotFoundError(CHECKOUT_SESSION_NOT_FOUND);
      return {
        id: p.id,
        app: { name: p.app.name, icon_url: p.app.icon_url, slug: p.app.slug },
        amount: centsToDollars(p.amount_cents),
        currency: p.currency,
        license_status: p.license_status,
        status: p.status,
        created_at: p.created_at,
      };
    },

    async invoice(userId: string, purchaseId: string): Promise<InvoiceDocument> {
      return buildInvoice(await ownPurchase(userId, purchaseId));
    },

    /** GET /api/stripe/purchases/{id}/invoice: the buyer's invoice as a PDF, with its file name. */
    async invoicePdf(userId: string, purchaseId: string): Promise<{ pdf: Buffer; filename: string }> {
      const invoice = buildInvoice(await ownPurchase(userId, purchaseId));
      return { pdf: deps.renderInvoice(invoice.lines, `Invoice ${invoice.number}`), filename: invoice.filename };
    },

    /**
     * GET /api/apps/{id}/analytics: the owner's public app only; another developer's app reads as
     * missing. A bounded read: the totals from the app's sales counters; customers and recent
     * purchases from one page of its sales, newest first (`limit`, `cursor`; next_cursor names the
     * next page, whose customers follow).
     */
    async analytics(
      ownerId: string,
      appId: string,
      page: { limit: number; cursor?: string },
    ): Promise<{ analytics: AppAnalytics; next_cursor: string | null }> {
      const app = await apps.getById(appId);
      if (!app || app.user_id !== ownerId) throw new NotFoundError(APP_NOT_FOUND);
      if (app.type !== 'public') throw new ValidationError(ANALYTICS_PUBLIC_ONLY);
      const [sales, counters] = await Promise.all([
        purchases.pageByApp(appId, page.limit, page.cursor),
        deps.salesCounters?.(appId),
      ]);
      const analytics = analyticsOf(sales.items);
      if (counters) {
        analytics.total_sales = counters.total_sales;
        analytics.total_revenue = centsToDollars(counters.total_revenue_cents);
      }
      return { analytics, next_cursor: sales.next_cursor };
    },

    /** GET /api/admin/apps/{id}/purchases: completed and refunded purchases, newest first. */
    /** GET /api/admin/apps/{id}/purchases: one page, newest first (a filter can make a page short). */
    async adminList(appId: string, limit: number, cursor?: string): Promise<Page<AdminPurchase>> {
      const page = await purchases.pageByApp(appId, limit, cursor);
      return { items: page.items.map(toAdminPurchase), next_cursor: page.next_cursor };
    },

    /** POST /api/admin/purchases/{id}/refund: the 30-day money-back guarantee (refunds.ts). */
    refund: async (purchaseId: string): Promise<RefundResult> => (await refunds.refund(purchaseId)).result,
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
