/**
 * The admin User Management contract (docs/spec.md sections 2, 3, 6, 7): the user list and detail, the
 * approval calls, a developer's keys and webhook logs, and the admin's key rotation.
 */
import * as z from 'zod';
import { ROLES } from '../constants';
import { normaliseEmail } from '../email';
import { ApiKeySchema } from './keys';
import { idText } from './text-fields';

export const ADMIN_NO_APPROVAL = 'Admins do not need approval';
export const PRACTICE_NO_APPROVAL = 'Practices do not need approval';
/** POST /api/admin/users/{id}/resend-invitation's answer. */
export const INVITATION_SENT = (email: string) => `Invitation sent to ${email}`;
export const INVITED_NO_APPROVAL =
  'This account was imported and has not set its password yet: re-send its invitation instead.';

/**
 * Where an account stands: `pending` a developer awaiting approval, `invited` an imported legacy
 * account that has not set its password, `approved` everyone else (approved developers,
 * practices, which need no approval, and admins).
 */
export const ACCOUNT_STATUSES = ['pending', 'approved', 'invited'] as const;
export type AccountStatusValue = (typeof ACCOUNT_STATUSES)[number];
export const USER_EMAIL_REQUIRED = 'email is required';

export const AdminUserSchema = z
  .object({
    id: z.string(),
    full_name: z.string(),
    email: z.string(),
    company: z.string(),
    role: z.enum(ROLES),
    created_at: z.string(),
    is_approved: z.boolean(),
    status: z.enum(ACCOUNT_STATUSES),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.array(AdminUserSchema);

/** GET /api/admin/users/{id}: the list fields plus the website. */
export const AdminUserDetailSchema = AdminUserSchema.extend({ website: z.string().nullable() }).meta({
  id: 'AdminUserDetail',
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** GET /api/admin/users/{id}/keys: prefixes only, like the owner's list. */
export const AdminUserKeysSchema = z.array(ApiKeySchema);

export const ApproveUserRequest = z.object(
  {
    email: z
      .string({ error: USER_EMAIL_REQUIRED })
      .trim()
      .min(1, USER_EMAIL_REQUIRED)
      .max(254, USER_EMAIL_REQUIRED)
      .transform(normaliseEmail),
  },
  { error: USER_EMAIL_REQUIRED },
);
export type ApproveUserRequest = z.input<typeof ApproveUserRequest>;

/** Path parameter {id} of the admin user routes; a malformed id cannot exist. */
export const UserIdParams = z.object({
  id: idText('User not found.', 128),
});

/**
 * GET /api/admin/users/{id}/logs: webhook deliveries to the user's apps, newest first. `timestamp`
 * is when the delivery was attempted (the spec's user-detail view reads `timestamp`).
 */
export const WebhookLogSchema = z
  .object({
    id: z.string(),
    app_id: z.string(),
    event_type: z.string(),
    target_url: z.string(),
    status_code: z.number().int().nullable(),
    response: z.string().nullable(),
    timestamp: z.string(),
    response_time_ms: z.number().nullable(),
    retry_count: z.number().int(),
    delivery_id: z.string().nullable(),
  })
  .meta({ id: 'UserWebhookLog' });
export type WebhookLog = z.infer<typeof WebhookLogSchema>;

export const WebhookLogListSchema = z.array(WebhookLogSchema);
export const ADMIN_USER_LOGS_MAX = 100;
