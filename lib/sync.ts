import { Arn, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { USER_PROFILE_ATTRIBUTES } from '../functions/adapters/dynamodb/table-definition';
import { syncJobs } from '../functions/queues/sync-jobs';
import { webhookDeliveries } from '../functions/queues/webhook-deliveries';
import { type TableAction, tableAccess } from './api';
import type { AppConfig } from './app-config';
import { ServiceFunction } from './function-defaults';
import type { EncryptedLogs } from './logs';
import type { Mail } from './mail';
import { acknowledgeWildcards } from './nag';
import { type Queues, SYNC_WORKER_TIMEOUT } from './queues';
import type { AppSecrets } from './secrets';

/** One sync job per invocation: a job is a whole run, and one failing must not hold back another. */
export const SYNC_WORKER_BATCH_SIZE = 1;
/** At most this many jobs at once (SQS event sources allow 2 at the least); runs of one type are locked anyway. */
export const SYNC_WORKER_MAX_CONCURRENCY = 2;
/** EventBridge Scheduler's schedules live in a group; the sync uses the account's default group. */
export const SYNC_SCHEDULE_GROUP = 'default';

/** Sync items (runs, locks, catalogue, legacy users and events): test/infra/table-actions.test.ts checks the bundle. */
export const SYNC_WORKER_TABLE_ACTIONS: readonly TableAction[] = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/**
 * The partition keys the sync worker reads (dynamodb:LeadingKeys; test/infra/table-actions.test.ts
 * derives them from its code). Accounts only as profiles (the projected grant below).
 */
export const SYNC_WORKER_TABLE_READS: readonly string[] = [
  'SYNCSTATE',
  'SYNCRUN#*',
  'SYNCFEATURES',
  'SYNCRELS',
  'SYNCTABLES',
  'SYNCEVENTTYPES',
  'LEGACYUSER#*',
  'LEGACYUSERS',
  'APP#*',
  'BUYER#*',
  // A practice's installs: an event reaches only the apps whose install grants it.
  'INSTALLS#*',
  // An imported legacy account found by its address (the address claim's user id).
  'EMAIL#*',
  // Invitations of imported accounts: the suppressed addresses.
  'SUPPRESSED#*',
  // The marketplace listing's builds (a listing job on the sync queue): the catalogue's cards in.
  'LISTING',
  'CATALOGUE',
  'CATEGORIES',
  'MARKET',
  // A proven address's purchases counted as installations a page at a time
  // (functions/core/purchases/installations.ts).
  'PURCHASE#*',
  // Catalogue jobs (functions/core/apps/catalogue-jobs.ts): a category's apps re-filed a page at a
  // time (GSI3 partitions, the category counters).
  'MARKETCAT#*',
  'CATAPPS#*',
  'CATEGORYCOUNTS',
];

/** The partition keys the sync worker writes (dynamodb:LeadingKeys; test/infra/table-actions.test.ts). */
export const SYNC_WORKER_TABLE_WRITES: readonly string[] = [
  'SYNCSTATE',
  'SYNCRUN#*',
  'SYNCLOCK#*',
  'SYNCFAILED#*',
  'SYNCFEATURE#*',
  'SYNCFEATURES',
  'SYNCREL#*',
  'SYNCRELS',
  'SYNCTABLE#*',
  'SYNCTABLES',
  'LEGACYUSER#*',
  'EVENTTYPE#*',
  'EVENTTYPES',
  'APP#*',
  'DELIVERY#*',
  // An imported legacy account: its account item and its address claim in one transaction.
  'USER#*',
  'EMAIL#*',
  // User Management's counts: an imported account counts as invited.
  'USERCOUNTS',
  // Invitations of imported accounts (their links, the per-recipient mail cap).
  'INVITE#*',
  'RATE#*',
  // Run pointers, the catalogue counts and the hourly summaries of empty polls.
  'SYNCPOINTER#*',
  'SYNCCOUNTS',
  'SYNCPOLLHOUR#*',
  // The marketplace listing's builds.
  'LISTING',
  'LISTING#*',
  'CATALOGUE',
  // A proven address's purchase counted: the purchase's mark and its app's counter (APP#*,
  // CATALOGUE above) in one transaction, which names the event-marker kind it shares with the webhook.
  'PURCHASE#*',
  'STRIPEEVENT#*',
  // Catalogue jobs: the category and App Management counters, a deleted app's key pool deleted a
  // page at a time (APP#* above), and the old slug a category held while its apps moved off it,
  // freed by the re-filing's last page.
  'CATEGORYCOUNTS',
  'APPCOUNTS',
  'CATSLUG#*',
];

export interface SyncProps {
  readonly config: AppConfig;
  readonly table: dynamodb.ITable;
  readonly queues: Queues;
  readonly secrets: AppSecrets;
  readonly logs: EncryptedLogs;
  /** The legacy_users job mails each imported account its invitation (functions/wiring/invitations.ts). */
  readonly mail: Mail;
}

/**
 * The cloud side of the sync with the practice systems:
 * - the API keys of the internal and the legacy system, one Secrets Manager secret each (the
 *   operator puts the key issued by each system into it; the functions read it by ARN);
 * - the sync worker, fed by the sync queue through an SQS event source that reports batch item
 *   failures (a failing job is received again and after the queue's maxReceiveCount receives,
 *   functions/queues/sync-jobs.ts, moves to the sync dead-letter queue, from where
 *   POST /queue/retry-failed re-drives it);
 * - the EventBridge Scheduler schedule that sends legacy-event polls to the sync queue, created
 *   DISABLED: POST /api/admin/sync/polling/start enables it (and sets its rate), /stop disables it.
 *   Its role may only send to the sync queue.
 * The sync route group's function gets its environment and grants from configureRouteFunction().
 */
export class Sync extends Construct {
  readonly internalSystemKey: secretsmanager.Secret;
  readonly legacySystemKey: secretsmanager.Secret;
  readonly worker: ServiceFunction;
  readonly schedule: scheduler.CfnSchedule;
  readonly schedulerRole: iam.Role;
  private readonly props: SyncProps;
  private readonly scheduleName: string;

  constructor(scope: Construct, id: string, props: SyncProps) {
    super(scope, id);
    this.props = props;
    const { queues } = props;

    const keySecret = (name: string, system: string) => {
      const secret = new secretsmanager.Secret(this, name, {
        description: `API key of the ${system} the sync calls (put the key it issued as the secret string)`,
        // A placeholder until the operator stores the real key: calls then fail with a clear 401 detail.
        generateSecretString: { passwordLength: 40, excludePunctuation: true, includeSpace: false },
      });
      const rotation = `Issued by the ${system}, not by this product: it is replaced by hand when that system issues a new key.`;
      Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: rotation });
      Validations.of(secret).acknowledge({ id: 'HIPAA.Security-SecretsManagerRotationEnabled', reason: rotation });
      Validations.of(secret).acknowledge({
        id: 'HIPAA.Security-SecretsManagerUsingKMSKey',
        reason:
          'An API key, not patient data; the AWS managed key encrypts it and IAM limits reading to the sync functions.',
      });
      return secret;
    };
    this.internalSystemKey = keySecret('InternalSystemApiKey', 'internal practice system');
    this.legacySystemKey = keySecret('LegacySystemApiKey', 'legacy developer portal');

    // The scheduler's role: assumed by EventBridge Scheduler of this account only, may send to the sync queue only.
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'EventBridge Scheduler: sends legacy-event polls to the sync queue',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    const schedulerPolicy = new iam.ManagedPolicy(this, 'SchedulerPolicy', {
      description: 'EventBridge Scheduler: sends legacy-event polls to the sync queue',
      roles: [this.schedulerRole],
      statements: [
        new iam.PolicyStatement({ sid: 'SendPolls', actions: ['sqs:SendMessage'], resources: [queues.sync.queueArn] }),
      ],
    });

    this.scheduleName = `${props.config.appName}-legacy-event-poll`;
    this.schedule = new scheduler.CfnSchedule(this, 'PollSchedule', {
      name: this.scheduleName,
      groupName: SYNC_SCHEDULE_GROUP,
      description: 'Legacy event polling (enabled by POST /api/admin/sync/polling/start)',
      // Created disabled: polling starts only when an admin starts it. Its finest rate is one minute.
      state: 'DISABLED',
      scheduleExpression: 'rate(1 minute)',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: queues.sync.queueArn,
        roleArn: this.schedulerRole.roleArn,
        input: JSON.stringify({ kind: 'poll', interval_seconds: 60, spread: false }),
        retryPolicy: { maximumRetryAttempts: 3, maximumEventAgeInSeconds: 300 },
      },
    });
    this.schedule.node.addDependency(schedulerPolicy);

    this.worker = new ServiceFunction(this, 'Worker', {
      entry: 'functions/workers/sync-worker.ts',
      description: 'Sync worker: runs queued sync jobs (catalogue loads, legacy users, legacy-event polls)',
      logs: props.logs,
      timeout: SYNC_WORKER_TIMEOUT,
      environment: {
        RUNTIME: 'aws',
        TABLE_NAME: props.table.tableName,
        ALLOW_INTERNAL_WEBHOOK_TARGETS: 'false',
        LOG_LEVEL: 'info',
        MAIL_FROM: props.mail.from,
        ...this.environment(),
        // Legacy events are handed to the webhook pipeline through the delivery queue.
        [webhookDeliveries.urlVariable]: queues.webhookDelivery.queueUrl,
      },
    });
    this.worker.consumeQueue(queues.sync, {
      batchSize: SYNC_WORKER_BATCH_SIZE,
      maxConcurrency: props.config.workerConcurrency.sync,
      deadLetterReason:
        'Invoked by the SQS event source, not asynchronously: a job that keeps failing moves to the sync dead-letter queue (redrive policy, lib/queues.ts).',
    });
    for (const statement of tableAccess(props.table, SYNC_WORKER_TABLE_ACTIONS, {
      reads: SYNC_WORKER_TABLE_READS,
      writes: SYNC_WORKER_TABLE_WRITES,
      // An imported account's profile (is it there, is it invited): never the password hash.
      projected: { 'USER#*': USER_PROFILE_ATTRIBUTES },
    })) {
      this.worker.grantPrincipal.addToPrincipalPolicy(statement);
    }
    // Polls under a minute queue the minute's further polls with delays.
    queues.sync.grantSendMessages(this.worker);
    queues.webhookDelivery.grantSendMessages(this.worker);
    props.mail.grantSend(this.worker);
    this.grantKeys(this.worker);
  }

  /** The schedule's ARN (what the route function may read and update). */
  get scheduleArn(): string {
    return Arn.format(
      { service: 'scheduler', resource: 'schedule', resourceName: `${SYNC_SCHEDULE_GROUP}/${this.scheduleName}` },
      Stack.of(this),
    );
  }

  /** What both the route function and the worker read (functions/config.ts, functions/wiring/sync.ts). */
  private environment(): Record<string, string> {
    const { config, queues } = this.props;
    return {
      [syncJobs.urlVariable]: queues.sync.queueUrl,
      SYNC_QUEUE_ARN: queues.sync.queueArn,
      SYNC_DLQ_URL: queues.syncDeadLetter.queueUrl,
      INTERNAL_SYSTEM_SECRET_ARN: this.internalSystemKey.secretArn,
      LEGACY_SYSTEM_SECRET_ARN: this.legacySystemKey.secretArn,
      ...(config.internalSystemUrl ? { INTERNAL_SYSTEM_URL: config.internalSystemUrl } : {}),
      ...(config.legacySystemUrl ? { LEGACY_SYSTEM_URL: config.legacySystemUrl } : {}),
    };
  }

  private grantKeys(grantee: iam.IGrantable): void {
    this.internalSystemKey.grantRead(grantee);
    this.legacySystemKey.grantRead(grantee);
  }

  /**
   * A route function that asks the sync worker for catalogue jobs (a category's re-filing, a deleted
   * app's key pool): the queue's URL variable and send permission only.
   */
  grantEnqueue(fn: ServiceFunction): void {
    fn.addEnvironment(syncJobs.urlVariable, this.props.queues.sync.queueUrl);
    this.props.queues.sync.grantSendMessages(fn);
  }

  /**
   * The sync route group's function: enqueues runs and the first poll, reads the queues' depth,
   * re-drives the dead-letter queue, turns the poll schedule on and off (passing it its role), and
   * measures health (the outside systems with their keys, the webhook queue, SES).
   */
  configureRouteFunction(fn: ServiceFunction): void {
    const { queues } = this.props;
    for (const [key, value] of Object.entries({
      ...this.environment(),
      SYNC_SCHEDULE_NAME: this.scheduleName,
      SYNC_SCHEDULE_GROUP: SYNC_SCHEDULE_GROUP,
      SYNC_SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
      [webhookDeliveries.urlVariable]: queues.webhookDelivery.queueUrl,
    })) {
      fn.function.addEnvironment(key, value);
    }
    this.grantKeys(fn);
    const principal = fn.grantPrincipal;
    principal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SyncQueue',
        actions: ['sqs:SendMessage', 'sqs:GetQueueAttributes'],
        resources: [queues.sync.queueArn],
      }),
    );
    // StartMessageMoveTask moves the dead letters back: it receives and deletes them on the caller's behalf.
    principal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SyncDeadLetters',
        actions: ['sqs:GetQueueAttributes', 'sqs:StartMessageMoveTask', 'sqs:ReceiveMessage', 'sqs:DeleteMessage'],
        resources: [queues.syncDeadLetter.queueArn],
      }),
    );
    principal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'WebhookQueueHealth',
        actions: ['sqs:GetQueueAttributes'],
        resources: [queues.webhookDelivery.queueArn],
      }),
    );
    principal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'PollSchedule',
        actions: ['scheduler:GetSchedule', 'scheduler:UpdateSchedule'],
        resources: [this.scheduleArn],
      }),
    );
    principal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'PassSchedulerRole',
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    principal.addToPrincipalPolicy(
      new iam.PolicyStatement({ sid: 'MailHealth', actions: ['ses:GetAccount'], resources: ['*'] }),
    );
    acknowledgeWildcards(
      fn,
      /^Resource::\*$/,
      'ses:GetAccount (the health check of mail) is an account-level read that supports no resource-level permission.',
    );
  }
}
