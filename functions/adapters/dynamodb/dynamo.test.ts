import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cancellationCodes,
  cancelledAt,
  isConditionFailure,
  queryAll,
  queryCount,
  transact,
  transactOrCancellationCodes,
} from './dynamo';

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());
afterAll(() => ddb.restore());

const cancelled = (codes: string[] | undefined, message = 'Transaction cancelled') =>
  new TransactionCanceledException({
    message,
    $metadata: {},
    CancellationReasons: codes?.map((Code) => ({ Code })),
  });

const item = { Put: { TableName: 't', Item: { PK: 'a', SK: 'b' } } };

describe('cancellationCodes', () => {
  it('reads the SDK reasons in item order', () => {
    expect(cancellationCodes(cancelled(['None', 'ConditionalCheckFailed']))).toEqual([
      'None',
      'ConditionalCheckFailed',
    ]);
  });

  it('falls back to the list in the message when an engine gives no reasons', () => {
    const err = cancelled(
      undefined,
      'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]',
    );
    expect(cancellationCodes(err)).toEqual(['ConditionalCheckFailed', 'None']);
    expect(cancelledAt(err)).toEqual([0]);
  });

  it('is undefined for any other error, and empty when nothing is listed', () => {
    expect(cancellationCodes(new Error('boom'))).toBeUndefined();
    expect(cancellationCodes(undefined)).toBeUndefined();
    expect(cancellationCodes(cancelled(undefined, 'Transaction cancelled'))).toEqual([]);
    expect(cancelledAt(new Error('boom'))).toEqual([]);
  });

  it('tells a condition failure of a single write', () => {
    expect(isConditionFailure(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' }))).toBe(true);
    expect(isConditionFailure(new Error('x'))).toBe(false);
  });
});

describe('transactions', () => {
  it('retry a cancellation caused only by a conflicting transaction, then commit', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['TransactionConflict', 'None']))
      .resolves({});
    expect(await transactOrCancellationCodes([item, item])).toBeUndefined();
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('do not retry a failed condition: transactOrCancellationCodes returns the codes, transact throws', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled(['None', 'ConditionalCheckFailed']));
    expect(await transactOrCancellationCodes([item, item])).toEqual(['None', 'ConditionalCheckFailed']);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    await expect(transact([item, item])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('give up after the allowed conflict retries', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled(['TransactionConflict']));
    expect(await transactOrCancellationCodes([item], 2)).toEqual(['TransactionConflict']);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('throw other errors at once', async () => {
    ddb.on(TransactWriteCommand).rejects(new Error('network down'));
    await expect(transactOrCancellationCodes([item])).rejects.toThrow('network down');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('paging', () => {
  it('queryAll follows LastEvaluatedKey to the end, in order', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ n: 1 }, { n: 2 }], LastEvaluatedKey: { PK: 'k2' } })
      .resolvesOnce({ Items: [{ n: 3 }], LastEvaluatedKey: { PK: 'k3' } })
      .resolvesOnce({ Items: [] });
    expect(await queryAll({ TableName: 't', KeyConditionExpression: 'PK = :pk' })).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
    const starts = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.ExclusiveStartKey);
    expect(starts).toEqual([undefined, { PK: 'k2' }, { PK: 'k3' }]);
  });

  it('queryCount adds the counts of every page', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Count: 4, LastEvaluatedKey: { PK: 'x' } })
      .resolvesOnce({ Count: 3 });
    expect(await queryCount({ TableName: 't', KeyConditionExpression: 'PK = :pk' })).toBe(7);
    expect(ddb.commandCalls(QueryCommand).every((c) => c.args[0].input.Select === 'COUNT')).toBe(true);
  });
});
