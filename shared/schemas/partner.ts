/**
 * The Partner API contract (/v1/*, authenticated by an API key in the X-API-Key header): what a
 * developer's own software calls in production. Every answer after authentication carries
 * X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; a 429 also carries Retry-After.
 */
import * as z from 'zod';
import { KEY_TYPES, LICENSE_STATUSES } from '../constants';
import { limitParam } from './query-numbers';

export const INVALID_API_KEY = 'Invalid API key';
export const PENDING_API_KEY = 'This production key is pending admin approval';
export const dailyLimitReached = (limit: number) => `Daily request limit of ${limit} reached for this key`;
export const LICENSE_KEY_REQUIRED = 'license_key and app_id are required';
export const INVALID_CURSOR = 'Invalid cursor';
export const PARTNER_PAGE_MAX = 100;
export const PARTNER_PAGE_DEFAULT = 50;

/** Rate-limit headers: names as sent (HTTP header names are case-insensitive). */
export const RATE_LIMIT_HEADERS = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
  retryAfter: 'Retry-After',
} as const;

/** What the X-RateLimit-* headers report after a call was counted (or refused). */
export interface RateLimitState {
  limit: number;
  /** Requests counted today, the current one included when it was admitted. */
  used: number;
  remaining: number;
  /** Epoch seconds of the next UTC midnight. */
  resetAt: number;
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    [RATE_LIMIT_HEADERS.limit]: String(state.limit),
    [RATE_LIMIT_HEADERS.remaining]: String(Math.max(0, state.remaining)),
    [RATE_LIMIT_HEADERS.reset]: String(state.resetAt),
  };
}

// GET /v1/me ------------------------------------------------------------------------------------

export const PartnerMeSchema = z
  .object({
    key: z.object({
      id: z.string(),
      prefix: z.string().meta({ description: 'The visible prefix of the key that made this call' }),
      type: z.enum(KEY_TYPES),
      limit: z.number().int().meta({ description: 'Requests per UTC day' }),
      usage_today: z.number().int().meta({ description: 'Requests counted today, this one included' }),
      remaining: z.number().int(),
    }),
    owner: z.object({
      id: z.string(),
      full_name: z.string(),
      email: z.string(),
      company: z.string(),
      is_approved: z.boolean(),
    }),
  })
  .meta({ id: 'PartnerMe' });
export type PartnerMe = z.infer<typeof PartnerMeSchema>;

// GET /v1/event-types ---------------------------------------------------------------------------

export const PartnerEventTypeSchema = z.object({
  name: z.string().meta({ description: 'e.g. license.purchased, appointment.created' }),
  description: z.string().nullable(),
  source: z.enum(['platform', 'internal_catalogue']).meta({
    description: "Who emits it: the marketplace itself, or the internal system's synced catalogue",
  }),
});
export const PartnerEventTypesSchema = z
  .object({ event_types: z.array(PartnerEventTypeSchema) })
  .meta({ id: 'PartnerEventTypes' });
export type PartnerEventTypes = z.infer<typeof PartnerEventTypesSchema>;

// POST /v1/licenses/validate --------------------------------------------------------------------

export const LicenseValidateRequest = z.object(
  {
    license_key: z
      .string({ error: LICENSE_KEY_REQUIRED })
      .trim()
      .min(1, LICENSE_KEY_REQUIRED)
      .max(512, 'license_key must be at most 512 characters'),
    app_id: z
      .string({ error: LICENSE_KEY_REQUIRED })
      .trim()
      .min(1, LICENSE_KEY_REQUIRED)
      .max(128, 'app_id must be at most 128 characters'),
  },
  { error: LICENSE_KEY_REQUIRED },
);
export type LicenseValidateRequest = z.input<typeof LicenseValidateRequest>;

/**
 * What validation reports. The licence statuses of the spec, plus: `expired` (expires_at is in
 * the past), `refunded` (the purchase was refunded), `pending` (payment not completed) and
 * `not_found` (no licence with this key for this app). Only `assigned` and `active` are valid.
 */
export const LICENSE_CHECK_STATUSES = [...LICENSE_STATUSES, 'expired', 'refunded', 'pending', 'not_found'] as const;
export type LicenseCheckStatus = (typeof LICENSE_CHECK_STATUSES)[number];

export const LicenseValidateResponseSchema = z
  .object({
    valid: z.boolean(),
    status: z.enum(LICENSE_CHECK_STATUSES),
    expires_at: z.string().nullable().meta({ description: 'ISO 8601; null for licences that do not expire' }),
    app_id: z.string(),
    purchase_id: z.string().optional().meta({ description: 'Present when a licence with this key exists' }),
  })
  .meta({ id: 'LicenseValidation' });
export type LicenseValidateResponse = z.infer<typeof LicenseValidateResponseSchema>;

// GET /v1/apps/{id}/licenses --------------------------------------------------------------------

export const LicenseListQuery = z.object({
  limit: limitParam(PARTNER_PAGE_MAX).default(PARTNER_PAGE_DEFAULT),
  cursor: z.string().max(1024, INVALID_CURSOR).optional().meta({ description: 'The next_cursor of the previous page' }),
});
export type LicenseListQuery = z.output<typeof LicenseListQuery>;

export const LicenseListItemSchema = z.object({
  purchase_id: z.string(),
  license_key: z
    .string()
    .nullable()
    .meta({ description: 'The full licence key (the app owner sold it); null until one is assigned' }),
  license_status: z.enum(LICENSE_STATUSES),
  purchase_status: z.enum(['completed', 'refunded']),
  customer_email: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type LicenseListItem = z.infer<typeof LicenseListItemSchema>;

export const LicenseListSchema = z
  .object({
    items: z.array(LicenseListItemSchema),
    next_cursor: z.string().nullable().meta({ description: 'null on the last page' }),
  })
  .meta({ id: 'LicensePage' });
export type LicenseList = z.infer<typeof LicenseListSchema>;
