import { CfnOutput, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { mailRetries } from '../functions/queues/mail';
import type { AppConfig } from './app-config';
import { ServiceFunction } from './function-defaults';
import type { EncryptedLogs } from './logs';
import { MAIL_WORKER_TIMEOUT, workerQueue } from './queues';
import type { AppSecrets } from './secrets';

/** SES publishes to EventBridge under these detail types (its "event publishing" events). */
export const SES_FEEDBACK_DETAIL_TYPES = ['Email Bounced', 'Email Complaint Received'];
export const MAIL_WORKER_BATCH_SIZE = 10;
export const MAIL_WORKER_MAX_CONCURRENCY = 2;

export interface MailProps {
  readonly config: AppConfig;
  readonly table: dynamodb.ITable;
  readonly secrets: AppSecrets;
  readonly logs: EncryptedLogs;
}

/**
 * E-mail through SES:
 * - the domain identity of the mail domain (context mailDomain, default mailFrom's domain) with
 *   Easy DKIM (2048-bit): the stack outputs the three CNAME records to publish (createMailIdentity
 *   false when the domain is verified in SES already);
 * - a configuration set every mail is sent through, whose bounce and complaint events go to
 *   EventBridge; a rule puts them on the mail-events queue;
 * - the mail queue, where a send that failed waits for its retry;
 * - the mail worker on both queues (partial batch failures, dead-letter queues): it retries the
 *   failed sends and records bounced and complaining addresses on the suppression list, which the
 *   functions check before every send and admins see on the dashboard.
 * Sending is allowed only from the configured sender, through the configuration set.
 */
export class Mail extends Construct {
  readonly from: string;
  readonly domain: string;
  readonly configurationSet: ses.ConfigurationSet;
  readonly identity?: ses.EmailIdentity;
  readonly queue: sqs.Queue;
  readonly deadLetter: sqs.Queue;
  readonly feedbackRule: events.Rule;
  readonly worker: ServiceFunction;
  private readonly identityArns: string[];

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const { config } = props;
    this.from = config.mailFrom;
    this.domain = config.mailDomain;
    const stack = Stack.of(this);
    const identityArn = (identity: string) =>
      stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
    // SES authorizes a send against the most specific verified identity: the address, its domain,
    // or the parent domain the stack verifies when mailFrom is on a subdomain of mailDomain
    // (-c mailDomain=example.com, mailFrom no-reply@mail.example.com). All three are allowed.
    this.identityArns = [
      ...new Set([identityArn(this.from), identityArn(this.from.split('@')[1] as string), identityArn(this.domain)]),
    ];

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      // SES publishes to the account's default event bus only.
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    if (config.createMailIdentity) {
      this.identity = new ses.EmailIdentity(this, 'DomainIdentity', {
        identity: ses.Identity.domain(this.domain),
        dkimSigning: true,
        dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
        configurationSet: this.configurationSet,
      });
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, {
          description: `DKIM: publish this CNAME in the DNS of ${this.domain} (name = value)`,
          value: `${record.name} = ${record.value}`,
        });
      });
    }

    [this.queue, this.deadLetter] = workerQueue(this, 'MailRetry', 'MailDeadLetter', mailRetries, MAIL_WORKER_TIMEOUT);
    this.feedbackRule = new events.Rule(this, 'BounceAndComplaintEvents', {
      // One queue (and so one event source of the worker) for failed sends and feedback alike: each
      // SQS event source holds at least 2 of a new account's 10 concurrent executions.
      description: 'SES bounces and complaints of this configuration set, to the mail queue',
      eventPattern: {
        source: ['aws.ses'],
        detailType: SES_FEEDBACK_DETAIL_TYPES,
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSet.configurationSetName] } } },
      },
      targets: [new targets.SqsQueue(this.queue, { deadLetterQueue: this.deadLetter, retryAttempts: 10 })],
    });

    this.worker = new ServiceFunction(this, 'Worker', {
      entry: 'functions/workers/mail-worker.ts',
      description: 'Mail worker: retries failed sends, records bounced and complaining addresses as suppressed',
      logs: props.logs,
      timeout: MAIL_WORKER_TIMEOUT,
      environment: {
        RUNTIME: 'aws',
        TABLE_NAME: props.table.tableName,
        LOG_LEVEL: 'info',
      },
    });
    this.worker.consumeQueue(this.queue, {
      batchSize: MAIL_WORKER_BATCH_SIZE,
      maxConcurrency: config.workerConcurrency.mail,
      deadLetterReason:
        'Invoked by SQS event sources, not asynchronously: a message that keeps failing moves to its queue’s dead-letter queue (redrive policy).',
      concurrencyReason: `The SQS event sources’ maxConcurrency (${config.workerConcurrency.mail}) bounds the worker without reserving account concurrency.`,
    });
    this.worker.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SuppressionList',
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
        resources: [props.table.tableArn],
        // The suppression list's items only (test/infra/table-actions.test.ts).
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SUPPRESSED#*'] } },
      }),
    );
    this.grantSend(this.worker);
  }

  /**
   * ses:SendEmail (the SES v2 API the functions use) as the configured sender only, through the
   * configuration set; the suppression list is read with the table access every sender has; a
   * failed send goes to the mail queue.
   */
  grantSend(fn: ServiceFunction): void {
    fn.addEnvironment('SES_CONFIGURATION_SET', this.configurationSet.configurationSetName);
    fn.addEnvironment('MAIL_FROM', this.from);
    if (fn !== this.worker) {
      fn.addEnvironment(mailRetries.urlVariable, this.queue.queueUrl);
      this.queue.grantSendMessages(fn);
    }
    fn.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'SendMailAsConfiguredSender',
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          ...this.identityArns,
          Stack.of(this).formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: this.configurationSet.configurationSetName,
          }),
        ],
        conditions: { StringEquals: { 'ses:FromAddress': this.from } },
      }),
    );
  }
}
