import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TABLE_KEYS, USER_PROFILE_ATTRIBUTES } from '../functions/adapters/dynamodb/table-definition';
import { fulfilmentJobs } from '../functions/queues/fulfilment';
import { webhookDeliveries } from '../functions/queues/webhook-deliveries';
import { projectedAccess } from './api';
import { ServiceFunction } from './function-defaults';
import { FULFILMENT_WORKER_TIMEOUT, type Queues } from './queues';
import type { WorkerProps } from './worker-props';

/** Messages per invocation (worked on concurrently) and the most concurrent invocations. */
export const FULFILMENT_WORKER_BATCH_SIZE = 10;
/** SQS event sources allow 2 at the least; new accounts often have a Lambda concurrency quota of 10. */
export const FULFILMENT_WORKER_MAX_CONCURRENCY = 2;

/** Purchases, pool keys, apps, deliveries and the rate counters of licence webhooks (accounts: projected, below). */
export const FULFILMENT_WORKER_TABLE_KEYS: readonly string[] = [
  'PURCHASE#*',
  'LICENSEKEY#*',
  'POOLAVAIL#*',
  'APP#*',
  'APPSALES#*',
  'DELIVERY#*',
  'EVENTTYPES',
  'RATE#*',
  'SUPPRESSED#*',
  // A guest's licence mail carries a claim link.
  'CLAIM#*',
  // The buyer's install of the app, created when its licence is delivered.
  'INSTALLS#*',
];

export type FulfilmentProps = WorkerProps;

/**
 * Licence delivery in the background: the fulfilment worker, fed by the
 * fulfilment queue through an SQS event source that reports batch item failures. A failing message
 * returns alone; after the queue's maxReceiveCount receives (functions/queues/fulfilment.ts) the redrive policy moves it to the
 * fulfilment dead-letter queue (the purchase waits as Access Pending for the developer's manual
 * delivery). The worker calls developers' licence webhooks, claims pool keys, mails the buyer and
 * the developer and enqueues license.purchased webhook deliveries.
 *
 * The checkout and developer-apps functions only enqueue: grantEnqueue().
 */
export class Fulfilment extends Construct {
  readonly worker: ServiceFunction;
  private readonly queues: Queues;

  constructor(scope: Construct, id: string, props: FulfilmentProps) {
    super(scope, id);
    this.queues = props.queues;
    this.worker = new ServiceFunction(this, 'Worker', {
      entry: 'functions/workers/fulfilment-worker.ts',
      description:
        'Fulfilment worker: delivers the licences of queued purchases and serves buyers from refilled key pools',
      logs: props.logs,
      timeout: FULFILMENT_WORKER_TIMEOUT,
      environment: {
        RUNTIME: 'aws',
        TABLE_NAME: props.table.tableName,
        MAIL_FROM: props.mail.from,
        // license.purchased goes to the developer's webhooks through the delivery queue.
        [webhookDeliveries.urlVariable]: props.queues.webhookDelivery.queueUrl,
        // Licence webhooks are developer-chosen addresses: never internal ones.
        ALLOW_INTERNAL_WEBHOOK_TARGETS: 'false',
        LOG_LEVEL: 'info',
      },
    });
    this.worker.consumeQueue(props.queues.fulfilment, {
      batchSize: FULFILMENT_WORKER_BATCH_SIZE,
      maxConcurrency: props.config.workerConcurrency.fulfilment,
      deadLetterReason:
        'Invoked by the SQS event source, not asynchronously: a message that keeps failing moves to the fulfilment dead-letter queue (redrive policy, lib/queues.ts).',
    });
    this.worker.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'LicenceItems',
        // Purchases, pool keys (claimed in transactions with condition checks), apps, users, deliveries.
        actions: [
          'dynamodb:GetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:ConditionCheckItem',
        ],
        resources: [
          props.table.tableArn,
          ...TABLE_KEYS.indexes.map((index) => `${props.table.tableArn}/index/${index.name}`),
        ],
        // The partition keys the worker's code uses (test/infra/table-actions.test.ts).
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...FULFILMENT_WORKER_TABLE_KEYS] } },
      }),
    );
    // The buyer's and the developer's profile (names and addresses for the mails): never the
    // password hash, and no account write.
    for (const statement of projectedAccess(props.table, { 'USER#*': USER_PROFILE_ATTRIBUTES })) {
      this.worker.grantPrincipal.addToPrincipalPolicy(statement);
    }
    props.queues.webhookDelivery.grantSendMessages(this.worker);
    props.mail.grantSend(this.worker);
  }

  /** The functions that complete purchases or add pool keys: the queue's URL variable and send permission. */
  grantEnqueue(fn: ServiceFunction): void {
    fn.addEnvironment(fulfilmentJobs.urlVariable, this.queues.fulfilment.queueUrl);
    this.queues.fulfilment.grantSendMessages(fn);
  }

  /** The public origin for links in licence mails. */
  setAppUrl(url: string): void {
    this.worker.addEnvironment('APP_URL', url);
  }
}
