import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientsForTests } from '../adapters/aws-clients';
import { purchaseFixture } from '../core/purchases/testing';
import { captureLogLines } from '../http/capture-log-lines';
import { BUSINESS_METRICS, flushMetrics, storedMetricsForTests } from '../platform/metrics';
import { envForTests } from '../testing/env';
import { buildLicenceFulfilment } from '../wiring/fulfilment';
import { handler as mailWorker } from './mail-worker';
import { handler as syncWorker } from './sync-worker';
import { countAttempt, handler as webhookDelivery } from './webhook-delivery';

/**
 * The SQS workers' partial batch failures: a record that fails is reported in batchItemFailures
 * (only it returns to the queue), the others are not. The AWS clients are mocked with
 * aws-sdk-client-mock; everything else is the workers' real code.
 */
const VARS = [
  'RUNTIME',
  'SCRYPT_LOG2_N',
  'LOG_LEVEL',
  'JWT_SECRET',
  'DYNAMODB_ENDPOINT',
  'SES_ENDPOINT',
  'QUEUE_URL',
] as const;
const ses = mockClient(SESv2Client);
const ddb = mockClient(DynamoDBDocumentClient);
let lines: string[];

function record(messageId: string, body: string): SQSRecord {
  return {
    messageId,
    receiptHandle: `rh-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '0',
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:queue',
    awsRegion: 'us-east-1',
  };
}
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const context = { awsRequestId: 'invocation-1', functionName: 'worker' };
const mail = (to: string) => JSON.stringify({ kind: 'mail', mail: { to, subject: 'Hello', text: 'Hi' } });

const setEnv = envForTests(VARS, resetClientsForTests);
beforeEach(() => {
  // The cloud's configuration (no local endpoints); the integration setup's SCRYPT_LOG2_N would refuse it.
  setEnv({
    RUNTIME: 'aws',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'unit-test-secret-unit-test-secret-0123',
    QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/deliveries',
  });
  ses.reset();
  ddb.reset();
  lines = [];
  captureLogLines(lines);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('mail worker', () => {
  it('reports only the mail SES refused and the message that is not a mail', async () => {
    ddb.on(GetCommand).resolves({}); // nobody is on the suppression list
    ses.on(SendEmailCommand).callsFake((input: { Destination?: { ToAddresses?: string[] } }) => {
      if (input.Destination?.ToAddresses?.includes('down@example.com')) throw new Error('SES is down');
      return { MessageId: 'ses-1' };
    });
    const res = await mailWorker(
      batch(record('m-ok', mail('ok@example.com')), record('m-ses', mail('down@example.com')), record('m-bad', '{}')),
      context,
    );
    expect(res.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m-bad', 'm-ses']);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(2);
    // Each failure is logged with the invocation's request id and its own message id.
    const failures = lines.map((l) => JSON.parse(l)).filter((e) => e.message === 'mail queue message failed');
    expect(failures.map((e) => [e.correlation_id, e.messageId]).sort()).toEqual([
      ['invocation-1', 'm-bad'],
      ['invocation-1', 'm-ses'],
    ]);
  });

  it('reports nothing when every record is handled', async () => {
    ddb.on(GetCommand).resolves({});
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const res = await mailWorker(
      batch(record('a', mail('a@example.com')), record('b', mail('b@example.com'))),
      context,
    );
    expect(res).toEqual({ batchItemFailures: [] });
  });
});

describe('webhook delivery worker', () => {
  it('reports the poison message and the one whose storage failed, not the delivery that no longer exists', async () => {
    // The worker first claims the delivery (a conditional update).
    ddb.on(UpdateCommand).callsFake((input: { Key?: Record<string, string> }) => {
      if (JSON.stringify(input.Key).includes('msg_storagefails')) throw new Error('DynamoDB is down');
      return {}; // nothing to claim: the delivery is gone or done
    });
    const message = (id: string) => JSON.stringify({ delivery_id: id, attempt: 0 });
    const res = await webhookDelivery(
      batch(
        record('gone', message('msg_gone')),
        record('poison', 'not json'),
        record('storage', message('msg_storagefails')),
      ),
      context,
    );
    expect(res.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['poison', 'storage']);
  });
});

describe('sync worker', () => {
  it('works the jobs one after the other and reports only the one that failed', async () => {
    ddb.on(GetCommand).callsFake((input: { Key?: Record<string, string> }) => {
      if (JSON.stringify(input.Key).includes('run-fails')) throw new Error('DynamoDB is down');
      return {}; // an unknown run: a duplicate message, nothing to do
    });
    const job = (runId: string) => JSON.stringify({ kind: 'run', run_id: runId });
    const res = await syncWorker(
      batch(record('s1', job('run-unknown')), record('s2', job('run-fails')), record('s3', 'not json')),
      context,
    );
    // A job that is not JSON is dropped (logged), never retried; the failed read is retried.
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 's2' }]);
  });
});

/**
 * The business metrics the alarms "webhook deliveries given up" and "licence deliveries failed"
 * (lib/observability.ts) watch, as the Lambdas record them (Powertools Metrics, flushed per invocation).
 */
describe('business metrics', () => {
  const stored = (name: keyof typeof BUSINESS_METRICS) => storedMetricsForTests()[BUSINESS_METRICS[name]];
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined); // the flushed EMF line
    flushMetrics(); // start with nothing recorded
  });
  afterEach(() => flushMetrics());

  it('a webhook delivery given up (last retry failed, or its endpoint disabled) counts "given up"; a retry only "failed"', () => {
    countAttempt('retry');
    expect(stored('webhookFailed')).toBe(1);
    expect(stored('webhookGaveUp')).toBeUndefined();
    countAttempt('failed');
    countAttempt('disabled');
    expect(stored('webhookGaveUp')).toEqual([1, 1]);
    countAttempt('succeeded');
    countAttempt('cancelled');
    countAttempt('skipped');
    expect(stored('webhookGaveUp')).toEqual([1, 1]);
    expect(stored('webhookDelivered')).toBe(1);
  });

  it('the fulfilment wiring counts "licence delivery failed" when the app is gone (app_gone)', async () => {
    ddb.onAnyCommand().resolves({}); // the purchase is set to manual_pending; nobody is suppressed
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const fulfilment = buildLicenceFulfilment({ events: null }, { getById: async () => undefined });
    const delivery = await fulfilment.fulfil(
      purchaseFixture({
        app_id: 'gone-app',
        status: 'completed',
        completed_at: '2026-03-01T11:01:00.000Z',
        fulfilment: 'pending',
      }),
    );
    expect(delivery?.license_status).toBe('manual_pending');
    expect(stored('licenceUndelivered')).toBe(1);
  });
});
