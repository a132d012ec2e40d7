/**
 * The checkout and purchases contract (docs/spec.md sections 3, 4, 7 and 9):
 * POST /api/stripe/create-checkout-session and /create-guest-checkout-session, the buyer's
 * purchases, the purchase-success lookup, the developer's app analytics, the admin's purchase
 * list and refund. Money is in dollars here (the server keeps integer cents).
 */
import * as z from 'zod';
import { LICENSE_STATUSES } from '../constants';
import { MSG } from '../messages';
import { ForgotPasswordRequest } from './accounts';
import { cursorPageQuery } from './paging';
import { limitParam } from './query-numbers';
import { idText } from './text-fields';

// Texts the server answers with (the spec quotes none for these cases).
export const APP_NOT_FOUND = MSG.appNotFound;
export const OWN_APP_PURCHASE = 'You cannot purchase your own app';
export const ALREADY_LICENSED = 'You already own a license for this app';
/** A second checkout of the same app by the same buyer while the first is still open. */
export const CHECKOUT_IN_PROGRESS =
  'A checkout for this app is already open for your account. Finish it, or try again in a few minutes.';
export const ANALYTICS_PUBLIC_ONLY = 'Analytics is only available for public apps';
export const PURCHASE_NOT_FOUND = 'Purchase not found';
export const CHECKOUT_SESSION_NOT_FOUND = 'Checkout session not found';
export const PAYMENTS_UNAVAILABLE = 'Payments are not available right now. Please try again later.';
export const REFUND_ONLY_COMPLETED = 'Only completed purchases can be refunded';
export const REFUND_WINDOW_CLOSED = 'The 30-day money-back period for this purchase has ended';
export const REFUND_DONE = 'Purchase refunded and license revoked';
export const APP_ID_REQUIRED = 'app_id is required';

const appId = z.string({ error: APP_ID_REQUIRED }).trim().min(1, APP_ID_REQUIRED).max(128, APP_NOT_FOUND);

/** POST /api/stripe/create-checkout-session (signed in). */
/**
 * accept_permissions (optional, beyond the spec): the buyer accepts the permissions the app requests,
 * shown in the checkout modal; without it the install starts pending (granted on My Purchases).
 */
const acceptPermissions = z.boolean({ error: 'accept_permissions must be true or false' }).optional();

export const CreateCheckoutRequest = z.object(
  { app_id: appId, accept_permissions: acceptPermissions },
  { error: APP_ID_REQUIRED },
);
export type CreateCheckoutRequest = z.input<typeof CreateCheckoutRequest>;

/** POST /api/stripe/create-guest-checkout-session (public): the licence goes to this address. */
export const GuestCheckoutRequest = z.object(
  { app_id: appId, email: ForgotPasswordRequest.shape.email, accept_permissions: acceptPermissions },
  { error: APP_ID_REQUIRED },
);
export type GuestCheckoutRequest = z.input<typeof GuestCheckoutRequest>;

export const CheckoutSessionSchema = z
  .object({
    /** Where the browser goes next: Stripe Checkout, the local test page, or (free apps) the success page. */
    checkout_url: z.string(),
    session_id: z.string(),
    /**
     * Guest checkout only, and always true there: the guest's purchase is kept
     * against the address, and the success page explains how to see it in an account. It carries
     * nothing about whether the address has an account.
     */
    new_account: z.boolean().optional(),
  })
  .meta({ id: 'CheckoutSession' });
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/**
 * payment_mismatch: Stripe reported a payment whose amount or currency differs from the price at
 * checkout; no licence was issued and the admin sees the purchase flagged.
 */
export const PURCHASE_STATUSES = ['pending', 'completed', 'refunded', 'payment_mismatch'] as const;
export type PurchaseStatusValue = (typeof PURCHASE_STATUSES)[number];
export const PAYMENT_METHODS = ['card', 'free', 'test'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const licenseStatus = z.enum(LICENSE_STATUSES).nullable();

/** The app as it was when it was bought (kept on the purchase, so deleting the app keeps the purchase visible). */
export const PurchasedAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  icon_url: z.string().nullable(),
  description: z.string().nullable(),
  documentation_url: z.string().nullable(),
});

/** GET /api/stripe/my-purchases: one licence the signed-in user bought (newest first). */
export const PurchaseSchema = z
  .object({
    id: z.string(),
    app: PurchasedAppSchema,
    /** Dollars. */
    amount: z.number(),
    currency: z.string(),
    created_at: z.string(),
    /** null: the licence does not expire (one-time and free purchases). */
    expires_at: z.string().nullable(),
    license_status: licenseStatus,
    /** The key or code when one is assigned (same value as license_key; both names are read by clients). */
    assigned_license_key: z.string().nullable(),
    license_key: z.string().nullable(),
    stripe_subscription_id: z.string().nullable(),
    status: z.enum(PURCHASE_STATUSES),
  })
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof PurchaseSchema>;
export const PurchaseListSchema = z.array(PurchaseSchema);

/** GET /api/stripe/purchase/{session_id}: what the purchase-success page shows (no licence key). */
export const PurchaseSessionResultSchema = z
  .object({
    id: z.string(),
    app: z.object({ name: z.string(), icon_url: z.string().nullable(), slug: z.string().nullable() }),
    amount: z.number(),
    currency: z.string(),
    license_status: licenseStatus,
    status: z.enum(PURCHASE_STATUSES),
    created_at: z.string(),
  })
  .meta({ id: 'PurchaseSessionResult' });
export type PurchaseSessionResult = z.infer<typeof PurchaseSessionResultSchema>;

/** GET /api/apps/{id}/analytics (owner, public apps). Revenue counts completed purchases only. */
export const AppAnalyticsSchema = z
  .object({
    total_sales: z.number().int(),
    /** Dollars, rounded to cents. */
    total_revenue: z.number(),
    customers: z.array(
      z.object({ id: z.string(), name: z.string(), email: z.string(), purchase_count: z.number().int() }),
    ),
    recent_purchases: z.array(
      z.object({
        id: z.string(),
        user_name: z.string(),
        user_email: z.string(),
        amount: z.number(),
        created_at: z.string(),
        payment_method: z.enum(PAYMENT_METHODS),
      }),
    ),
  })
  .meta({ id: 'AppAnalytics' });
export type AppAnalytics = z.infer<typeof AppAnalyticsSchema>;

/** GET /api/admin/apps/{id}/purchases: completed and refunded purchases, newest first. */
export const AdminPurchaseSchema = z
  .object({
    id: z.string(),
    status: z.enum(PURCHASE_STATUSES),
    amount: z.number(),
    currency: z.string(),
    created_at: z.string(),
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    license_status: licenseStatus,
    payment_method: z.enum(PAYMENT_METHODS),
    /** Why the purchase needs the admin's attention (e.g. the amount paid differs from the price), or null. */
    flag: z.string().nullable(),
    /** End of the money-back period (ISO time): a completed purchase can be refunded until then. */
    refundable_until: z.string(),
  })
  .meta({ id: 'AdminPurchase' });
export type AdminPurchase = z.infer<typeof AdminPurchaseSchema>;
export const AdminPurchaseListSchema = z.array(AdminPurchaseSchema);
export const ADMIN_PURCHASES_DEFAULT_LIMIT = 100;
export const ADMIN_PURCHASES_MAX_LIMIT = 500;
export const ADMIN_PURCHASES_CURSOR_INVALID = 'cursor is not a cursor of this list';
/** GET /api/admin/apps/{id}/purchases: one page of the plain array; the next page's cursor is in X-Next-Cursor. */
export const AdminPurchaseListQuery = cursorPageQuery(ADMIN_PURCHASES_MAX_LIMIT, ADMIN_PURCHASES_DEFAULT_LIMIT);

/**
 * GET /api/apps/{id}/analytics: customers and recent purchases come from one page of the app's
 * sales (newest first); the next page's cursor is in X-Next-Cursor.
 */
export const AppAnalyticsQuery = z.object({
  limit: limitParam(ADMIN_PURCHASES_MAX_LIMIT)
    .default(ADMIN_PURCHASES_DEFAULT_LIMIT)
    .describe(
      `sales read for customers and recent purchases (default ${ADMIN_PURCHASES_DEFAULT_LIMIT}, at most ${ADMIN_PURCHASES_MAX_LIMIT})`,
    ),
  cursor: z.string().max(1024).optional().describe('X-Next-Cursor of the previous answer'),
});

/** POST /api/admin/purchases/{id}/refund. */
export const RefundResultSchema = z
  .object({
    message: z.string(),
    id: z.string(),
    status: z.literal('refunded'),
    license_status: z.literal('revoked'),
    /** The Stripe refund's id when the money went back through Stripe. */
    refund_id: z.string().nullable(),
  })
  .meta({ id: 'RefundResult' });
export type RefundResult = z.infer<typeof RefundResultSchema>;

/** Sales of one app as the admin app list shows them (public apps). */
export interface SalesSummary {
  /** Purchases that went through (completed or refunded). */
  purchases: number;
  /** Completed purchases. */
  total_sales: number;
  /** Dollars, completed purchases only. */
  total_revenue: number;
}

const idParam = (notFound: string) => idText(notFound, 200);
export const SessionIdParams = z.object({ session_id: idParam(CHECKOUT_SESSION_NOT_FOUND) });
export const PurchaseIdParams = z.object({ id: idParam(PURCHASE_NOT_FOUND) });

/** The guest confirmation link's secret is a base64url token. */
export const GUEST_CONFIRM_INVALID = 'This confirmation link is invalid or has expired.';
export const ConfirmGuestLicenceRequest = z.object(
  {
    token: z
      .string({ error: GUEST_CONFIRM_INVALID })
      .trim()
      .max(64, GUEST_CONFIRM_INVALID)
      .regex(/^[\w-]{16,64}$/, GUEST_CONFIRM_INVALID),
  },
  { error: GUEST_CONFIRM_INVALID },
);
export type ConfirmGuestLicenceRequest = z.input<typeof ConfirmGuestLicenceRequest>;

/** The answer to Stripe's POST /api/stripe/webhook (Stripe only checks the 2xx). */
export const StripeEventAnswerSchema = z
  .object({
    received: z.literal(true),
    /** The event was handled before (Stripe retries). */
    duplicate: z.literal(true).optional(),
    /** Why the event changed nothing. */
    ignored: z.string().optional(),
  })
  .meta({ id: 'StripeEventAnswer' });
