/**
 * THE route table. Every HTTP route of the product: method, path (API Gateway syntax), the route
 * group that serves it (one Lambda per group) and who may call it. The CDK stack, the local
 * server, the group routers and the authorization test are all built from this list, so a route
 * added here is deployed, served and role-tested without anyone remembering to.
 *
 * Pure data: importing this file must never pull in handler code (the CDK app imports it).
 */

/** Who may call a route. Enforced on the server by the group router before any handler runs. */
export type Access =
  | 'public' // anyone, no token needed
  | 'user' // any signed-in account (developer, practice or admin)
  | 'buyer' // a signed-in buyer: a developer or a practice (checkout, purchases, reviews)
  | 'owner_or_admin' // a developer (the service checks they own the object) or an admin; never a practice
  | 'developer' // a signed-in developer (never a practice: the developer portal)
  | 'admin' // a signed-in admin
  | 'apikey'; // a developer's API key in the X-API-Key header (Partner API)

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const ROUTE_GROUPS = [
  'accounts',
  'marketplace',
  'developer-apps',
  'api-keys',
  'webhooks',
  'checkout',
  'purchases',
  'admin',
  'sync',
  'partner',
  'storefront',
] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

export interface RouteDef {
  method: HttpMethod;
  path: string;
  group: RouteGroup;
  access: Access;
  /** Public GET routes whose answers CloudFront may cache briefly. */
  cacheable?: boolean;
  /** Routes that receive raw bytes (multipart uploads, signed webhooks). */
  rawBody?: boolean;
  /**
   * Routes whose successful state change is recorded in the audit trail: the action's
   * name and the type of object it acts on. The group handler writes exactly one entry per
   * successful (2xx) call; the handler may add the object's before/after (functions/http/audit.ts).
   */
  audit?: { action: string; target: string };
}

/**
 * One route, keeping its method, path, group and access as literal types, so that a group's handler
 * map can be checked against the table at compile time (functions/http/group-handler.ts).
 */
const r = <M extends HttpMethod, P extends string, G extends RouteGroup, A extends Access>(
  method: M,
  path: P,
  group: G,
  access: A,
  extra: Partial<Pick<RouteDef, 'cacheable' | 'rawBody' | 'audit'>> = {},
): RouteDef & { method: M; path: P; group: G; access: A } => ({ method, path, group, access, ...extra });

/** An audited route's mark: `audited('app.approve', 'app')`. */
const audited = (action: string, target: string) => ({ audit: { action, target } });

/** Routes served at the site root rather than under /api or /v1 (CloudFront and the local server send them to the API). */
export const ROOT_ROUTE_PATHS = ['/sitemap.xml', '/robots.txt'] as const;

/**
 * The storefront pages the storefront group renders on the server, as CloudFront path patterns
 * (lib/site.ts sends them to the API; every other page path is the SPA's index.html). The home
 * page `/` is not among them: no path pattern matches the root alone, so lib/site.ts makes the
 * storefront the distribution's default behaviour, which only `/` reaches.
 */
export const STOREFRONT_PATH_PATTERNS = [
  '/marketplace/categories',
  '/marketplace/category/*',
  '/marketplace/app/*',
] as const;

/**
 * The storefront's pages, server-rendered HTML (cached like the marketplace reads): the storefront
 * group's routes, a table of their own that ROUTES includes, so that the storefront Lambda bundles
 * these four (createPublicGroupHandler) and not the whole table.
 */
export const STOREFRONT_ROUTES = [
  r('GET', '/', 'storefront', 'public', { cacheable: true }),
  r('GET', '/marketplace/categories', 'storefront', 'public', { cacheable: true }),
  r('GET', '/marketplace/category/{slug}', 'storefront', 'public', { cacheable: true }),
  r('GET', '/marketplace/app/{slug}', 'storefront', 'public', { cacheable: true }),
] as const;

/**
 * The table, built by a function: a bundle that does not use the whole table (the storefront's)
 * leaves it out, which a plain array (whose spread esbuild must keep) would not allow.
 */
const table = <T extends RouteDef>(rows: () => readonly T[]): readonly T[] => rows();

/**
 * The checkout group's routes, tables of their own that ROUTES includes where they stand, so that
 * the checkout Lambda (Stripe's SDK leaves it little room under its budget) bundles these and not
 * the whole table (createGroupHandlerOf).
 */
const CHECKOUT_SESSION_ROUTES = /* @__PURE__ */ table(
  () =>
    [
      r('POST', '/api/stripe/create-checkout-session', 'checkout', 'buyer'),
      r('POST', '/api/stripe/create-guest-checkout-session', 'checkout', 'public'),
      // The free licence a guest asked for, granted once the mailed confirmation link is followed.
      r('POST', '/api/stripe/confirm-guest-license', 'checkout', 'public'),
    ] as const,
);
const CHECKOUT_STRIPE_ROUTES = /* @__PURE__ */ table(
  () =>
    [
      // Stripe calls this; it is authenticated by its Stripe-Signature over the raw body.
      r('POST', '/api/stripe/webhook', 'checkout', 'public', { rawBody: true }),
      // Local test mode only (no STRIPE_SECRET_KEY): the labelled test-checkout page and its Pay button.
      r('GET', '/api/stripe/test-checkout/{session_id}', 'checkout', 'public'),
      // A plain HTML form post (application/x-www-form-urlencoded), so the body is not parsed as JSON.
      r('POST', '/api/stripe/test-checkout/{session_id}/pay', 'checkout', 'public', { rawBody: true }),
    ] as const,
);
const CHECKOUT_REFUND_ROUTES = /* @__PURE__ */ table(
  () =>
    [
      // An admin route served by the checkout function, the one that carries Stripe's SDK (~240 KB).
      r('POST', '/api/admin/purchases/{id}/refund', 'checkout', 'admin', audited('purchase.refund', 'purchase')),
    ] as const,
);
export const CHECKOUT_ROUTES = /* @__PURE__ */ table(() => [
  ...CHECKOUT_SESSION_ROUTES,
  ...CHECKOUT_STRIPE_ROUTES,
  ...CHECKOUT_REFUND_ROUTES,
]);

export const ROUTES = /* @__PURE__ */ table(() => [
  // Accounts and sign-in (spec sections 3, 4, 5, 7)
  r('GET', '/api/config', 'accounts', 'public'),
  r('POST', '/api/register', 'accounts', 'public'),
  r('POST', '/api/login', 'accounts', 'public'),
  r('POST', '/api/admin-login', 'accounts', 'public'),
  r('POST', '/api/google-login', 'accounts', 'public'),
  r('POST', '/api/forgot-password', 'accounts', 'public'),
  // After repeated failed sign-ins: a single-use sign-in link by mail, then signing in with it.
  r('POST', '/api/login/email-link', 'accounts', 'public'),
  r('POST', '/api/login/link', 'accounts', 'public'),
  r('POST', '/api/reset-password', 'accounts', 'public'),
  r('POST', '/api/verify-email', 'accounts', 'public'),
  r('POST', '/api/resend-verification', 'accounts', 'buyer'),
  // A guest's "Create your practice account" link (mailed with the licence): what it proves, a new
  // practice account for its address, or (signed in) the address joining the buyer's account.
  r('POST', '/api/claim-account/preview', 'accounts', 'public'),
  r('POST', '/api/claim-account', 'accounts', 'public'),
  r('POST', '/api/claim-account/attach', 'accounts', 'buyer'),
  // An imported legacy account's invitation: it sets its password and then awaits approval.
  r('POST', '/api/accept-invitation', 'accounts', 'public'),
  r('GET', '/api/user/profile', 'accounts', 'user'),
  r('GET', '/api/admin/profile', 'accounts', 'admin'),
  r('PUT', '/api/admin/profile', 'accounts', 'admin', audited('admin_profile.update', 'user')),

  // Public marketplace reads
  r('GET', '/api/marketplace/apps', 'marketplace', 'public', { cacheable: true }),
  r('GET', '/api/categories', 'marketplace', 'public', { cacheable: true }),
  r('GET', '/api/marketplace/apps/category/{slug}', 'marketplace', 'public', { cacheable: true }),
  r('GET', '/api/marketplace/apps/by-slug/{slug}', 'marketplace', 'public', { cacheable: true }),
  // The data a listed app touches
  r('GET', '/api/marketplace/apps/{id}/data-access', 'marketplace', 'public', { cacheable: true }),
  // For crawlers: every listed app and category, and what to keep out of (served at the site root)
  r('GET', '/sitemap.xml', 'marketplace', 'public', { cacheable: true }),
  r('GET', '/robots.txt', 'marketplace', 'public', { cacheable: true }),

  // The storefront's pages (above)
  ...STOREFRONT_ROUTES,

  // Admin category curation: in the admin group, so the marketplace function stays read-only (lib/api.ts)
  r('GET', '/api/admin/categories', 'admin', 'admin'),
  r('POST', '/api/admin/categories', 'admin', 'admin', audited('category.create', 'category')),
  r('PUT', '/api/admin/categories/{id}', 'admin', 'admin', audited('category.update', 'category')),
  r('DELETE', '/api/admin/categories/{id}', 'admin', 'admin', audited('category.delete', 'category')),

  // Verified reviews: read by anyone; written by licence holders, one per app (the writes run in the
  // purchases function, beside the purchases they depend on, since the marketplace function only reads)
  r('GET', '/api/apps/{id}/reviews', 'marketplace', 'public'),
  r('POST', '/api/apps/{id}/reviews', 'purchases', 'buyer'),
  r('GET', '/api/apps/{id}/reviews/mine', 'marketplace', 'buyer'),
  r('PUT', '/api/apps/{id}/reviews/mine', 'purchases', 'buyer'),
  r('DELETE', '/api/apps/{id}/reviews/mine', 'purchases', 'buyer'),

  // Developer apps
  r('GET', '/api/apps', 'developer-apps', 'developer'),
  r('POST', '/api/apps', 'developer-apps', 'developer'),
  r('POST', '/api/apps/submit', 'developer-apps', 'developer'),
  r('GET', '/api/apps/{id}', 'developer-apps', 'developer'),
  r('PUT', '/api/apps/{id}', 'developer-apps', 'developer', audited('app.update', 'app')),
  r('PUT', '/api/apps/{id}/update', 'developer-apps', 'developer', audited('app.update', 'app')),
  r('DELETE', '/api/apps/{id}', 'developer-apps', 'developer', audited('app.delete', 'app')),
  r('POST', '/api/apps/{id}/withdraw-changes', 'developer-apps', 'developer', audited('app.withdraw_changes', 'app')),
  r('POST', '/api/upload/screenshots', 'developer-apps', 'developer', { rawBody: true }),
  r('POST', '/api/upload/presign', 'developer-apps', 'developer'),
  r('POST', '/api/upload/confirm', 'developer-apps', 'developer'),
  r('GET', '/api/apps/{id}/analytics', 'developer-apps', 'developer'),
  // The practices' installs of the owner's app (paged): My Apps' app view.
  r('GET', '/api/apps/{id}/installs', 'developer-apps', 'developer'),
  // The data an app touches: the catalogue to declare from, the owner's declaration (admins read it for review)
  r('GET', '/api/data-access/catalogue', 'developer-apps', 'developer'),
  r('GET', '/api/apps/{id}/data-access', 'developer-apps', 'owner_or_admin'),
  r('PUT', '/api/apps/{id}/data-access', 'developer-apps', 'developer', audited('app.data_access', 'app')),
  // The app's developer answers a review of it, once
  r('POST', '/api/apps/{id}/reviews/{reviewId}/reply', 'developer-apps', 'developer', audited('review.reply', 'app')),
  // Manual licences of the developer's apps: list pending, record what was sent (owner only)
  r('GET', '/api/manual-licences', 'developer-apps', 'developer'),
  r(
    'POST',
    '/api/manual-licences/{id}/complete',
    'developer-apps',
    'developer',
    audited('licence.manual_complete', 'purchase'),
  ),

  // API keys
  r('GET', '/api/keys', 'api-keys', 'developer'),
  r('POST', '/api/keys', 'api-keys', 'developer', audited('api_key.create', 'api_key')),
  r('PUT', '/api/keys/{id}/rotate', 'api-keys', 'developer', audited('api_key.rotate', 'api_key')),
  // The replacement an admin's rotation issued, shown once to the key's owner.
  r('POST', '/api/keys/{id}/reveal', 'api-keys', 'developer', audited('api_key.reveal', 'api_key')),
  r('DELETE', '/api/keys/{id}', 'api-keys', 'developer', audited('api_key.delete', 'api_key')),

  // Webhooks and events
  r('GET', '/api/event-types', 'webhooks', 'developer'),
  r('GET', '/api/apps/{id}/webhooks', 'webhooks', 'developer'),
  r('POST', '/api/apps/{id}/webhooks', 'webhooks', 'developer', audited('webhook.create', 'webhook')),
  r('DELETE', '/api/webhooks/{id}', 'webhooks', 'developer', audited('webhook.delete', 'webhook')),
  r('GET', '/api/apps/{id}/webhook-logs', 'webhooks', 'developer'),
  r('POST', '/api/simulate-event', 'webhooks', 'developer', audited('webhook.simulate_event', 'app')),

  // Checkout and purchases: the routes that call Stripe or stand in for it are the checkout group's
  // (its function carries Stripe's SDK); purchases already made, read by their buyer, the purchases group's
  ...CHECKOUT_SESSION_ROUTES,
  // Any account may read its own purchases (an admin's list is empty: admins do not buy).
  r('GET', '/api/stripe/my-purchases', 'purchases', 'user'),
  r('GET', '/api/stripe/purchase/{session_id}', 'purchases', 'public'),
  r('GET', '/api/stripe/purchases/{id}/invoice', 'purchases', 'user'),
  // Installs: the buyer's consent to what each licensed app may receive and touch.
  r('GET', '/api/installs', 'purchases', 'buyer'),
  r('POST', '/api/installs/{id}/grant', 'purchases', 'buyer', audited('install.grant', 'install')),
  r('POST', '/api/installs/{id}/revoke', 'purchases', 'buyer', audited('install.revoke', 'install')),
  // The licence mail's access link: its token alone opens and revokes that one install (no sign-in).
  r('POST', '/api/install-link', 'purchases', 'public'),
  r('POST', '/api/install-link/revoke', 'purchases', 'public'),
  ...CHECKOUT_STRIPE_ROUTES,

  // Admin: users and keys
  r('GET', '/api/admin/users', 'admin', 'admin'),
  r('POST', '/api/approve-user', 'admin', 'admin', audited('user.approve', 'user')),
  r('GET', '/api/admin/users/{id}', 'admin', 'admin'),
  r('GET', '/api/admin/users/{id}/keys', 'admin', 'admin'),
  r('GET', '/api/admin/users/{id}/logs', 'admin', 'admin'),
  r('POST', '/api/admin/users/{id}/approve-production', 'admin', 'admin', audited('user.approve_production', 'user')),
  // An imported legacy account that has not set its password gets its invitation mail again.
  r('POST', '/api/admin/users/{id}/resend-invitation', 'admin', 'admin', audited('user.resend_invitation', 'user')),
  r('POST', '/api/admin/keys/{id}/rotate', 'admin', 'admin', audited('api_key.admin_rotate', 'api_key')),

  // Admin: apps, purchases, webhook logs
  r('GET', '/api/admin/apps', 'admin', 'admin'),
  r('GET', '/api/admin/apps/{id}/purchases', 'admin', 'admin'),
  r('POST', '/api/admin/apps/{id}/approve', 'admin', 'admin', audited('app.approve', 'app')),
  r('POST', '/api/admin/apps/{id}/suspend', 'admin', 'admin', audited('app.suspend', 'app')),
  // Material edits of an approved app are flagged; the admin clears the flag.
  r('POST', '/api/admin/apps/{id}/clear-flag', 'admin', 'admin', audited('app.mark_reviewed', 'app')),
  r('DELETE', '/api/admin/apps/{id}/delete', 'admin', 'admin', audited('app.delete', 'app')),
  ...CHECKOUT_REFUND_ROUTES,
  r('GET', '/api/admin/manual-licences', 'admin', 'admin'),
  r(
    'POST',
    '/api/admin/purchases/{id}/complete-licence',
    'admin',
    'admin',
    audited('purchase.complete_licence', 'purchase'),
  ),
  r('GET', '/api/admin/logs', 'admin', 'admin'),
  // Audit trail: read only; no route changes or deletes an entry
  r('GET', '/api/admin/audit', 'admin', 'admin'),
  r('POST', '/api/admin/logs/{id}/replay', 'admin', 'admin', audited('webhook_log.replay', 'webhook_log')),
  // Mail suppression list: addresses that bounced or complained
  r('GET', '/api/admin/mail-suppressions', 'admin', 'admin'),
  r(
    'POST',
    '/api/admin/mail-suppressions/lift',
    'admin',
    'admin',
    audited('mail_suppression.lift', 'mail_suppression'),
  ),
  // Moderation: hide a review with a reason mailed to its author
  r('POST', '/api/admin/apps/{id}/reviews/{reviewId}/hide', 'admin', 'admin', audited('review.hide', 'review')),

  // Legacy sync
  r('POST', '/api/admin/sync/trigger', 'sync', 'admin', audited('sync.trigger', 'sync_run')),
  r('GET', '/api/admin/sync/status', 'sync', 'admin'),
  r('GET', '/api/admin/sync/health', 'sync', 'admin'),
  r('GET', '/api/admin/sync/history', 'sync', 'admin'),
  r('GET', '/api/admin/sync/poll-summary', 'sync', 'admin'),
  r('POST', '/api/admin/sync/polling/start', 'sync', 'admin', audited('sync.polling_start', 'sync')),
  r('POST', '/api/admin/sync/polling/stop', 'sync', 'admin', audited('sync.polling_stop', 'sync')),
  r('POST', '/api/admin/sync/cursor/reset', 'sync', 'admin', audited('sync.cursor_reset', 'sync')),
  r('GET', '/api/admin/sync/queue/status', 'sync', 'admin'),
  r('POST', '/api/admin/sync/queue/retry-failed', 'sync', 'admin', audited('sync.retry_failed', 'sync')),

  // Internal sync
  r('POST', '/api/internal-sync/load', 'sync', 'admin', audited('sync.internal_load', 'sync_run')),
  r('GET', '/api/internal-sync/status', 'sync', 'admin'),
  r('GET', '/api/internal-sync/features', 'sync', 'admin'),
  r('GET', '/api/internal-sync/features/{id}', 'sync', 'admin'),
  r('GET', '/api/internal-sync/features/{id}/link-events', 'sync', 'admin'),
  r('POST', '/api/internal-sync/features/{id}/link-events', 'sync', 'admin', audited('sync.feature_links', 'feature')),
  r('GET', '/api/internal-sync/event-types', 'sync', 'admin'),
  r('GET', '/api/internal-sync/tables', 'sync', 'admin'),
  r('GET', '/api/internal-sync/relationships', 'sync', 'admin'),
  r('GET', '/api/internal-sync/categories', 'sync', 'admin'),
  r('GET', '/api/internal-sync/logs', 'sync', 'admin'),

  // Partner API (API key) and its documentation
  r('GET', '/api/openapi.json', 'partner', 'public', { cacheable: true }),
  r('GET', '/v1/me', 'partner', 'apikey'),
  r('GET', '/v1/event-types', 'partner', 'apikey'),
  r('POST', '/v1/licenses/validate', 'partner', 'apikey'),
  r('GET', '/v1/apps/{id}/licenses', 'partner', 'apikey'),
  r('GET', '/v1/installs', 'partner', 'apikey'),
]);

/** A route of the table with its literal types; `GroupRoute<'admin'>` is every route of the admin group. */
export type TableRoute = (typeof ROUTES)[number];
export type GroupRoute<G extends RouteGroup> = Extract<TableRoute, { group: G }>;

/** API Gateway's route key for a route, e.g. "GET /api/apps/{id}". */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>): string => `${route.method} ${route.path}`;

export const routesOfGroup = (group: RouteGroup): RouteDef[] => ROUTES.filter((rt) => rt.group === group);

/**
 * Each route's path compiled once: its segments (a literal, or the name of a {param}), and its
 * specificity as API Gateway ranks it (a literal segment outweighs every segment after it), grouped
 * by the number of segments, so a request is compared only with routes of its own length.
 */
interface CompiledRoute {
  route: RouteDef;
  /** Per segment: the literal it must equal, or undefined for a {param}. */
  literals: ReadonlyArray<string | undefined>;
  /** Per segment: the parameter's name, or undefined for a literal. */
  params: ReadonlyArray<string | undefined>;
  score: number;
}
// Pure: a Lambda never matches a path (API Gateway gives it the route key), so its bundle leaves this out.
const ROUTES_BY_LENGTH: ReadonlyMap<number, readonly CompiledRoute[]> = /* @__PURE__ */ (() => {
  const byLength = new Map<number, CompiledRoute[]>();
  for (const route of ROUTES as readonly RouteDef[]) {
    const pattern = route.path.split('/').filter(Boolean);
    const isParam = (p: string) => p.startsWith('{') && p.endsWith('}');
    const compiled: CompiledRoute = {
      route,
      literals: pattern.map((p) => (isParam(p) ? undefined : p)),
      params: pattern.map((p) => (isParam(p) ? p.slice(1, -1) : undefined)),
      score: pattern.reduce((sum, p, i) => (isParam(p) ? sum : sum + 2 ** (pattern.length - i)), 0),
    };
    byLength.set(pattern.length, [...(byLength.get(pattern.length) ?? []), compiled]);
  }
  return byLength;
})();

/**
 * Finds the route for a concrete request the way API Gateway does: literal segments win over
 * {param} segments. Returns the route and its path parameters (decoded; a parameter that does not
 * decode throws URIError), `{methodNotAllowed}` when only another method has the path, or undefined.
 */
export function matchRoute(
  method: string,
  path: string,
): { route: RouteDef; params: Record<string, string> } | { methodNotAllowed: true } | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: CompiledRoute | undefined;
  let pathMatched = false;
  for (const candidate of ROUTES_BY_LENGTH.get(segments.length) ?? []) {
    const { literals } = candidate;
    let ok = true;
    for (let i = 0; i < literals.length; i++) {
      const literal = literals[i];
      if (literal !== undefined && literal !== segments[i]) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    pathMatched = true;
    if (candidate.route.method !== method) continue;
    if (!best || candidate.score > best.score) best = candidate;
  }
  if (!best) return pathMatched ? { methodNotAllowed: true } : undefined;
  const params: Record<string, string> = {};
  best.params.forEach((name, i) => {
    if (name !== undefined) params[name] = decodeURIComponent(segments[i] as string);
  });
  return { route: best.route, params };
}
