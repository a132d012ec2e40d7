/**
 * What the OpenAPI document says about each route beyond the route table: a summary and the zod
 * schemas the handler parses and answers with (the same objects, imported from shared/). Keyed by
 * routeKey ("GET /api/keys"). A route of functions/routes.ts without an entry here still appears
 * in the document, with a generic answer; add its entry when its schemas exist.
 */

import {
  AcceptInvitationRequest,
  AdminProfile,
  AdminProfileUpdateRequest,
  AdminProfileUpdateResponse,
  ClaimAccountRequest,
  ClaimAccountResponse,
  ClaimAttachResponse,
  ClaimPreview,
  ClaimTokenRequest,
  ForgotPasswordRequest,
  GoogleLoginRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  PublicConfig,
  RegisterResponse,
  ResetPasswordRequest,
  SignInLinkMailRequest,
  SignInLinkRequest,
  SignupRequest,
  UserProfile,
  VerifyEmailRequest,
} from '@shared/schemas/accounts';
import {
  AdminAppCursorPageSchema,
  AdminAppCursorQuery,
  AdminAppListQuery,
  AdminAppPageSchema,
  AdminUserListQuery,
  AdminUserPageSchema,
} from '@shared/schemas/admin-lists';
import {
  AdminUserDetailSchema,
  AdminUserKeysSchema,
  AdminUserListSchema,
  ApproveUserRequest,
  UserIdParams,
  WebhookLogListSchema,
} from '@shared/schemas/admin-users';
import {
  AdminAppActionSchema,
  AdminAppListSchema,
  AppIdParams,
  AppMessageSchema,
  AppSubmitSchema,
  CategoryAppsSchema,
  MarketplaceAppsSchema,
  MarketplaceQuerySchema,
  OwnerAppListSchema,
  OwnerAppSchema,
  PublicAppSchema,
  QuickAppCreateSchema,
  QuickAppUpdateSchema,
  SlugParamSchema,
  SuspendAppSchema,
  UploadConfirmSchema,
  UploadPresignResponseSchema,
  UploadPresignSchema,
  UploadQuerySchema,
  UploadResponseSchema,
} from '@shared/schemas/apps';
import { AuditPageSchema, AuditQuerySchema } from '@shared/schemas/audit';
import {
  CategoryDeletedSchema,
  CategoryDeleteQuerySchema,
  CategoryListSchema,
  CategoryPayloadSchema,
  CategorySchema,
} from '@shared/schemas/categories';
import {
  AdminPurchaseListQuery,
  AdminPurchaseListSchema,
  AppAnalyticsQuery,
  AppAnalyticsSchema,
  CheckoutSessionSchema,
  ConfirmGuestLicenceRequest,
  CreateCheckoutRequest,
  GuestCheckoutRequest,
  PurchaseIdParams,
  PurchaseListSchema,
  PurchaseSessionResultSchema,
  RefundResultSchema,
  SessionIdParams,
  StripeEventAnswerSchema,
} from '@shared/schemas/checkout';
import {
  AppInstallsQuery,
  BuyerInstallListSchema,
  BuyerInstallSchema,
  DeveloperInstallPageSchema,
  InstallIdParam,
  InstallLinkRequest,
  InstallLinkRevokeRequest,
  InstallListQuery,
} from '@shared/schemas/installs';
import {
  AdminRotatedKeySchema,
  ApiKeyListSchema,
  ApiKeyWithSecretSchema,
  CreateKeyRequest,
  KeyIdParams,
} from '@shared/schemas/keys';
import { LiftSuppressionRequest, SuppressedAddressListSchema, SuppressionListQuery } from '@shared/schemas/mail';
import {
  AdminManualLicenceListQuery,
  AdminManualLicenceListSchema,
  CompleteManualLicenceRequest,
  CompleteManualLicenceResponse,
  ManualLicenceListQuery,
  ManualLicenceListSchema,
} from '@shared/schemas/manual-licences';
import { MyPurchasesQuery } from '@shared/schemas/my-purchases';
import {
  LicenseListQuery,
  LicenseListSchema,
  LicenseValidateRequest,
  LicenseValidateResponseSchema,
  PartnerEventTypesSchema,
  PartnerMeSchema,
} from '@shared/schemas/partner';
import { PermissionsCatalogueSchema, PermissionsInputSchema, PermissionsViewSchema } from '@shared/schemas/permissions';
import {
  AppReviewParamsSchema,
  HideReviewInputSchema,
  MyReviewSchema,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewMessageSchema,
  ReviewPageSchema,
  ReviewReplyInputSchema,
  ReviewReplyResponseSchema,
  ReviewWriteResponseSchema,
} from '@shared/schemas/reviews';
import {
  CategoriesResponse,
  CursorResetResponse,
  EventTypesResponse,
  FeatureIdParams,
  FeatureLinksResponse,
  FeatureSchema,
  FeaturesQuery,
  FeaturesResponse,
  HistoryQuery,
  InternalLoadResponse,
  InternalStatusResponse,
  LinkEventsBody,
  LinkEventsResponse,
  PagedLimitQuery,
  PollingStartQuery,
  PollingStartResponse,
  PollingStopResponse,
  PollSummaryResponse,
  QueueStatusResponse,
  RelationshipsQuery,
  RelationshipsResponse,
  RetryFailedResponse,
  SyncHealthResponse,
  SyncHistoryResponse,
  SyncLogsResponse,
  SyncStatusResponse,
  TablesQuery,
  TablesResponse,
  TriggerSyncBody,
  TriggerSyncResponse,
} from '@shared/schemas/sync';
import {
  CreateWebhookRequest,
  EventTypeNamesSchema,
  LogListQuery,
  ReplayResponse,
  SimulateEventRequest,
  SimulateEventResponse,
  WebhookDeliveryLogListSchema,
  WebhookIdParams,
  WebhookListSchema,
  WebhookLogIdParams,
  WebhookSchema,
} from '@shared/schemas/webhooks';
import * as z from 'zod';

export interface RouteDoc {
  summary: string;
  description?: string;
  /** JSON request body (converted as its input side). */
  body?: z.ZodType;
  /** Query string parameters: an object schema, one parameter per property. */
  query?: z.ZodObject;
  /** Path parameters: an object schema; parameters it does not name are plain strings. */
  params?: z.ZodObject;
  /** Success status (200 unless given) and its JSON body. */
  status?: number;
  response?: z.ZodType;
  /** A raw request body (multipart upload...): its media type and JSON Schema, instead of the octet-stream default. */
  rawRequest?: { contentType: string; schema: Record<string, unknown> };
  /** Media type of the success body when it is not JSON (a PDF, an HTML page, an empty redirect). */
  contentType?: string;
  /** Response headers worth a reader's attention (a redirect's Location). */
  headers?: Record<string, string>;
  /** Extra error statuses beyond those implied by access, body and path parameters. */
  errors?: number[];
}

/** A body that is not JSON: the bytes of a PDF, a page of HTML, or nothing at all. */
const Bytes = z.string().meta({ description: 'The raw body' });

/** The answer of GET /api/openapi.json: an OpenAPI 3.1 document. */
const OpenApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.record(z.string(), z.unknown()), paths: z.record(z.string(), z.unknown()) })
  .catchall(z.unknown())
  .meta({ description: 'An OpenAPI 3.1 document' });

const Slug = z.object({ slug: z.string() });
const CategoryId = z.object({ id: z.string() });

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // Accounts -------------------------------------------------------------------------------------
  'GET /api/config': { summary: 'Runtime settings the web app needs before sign-in', response: PublicConfig },
  'POST /api/register': {
    summary: 'Sign up as a developer (pending admin approval) or, with account_type "practice", as a practice',
    description:
      'The spec\'s body, plus an optional `account_type` ("developer" when absent). A practice needs no approval; ' +
      "its `company_name` is the practice's name. Either gets a verification link by e-mail.",
    body: SignupRequest,
    status: 201,
    response: RegisterResponse,
    errors: [409, 429],
  },
  'POST /api/login': { summary: 'Sign in (any role)', body: LoginRequest, response: LoginResponse, errors: [401, 429] },
  'POST /api/admin-login': {
    summary: "Sign in from the admin form (any role; the session carries the account's role)",
    body: LoginRequest,
    response: LoginResponse,
    errors: [401, 429],
  },
  'POST /api/google-login': {
    summary: 'Sign in with a Google ID token',
    body: GoogleLoginRequest,
    response: LoginResponse,
    errors: [401, 403, 503],
  },
  'POST /api/forgot-password': {
    summary: 'E-mail a password reset link',
    body: ForgotPasswordRequest,
    response: MessageResponse,
    errors: [429],
  },
  'POST /api/login/email-link': {
    summary:
      'E-mail a single-use sign-in link (offered after repeated failed sign-ins; the same answer for every address)',
    body: SignInLinkMailRequest,
    response: MessageResponse,
    errors: [429],
  },
  'POST /api/login/link': {
    summary: 'Sign in with the mailed link (once, for 15 minutes; lifts the sign-in back-off)',
    body: SignInLinkRequest,
    response: LoginResponse,
  },
  'POST /api/reset-password': {
    summary: 'Set a new password with a reset token',
    body: ResetPasswordRequest,
    response: MessageResponse,
  },
  'POST /api/verify-email': {
    summary: 'Verify the account e-mail address with the mailed token',
    body: VerifyEmailRequest,
    response: MessageResponse,
  },
  'POST /api/claim-account/preview': {
    summary: "What a guest's claim link proves: its address, and whether an account holds it",
    body: ClaimTokenRequest,
    response: ClaimPreview,
  },
  'POST /api/claim-account': {
    summary: "Create a practice account for a guest's claim link's address",
    description:
      'The link mailed with a guest licence proves the address: the new practice account is verified, the ' +
      "address's purchases attach and the answer signs it in. 409 when an account holds the address (nothing changes).",
    body: ClaimAccountRequest,
    status: 201,
    response: ClaimAccountResponse,
    errors: [409, 429],
  },
  'POST /api/claim-account/attach': {
    summary: "Follow a guest's claim link signed in: the address joins (or verifies) the buyer's account",
    body: ClaimTokenRequest,
    response: ClaimAttachResponse,
    errors: [409],
  },
  'POST /api/accept-invitation': {
    summary: "Set an imported legacy account's password with its invitation link",
    body: AcceptInvitationRequest,
    response: MessageResponse,
  },
  'POST /api/resend-verification': {
    summary: 'Mail a new e-mail verification link',
    response: MessageResponse,
    errors: [429],
  },
  'GET /api/user/profile': { summary: 'The signed-in account', response: UserProfile },
  'GET /api/admin/profile': { summary: "The admin's own profile", response: AdminProfile },
  'PUT /api/admin/profile': {
    summary: "Update the admin's own profile",
    body: AdminProfileUpdateRequest,
    response: AdminProfileUpdateResponse,
    errors: [409],
  },

  // Marketplace ----------------------------------------------------------------------------------
  'GET /api/marketplace/apps': {
    summary: 'Listed apps',
    description:
      'A plain array without limit and cursor, capped at the first 100 apps (MARKETPLACE_UNPAGED_MAX): the answer ' +
      'carries X-Total-Count (every matching app) and, past the cap, Link: <...&limit=100&cursor=...>; rel="next". ' +
      'With limit (1-100, default 24 with a cursor) or cursor: a page {items, next_cursor, total}. Every answer holds ' +
      'at most 1 MB of apps (a page ends early, with its cursor). Search, category, works_with and every sort are ' +
      'answered on the server.',
    query: MarketplaceQuerySchema,
    response: MarketplaceAppsSchema,
  },
  'GET /api/categories': { summary: 'Active categories', response: CategoryListSchema },
  'GET /api/marketplace/apps/category/{slug}': {
    summary: 'One category and its listed apps',
    description:
      'category.app_count is the category total (a counter). Paged and capped as GET /api/marketplace/apps: ' +
      'without limit and cursor at most the first 100 apps, with X-Total-Count and a Link rel="next" past the cap; ' +
      'with either, next_cursor and total are added beside category and apps.',
    params: Slug,
    query: MarketplaceQuerySchema,
    response: CategoryAppsSchema,
  },
  'GET /api/marketplace/apps/by-slug/{slug}': {
    summary: 'App detail by slug (or id)',
    params: SlugParamSchema,
    response: PublicAppSchema,
  },
  'GET /api/apps/{id}/reviews': {
    summary: 'Verified reviews of a listed app: average, count, distribution and the newest visible reviews (paged)',
    params: AppIdParams,
    query: ReviewListQuerySchema,
    response: ReviewPageSchema,
  },
  'POST /api/apps/{id}/reviews': {
    summary: 'Review an app (only with a completed, not refunded licence; once per app)',
    params: AppIdParams,
    body: ReviewInputSchema,
    response: ReviewWriteResponseSchema,
    errors: [403, 409],
  },
  'GET /api/apps/{id}/reviews/mine': {
    summary: "The caller's review of an app and whether they may review it",
    params: AppIdParams,
    response: MyReviewSchema,
  },
  'PUT /api/apps/{id}/reviews/mine': {
    summary: "Edit the caller's review (while holding a licence)",
    params: AppIdParams,
    body: ReviewInputSchema,
    response: ReviewWriteResponseSchema,
    errors: [403, 409],
  },
  'DELETE /api/apps/{id}/reviews/mine': {
    summary: "Delete the caller's review",
    params: AppIdParams,
    response: ReviewMessageSchema,
  },
  'GET /sitemap.xml': {
    summary: 'Sitemap of the storefront: every listed app and category (sitemaps.org XML)',
    contentType: 'application/xml',
    response: Bytes,
  },
  'GET /robots.txt': {
    summary: 'Crawler rules: the storefront is open, developer and admin areas are not (text)',
    contentType: 'text/plain',
    response: Bytes,
  },
  'GET /': {
    summary: 'Marketplace home as server-rendered HTML (hydrated by the web app)',
    contentType: 'text/html',
    response: Bytes,
  },
  'GET /marketplace/categories': {
    summary: 'Categories page as server-rendered HTML',
    contentType: 'text/html',
    response: Bytes,
  },
  'GET /marketplace/category/{slug}': {
    summary: "A category's page as server-rendered HTML; 404 page for an unknown category",
    contentType: 'text/html',
    response: Bytes,
  },
  'GET /marketplace/app/{slug}': {
    summary: "An app's page as server-rendered HTML with its SoftwareApplication JSON-LD; 404 page for an unknown app",
    contentType: 'text/html',
    response: Bytes,
  },
  'GET /api/admin/categories': { summary: 'All categories (admin)', response: CategoryListSchema },
  'POST /api/admin/categories': {
    summary: 'Create a category',
    body: CategoryPayloadSchema,
    status: 201,
    response: CategorySchema,
    errors: [409],
  },
  'PUT /api/admin/categories/{id}': {
    summary: 'Update a category',
    params: CategoryId,
    body: CategoryPayloadSchema,
    response: CategorySchema,
    errors: [409],
  },
  'DELETE /api/admin/categories/{id}': {
    summary: 'Delete a category (optionally moving its apps)',
    params: CategoryId,
    query: CategoryDeleteQuerySchema,
    response: CategoryDeletedSchema,
    errors: [409],
  },

  // API keys -------------------------------------------------------------------------------------
  'GET /api/keys': {
    summary: 'Your API keys',
    description: 'Newest first. `key` is the visible prefix only: the full key is shown once, on create and rotate.',
    response: ApiKeyListSchema,
  },
  'POST /api/keys': {
    summary: 'Create an API key',
    description:
      'Staging keys (`dk_xxxx_test_...`) are active at once with 500 requests a day. Production keys (`dk_xxxx_live_...`, ' +
      '10,000 a day) stay pending (`is_active` false) until an admin approves your account. The answer holds the ' +
      'full key: this is the only time it is shown.',
    body: CreateKeyRequest,
    status: 201,
    response: ApiKeyWithSecretSchema,
  },
  'PUT /api/keys/{id}/rotate': {
    summary: 'Rotate an API key',
    description: 'Issues a new secret (shown once) and revokes the old one immediately.',
    params: KeyIdParams,
    response: ApiKeyWithSecretSchema,
    errors: [409],
  },
  'POST /api/keys/{id}/reveal': {
    summary: 'Show the replacement of a key an admin rotated (once)',
    description:
      'After an admin rotation (`replacement_ready` true in the list) the new full key already works; this ' +
      'answers it once. A second call, or a key with no replacement waiting, answers 409.',
    params: KeyIdParams,
    response: ApiKeyWithSecretSchema,
    errors: [409],
  },
  'DELETE /api/keys/{id}': { summary: 'Delete an API key', params: KeyIdParams, response: MessageResponse },

  // Developer apps -------------------------------------------------------------------------------
  'GET /api/apps': { summary: 'Your apps with their review status', response: OwnerAppListSchema },
  'POST /api/apps': {
    summary: 'Create an app with the quick form',
    body: QuickAppCreateSchema,
    status: 201,
    response: OwnerAppSchema,
  },
  'POST /api/apps/submit': {
    summary: 'Submit a public app for review (the six-step wizard)',
    body: AppSubmitSchema,
    status: 201,
    response: OwnerAppSchema,
  },
  'GET /api/apps/{id}': {
    summary: 'One of your apps, with its licensing material (edit view)',
    params: AppIdParams,
    response: OwnerAppSchema,
  },
  'PUT /api/apps/{id}': {
    summary: 'Update an app with the quick form',
    params: AppIdParams,
    body: QuickAppUpdateSchema,
    response: OwnerAppSchema,
  },
  'PUT /api/apps/{id}/update': {
    summary: "Update an app's full listing (the wizard)",
    params: AppIdParams,
    body: AppSubmitSchema,
    response: OwnerAppSchema,
  },
  'DELETE /api/apps/{id}': { summary: 'Delete one of your apps', params: AppIdParams, response: AppMessageSchema },
  'POST /api/apps/{id}/withdraw-changes': {
    summary: 'Withdraw the changes of an approved app that wait for review (the reviewed values come back)',
    params: AppIdParams,
    response: OwnerAppSchema,
    errors: [409],
  },
  'POST /api/upload/screenshots': {
    summary: 'Upload an icon or screenshots (multipart/form-data, field "files")',
    query: UploadQuerySchema,
    rawRequest: {
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        properties: {
          files: {
            type: 'array',
            description: 'PNG, JPEG, GIF or WebP images, at most 5 MB each (one file for kind=icon)',
            items: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
        },
        required: ['files'],
      },
    },
    status: 201,
    response: UploadResponseSchema,
  },
  'POST /api/upload/presign': {
    summary: 'Signed upload forms, one per image, to post images straight to storage',
    description:
      'Post each file with its form (the `fields` first, the file last in the field "file") to `url`, then ' +
      'name the keys in POST /api/upload/confirm. The forms hold the 5 MB limit whatever `size` says.',
    body: UploadPresignSchema,
    response: UploadPresignResponseSchema,
  },
  'POST /api/upload/confirm': {
    summary: 'Confirm posted images: checked, then kept for the app (or as drafts)',
    body: UploadConfirmSchema,
    status: 201,
    response: UploadResponseSchema,
  },
  'GET /api/apps/{id}/analytics': {
    summary: "A public app's sales figures",
    description:
      'total_sales and total_revenue count every completed purchase (counters). customers and recent_purchases ' +
      'come from one page of the sales, newest first (`limit`: default 100, up to 500); when more follow, the ' +
      'answer carries `X-Next-Cursor` and `Link: <…&cursor=…>; rel="next"`, and the next page lists the ' +
      'customers of the older sales (a customer may appear on two pages).',
    params: AppIdParams,
    query: AppAnalyticsQuery,
    response: AppAnalyticsSchema,
  },
  'POST /api/apps/{id}/reviews/{reviewId}/reply': {
    summary: "The app's developer replies to a review of it (once per review)",
    params: AppReviewParamsSchema,
    body: ReviewReplyInputSchema,
    response: ReviewReplyResponseSchema,
    errors: [403, 409],
  },
  'GET /api/manual-licences': {
    summary: "Pending manual licences of the caller's apps, oldest first, a page at a time",
    description:
      "`limit` (default 50, up to 100) and `cursor` (the previous answer's next_cursor, null on the last page); " +
      'a cursor not of this list is refused (400).',
    query: ManualLicenceListQuery,
    response: ManualLicenceListSchema,
  },
  'POST /api/manual-licences/{id}/complete': {
    summary: 'Record the access details and/or licence key sent to the buyer (app owner only); the buyer is emailed',
    params: PurchaseIdParams,
    body: CompleteManualLicenceRequest,
    response: CompleteManualLicenceResponse,
    errors: [404, 409],
  },

  // Webhooks -------------------------------------------------------------------------------------
  'GET /api/event-types': { summary: 'Event types a webhook can subscribe to', response: EventTypeNamesSchema },
  'GET /api/apps/{id}/webhooks': {
    summary: "An app's webhooks",
    params: AppIdParams,
    response: WebhookListSchema,
  },
  'POST /api/apps/{id}/webhooks': {
    summary: 'Add a webhook to an app',
    params: AppIdParams,
    body: CreateWebhookRequest,
    status: 201,
    response: WebhookSchema,
  },
  'DELETE /api/webhooks/{id}': { summary: 'Delete a webhook', params: WebhookIdParams, response: MessageResponse },
  'GET /api/apps/{id}/webhook-logs': {
    summary: "Deliveries to an app's webhooks, newest first",
    params: AppIdParams,
    query: LogListQuery,
    response: WebhookDeliveryLogListSchema,
  },
  'POST /api/simulate-event': {
    summary: 'Send a test event to your webhooks',
    body: SimulateEventRequest,
    response: SimulateEventResponse,
  },

  // Checkout and purchases -----------------------------------------------------------------------
  'POST /api/stripe/create-checkout-session': {
    summary: 'Start a checkout for an app (signed in)',
    description: 'A free app is licensed at once and checkout_url is the success page.',
    body: CreateCheckoutRequest,
    response: CheckoutSessionSchema,
    errors: [409, 503],
  },
  'POST /api/stripe/create-guest-checkout-session': {
    summary: 'Start a checkout as a guest (by e-mail)',
    description:
      'The answer is the same for every address and no account is created: a paid app goes to the payment page; ' +
      'a free app mails a confirmation link to the address and is granted once it is followed. new_account is always true.',
    body: GuestCheckoutRequest,
    response: CheckoutSessionSchema,
    errors: [404, 429, 503],
  },
  'POST /api/stripe/confirm-guest-license': {
    summary: 'Confirm a free licence asked for as a guest (the token of the mailed link)',
    body: ConfirmGuestLicenceRequest,
    response: CheckoutSessionSchema,
    errors: [404, 409],
  },
  'GET /api/stripe/my-purchases': {
    summary: 'Your purchased licences, newest first, one page at a time',
    description:
      'At most 100 purchases per answer (`limit`, at most 100). When more remain, the answer carries ' +
      '`X-Next-Cursor` and `Link: <…&cursor=…>; rel="next"`; pass the cursor back as `cursor`.',
    query: MyPurchasesQuery,
    response: PurchaseListSchema,
  },
  'GET /api/installs': {
    summary: 'Your installs: what each app you licensed may receive and touch',
    description:
      'One install per licensed app: `pending` until you grant, `active` with the permissions granted, ' +
      '`revoked` once you take the access back. `requested` appears only while the app asks for more than ' +
      'was granted; the old grant stays in force until you grant again.',
    response: BuyerInstallListSchema,
  },
  'POST /api/installs/{id}/grant': {
    summary: 'Grant an app everything it requests now (active)',
    params: InstallIdParam,
    response: BuyerInstallSchema,
    errors: [404, 409],
  },
  'POST /api/installs/{id}/revoke': {
    summary: "Revoke an app's access: practice events stop at once; the licence is unchanged",
    description: '409 when the install changed under the request (another tab): reload and try again.',
    params: InstallIdParam,
    response: BuyerInstallSchema,
    errors: [404, 409],
  },
  'GET /api/apps/{id}/installs': {
    summary: "The practices' installs of one of your apps, newest first (paged)",
    description:
      "Status, granted permissions and since, as GET /v1/installs answers them; another developer's app answers 404.",
    query: AppInstallsQuery,
    response: DeveloperInstallPageSchema,
    errors: [404],
  },
  'POST /api/install-link': {
    summary: "The install a licence mail's access link opens (no sign-in)",
    description:
      'Every licence mail links to /marketplace/app-access?token=...; the token alone lets its holder read and revoke that one install (a guest has no account). A changed, expired or replaced token (each licence mail issues a fresh one) answers 400.',
    body: InstallLinkRequest,
    response: BuyerInstallSchema,
    errors: [400],
  },
  'POST /api/install-link/revoke': {
    summary: "Revoke the install a licence mail's access link opens (no sign-in)",
    description:
      '`install_id` must be the install the token opens (404 otherwise); nothing else can be changed with it.',
    body: InstallLinkRevokeRequest,
    response: BuyerInstallSchema,
    errors: [400, 404, 409],
  },
  'GET /api/stripe/purchase/{session_id}': {
    summary: 'The order of a checkout session (success page)',
    params: SessionIdParams,
    response: PurchaseSessionResultSchema,
  },
  'GET /api/stripe/purchases/{id}/invoice': {
    summary: 'The invoice of one of your purchases (PDF)',
    params: PurchaseIdParams,
    contentType: 'application/pdf',
    response: Bytes,
  },
  'POST /api/stripe/webhook': {
    summary: "Stripe's events (signed with Stripe-Signature)",
    rawRequest: {
      contentType: 'application/json',
      schema: { type: 'object', description: 'A Stripe event, verified against its Stripe-Signature header' },
    },
    response: StripeEventAnswerSchema,
  },
  'GET /api/stripe/test-checkout/{session_id}': {
    summary: 'Local test mode only: the labelled test-checkout page',
    params: SessionIdParams,
    contentType: 'text/html',
    response: Bytes,
    errors: [503],
  },
  'POST /api/stripe/test-checkout/{session_id}/pay': {
    summary: "Local test mode only: the test page's Pay button",
    rawRequest: { contentType: 'application/x-www-form-urlencoded', schema: { type: 'object' } },
    description: 'Sends a signed checkout.session.completed event to the webhook, then redirects to the success page.',
    params: SessionIdParams,
    status: 303,
    contentType: 'text/plain',
    headers: { Location: 'The purchase success page' },
    response: Bytes,
    errors: [503],
  },

  // Admin: users and keys ------------------------------------------------------------------------
  'GET /api/admin/users': {
    summary: 'Accounts, newest first, searchable; capped, or paged with limit/cursor',
    description:
      'q searches email, full_name and company (case-insensitive, inside each); status (pending, approved, invited) and role ' +
      '(developer, admin, practice) filter, all on the server. Without limit and cursor the answer is the plain array, capped ' +
      'at the first 100 accounts (ADMIN_USERS_UNPAGED_MAX): X-Total-Count when no q or role is given (the counts are ' +
      'counters), and past the cap Link: <...&limit=100&cursor=...>; rel="next". With limit (1-100, default 25) or cursor: ' +
      'a page {items, next_cursor, limit, all, awaiting_approval, invited} (the counts before search and filters; ' +
      'awaiting_approval: pending developers only). A searched or filtered request reads at most 500 accounts, so its page ' +
      'can hold fewer rows than limit, even none, with a next_cursor to go on.',
    query: AdminUserListQuery,
    response: z.union([AdminUserListSchema, AdminUserPageSchema]),
  },
  'POST /api/approve-user': {
    summary: 'Approve a developer by e-mail',
    description: "Activates the developer's production keys and e-mails them. Approving twice changes nothing.",
    body: ApproveUserRequest,
    response: MessageResponse,
    errors: [404],
  },
  'GET /api/admin/users/{id}': { summary: 'One account', params: UserIdParams, response: AdminUserDetailSchema },
  'GET /api/admin/users/{id}/keys': {
    summary: "A developer's API keys (prefixes only)",
    params: UserIdParams,
    response: AdminUserKeysSchema,
  },
  'GET /api/admin/users/{id}/logs': {
    summary: "Webhook deliveries to a developer's apps",
    params: UserIdParams,
    response: WebhookLogListSchema,
  },
  'POST /api/admin/users/{id}/approve-production': {
    summary: 'Approve a developer for production',
    params: UserIdParams,
    response: MessageResponse,
    errors: [409],
  },
  'POST /api/admin/users/{id}/resend-invitation': {
    summary: "Send an imported legacy account's invitation again",
    params: UserIdParams,
    response: MessageResponse,
    errors: [409, 429],
  },
  'POST /api/admin/keys/{id}/rotate': {
    summary: 'Rotate a developer key (admin)',
    description:
      'The old secret stops working at once and a working replacement is issued. The admin sees only the new ' +
      'prefix; the owner is e-mailed a notice (never a secret) and reveals the new key once in API Keys ' +
      '(`POST /api/keys/{id}/reveal`).',
    params: KeyIdParams,
    response: AdminRotatedKeySchema,
  },

  // Admin: apps, purchases, webhook logs ---------------------------------------------------------
  'GET /api/admin/apps': {
    summary: 'Apps of every type, with sales; searchable, filterable, capped or paged',
    description:
      'q searches the app name, the developer e-mail and the company; status and type narrow the list. Without page, limit or cursor the answer is an array of at most the first 100 matching apps (off the marketplace newest first, then the marketplace A-Z), with `X-Total-Count` when no search narrows it and `Link: <…&limit=100&cursor=…>; rel="next"` when more follow. ' +
      'With page it is one page object, apps awaiting review first, with total, pages, type counts and status counts; pages reach the first 1,000 apps (deeper: 400, page with cursor), and a search counts among its first 1,000 matches. ' +
      'With cursor, or limit without page, it is one bounded page {items, next_cursor, limit} read from the table: apps off the marketplace newest first, then the marketplace A-Z; q then searches the app name only.',
    query: AdminAppListQuery.extend({ cursor: AdminAppCursorQuery.shape.cursor }),
    response: z.union([AdminAppListSchema, AdminAppPageSchema, AdminAppCursorPageSchema]),
  },
  'GET /api/admin/apps/{id}/purchases': {
    summary: "An app's purchases, newest first (paged)",
    description:
      'Paged: the plain array holds at most `limit` purchases (default 100, up to 500). When more follow, the ' +
      'answer carries `X-Next-Cursor` and `Link: <…&cursor=…>; rel="next"`; pass the cursor back as `cursor`.',
    params: AppIdParams,
    query: AdminPurchaseListQuery,
    response: AdminPurchaseListSchema,
  },
  'POST /api/admin/apps/{id}/reviews/{reviewId}/hide': {
    summary: 'Hide a review from the list and the average; the reason is mailed to its author',
    params: AppReviewParamsSchema,
    body: HideReviewInputSchema,
    response: ReviewWriteResponseSchema,
    errors: [409],
  },
  'POST /api/admin/apps/{id}/approve': {
    summary: 'Approve an app (publishes a public app)',
    params: AppIdParams,
    response: AdminAppActionSchema,
    errors: [409],
  },
  'POST /api/admin/apps/{id}/suspend': {
    summary: 'Suspend an app (optionally with a reason mailed to its developer)',
    params: AppIdParams,
    body: SuspendAppSchema,
    response: AdminAppActionSchema,
    errors: [409],
  },
  'POST /api/admin/apps/{id}/clear-flag': {
    summary:
      'Mark the changes of an approved app reviewed: what the listing shows, its licensing and permissions go live',
    params: AppIdParams,
    response: AdminAppActionSchema,
  },
  'DELETE /api/admin/apps/{id}/delete': {
    summary: 'Delete an app',
    params: AppIdParams,
    response: AppMessageSchema,
  },
  'GET /api/admin/manual-licences': {
    summary:
      'The pending manual licences, oldest first, a page at a time, with how many are pending and overdue (24 hours)',
    description:
      "`limit` (default 100, up to 500) and `cursor` (the previous answer's next_cursor). pending_count and " +
      'overdue_count count every pending licence, up to 1,000 each.',
    query: AdminManualLicenceListQuery,
    response: AdminManualLicenceListSchema,
  },
  'POST /api/admin/purchases/{id}/complete-licence': {
    summary: 'Complete a pending manual licence (access details and/or licence key); the buyer is emailed',
    params: PurchaseIdParams,
    body: CompleteManualLicenceRequest,
    response: CompleteManualLicenceResponse,
    errors: [404, 409],
  },
  'POST /api/admin/purchases/{id}/refund': {
    summary: 'Refund a purchase of the last 30 days and revoke its licence',
    params: PurchaseIdParams,
    response: RefundResultSchema,
    errors: [409],
  },
  'GET /api/admin/logs': {
    summary: 'Webhook deliveries of every app, newest first (paged)',
    description:
      'Paged: the plain array holds at most `limit` entries (default 100, up to 500). When more follow, the ' +
      'answer carries `X-Next-Cursor` and `Link: <…&cursor=…>; rel="next"`; pass the cursor back as `cursor`.',
    query: LogListQuery,
    response: WebhookDeliveryLogListSchema,
  },
  'GET /api/data-access/catalogue': {
    summary: 'Features and event types of the synced practice catalogue an app can declare',
    response: PermissionsCatalogueSchema,
  },
  'GET /api/apps/{id}/data-access': {
    summary: "An app's requested permissions, its permissions declaration (its owner, or an admin reviewing it)",
    params: AppIdParams,
    response: PermissionsViewSchema,
    errors: [404],
  },
  'PUT /api/apps/{id}/data-access': {
    summary: 'Declare which features the app reads or writes, the event types it subscribes to, and the BAA',
    params: AppIdParams,
    body: PermissionsInputSchema,
    response: PermissionsViewSchema,
    errors: [404, 409],
  },
  'GET /api/marketplace/apps/{id}/data-access': {
    summary: 'The data a listed app touches',
    params: AppIdParams,
    response: PermissionsViewSchema,
    errors: [404],
  },
  'GET /api/admin/audit': {
    summary: 'The audit trail: admin actions and developer key/webhook actions, newest first (read only)',
    query: AuditQuerySchema,
    response: AuditPageSchema,
  },
  'POST /api/admin/logs/{id}/replay': {
    summary: 'Deliver a logged webhook event again',
    params: WebhookLogIdParams,
    response: ReplayResponse,
  },
  'GET /api/admin/mail-suppressions': {
    summary: 'Addresses no longer mailed because they bounced permanently or complained, newest first',
    description:
      'One page of the list (limit, default 50, at most 100): when more follow, X-Next-Cursor and ' +
      'Link: <...&cursor=...>; rel="next" name the next page.',
    query: SuppressionListQuery,
    response: SuppressedAddressListSchema,
  },
  'POST /api/admin/mail-suppressions/lift': {
    summary: 'Mail an address again (remove it from the suppression list)',
    body: LiftSuppressionRequest,
    response: MessageResponse,
    errors: [404],
  },

  // Sync with the practice systems (legacy portal and internal catalogue) -----------------------
  'POST /api/admin/sync/trigger': {
    summary: 'Start a sync run of one type',
    description:
      'Answers 202 at once with the queued run; the run executes from the sync queue. `full_sync` loads the ' +
      'four internal catalogue types in one run. A type that is still running answers 409.',
    body: TriggerSyncBody,
    status: 202,
    response: TriggerSyncResponse,
    errors: [409],
  },
  'GET /api/admin/sync/status': {
    summary: 'Legacy and internal sync status, polling state and counts',
    description:
      'Reads a bounded set whatever the history holds: the sync state, the catalogue counts item, the locks ' +
      'and two pointer items (the latest catalogue run, `internal.last_sync`, and the latest poll, `legacy.last_poll`).',
    response: SyncStatusResponse,
  },
  'GET /api/admin/sync/health': {
    summary: 'Health of the components sync depends on, each with how it was measured',
    response: SyncHealthResponse,
  },
  'GET /api/admin/sync/history': {
    summary: 'Sync runs, newest first (paged)',
    description:
      'Paged: at most `limit` runs (default 50, up to 500) and `next_cursor`; pass it back as `cursor` for the ' +
      'next page (null on the last). `sync_type` and `status` filter the list. A poll retried by the queue is one ' +
      'run with `attempts`; a poll that found nothing is kept 7 days, then only counted in GET /api/admin/sync/poll-summary.',
    query: HistoryQuery,
    response: SyncHistoryResponse,
  },
  'GET /api/admin/sync/poll-summary': {
    summary: 'Polls that found nothing, counted per hour, newest first (paged)',
    description: 'Paged by `limit` and `cursor` like the history; an hour is kept for a year.',
    query: PagedLimitQuery,
    response: PollSummaryResponse,
  },
  'POST /api/admin/sync/polling/start': {
    summary: 'Start polling the legacy system for events',
    description:
      'Enqueues the first poll at once, then one every `interval` seconds (10 to 86400, default 60). In the ' +
      'cloud an EventBridge Scheduler schedule sends the polls; its finest rate is one minute, so an interval ' +
      'under 60 s polls once a minute there. Answers 409 when polling is already active.',
    query: PollingStartQuery,
    response: PollingStartResponse,
    errors: [409],
  },
  'POST /api/admin/sync/polling/stop': {
    summary: 'Stop polling the legacy system',
    response: PollingStopResponse,
    errors: [409],
  },
  'POST /api/admin/sync/cursor/reset': {
    summary: "Move a stored legacy cursor that is behind the legacy system's newest back to it",
    response: CursorResetResponse,
    errors: [409, 503],
  },
  'GET /api/admin/sync/queue/status': {
    summary: 'Sync queue depth, messages in flight and failed (dead-lettered) items',
    response: QueueStatusResponse,
  },
  'POST /api/admin/sync/queue/retry-failed': {
    summary: 'Re-drive the failed items of the dead-letter queue',
    response: RetryFailedResponse,
  },
  'POST /api/internal-sync/load': {
    summary: 'Load the internal catalogue (a full_sync run)',
    status: 202,
    response: InternalLoadResponse,
    errors: [409],
  },
  'GET /api/internal-sync/status': {
    summary: 'Last internal sync and catalogue counts',
    response: InternalStatusResponse,
  },
  'GET /api/internal-sync/features': {
    summary: 'Catalogue features (not removed), filtered by search and category',
    query: FeaturesQuery,
    response: FeaturesResponse,
  },
  'GET /api/internal-sync/features/{id}': {
    summary: 'One catalogue feature with its linked event types and tables',
    params: FeatureIdParams,
    response: FeatureSchema,
  },
  'GET /api/internal-sync/features/{id}/link-events': {
    summary: 'The event types and tables linked to a feature now',
    params: FeatureIdParams,
    response: FeatureLinksResponse,
  },
  'POST /api/internal-sync/features/{id}/link-events': {
    summary: "Replace a feature's linked event types and tables",
    description: 'Unknown event type or table ids, or a `feature_id` that is not the one in the path, answer 400.',
    params: FeatureIdParams,
    body: LinkEventsBody,
    response: LinkEventsResponse,
  },
  'GET /api/internal-sync/event-types': { summary: 'Catalogue event types', response: EventTypesResponse },
  'GET /api/internal-sync/tables': {
    summary: 'Catalogue tables with column counts and the tables they reference',
    query: TablesQuery,
    response: TablesResponse,
  },
  'GET /api/internal-sync/relationships': {
    summary: 'Foreign keys between catalogue tables, optionally of one table',
    query: RelationshipsQuery,
    response: RelationshipsResponse,
  },
  'GET /api/internal-sync/categories': { summary: 'Feature categories', response: CategoriesResponse },
  'GET /api/internal-sync/logs': {
    summary: 'Catalogue sync runs, newest first (paged)',
    description: 'Paged: at most `limit` runs and `next_cursor`; pass it back as `cursor` for the next page.',
    query: PagedLimitQuery,
    response: SyncLogsResponse,
  },

  // Partner API ----------------------------------------------------------------------------------
  'GET /api/openapi.json': { summary: 'This OpenAPI document', response: OpenApiDocumentSchema },
  'GET /v1/me': { summary: 'The calling key and its owner', response: PartnerMeSchema },
  'GET /v1/event-types': { summary: 'Event types webhooks can subscribe to', response: PartnerEventTypesSchema },
  'POST /v1/licenses/validate': {
    summary: 'Validate a licence key for one of your apps',
    description:
      'Answers `valid: true` only for a paid licence whose status is `assigned` or `active` and that has not ' +
      'expired. An unknown key answers 200 with `status: "not_found"`; an app that is not yours answers 404.',
    body: LicenseValidateRequest,
    response: LicenseValidateResponseSchema,
    errors: [404],
  },
  'GET /v1/apps/{id}/licenses': {
    summary: 'Licences sold for one of your apps',
    description: 'Newest first; pass `next_cursor` back as `cursor` for the next page.',
    params: AppIdParams,
    query: LicenseListQuery,
    response: LicenseListSchema,
  },
  'GET /v1/installs': {
    summary: 'Installs of one of your apps: which practices granted what',
    description:
      'Newest first; pass `next_cursor` back as `cursor` for the next page. `practice_id` is opaque and ' +
      'stable per app. Practice events reach your webhooks only through an `active` install whose ' +
      '`granted.event_types` include the type. An app that is not yours answers 404.',
    query: InstallListQuery,
    response: DeveloperInstallPageSchema,
    errors: [404],
  },
};
