/**
 * Issue 30, row 6: every state-changing route of the table (functions/routes.ts) is either audited
 * (its `audit` mark: the group handler writes one entry per successful call) or exempt here, with
 * the reason. A route added later fails this test until someone decides which.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_BEFORE_CHANGE, AUDIT_MAY_WRITE_NOTHING } from './http/audit';
import { ROUTES, routeKey } from './routes';

const SIGN_IN =
  'a sign-in: no state an admin or a developer owns; attempts are counted by the sign-in throttle and logged';
const NO_ACTOR =
  'no signed-in actor: proven by a mailed link; the account records the change (verified, password version)';
const BUYER_CONTENT = "the buyer's own review: public on the app page, moderated by the audited review.hide";
const CHECKOUT =
  "a purchase is its own record (pending until Stripe's signed event completes it), shown in purchase history";
const UPLOAD = 'an image kept as a draft until a saved listing shows it; that save is audited (app.update)';

/** State-changing routes that write no audit entry, and why. */
const EXEMPT: Record<string, string> = {
  'POST /api/register': 'a new account awaiting verification and approval: the approval is audited (user.approve)',
  'POST /api/login': SIGN_IN,
  'POST /api/admin-login': SIGN_IN,
  'POST /api/google-login': SIGN_IN,
  'POST /api/forgot-password': 'mails a reset link (rate-limited); nothing changes until the link is used',
  'POST /api/login/email-link': 'mails a sign-in link (rate-limited); nothing changes until the link is used',
  'POST /api/login/link': SIGN_IN,
  'POST /api/reset-password': NO_ACTOR,
  'POST /api/verify-email': NO_ACTOR,
  'POST /api/resend-verification': 'mails the signed-in user a new link (rate-limited); nothing else changes',
  'POST /api/claim-account/preview': 'a read: what a claim link proves (POST so the token stays out of URLs and logs)',
  'POST /api/claim-account': NO_ACTOR,
  'POST /api/claim-account/attach': "the buyer's own guest purchases joining their account (proven by the mailed link)",
  'POST /api/accept-invitation': NO_ACTOR,
  'POST /api/install-link':
    "a read: the install a licence mail's access link opens (POST so the token stays out of URLs and logs)",
  'POST /api/install-link/revoke':
    "no account signs in: the licence mail's link holder revokes; the developer is told (install.revoked) and the install keeps revoked_at",
  'POST /api/apps/{id}/reviews': BUYER_CONTENT,
  'PUT /api/apps/{id}/reviews/mine': BUYER_CONTENT,
  'DELETE /api/apps/{id}/reviews/mine': BUYER_CONTENT,
  'POST /api/apps': 'a new app, Pending Review in App Management; its approval is audited (app.approve)',
  'POST /api/apps/submit': 'a new app, Pending Review in App Management; its approval is audited (app.approve)',
  'POST /api/upload/screenshots': UPLOAD,
  'POST /api/upload/presign': UPLOAD,
  'POST /api/upload/confirm': UPLOAD,
  'POST /api/stripe/create-checkout-session': CHECKOUT,
  'POST /api/stripe/create-guest-checkout-session': CHECKOUT,
  'POST /api/stripe/confirm-guest-license': CHECKOUT,
  'POST /api/stripe/webhook':
    "Stripe's signed events, no user actor: a purchase records its payment; refunds and disputes made in Stripe's dashboard write their own entry (purchase.refund_in_stripe, purchase.dispute_in_stripe, actor stripe)",
  'POST /api/stripe/test-checkout/{session_id}/pay': "the local test checkout's pay button (not served on AWS)",
  'POST /v1/licenses/validate': "a partner's read of a licence (POST for the body), counted against the key's quota",
};

const changesState = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

describe('every state-changing route is audited or exempt with a reason', () => {
  it('walks the route table', () => {
    const undecided = ROUTES.filter((r) => changesState(r.method) && !r.audit && !(routeKey(r) in EXEMPT)).map(
      routeKey,
    );
    expect(undecided, 'audit these routes (routes.ts) or exempt them here with a reason').toEqual([]);
  });

  it('exempts only routes that exist, change state and are not audited, each with a reason', () => {
    for (const [key, reason] of Object.entries(EXEMPT)) {
      const route = ROUTES.find((r) => routeKey(r) === key);
      expect(route, `${key} is not in the route table`).toBeDefined();
      expect(route?.audit, `${key} is audited: drop its exemption`).toBeUndefined();
      expect(changesState(route?.method ?? 'GET'), key).toBe(true);
      expect(reason.length, key).toBeGreaterThan(20);
    }
  });

  it('audits the actions the review found missing (issue 30, row 6)', () => {
    const mark = (key: string) => ROUTES.find((r) => routeKey(r) === key)?.audit?.action;
    expect(mark('DELETE /api/apps/{id}')).toBe('app.delete');
    expect(mark('PUT /api/apps/{id}/update')).toBe('app.update');
    expect(mark('PUT /api/apps/{id}')).toBe('app.update');
    expect(mark('POST /api/apps/{id}/withdraw-changes')).toBe('app.withdraw_changes');
    expect(mark('POST /api/apps/{id}/reviews/{reviewId}/reply')).toBe('review.reply');
    expect(mark('POST /api/manual-licences/{id}/complete')).toBe('licence.manual_complete');
    expect(mark('PUT /api/admin/profile')).toBe('admin_profile.update');
  });

  it('writes the entry before the change only where the change is no table write, each with a reason', () => {
    // Every other audited route's entry rides in its first table write's transaction (http/audit.ts).
    for (const [key, reason] of Object.entries(AUDIT_BEFORE_CHANGE)) {
      expect(ROUTES.find((r) => routeKey(r) === key)?.audit, `${key} is not an audited route`).toBeDefined();
      expect(reason.length, key).toBeGreaterThan(20);
    }
  });

  it('lets only listed audited routes answer 2xx without a table write, each with a reason', () => {
    // Any other audited call that writes nothing answers 500 on the test stack (http/audit.ts).
    for (const [key, reason] of Object.entries(AUDIT_MAY_WRITE_NOTHING)) {
      expect(ROUTES.find((r) => routeKey(r) === key)?.audit, `${key} is not an audited route`).toBeDefined();
      expect(key in AUDIT_BEFORE_CHANGE, `${key}: its entry is written first, it never reaches the fallback`).toBe(
        false,
      );
      expect(reason.length, key).toBeGreaterThan(20);
    }
  });
});
