/**
 * Suppressed mail addresses (functions/core/mail/suppression.ts):
 *
 * | Access pattern                       | Index | Key condition                                   |
 * |--------------------------------------|-------|-------------------------------------------------|
 * | is an address suppressed             | table | PK=SUPPRESSED#<email>, SK=SUPPRESSED            |
 * | suppressed addresses, newest first, one page (admin) | GSI1 | GSI1PK=SUPPRESSED, GSI1SK=<at>#<email> |
 *
 * One GetItem per recipient (mails have one or two), so every mail-sending role reads it with the
 * GetItem it already has.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { normaliseEmail } from '@shared/email';
import type { SuppressedAddress, SuppressionReason, SuppressionStore } from '../../core/mail/suppression';
import { documentClient, tableName } from '../aws-clients';
import { conditionally, deleteItem, type ItemMapper, putItem, queryIndexPage } from './dynamo';
import { suppressionKeys } from './keys';

const PARTITION = suppressionKeys.partition;
export const SUPPRESSIONS_CURSOR_INVALID = 'cursor is not a cursor of this list';
const key = (email: string) => suppressionKeys.address(normaliseEmail(email));

/** An address on the list (its key is the normalised address). */
export const suppressedAddressItem: ItemMapper<SuppressedAddress> = {
  toItem(entry) {
    const email = normaliseEmail(entry.email);
    return {
      ...key(email),
      GSI1PK: PARTITION,
      GSI1SK: suppressionKeys.sort(entry.suppressed_at, email),
      email,
      reason: entry.reason,
      detail: entry.detail,
      suppressed_at: entry.suppressed_at,
    };
  },
  fromItem: (item) => ({
    email: String(item.email),
    reason: (item.reason === 'complaint' ? 'complaint' : 'bounce') as SuppressionReason,
    detail: String(item.detail ?? ''),
    suppressed_at: String(item.suppressed_at ?? ''),
  }),
};

export const dynamoSuppressionStore: SuppressionStore = {
  async suppressedAmong(emails) {
    const unique = [...new Set(emails.map(normaliseEmail))];
    const found = await Promise.all(
      unique.map(async (email) => {
        const res = await documentClient().send(
          new GetCommand({ TableName: tableName(), Key: key(email), ProjectionExpression: 'PK' }),
        );
        return res.Item ? email : undefined;
      }),
    );
    return new Set(found.filter((e): e is string => e !== undefined));
  },

  async suppress(entry) {
    await putItem(suppressedAddressItem.toItem(entry));
  },

  async lift(email) {
    // A conditional delete rather than ReturnValues: it can carry the request's audit entry (dynamo.ts).
    return conditionally(deleteItem(key(email), { ConditionExpression: 'attribute_exists(PK)' }));
  },

  async list(limit, cursor) {
    const page = await queryIndexPage('GSI1', PARTITION, { limit, cursor, invalid: SUPPRESSIONS_CURSOR_INVALID });
    return { items: page.items.map(suppressedAddressItem.fromItem), next_cursor: page.next_cursor };
  },
};
