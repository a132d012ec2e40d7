import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKey, ApiKeyWithSecret } from '@shared/schemas/keys';
import { INVALID_API_KEY } from '@shared/schemas/partner';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeLicensedPurchase } from '../../bin/support/licensed-purchase';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { getItem } from '../../functions/adapters/dynamodb/dynamo';
import { apiKeyKeys, purchaseKey } from '../../functions/adapters/dynamodb/keys';
import { handler } from '../../functions/partner/index';
import { api, newDeveloper } from '../support/api';
import { apiGatewayEvent } from '../support/api-gateway-event';
import { must } from '../support/must';

const sent: string[] = [];
beforeAll(() => {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: 'deserialize', name: 'countDynamoRequests' },
  );
});

async function validate(apiKey: string, body: { license_key: string; app_id: string }) {
  const event = apiGatewayEvent({
    routeKey: 'POST /v1/licenses/validate',
    path: '/v1/licenses/validate',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body,
  });
  sent.length = 0;
  const result = await handler(event);
  return { status: result.statusCode, body: JSON.parse(String(result.body)), requests: [...sent] };
}

async function fixture() {
  const dev = await newDeveloper();
  const created = await api<ApiKeyWithSecret>('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } });
  expect(created.status).toBe(201);
  const { appId, purchaseId, licenseKey } = await writeLicensedPurchase(dev.id, { appName: 'Count' });
  return { dev, key: created.body.key, keyId: created.body.id, appId, purchaseId, licenseKey };
}

describe('POST /v1/licenses/validate: DynamoDB requests on a warm process', () => {
  it("costs one write and one read: the developer's quota item (key check + count) and the licence", async () => {
    const f = await fixture();
    const input = { license_key: f.licenseKey, app_id: f.appId };
    const cold = await validate(f.key, input);
    expect(cold.status).toBe(200);
    expect(cold.body).toMatchObject({ valid: true, status: 'assigned' });

    for (let i = 0; i < 3; i++) {
      const warm = await validate(f.key, input);
      expect(warm.status).toBe(200);
      expect(warm.body).toMatchObject({ valid: true, status: 'assigned', purchase_id: f.purchaseId });
      expect(warm.requests).toEqual(['UpdateItemCommand', 'GetItemCommand']);
    }
    // The one write is to the developer's quota item, which carries no index keys (one write unit).
    const quota = must(await getItem(apiKeyKeys.dailyQuota(f.dev.id, 'staging')));
    expect(Object.keys(quota).filter((name) => name.startsWith('GSI'))).toEqual([]);
    expect(quota.usage_count).toBe(4);
    // Each call was counted once on the key.
    const keys = await api<ApiKey[]>('GET', '/api/keys', { token: f.dev.token });
    expect(must(keys.body.find((k) => k.id === f.keyId)).usage_count).toBe(4);
  });

  it('still sees a revocation and a rotation made by another process on the very next call', async () => {
    const f = await fixture();
    const input = { license_key: f.licenseKey, app_id: f.appId };
    expect((await validate(f.key, input)).body.valid).toBe(true);

    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: purchaseKey(f.purchaseId),
        UpdateExpression: 'SET license_status = :r',
        ExpressionAttributeValues: { ':r': 'revoked' },
      }),
    );
    const revoked = await validate(f.key, input);
    expect(revoked.body).toMatchObject({ valid: false, status: 'revoked' });
    expect(revoked.requests.length).toBeLessThanOrEqual(2);

    const rotated = await api<ApiKeyWithSecret>('PUT', `/api/keys/${f.keyId}/rotate`, { token: f.dev.token });
    expect(rotated.status).toBe(200);
    const old = await validate(f.key, input);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ detail: INVALID_API_KEY });
    const fresh = await validate(rotated.body.key, input);
    expect(fresh.status).toBe(200);
  });
});
