import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, assert, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogLines } from '../../http/capture-log-lines';
import { uploadLockKey } from './keys';
import { dynamoAppUploadLock } from './upload-lock';

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());
afterAll(() => ddb.restore());

/** What the SDK throws when DynamoDB did not answer within the request timeout. */
const timedOut = () =>
  Object.assign(new Error('a request has exceeded the configured 2000 ms requestTimeout'), { name: 'TimeoutError' });

const taken = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

describe('the per-app upload lease', () => {
  it('is taken by a conditional put, held while the work runs, and released with its own token', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    const order: string[] = [];
    const result = await dynamoAppUploadLock.withApp('a1', async () => {
      order.push(`work after ${ddb.commandCalls(PutCommand).length} put`);
      return 42;
    });
    expect(result).toBe(42);
    expect(order).toEqual(['work after 1 put']);
    const [putCall] = ddb.commandCalls(PutCommand);
    assert(putCall, 'a PutCommand');
    const put = putCall.args[0].input;
    expect(put.Item).toMatchObject({ ...uploadLockKey('a1') });
    expect(put.ConditionExpression).toBe('attribute_not_exists(PK) OR lease_until < :now');
    const [deleteCall] = ddb.commandCalls(DeleteCommand);
    assert(deleteCall, 'a DeleteCommand');
    const del = deleteCall.args[0].input;
    expect(del.Key).toEqual(uploadLockKey('a1'));
    expect(del.ExpressionAttributeValues?.[':token']).toBe(put.Item?.token);
  });

  it('waits while another request holds it', async () => {
    ddb.on(PutCommand).rejectsOnce(taken()).rejectsOnce(taken()).resolves({});
    ddb.on(DeleteCommand).resolves({});
    await dynamoAppUploadLock.withApp('a1', async () => undefined);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(3);
  });

  it('a put that got no answer (it may have been written) is given back by its token, and the timeout passed on', async () => {
    ddb.on(PutCommand).rejects(timedOut());
    ddb.on(DeleteCommand).resolves({});
    const work = vi.fn();
    await expect(dynamoAppUploadLock.withApp('a1', work)).rejects.toThrow(/requestTimeout/);
    expect(work).not.toHaveBeenCalled();
    const [putCall] = ddb.commandCalls(PutCommand);
    const [deleteCall] = ddb.commandCalls(DeleteCommand);
    assert(putCall && deleteCall, 'a put, then a delete');
    expect(deleteCall.args[0].input.Key).toEqual(uploadLockKey('a1'));
    expect(deleteCall.args[0].input.ExpressionAttributeValues?.[':token']).toBe(putCall.args[0].input.Item?.token);
  });

  it('is released when the work fails, and the failure is passed on', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
    await expect(
      dynamoAppUploadLock.withApp('a1', async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(1);
  });

  describe('a release that does not get through (a slow table): the lease runs out on its own', () => {
    const lines: string[] = [];
    afterEach(() => vi.restoreAllMocks());

    it("keeps the work's answer: images stored are not answered as a failure", async () => {
      captureLogLines(lines);
      ddb.on(PutCommand).resolves({});
      ddb.on(DeleteCommand).rejects(timedOut());
      await expect(dynamoAppUploadLock.withApp('a1', async () => 'stored')).resolves.toBe('stored');
      expect(ddb.commandCalls(DeleteCommand)).toHaveLength(1);
      expect(lines.join('')).toContain('upload lease not released');
    });

    it("passes the work's own failure on, not the release's", async () => {
      captureLogLines(lines);
      ddb.on(PutCommand).resolves({});
      ddb.on(DeleteCommand).rejects(timedOut());
      await expect(
        dynamoAppUploadLock.withApp('a1', async () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
    });
  });
});
