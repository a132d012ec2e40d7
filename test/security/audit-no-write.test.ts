/**
 * Issue 30, finding 6, the audit's "what remains" 2: an audited call whose change escaped its
 * entry's transaction. The group handler writes an audited route's entry with the request's first
 * table write; a 2xx with no such write fell back to writing the entry after the answer, logged a
 * warning nobody read, and every test passed on that non-transactional path. A change made by a
 * write that cannot carry the entry (ReturnValues ALL_OLD, BatchWrite, a direct command) would
 * have looked the same. Now only the routes of AUDIT_MAY_WRITE_NOTHING (each with its reason) may
 * answer 2xx without a write; any other answers 500 on the test stack (AUDIT_UNLISTED_NO_WRITE=fail)
 * and fails the run at teardown (test/support/global-setup.ts).
 *
 * The escape is reproduced in this process: the API keys group with its delete endpoint run
 * outside the audit scope, as a write that cannot carry the entry would run.
 */

import type { ApiKeyWithSecret } from '@shared/schemas/keys';
import { beforeAll, describe, expect, it } from 'vitest';
import { outsideAuditScope } from '../../functions/adapters/dynamodb/audit-scope';
import { createKey } from '../../functions/api-keys/create-key';
import { deleteKey } from '../../functions/api-keys/delete-key';
import { listKeys } from '../../functions/api-keys/list-keys';
import { revealKey } from '../../functions/api-keys/reveal-key';
import { rotateKey } from '../../functions/api-keys/rotate-key';
import { unlistedNoWriteCalls } from '../../functions/http/audit';
import { createGroupHandler } from '../../functions/http/group-handler';
import { api, approvedDeveloper, auditEntries, type Developer, submittedFreeApp } from '../support/api';
import { deleteKeyEvent } from './support/in-process';

/** The API keys group, except that the deletion's write runs outside the call's audit scope. */
const escapingHandler = createGroupHandler('api-keys', {
  'GET /api/keys': listKeys,
  'POST /api/keys': createKey,
  'PUT /api/keys/{id}/rotate': rotateKey,
  'POST /api/keys/{id}/reveal': revealKey,
  'DELETE /api/keys/{id}': (req: Parameters<typeof deleteKey>[0]) => outsideAuditScope(() => deleteKey(req)),
});

async function deleteEscaping(dev: Developer, keyId: string): Promise<number> {
  const event = deleteKeyEvent(dev.token, keyId, `escape-${keyId}`);
  return (await escapingHandler(event)).statusCode ?? 0;
}

describe('an audited change that escapes its entry’s transaction', () => {
  let dev: Developer;
  beforeAll(async () => {
    dev = await approvedDeveloper();
  });

  it('answers 500 on the test stack and is recorded for the teardown, instead of passing with a late entry', async () => {
    const created = await api<ApiKeyWithSecret>('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const keyId = created.body.id;

    const status = await deleteEscaping(dev, keyId);
    // Before: 200 and a warning in a log nobody read.
    expect(status).toBe(500);
    expect(unlistedNoWriteCalls()).toContain('DELETE /api/keys/{id}');
    // The entry is still written (after the change): the trail does not lose the deletion.
    expect(await auditEntries({ target_id: keyId, action: 'api_key.delete', limit: 20 })).toHaveLength(1);
  });

  it('lets a route of AUDIT_MAY_WRITE_NOTHING answer 2xx without a write: a test event nobody subscribed to', async () => {
    const appId = (await submittedFreeApp(dev.token, 'No write')).id;
    const simulated = await api('POST', '/api/simulate-event', {
      token: dev.token,
      body: { app_id: appId, event_type: 'license.revoked', data: { test: true } },
    });
    // The shared server runs with AUDIT_UNLISTED_NO_WRITE=fail too: a listed route still answers 200.
    expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
    expect(await auditEntries({ target_id: appId, action: 'webhook.simulate_event', limit: 20 })).toHaveLength(1);
  });
});
