import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '../functions/adapters/dynamodb/table-definition';
import { Api } from './api';
import type { AppConfig } from './app-config';
import type { DataStack } from './data-stack';
import { Fulfilment } from './fulfilment';
import { EncryptedLogs } from './logs';
import { Mail } from './mail';
import { Observability } from './observability';
import { Queues } from './queues';
import { AppSecrets } from './secrets';
import { Site } from './site';
import { SYNC_SCHEDULE_GROUP, Sync } from './sync';
import { uploadsBucketName } from './uploads';
import { EdgeWaf } from './waf';
import { WebhookWorkers } from './webhook-workers';
import type { WorkerProps } from './worker-props';

export interface AppStackProps extends StackProps {
  readonly config: AppConfig;
  readonly data: DataStack;
  /** The web ACL made by the edge stack in us-east-1, when this stack is in another region. */
  readonly edgeWebAclArn?: string;
}

/**
 * Everything that can be rebuilt from the repository: the API and its functions, the queues, the
 * site distribution, mail permissions and secrets. The stateful resources come from DataStack.
 */
export class AppStack extends Stack {
  readonly api: Api;
  readonly site: Site;
  readonly queues: Queues;
  readonly webhookWorkers: WebhookWorkers;
  readonly sync: Sync;
  readonly fulfilment: Fulfilment;
  readonly observability: Observability;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config, data } = props;

    this.addStackDependency(data);
    // By name, not by reference: see uploadsBucketName().
    const uploadsBucket = s3.Bucket.fromBucketName(
      this,
      'UploadsBucket',
      uploadsBucketName(config.appName, this.account, this.region),
    );
    const logs = new EncryptedLogs(this, 'Logs', { retentionDays: config.logRetentionDays });
    this.queues = new Queues(this, 'Queues');
    const secrets = new AppSecrets(this, 'Secrets', { stripeSecretName: config.stripeSecretName });
    // SES domain identity (DKIM), configuration set, bounce/complaint events, mail queues and worker.
    const mail = new Mail(this, 'Mail', { config, table: data.table, secrets, logs });

    // Sync with the practice systems: worker on the sync queue, poll schedule, outside-system keys.
    this.sync = new Sync(this, 'Sync', { config, table: data.table, queues: this.queues, secrets, logs, mail });
    // Licence delivery in the background: worker on the fulfilment queue.
    const workers: WorkerProps = { config, table: data.table, queues: this.queues, mail, secrets, logs };
    this.fulfilment = new Fulfilment(this, 'Fulfilment', workers);
    this.api = new Api(this, 'Api', {
      sync: this.sync,
      fulfilment: this.fulfilment,
      config,
      table: data.table,
      uploadsBucket,
      queues: this.queues,
      mail,
      secrets,
      logs,
    });
    // The distribution's web ACL: context webAclArn, else the edge stack's (other regions), else
    // made here (CLOUDFRONT-scope web ACLs exist only in us-east-1).
    const webAclArn = config.webAclArn ?? props.edgeWebAclArn ?? new EdgeWaf(this, 'Waf', { logs }).webAcl.attrArn;
    this.site = new Site(this, 'Site', {
      config,
      apiDomainName: this.api.originDomainName,
      uploadsBucket,
      accessLogs: data.accessLogsBucket,
      logs,
      secrets,
      webAclArn,
    });
    // Webhook delivery worker (SQS) and scheduler (every minute): functions/workers/.
    this.webhookWorkers = new WebhookWorkers(this, 'WebhookWorkers', workers);
    // Alarms to one SNS topic (deploy parameter AlarmEmail) and the dashboard; after every function exists.
    this.observability = new Observability(this, 'Observability', {
      httpApi: this.api.httpApi,
      tableName: data.table.tableName,
      indexNames: TABLE_KEYS.indexes.map((index) => index.name),
      // Every worker queue's dead letters, and how long the oldest delivery has waited.
      queues: {
        deadLetters: {
          webhookDelivery: this.queues.webhookDeadLetter,
          sync: this.queues.syncDeadLetter,
          fulfilment: this.queues.fulfilmentDeadLetter,
          mail: mail.deadLetter,
        },
        webhookDelivery: this.queues.webhookDelivery,
        fulfilment: this.queues.fulfilment,
      },
      ruleNames: [this.webhookWorkers.schedule.ruleName],
      scheduleGroup: SYNC_SCHEDULE_GROUP,
    });
    this.api.setAppUrl(config.appUrl ?? this.site.url);
    this.webhookWorkers.setAppUrl(config.appUrl ?? this.site.url);
    this.fulfilment.setAppUrl(config.appUrl ?? this.site.url);

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The product: SPA, /api, /v1 and /uploads' });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'StripeSecretArn', {
      value: secrets.stripe.secretArn,
      description: 'Put {"secretKey": "sk_...", "webhookSecret": "whsec_..."} here; payments answer 503 until then',
    });
    new CfnOutput(this, 'JwtSecretArn', {
      value: secrets.jwt.secretArn,
      description: 'Access-token signing key {"kid", "secret", "previous"?} (README: rotating secrets)',
    });
    new CfnOutput(this, 'OriginVerifySecretArn', {
      value: secrets.originVerify.secretArn,
      description: 'The origin header value: rotate with npm run rotate:origin-secret (docs/runbook.md)',
    });
    new CfnOutput(this, 'WebhookQueueUrl', { value: this.queues.webhookDelivery.queueUrl });
    new CfnOutput(this, 'SyncQueueUrl', { value: this.queues.sync.queueUrl });
    new CfnOutput(this, 'FulfilmentQueueUrl', { value: this.queues.fulfilment.queueUrl });
    new CfnOutput(this, 'InternalSystemKeySecretArn', {
      value: this.sync.internalSystemKey.secretArn,
      description: 'Put the internal system API key here (secret string)',
    });
    new CfnOutput(this, 'LegacySystemKeySecretArn', {
      value: this.sync.legacySystemKey.secretArn,
      description: 'Put the legacy system API key here (secret string)',
    });
  }
}
