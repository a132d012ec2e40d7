import { Duration, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { USER_PROFILE_ATTRIBUTES } from '../functions/adapters/dynamodb/table-definition';
import { webhookDeliveries } from '../functions/queues/webhook-deliveries';
import { type TableAction, tableAccess } from './api';
import { ServiceFunction } from './function-defaults';
import type { WorkerProps } from './worker-props';

/** The delivery worker's timeout: a webhook gets 15 s, plus storage; the queue's visibility is six times this. */
export const WEBHOOK_WORKER_TIMEOUT = Duration.seconds(30);
/**
 * Messages per invocation (worked on concurrently) and the most concurrent invocations: 2 (SQS's
 * minimum) keeps the workers within a new account's 10 concurrent executions (lib/deploy-env.ts)
 * while still delivering 20 webhooks at once.
 */
export const WEBHOOK_WORKER_BATCH_SIZE = 10;
export const WEBHOOK_WORKER_MAX_CONCURRENCY = 2;

/** Deliveries, logs, retries and endpoint state: reads, puts and updates (test/infra/table-actions.test.ts). */
export const WEBHOOK_WORKER_TABLE_ACTIONS: readonly TableAction[] = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
];

/** The partition keys the delivery worker and the scheduler read (dynamodb:LeadingKeys; test/infra/table-actions.test.ts). */
export const WEBHOOK_WORKER_TABLE_READS: readonly string[] = [
  'DELIVERY#*',
  'DUEDELIVERY',
  'WEBHOOKLOG#*',
  'WEBHOOKFAILING',
  'APP#*',
  'APPSALES#*',
  'PURCHASE#*',
  'MANUALPENDING',
  'MARKET',
  // The manual licences pending from before their index: every app once, listed and unlisted
  // (GSI2 MARKET and APPS), then a marker (MIGRATION#).
  'APPS',
  'MIGRATION#*',
  'SUPPRESSED#*',
  'RATE#*',
];

/** The partition keys they write: deliveries and their logs, endpoint state, reminders, the marker. */
export const WEBHOOK_WORKER_TABLE_WRITES: readonly string[] = [
  'DELIVERY#*',
  'WEBHOOKLOG#*',
  'APP#*',
  'PURCHASE#*',
  'MIGRATION#*',
  'RATE#*',
];

export type WebhookWorkersProps = WorkerProps;

/**
 * The non-HTTP side of webhooks (functions/workers/):
 * - the delivery worker, fed by the delivery queue through an SQS event source that reports
 *   batch item failures (a failing message returns alone; after maxReceiveCount the queue's
 *   redrive policy moves it to the dead-letter queue);
 * - the scheduler, run every minute by an EventBridge rule: it enqueues long-delay retries when
 *   due and disables endpoints failing for days.
 * Both read and write the table, enqueue deliveries and may e-mail a developer.
 */
export class WebhookWorkers extends Construct {
  readonly delivery: ServiceFunction;
  readonly scheduler: ServiceFunction;
  readonly schedule: events.Rule;

  constructor(scope: Construct, id: string, props: WebhookWorkersProps) {
    super(scope, id);
    const environment: Record<string, string> = {
      RUNTIME: 'aws',
      TABLE_NAME: props.table.tableName,
      MAIL_FROM: props.mail.from,
      [webhookDeliveries.urlVariable]: props.queues.webhookDelivery.queueUrl,
      ALLOW_INTERNAL_WEBHOOK_TARGETS: 'false',
      WEBHOOK_TIMEOUT_MS: '15000',
      LOG_LEVEL: 'info',
      // No secrets: these workers call developer-chosen addresses, so they get no secret at all.
    };

    this.delivery = new ServiceFunction(this, 'Delivery', {
      entry: 'functions/workers/webhook-delivery.ts',
      description: 'Webhook delivery worker: signs and POSTs queued deliveries, logs them, schedules retries',
      logs: props.logs,
      timeout: WEBHOOK_WORKER_TIMEOUT,
      environment,
    });
    this.delivery.consumeQueue(props.queues.webhookDelivery, {
      batchSize: WEBHOOK_WORKER_BATCH_SIZE,
      maxConcurrency: props.config.workerConcurrency.webhookDelivery,
      deadLetterReason:
        'Invoked by the SQS event source, not asynchronously: a message that keeps failing moves to the delivery queue’s dead-letter queue (redrive policy, lib/queues.ts).',
      concurrencyReason:
        'The SQS event source’s maxConcurrency bounds the worker without reserving account concurrency.',
    });

    this.scheduler = new ServiceFunction(this, 'Scheduler', {
      entry: 'functions/workers/webhook-scheduler.ts',
      description: 'Webhook scheduler: enqueues due retries, disables endpoints failing for days',
      logs: props.logs,
      timeout: Duration.seconds(60),
      environment,
    });
    this.schedule = new events.Rule(this, 'EveryMinute', {
      description: 'Runs the webhook scheduler',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(this.scheduler.function, { retryAttempts: 0 })],
    });
    // The rule's retryAttempts is EventBridge's; Lambda's own async retries (2 by default, up to
    // minutes later) would run a failed sweep again beside the next minute's run. None: the next
    // run is the retry.
    this.scheduler.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.seconds(60) });

    for (const fn of [this.delivery, this.scheduler]) {
      for (const statement of tableAccess(props.table, WEBHOOK_WORKER_TABLE_ACTIONS, {
        reads: WEBHOOK_WORKER_TABLE_READS,
        writes: WEBHOOK_WORKER_TABLE_WRITES,
        // An app's developer (whose address a failing endpoint's mail goes to): the profile only.
        projected: { 'USER#*': USER_PROFILE_ATTRIBUTES },
      })) {
        fn.grantPrincipal.addToPrincipalPolicy(statement);
      }
      props.queues.webhookDelivery.grantSendMessages(fn);
      props.mail.grantSend(fn);
    }

    const ack = (fn: ServiceFunction, ruleId: string, reason: string) =>
      Validations.of(fn.function).acknowledge({ id: ruleId, reason });
    ack(
      this.scheduler,
      'HIPAA.Security-LambdaDLQ',
      'A failed run loses nothing: the next run a minute later sweeps the same due deliveries and failing endpoints.',
    );
    ack(
      this.scheduler,
      'HIPAA.Security-LambdaConcurrency',
      'Invoked once a minute by one EventBridge rule; each run is idempotent (conditional writes).',
    );
  }

  /** The public origin for the link in "webhook disabled" mails. */
  setAppUrl(url: string): void {
    this.delivery.addEnvironment('APP_URL', url);
    this.scheduler.addEnvironment('APP_URL', url);
  }
}
