/**
 * What the OpenAPI document says about each route beyond the route table: a summary and the zod
 * schemas the handler parses and answers with (the same objects, imported from shared/). Keyed by
 * routeKey ("GET /api/keys"). A route of functions/routes.ts without an entry here still appears
 * in the document, with a generic answer; add its entry when its schemas exist.
 */
import { z } from 'zod';
import {
  AdminProfile,
  AdminProfileUpdateRequest,
  AdminProfileUpdateResponse,
  ForgotPasswordRequest,
  GoogleLoginRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  PublicConfig,
  RegisterResponse,
  ResetPasswordRequest,
  SignupRequest,
  UserProfile,
  VerifyEmailRequest,
} from '../../shared/schemas/accounts';
import {
  AdminUserDetailSchema,
  AdminUserKeysSchema,
  AdminUserListSchema,
  ApproveUserRequest,
  UserIdParams,
  WebhookLogListSchema,
} from '../../shared/schemas/admin-users';
import {
  CategoryAppsSchema,
  MarketplaceAppsSchema,
  MarketplaceQuerySchema,
  PublicAppSchema,
  SlugParamSchema,
} from '../../shared/schemas/apps';
import {
  CategoryDeletedSchema,
  CategoryDeleteQuerySchema,
  CategoryListSchema,
  CategoryPayloadSchema,
  CategorySchema,
} from '../../shared/schemas/categories';
import {
  AdminRotatedKeySchema,
  ApiKeyListSchema,
  ApiKeyWithSecretSchema,
  CreateKeyRequest,
  KeyIdParams,
} from '../../shared/schemas/keys';
import {
  AppIdParams,
  LicenseListQuery,
  LicenseListSchema,
  LicenseValidateRequest,
  LicenseValidateResponseSchema,
  PartnerEventTypesSchema,
  PartnerMeSchema,
} from '../../shared/schemas/partner';

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
  /** Extra error statuses beyond those implied by access, body and path parameters. */
  errors?: number[];
}

const Slug = z.object({ slug: z.string() });
const CategoryId = z.object({ id: z.string() });

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // Accounts -------------------------------------------------------------------------------------
  'GET /api/config': { summary: 'Runtime settings the web app needs before sign-in', response: PublicConfig },
  'POST /api/register': {
    summary: 'Sign up as a developer (pending admin approval)',
    body: SignupRequest,
    status: 201,
    response: RegisterResponse,
    errors: [409, 429],
  },
  'POST /api/login': { summary: 'Sign in (any role)', body: LoginRequest, response: LoginResponse, errors: [401, 429] },
  'POST /api/admin-login': {
    summary: 'Sign in as an admin',
    body: LoginRequest,
    response: LoginResponse,
    errors: [401, 403, 429],
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
    description: 'A plain array without limit and cursor; a page {items, next_cursor, total} with either.',
    query: MarketplaceQuerySchema,
    response: MarketplaceAppsSchema,
  },
  'GET /api/categories': { summary: 'Active categories', response: CategoryListSchema },
  'GET /api/marketplace/apps/category/{slug}': {
    summary: 'One category and its listed apps',
    params: Slug,
    query: MarketplaceQuerySchema,
    response: CategoryAppsSchema,
  },
  'GET /api/marketplace/apps/by-slug/{slug}': {
    summary: 'App detail by slug (or id)',
    params: SlugParamSchema,
    response: PublicAppSchema,
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
      'Staging keys (`dk_test_...`) are active at once with 500 requests a day. Production keys (`dk_live_...`, ' +
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
  'DELETE /api/keys/{id}': { summary: 'Delete an API key', params: KeyIdParams, response: MessageResponse },

  // Admin: users and keys ------------------------------------------------------------------------
  'GET /api/admin/users': { summary: 'All accounts, newest first', response: AdminUserListSchema },
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
  },
  'POST /api/admin/keys/{id}/rotate': {
    summary: 'Revoke a key by rotating it (admin)',
    description:
      'The old secret stops working at once. The admin sees only the new prefix; the owner is e-mailed a notice ' +
      '(never a secret) and rotates the key to see a new full key.',
    params: KeyIdParams,
    response: AdminRotatedKeySchema,
  },

  // Partner API ----------------------------------------------------------------------------------
  'GET /api/openapi.json': { summary: 'This OpenAPI document' },
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
};
