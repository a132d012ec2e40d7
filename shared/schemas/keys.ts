/**
 * The API keys contract (docs/spec.md sections 2, 3, 4, 7, 8 and 9): GET/POST /api/keys,
 * PUT /api/keys/{id}/rotate, DELETE /api/keys/{id}, and the admin's view of a developer's keys.
 *
 * A key is `dk_`, a 4-character random tag, then `_test_` (staging) or `_live_` (production) and
 * 40 random base62 characters, e.g. `dk_Q7xZ_live_AbCd…`. The tag makes the first 8 characters
 * (the compact view, spec section 2) differ from key to key. The server keeps only its SHA-256 and
 * the visible prefix (the first 20 characters, the key column of spec section 2). Every answer
 * carries that prefix in `key`, except the answers to create and rotate (and the one-time reveal of
 * an admin's replacement), which carry the full key in `key` exactly once.
 *
 * Keys issued before the tag existed (`dk_live_` + 40, prefix of 16 characters) stay valid.
 */
import * as z from 'zod';
import { KEY_TYPES } from '../constants';
import { idText } from './text-fields';

export const API_KEY_RANDOM_LENGTH = 40;
/** Random characters of the tag right after `dk_`. */
export const API_KEY_TAG_LENGTH = 4;
/** Characters of a key that stay visible (and are stored) after creation: the key column's 20. */
export const API_KEY_PREFIX_LENGTH = 20;
/** The type segment that follows the tag. */
export const API_KEY_TYPE_SEGMENT = { staging: 'test', production: 'live' } as const;
/** The shape of a full key (current, or issued before the tag); anything else is refused unread. */
export const API_KEY_PATTERN = /^dk_(?:[0-9A-Za-z]{4}_)?(test|live)_[0-9A-Za-z]{40}$/;

export const KEY_TYPE_INVALID = "type must be 'staging' or 'production'";
export const API_KEY_NOT_FOUND = 'API key not found';
/** Production key of an already approved developer (active at once; the spec has no text for it). */
export const PRODUCTION_KEY_ACTIVE = 'Production key created and active.';

export const ApiKeyStatusSchema = z.enum(['active', 'pending_approval']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatusSchema>;

export const ApiKeySchema = z
  .object({
    id: z.string(),
    key: z.string().meta({
      description: 'The visible prefix only (first 20 characters), e.g. dk_Q7xZ_live_AbCd123. Never the full key.',
    }),
    prefix: z.string().meta({ description: 'Same as key: the first 20 characters of the full key.' }),
    type: z.enum(KEY_TYPES),
    is_active: z.boolean().meta({ description: 'false while a production key awaits admin approval' }),
    limit: z.number().int().meta({ description: 'Requests per UTC day' }),
    usage_count: z.number().int().meta({ description: 'Requests counted today (UTC)' }),
    created_at: z.string(),
    status: ApiKeyStatusSchema,
    replacement_ready: z.boolean().meta({
      description:
        'true after an admin rotated the key: its replacement waits to be shown once (POST /api/keys/{id}/reveal)',
    }),
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
  id: idText(API_KEY_NOT_FOUND, 64),
});

/** POST /api/keys/{id}/reveal when no replacement is waiting (never issued, or shown already). */
export const NO_REPLACEMENT_WAITING = 'No new key is waiting to be shown for this key. Rotate it to get a new one.';
export const REPLACEMENT_REVEALED =
  'This is the new key an administrator issued when rotating yours. It is shown only this once: store it now.';

/** POST /api/admin/keys/{id}/rotate: the admin never sees the full key, only the new prefix. */
export const AdminRotatedKeySchema = ApiKeySchema.extend({ message: z.string() }).meta({ id: 'AdminRotatedKey' });
export type AdminRotatedKey = z.infer<typeof AdminRotatedKeySchema>;
