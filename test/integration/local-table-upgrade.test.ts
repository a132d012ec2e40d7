/**
 * A DynamoDB Local table kept in .data from before an index was added (GSI4: the developer's
 * pending manual licences) gets the missing index when the local stack starts (bin/local-stack.ts
 * ensureTable), so an old local database keeps working after the upgrade.
 */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../bin/local-stack';
import { createTableInput, TABLE_KEYS } from '../../functions/adapters/dynamodb/table-definition';

const endpoint = process.env.DYNAMODB_ENDPOINT as string;
const client = new DynamoDBClient({
  endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const name = `upgrade-${randomUUID()}`;

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
  client.destroy();
});

describe('local table upgrade', () => {
  it('adds the indexes a table created before them lacks, and leaves a complete table as it is', async () => {
    expect(endpoint, 'the stack’s DynamoDB endpoint').toBeTruthy();
    const full = createTableInput(name);
    // As the table was created before GSI4: the first three indexes and their attributes only.
    const old = (full.GlobalSecondaryIndexes ?? []).filter((ix) => ix.IndexName !== 'GSI4');
    await client.send(
      new CreateTableCommand({
        ...full,
        GlobalSecondaryIndexes: old,
        AttributeDefinitions: (full.AttributeDefinitions ?? []).filter((a) => !a.AttributeName?.startsWith('GSI4')),
      }),
    );
    await ensureTable(endpoint, name);
    const indexes = async () =>
      ((await client.send(new DescribeTableCommand({ TableName: name }))).Table?.GlobalSecondaryIndexes ?? [])
        .map((ix) => ix.IndexName)
        .sort();
    expect(await indexes()).toEqual(TABLE_KEYS.indexes.map((ix) => ix.name));
    await ensureTable(endpoint, name);
    expect(await indexes()).toEqual(TABLE_KEYS.indexes.map((ix) => ix.name));
  });
});
