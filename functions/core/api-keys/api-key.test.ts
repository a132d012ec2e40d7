import { API_KEY_PATTERN } from '@shared/schemas/keys';
import { describe, expect, it } from 'vitest';
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
  it('makes dk_<tag>_test_ / dk_<tag>_live_ keys of 40 base62 characters with a 20-character prefix', () => {
    const staging = newSecret('staging');
    const production = newSecret('production');
    expect(staging.fullKey).toMatch(/^dk_[0-9A-Za-z]{4}_test_[0-9A-Za-z]{40}$/);
    expect(production.fullKey).toMatch(/^dk_[0-9A-Za-z]{4}_live_[0-9A-Za-z]{40}$/);
    expect(staging.prefix).toBe(staging.fullKey.slice(0, 20));
    expect(production.prefix).toMatch(/^dk_[0-9A-Za-z]{4}_live_/);
    expect(staging.keyHash).toBe(hashApiKey(staging.fullKey));
    expect(staging.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(API_KEY_PATTERN.test(production.fullKey)).toBe(true);
  });

  it('tells keys apart by their first 8 characters (the compact view)', () => {
    const firstEight = new Set(Array.from({ length: 50 }, () => newSecret('production').fullKey.slice(0, 8)));
    expect(firstEight.size).toBe(50);
  });

  it('still accepts keys issued before the tag', () => {
    expect(looksLikeApiKey(`dk_live_${'a'.repeat(40)}`)).toBe(true);
    expect(looksLikeApiKey(`dk_test_${'B'.repeat(40)}`)).toBe(true);
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
    expect(looksLikeApiKey(`dk_abc_live_${'a'.repeat(40)}`)).toBe(false);
    expect(keyPrefix('dk_Q7xZ_live_AbCd1234XYZ')).toBe('dk_Q7xZ_live_AbCd123');
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
        handover: null,
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
      replacement_ready: false,
    });
    expect(JSON.stringify(view)).not.toContain(secret.keyHash);
    expect(JSON.stringify(view)).not.toContain(secret.fullKey);
  });
});
