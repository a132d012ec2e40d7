import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../aws-clients';

/**
 * The catalogue version: one counter item (PK=CATALOGUE, SK=VERSION) bumped after every write
 * that can change what the public marketplace shows (apps and categories). The marketplace's
 * in-memory answer cache checks it with one consistent GetItem per request, so a cached answer
 * is never served after a change, whichever process or Lambda made it.
 *
 * Every write of an app or category item must be followed by touchCatalogue(); the repositories
 * in this folder do it themselves.
 */
export const CATALOGUE_VERSION_KEY = { PK: 'CATALOGUE', SK: 'VERSION' } as const;

export async function touchCatalogue(): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: CATALOGUE_VERSION_KEY,
      UpdateExpression: 'ADD v :one SET updated_at = :now',
      ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
    }),
  );
}

export async function readCatalogueVersion(): Promise<number> {
  const res = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: CATALOGUE_VERSION_KEY,
      ConsistentRead: true,
      ProjectionExpression: 'v',
    }),
  );
  return typeof res.Item?.v === 'number' ? res.Item.v : 0;
}
