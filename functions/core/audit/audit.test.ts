import { describe, expect, it } from 'vitest';
import { changedFields, expiresAt, isSecretField, REDACTED, sanitize } from './audit';

describe('audit changes', () => {
  it('keeps only the fields that differ', () => {
    expect(
      changedFields(
        { is_approved: false, name: 'A', tags: ['x'] },
        { is_approved: true, name: 'A', tags: ['x'], reason: 'ok' },
      ),
    ).toEqual({ is_approved: { before: false, after: true }, reason: { before: null, after: 'ok' } });
  });

  it('never stores a secret, before or after', () => {
    const changes = changedFields({ secret: 'whsec_old', url: 'https://a' }, { secret: 'whsec_new', url: 'https://b' });
    expect(changes.secret).toEqual({ before: REDACTED, after: REDACTED });
    expect(JSON.stringify(changes)).not.toContain('whsec_');
    expect(sanitize({ webhook: { secret: 's', key_hash: 'h', name: 'n' } })).toEqual({
      webhook: { secret: REDACTED, key_hash: REDACTED, name: 'n' },
    });
    for (const f of ['password_hash', 'license_keys', 'universal_access_code', 'key', 'api_key', 'token']) {
      expect(isSecretField(f), f).toBe(true);
    }
    for (const f of ['key_prefix', 'name', 'status', 'is_active', 'url']) expect(isSecretField(f), f).toBe(false);
  });

  it('expires after the retention in days', () => {
    expect(expiresAt(Date.UTC(2026, 0, 1), 2192) - Date.UTC(2026, 0, 1) / 1000).toBe(2192 * 86400);
  });
});
