/**
 * One account exhausting shared resources. Every API key had its own daily
 * quota and a developer could create keys without limit (31 keys gave 15,500 calls a day). Now a
 * developer holds at most 10 keys, enforced by one conditional write, so parallel creates cannot
 * pass it either.
 */

import { LIMITS } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import { api, newDeveloper } from '../support/api';

describe('API keys per developer', () => {
  it('31 parallel key creations by one developer leave at most 10 keys', async () => {
    const dev = await newDeveloper();
    const answers = await Promise.all(
      Array.from({ length: 31 }, () => api('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } })),
    );
    const created = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409);
    expect(created + refused.length, JSON.stringify(answers.map((a) => a.status))).toBe(31);
    expect(created).toBe(LIMITS.maxApiKeysPerDeveloper);
    expect(refused[0]?.body.detail).toMatch(/at most 10 API keys/);
    const list = await api('GET', '/api/keys', { token: dev.token });
    expect(list.body).toHaveLength(10);

    // Deleting one frees a place for exactly one more.
    const first = list.body[0] as { id: string };
    expect((await api('DELETE', `/api/keys/${first.id}`, { token: dev.token })).status).toBeLessThan(300);
    expect((await api('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } })).status).toBe(201);
    expect((await api('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } })).status).toBe(409);
  });
});
