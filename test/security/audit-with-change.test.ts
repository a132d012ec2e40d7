/**
 * Issue 30, finding 6 (low), its last part: "a write that fails after a 2xx is only logged". The
 * group handler wrote an audited route's entry after the answer, so a refused or failed audit write
 * left a change with no entry. Now the change's own write carries the entry (one transaction): the
 * two land together or not at all. The failure is injected as an IAM-like refusal of writes to the
 * audit trail's items on the handler's DynamoDB client (the handler runs in this process).
 */

import type { ApiKey, ApiKeyWithSecret } from '@shared/schemas/keys';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/api-keys/index';
import { api, auditEntries, type Developer, newDeveloper } from '../support/api';
import { deleteKeyEvent } from './support/in-process';
import { type AuditRefusal, refusingAuditWrites } from './support/refuse-audit-writes';

async function deleteKeyInProcess(dev: Developer, keyId: string) {
  return (await handler(deleteKeyEvent(dev.token, keyId, `audit-${keyId}`))).statusCode;
}

/** Deletes the key while the table refuses audit writes as `mode` says, then accepts them again. */
const deleteKeyRefusingAudit = (mode: AuditRefusal, dev: Developer, keyId: string) =>
  refusingAuditWrites(mode, () => deleteKeyInProcess(dev, keyId));

async function newKey(dev: Developer): Promise<string> {
  const created = await api<ApiKeyWithSecret>('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

const keyIds = async (dev: Developer) =>
  (await api<ApiKey[]>('GET', '/api/keys', { token: dev.token })).body.map((k) => k.id);

/** The trail's deletions of this key. */
const deletionsOf = (targetId: string) => auditEntries({ target_id: targetId, action: 'api_key.delete', limit: 10 });

describe('an audited change and its audit entry land together', () => {
  let dev: Developer;
  beforeAll(async () => {
    dev = await newDeveloper();
  });

  it('keeps the entry of a change whose post-answer audit write is refused', async () => {
    const keyId = await newKey(dev);
    const status = await deleteKeyRefusingAudit('single', dev, keyId);
    expect(status).toBe(200);
    expect(await keyIds(dev)).not.toContain(keyId);
    // Before: the key was gone and the trail had nothing. Now the entry came with the deletion; only
    // its completion (status, changes) was refused, and it still names who did what to which key.
    const entries = await deletionsOf(keyId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'api_key.delete',
      actor_id: dev.id,
      target_id: keyId,
      route: 'DELETE /api/keys/{id}',
    });
  });

  it('makes no change when its audit entry cannot be written at all', async () => {
    const keyId = await newKey(dev);
    const status = await deleteKeyRefusingAudit('all', dev, keyId);
    expect(status).toBeGreaterThanOrEqual(500);
    expect(await keyIds(dev)).toContain(keyId);
    expect(await deletionsOf(keyId)).toEqual([]);
  });
});
