/**
 * The AWS SDK layer (lib/aws-sdk-layer.ts) is the SDK every function runs in the cloud: a
 * tree-shaken, minified build of exactly the names lib/aws-sdk-layer/manifest.json lists. This builds it as
 * the CDK does and runs one probe of the calls the product makes (DynamoDB through the document
 * client, with a refused condition and a cancelled transaction, whose error names and cancellation
 * reasons the code reads; S3 objects with tags, listing and bulk delete; SES v2 mail) against the
 * local engines, once with the layer and once with the installed SDK: both must answer the same.
 * Every name the layer lists must be exported by it.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/app-config';
import { buildSdkLayerSync, linkLayerModules } from '../../lib/aws-sdk-layer';
import { readSdkManifest, SDK_LAYER_SCOPE } from '../../lib/bundling';

/** The probe, importing the SDK's packages from `scope` (`@aws-sdk` installed, `@aws-sdk-layer` the layer). */
const probeScript = (scope: string) => `
import { DynamoDBClient } from '${scope}/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand,
  QueryCommand, TransactWriteCommand, UpdateCommand } from '${scope}/lib-dynamodb';
import { DeleteObjectsCommand, GetObjectCommand, GetObjectTaggingCommand, HeadObjectCommand, ListObjectsV2Command,
  PutObjectCommand, PutObjectTaggingCommand, S3Client } from '${scope}/client-s3';
import { SESv2Client, SendEmailCommand } from '${scope}/client-sesv2';

const env = process.env;
const base = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const seen = { resolved: import.meta.resolve('${scope}/client-dynamodb') };
// Every name the layer lists (Scheduler, SQS and Secrets Manager have no local engine to call).
seen.unexported = [];
for (const [pkg, names] of Object.entries(JSON.parse(env.SDK_MANIFEST))) {
  const module = await import(pkg.replace('@aws-sdk', '${scope}'));
  for (const name of names) if (typeof module[name] !== 'function') seen.unexported.push(pkg + ' ' + name);
}
const errorOf = (p) => p.then(() => 'none', (e) => ({ name: e.name, reasons: e.CancellationReasons?.map((r) => r.Code) }));

const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ ...base, endpoint: env.DYNAMODB_ENDPOINT }));
const TableName = env.TABLE_NAME;
const PK = 'SDKLAYERPROBE#' + env.PROBE_ID;
await ddb.send(new PutCommand({ TableName, Item: { PK, SK: 'A', n: 1, tags: new Set(['x']) } }));
await ddb.send(new UpdateCommand({ TableName, Key: { PK, SK: 'A' }, UpdateExpression: 'SET n = n + :one',
  ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':one': 1 } }));
const item = (await ddb.send(new GetCommand({ TableName, Key: { PK, SK: 'A' } }))).Item;
seen.get = { ...item, tags: [...item.tags] };
seen.refused = await errorOf(ddb.send(new PutCommand({ TableName, Item: { PK, SK: 'A' },
  ConditionExpression: 'attribute_not_exists(PK)' })));
seen.cancelled = await errorOf(ddb.send(new TransactWriteCommand({ TransactItems: [
  { Put: { TableName, Item: { PK, SK: 'B' } } },
  { Put: { TableName, Item: { PK, SK: 'A' }, ConditionExpression: 'attribute_not_exists(PK)' } },
] })));
await ddb.send(new BatchWriteCommand({ RequestItems: { [TableName]: [
  { PutRequest: { Item: { PK, SK: 'C', s: 'c' } } }, { PutRequest: { Item: { PK, SK: 'D', s: 'd' } } },
] } }));
seen.batchGet = (await ddb.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [{ PK, SK: 'C' }, { PK, SK: 'D' }] } } })))
  .Responses[TableName].map((i) => i.s).sort();
seen.query = (await ddb.send(new QueryCommand({ TableName, KeyConditionExpression: 'PK = :pk',
  ExpressionAttributeValues: { ':pk': PK }, Limit: 2 }))).Items.map((i) => i.SK);
for (const SK of ['A', 'C', 'D']) await ddb.send(new DeleteCommand({ TableName, Key: { PK, SK } }));

const s3 = new S3Client({ ...base, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, endpoint: env.S3_ENDPOINT, forcePathStyle: true });
const Bucket = env.UPLOADS_BUCKET;
const Key = 'sdk-layer-probe/' + env.PROBE_ID + '.txt';
await s3.send(new PutObjectCommand({ Bucket, Key, Body: 'hello layer', ContentType: 'text/plain' }));
await s3.send(new PutObjectTaggingCommand({ Bucket, Key, Tagging: { TagSet: [{ Key: 'state', Value: 'probe' }] } }));
seen.tags = (await s3.send(new GetObjectTaggingCommand({ Bucket, Key }))).TagSet;
seen.head = (await s3.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength;
seen.body = await (await s3.send(new GetObjectCommand({ Bucket, Key }))).Body.transformToString();
seen.listed = (await s3.send(new ListObjectsV2Command({ Bucket, Prefix: Key }))).Contents.map((o) => o.Key === Key);
seen.deleted = (await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key }] } }))).Deleted.length;

const ses = new SESv2Client({ ...base, endpoint: env.SES_ENDPOINT });
seen.mailed = typeof (await ses.send(new SendEmailCommand({ FromEmailAddress: 'no-reply@dentalmarket.test',
  Destination: { ToAddresses: ['probe@dentalmarket.test'] },
  Content: { Simple: { Subject: { Data: 'layer probe' }, Body: { Text: { Data: 'hello' } } } } }))).MessageId;
process.stdout.write(JSON.stringify(seen));
`;

const dir = mkdtempSync(join(tmpdir(), 'sdk-layer-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the probe from a directory whose node_modules `link` makes, and answers what it saw. */
function probe(name: string, scope: string, link: (target: string) => void): Record<string, unknown> {
  const at = join(dir, name);
  mkdirSync(at, { recursive: true });
  link(join(at, 'node_modules'));
  writeFileSync(join(at, 'probe.mjs'), probeScript(scope));
  const run = spawnSync(process.execPath, [join(at, 'probe.mjs')], {
    encoding: 'utf8',
    env: { ...process.env, PROBE_ID: randomUUID(), SDK_MANIFEST: JSON.stringify(readSdkManifest(REPO_ROOT)) },
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe('the AWS SDK layer the functions load in the cloud', () => {
  it('answers every call the product makes as the installed SDK does', () => {
    const layerDir = join(dir, 'layer');
    const bytes = buildSdkLayerSync(REPO_ROOT, layerDir);
    expect(bytes).toBeGreaterThan(100_000);

    const fromLayer = probe('with-layer', SDK_LAYER_SCOPE, (target) => linkLayerModules(REPO_ROOT, layerDir, target));
    const installed = probe('installed', '@aws-sdk', (target) =>
      symlinkSync(join(REPO_ROOT, 'node_modules'), target, 'dir'),
    );

    // The layer's module was the one loaded, not the installed package.
    expect(String(fromLayer.resolved)).toContain('/layer/nodejs/node_modules/@aws-sdk-layer/client-dynamodb/index.mjs');
    expect(String(installed.resolved)).toContain('/node_modules/@aws-sdk/client-dynamodb/');
    const { resolved: _a, ...layerSaw } = fromLayer;
    const { resolved: _b, ...installedSaw } = installed;
    expect(layerSaw).toEqual({
      get: { PK: expect.stringMatching(/^SDKLAYERPROBE#/), SK: 'A', n: 2, tags: ['x'] },
      refused: { name: 'ConditionalCheckFailedException' },
      cancelled: { name: 'TransactionCanceledException', reasons: ['None', 'ConditionalCheckFailed'] },
      batchGet: ['c', 'd'],
      query: ['A', 'C'],
      tags: [{ Key: 'state', Value: 'probe' }],
      head: 11,
      body: 'hello layer',
      listed: [true],
      deleted: 1,
      mailed: 'string',
      unexported: [],
    });
    expect({ ...layerSaw, get: { ...(layerSaw.get as object), PK: '' } }).toEqual({
      ...installedSaw,
      get: { ...(installedSaw.get as object), PK: '' },
    });
  }, 120_000);
});
