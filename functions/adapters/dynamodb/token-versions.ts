/**
 * The token version of an account, as the access-token check needs it on every signed-in request:
 * read from the user item and kept a few seconds per container. A bump made in this container
 * forgets its entry at once; other containers see it within TOKEN_VERSION_CACHE_MS.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../aws-clients';
import { userKeys } from './keys';

export const TOKEN_VERSION_CACHE_MS = 5_000;
const cache = new Map<string, { version: number | undefined; at: number }>();

/** The account's token version, or undefined when the account no longer exists. */
export async function currentTokenVersion(userId: string): Promise<number | undefined> {
  const hit = cache.get(userId);
  if (hit && Date.now() - hit.at < TOKEN_VERSION_CACHE_MS) return hit.version;
  const res = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKeys.user(userId),
      ProjectionExpression: 'PK, token_version',
      ConsistentRead: true,
    }),
  );
  const raw = Number(res.Item?.token_version ?? 0);
  const version = res.Item ? (Number.isInteger(raw) && raw >= 0 ? raw : 0) : undefined;
  if (cache.size > 10_000) cache.clear();
  cache.set(userId, { version, at: Date.now() });
  return version;
}

export function forgetTokenVersion(userId: string): void {
  cache.delete(userId);
}
