import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '../../../shared/schemas/keys';
import {
  dailyLimitFor,
  hashApiKey,
  keyPrefix,
  looksLikeApiKey,
  newSecret,
  randomBase62,
  toApiKeyView,
} from './api-key';

describe('API key secrets', () => {
  it('makes dk_test_ / dk_live_ keys of 40 base62 characters with a 16-character prefix', () => {
    const staging = newSecret('staging');
    const production = newSecret('production');
    expect(staging.fullKey).toMatch(/^dk_test_[0-9A-Za-z]{40}$/);
    expect(production.fullKey).toMatch(/^dk_live_[0-9A-Za-z]{40}$/);
    expect(staging.prefix).toBe(staging.fullKey.slice(0, 16));
    expect(production.prefix.startsWith('dk_live_')).toBe(true);
    expect(staging.keyHash).toBe(hashApiKey(staging.fullKey));
    expect(staging.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(API_KEY_PATTERN.test(production.fullKey)).toBe(true);
  });

  it('never repeats and uses the whole alphabet', () => {
    const keys = new Set(Array.from({ length: 500 }, () => newSecret('staging').fullKey));
    expect(keys.size).toBe(500);
    const chars = new Set(randomBase62(20_000));
    expect(chars.size).toBe(62);
  });

  it('recognises the key shape before any lookup', () => {
    expect(looksLikeApiKey(newSecret('staging').fullKey)).toBe(true);
    expect(looksLikeApiKey('dk_live_short')).toBe(false);
    expect(looksLikeApiKey(`dk_prod_${'a'.repeat(40)}`)).toBe(false);
    expect(looksLikeApiKey(`dk_live_${'a'.repeat(39)}!`)).toBe(false);
    expect(keyPrefix('dk_live_AbCd1234XYZ')).toBe('dk_live_AbCd1234');
  });

  it('has the spec limits and never shows the hash', () => {
    expect(dailyLimitFor('staging')).toBe(500);
    expect(dailyLimitFor('production')).toBe(10_000);
    const secret = newSecret('production');
    const view = toApiKeyView(
      {
        id: 'k1',
        user_id: 'u1',
        type: 'production',
        prefix: secret.prefix,
        key_hash: secret.keyHash,
        is_active: false,
        limit: 10_000,
        created_at: '2025-01-01T00:00:00.000Z',
        rotated_at: null,
      },
      7,
    );
    expect(view).toEqual({
      id: 'k1',
      key: secret.prefix,
      prefix: secret.prefix,
      type: 'production',
      is_active: false,
      limit: 10_000,
      usage_count: 7,
      created_at: '2025-01-01T00:00:00.000Z',
      status: 'pending_approval',
    });
    expect(JSON.stringify(view)).not.toContain(secret.keyHash);
    expect(JSON.stringify(view)).not.toContain(secret.fullKey);
  });
});
