/**
 * The API keys contract (SPEC.md sections 2, 3, 4, 7, 8 and 9): GET/POST /api/keys,
 * PUT /api/keys/{id}/rotate, DELETE /api/keys/{id}, and the admin's view of a developer's keys.
 *
 * A key is `dk_test_` (staging) or `dk_live_` (production) followed by 40 random base62
 * characters. The server keeps only its SHA-256 and the visible prefix (the first 16 characters,
 * e.g. `dk_live_AbCd1234`). Every answer carries that prefix in `key`, except the answers to
 * create and rotate, which carry the full key in `key` exactly once.
 */
import { z } from 'zod';
import { KEY_TYPES } from '../constants';

export const API_KEY_RANDOM_LENGTH = 40;
/** Characters of a key that stay visible (and are stored) after creation. */
export const API_KEY_PREFIX_LENGTH = 16;
export const API_KEY_TYPE_PREFIX = { staging: 'dk_test_', production: 'dk_live_' } as const;
/** The shape of a full key; anything else is refused without a database lookup. */
export const API_KEY_PATTERN = /^dk_(test|live)_[0-9A-Za-z]{40}$/;

export const KEY_TYPE_INVALID = "type must be 'staging' or 'production'";
export const API_KEY_NOT_FOUND = 'API key not found';
/** Production key of an already approved developer (active at once; the spec has no text for it). */
export const PRODUCTION_KEY_ACTIVE = 'Production key created and active.';

export const ApiKeyStatusSchema = z.enum(['active', 'pending_approval']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatusSchema>;

export const ApiKeySchema = z
  .object({
    id: z.string(),
    key: z.string().meta({ description: 'The visible prefix only, e.g. dk_live_AbCd1234. Never the full key.' }),
    prefix: z.string().meta({ description: 'Same as key: the first 16 characters of the full key.' }),
    type: z.enum(KEY_TYPES),
    is_active: z.boolean().meta({ description: 'false while a production key awaits admin approval' }),
    limit: z.number().int().meta({ description: 'Requests per UTC day' }),
    usage_count: z.number().int().meta({ description: 'Requests counted today (UTC)' }),
    created_at: z.string(),
    status: ApiKeyStatusSchema,
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.array(ApiKeySchema);

/** POST /api/keys and PUT /api/keys/{id}/rotate: the only answers that hold the full key. */
export const ApiKeyWithSecretSchema = ApiKeySchema.extend({
  key: z.string().meta({ description: 'The FULL key. Shown once: store it now, it cannot be shown again.' }),
  message: z.string(),
}).meta({ id: 'ApiKeyWithSecret' });
export type ApiKeyWithSecret = z.infer<typeof ApiKeyWithSecretSchema>;

export const CreateKeyRequest = z.object(
  { type: z.enum(KEY_TYPES, { error: KEY_TYPE_INVALID }) },
  { error: KEY_TYPE_INVALID },
);
export type CreateKeyRequest = z.input<typeof CreateKeyRequest>;

/** Path parameter {id} of the key routes; a malformed id cannot exist, so it reads as not found. */
export const KeyIdParams = z.object({
  id: z.string({ error: API_KEY_NOT_FOUND }).trim().min(1, API_KEY_NOT_FOUND).max(64, API_KEY_NOT_FOUND),
});

/** POST /api/admin/keys/{id}/rotate: the admin never sees the full key, only the new prefix. */
export const AdminRotatedKeySchema = ApiKeySchema.extend({ message: z.string() }).meta({ id: 'AdminRotatedKey' });
export type AdminRotatedKey = z.infer<typeof AdminRotatedKeySchema>;
