/**
 * The audit entry is written with the change (issue 30): the request's first table write carries
 * it in the same transaction, and the group handler completes it after the answer. A change that is
 * refused (a 4xx before any write, a failed condition) leaves no entry.
 */
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@shared/schemas/audit';
import type { ApiKeyWithSecret } from '@shared/schemas/keys';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryScope } from '../../functions/adapters/dynamodb/audit-entry-scope';
import { auditEntryItem } from '../../functions/adapters/dynamodb/audit-repo';
import { getItem, isConditionFailure, putItem, updateItem } from '../../functions/adapters/dynamodb/dynamo';
import { auditKeys, rateKeys } from '../../functions/adapters/dynamodb/keys';
import { signedInAdmin } from '../support/admins';
import { api, auditEntries, type Developer, newDeveloper, uniqueEmail } from '../support/api';

describe('the audit entry is written with the change', () => {
  let dev: Developer;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    dev = await newDeveloper();
    admin = await signedInAdmin('audit-with-change');
  });

  it('lands one entry with the change, completed with its status and changed fields', async () => {
    const created = await api<ApiKeyWithSecret>('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } });
    expect(created.status).toBe(201);
    const keyId = created.body.id;
    expect((await api('DELETE', `/api/keys/${keyId}`, { token: dev.token })).status).toBe(200);
    const found = await auditEntries({ target_id: keyId, action: 'api_key.delete', limit: 20 });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      actor_id: dev.id,
      status: 200,
      target_type: 'api_key',
      changes: { exists: { before: true, after: false } },
    });
  });

  it('leaves no entry when the change is refused: a 404 before any write, a failed condition', async () => {
    const unknownKey = randomUUID();
    expect((await api('DELETE', `/api/keys/${unknownKey}`, { token: dev.token })).status).toBe(404);
    expect(await auditEntries({ target_id: unknownKey, limit: 20 })).toEqual([]);
    // Lifting an address nobody suppressed: the conditional delete that carries the entry fails.
    const lifted = await api('POST', '/api/admin/mail-suppressions/lift', {
      token: admin.token,
      body: { email: uniqueEmail('never-suppressed') },
    });
    expect(lifted.status).toBe(404);
    expect(await auditEntries({ actor: admin.email, action: 'mail_suppression.lift', limit: 20 })).toEqual([]);
  });

  it("lifts a single write into the entry's transaction, keeping its condition and its answer", async () => {
    const entry: AuditEntry = {
      id: randomUUID(),
      at: new Date().toISOString(),
      action: 'test.scope',
      actor_id: randomUUID(),
      actor_email: 'scope@example.com',
      actor_role: 'admin',
      route: 'POST /test',
      target_type: 'test',
      target_id: null,
      target_label: null,
      client_ip: '127.0.0.1',
      status: 0,
      changes: {},
    };
    const scope = entryScope(entry.id, auditEntryItem.toItem(entry, Math.floor(Date.now() / 1000) + 3600));
    const key = rateKeys.limiter(`audit-scope-${entry.id}`);
    await putItem({ ...key, n: 1 });
    const refused = await scope
      .run(() => putItem({ ...key, n: 2 }, { ConditionExpression: 'attribute_not_exists(PK)' }))
      .catch((err: unknown) => err);
    expect(isConditionFailure(refused)).toBe(true);
    expect(scope.carried()).toBe(false);
    expect(await getItem(auditKeys.entry(entry.id))).toBeUndefined();

    const updated = await scope.run(() =>
      updateItem(key, {
        UpdateExpression: 'SET n = n + :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(updated.Attributes?.n).toBe(2);
    expect(scope.carried()).toBe(true);
    expect(await getItem(auditKeys.entry(entry.id))).toMatchObject({ action: 'test.scope' });
  });
});
