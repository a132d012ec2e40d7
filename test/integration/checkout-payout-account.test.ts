/**
 * The checkout adapter's read of a developer's connected Stripe account on DynamoDB Local
 * (functions/adapters/dynamodb/purchases-repo.ts payoutAccount): the only read of an account item
 * with that projection, which a paid checkout makes to route the payout. Stripe's test mode never
 * reaches it, so nothing else runs it. The checkout function's IAM grant on accounts is a
 * projection (lib/api.ts, test/infra/table-actions.test.ts): this read must ask for no more.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { getItem } from '../../functions/adapters/dynamodb/dynamo';
import { userKeys } from '../../functions/adapters/dynamodb/keys';
import { dynamoPurchasesRepository } from '../../functions/adapters/dynamodb/purchases-repo';
import { newDeveloper } from '../support/api';
import { must } from '../support/must';

/** The attribute names of each account item a GetItem answered with, as DynamoDB sent them. */
const answered: string[][] = [];
beforeAll(() => {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const item = (result.output as { Item?: Record<string, unknown> } | undefined)?.Item;
      if (context.commandName === 'GetItemCommand' && item) answered.push(Object.keys(item).sort());
      return result;
    },
    { step: 'initialize', name: 'payoutAccountAnswers' },
  );
});

async function payoutAccountOf(developerId: string) {
  answered.length = 0;
  const account = await dynamoPurchasesRepository.payoutAccount(developerId);
  return { account, answered: [...answered] };
}

describe("payoutAccount: a developer's connected Stripe account, and nothing else of the account", () => {
  it('answers the account id of a developer who connected one, reading only that attribute', async () => {
    const dev = await newDeveloper();
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.user(dev.id),
        UpdateExpression: 'SET stripe_account_id = :a',
        ExpressionAttributeValues: { ':a': 'acct_1TestPayout' },
      }),
    );
    // The item holds the password hash and the profile beside the account id.
    const stored = must(await getItem(userKeys.user(dev.id)));
    expect(stored.password_hash).toEqual(expect.any(String));
    expect(stored.email).toBe(dev.email);

    const read = await payoutAccountOf(dev.id);
    expect(read.account).toBe('acct_1TestPayout');
    expect(read.answered).toEqual([['stripe_account_id']]);
  });

  it('answers nothing for a developer without one, and reads no other attribute', async () => {
    const dev = await newDeveloper();
    const read = await payoutAccountOf(dev.id);
    expect(read.account).toBeNull();
    // A projection of an attribute the item lacks answers an empty item, not the rest of it.
    expect(read.answered.flat()).toEqual([]);
  });

  it('answers nothing for an account that does not exist', async () => {
    expect((await payoutAccountOf('no-such-developer')).account).toBeNull();
  });
});
