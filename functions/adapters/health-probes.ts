/**
 * Health probes of the real components (GET /api/admin/sync/health; core/sync/sync-service.ts
 * HealthProbe): each measures its component now and says how. wiring/sync.ts lists them.
 */
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { HealthProbe } from '../core/sync/sync-service';
import { documentClient, tableName } from './aws-clients';
import { syncKeys } from './dynamodb/keys';
import { sesClient } from './ses-client';
import { queueAttributes } from './sqs-queue-admin';

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const started = Date.now();
  const value = await fn();
  return [value, Date.now() - started];
};

/** The table: one consistent GetItem. */
export const tableProbe: HealthProbe = {
  name: 'table',
  async probe() {
    const [, ms] = await timed(() =>
      documentClient().send(new GetCommand({ TableName: tableName(), Key: syncKeys.state, ConsistentRead: true })),
    );
    return { detail: `A consistent GetItem on table ${tableName()} answered in ${ms} ms` };
  },
};

/** An outside system's GET /health; slower than 2 s is degraded. */
export const outsideSystemProbe = (
  name: 'legacy_system' | 'internal_system',
  label: string,
  system: { ping(): Promise<number> },
): HealthProbe => ({
  name,
  async probe() {
    const ms = await system.ping();
    return { detail: `GET /health of the ${label} answered in ${ms} ms`, degraded: ms > 2000 };
  },
});

/** An SQS queue's depth and messages in flight. */
export async function sqsQueueHealth(queueUrl: string): Promise<{ detail: string }> {
  const [a, ms] = await timed(() =>
    queueAttributes(queueUrl, ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible']),
  );
  return {
    detail: `SQS GetQueueAttributes answered in ${ms} ms: ${a.ApproximateNumberOfMessages ?? 0} waiting, ${a.ApproximateNumberOfMessagesNotVisible ?? 0} in flight`,
  };
}

/** Mail: the local SES's answer, or SES's account (sending paused, or still in the sandbox: degraded). */
export const mailProbe = (sesEndpoint: () => string | undefined): HealthProbe => ({
  name: 'mail',
  async probe() {
    const endpoint = sesEndpoint();
    if (endpoint) {
      const [res, ms] = await timed(() => fetch(endpoint, { signal: AbortSignal.timeout(3000) }));
      await res.body?.cancel();
      return { detail: `The local SES answered HTTP ${res.status} in ${ms} ms` };
    }
    const [acc, ms] = await timed(() => sesClient().send(new GetAccountCommand({})));
    return {
      detail: `SES GetAccount answered in ${ms} ms: sending ${acc.SendingEnabled ? 'enabled' : 'paused'}${acc.ProductionAccessEnabled ? '' : ' (sandbox)'}`,
      degraded: !acc.SendingEnabled || !acc.ProductionAccessEnabled,
    };
  },
});
