/**
 * What the Partner API's licence validation reads, written straight to the table: an approved
 * developer (createApprovedDeveloper), an app of the given developer, one completed purchase of it holding a licence key, and the key's lookup item.
 * Used by the partner benchmarks and the integration test that counts validate's DynamoDB
 * requests. Import it after the environment (TABLE_NAME, the DynamoDB endpoint) is set.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { appKey, appSalesPartition, purchaseKey, purchaseKeys } from '../../functions/adapters/dynamodb/keys';
import { licenceKeyLookupItem } from '../../functions/adapters/dynamodb/purchase-item';
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';

export interface LicensedPurchase {
  appId: string;
  purchaseId: string;
  licenseKey: string;
}

/** An approved, verified developer without a password (it only owns apps and API keys); its id. */
export async function createApprovedDeveloper(): Promise<string> {
  const devId = `bench-dev-${randomUUID()}`;
  await dynamoUsersRepository.create(
    {
      id: devId,
      email: `${devId}@bench.example.com`,
      full_name: 'Bench Developer',
      company_name: 'Bench Dental Software',
      website: null,
      role: 'developer',
      is_approved: true,
      created_at: new Date().toISOString(),
      auth_provider: 'password',
      email_verified: true,
      token_version: 0,
      invited: false,
      linked_emails: [],
    },
    null,
  );
  return devId;
}

export async function writeLicensedPurchase(
  developerId: string,
  options: { appId?: string; appName?: string; buyer?: string } = {},
): Promise<LicensedPurchase> {
  const db = documentClient();
  const appId = options.appId ?? `app-${randomUUID()}`;
  const buyer = options.buyer ?? 'buyer';
  const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: tableName(), Item }));
  await put({
    ...appKey(appId),
    entity: 'APP',
    id: appId,
    user_id: developerId,
    name: options.appName ?? 'Partner App',
    type: 'public',
  });
  const purchaseId = randomUUID();
  const licenseKey = `LIC-${randomUUID()}`;
  const createdAt = new Date().toISOString();
  await put({
    ...purchaseKey(purchaseId),
    GSI2PK: appSalesPartition(appId),
    GSI2SK: purchaseKeys.appSalesSort({ created_at: createdAt, id: purchaseId }),
    entity: 'PURCHASE',
    id: purchaseId,
    app_id: appId,
    user_id: buyer,
    buyer_email: `${buyer}@example.com`,
    buyer_name: 'Partner Buyer',
    license_key: licenseKey,
    license_status: 'assigned',
    status: 'completed',
    amount_cents: 4900,
    currency: 'usd',
    created_at: createdAt,
    expires_at: null,
  });
  await put(licenceKeyLookupItem(appId, licenseKey, purchaseId));
  return { appId, purchaseId, licenseKey };
}
