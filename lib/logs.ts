import { Aws, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export interface EncryptedLogsProps {
  readonly retentionDays: number;
}

/**
 * One customer managed KMS key (rotated yearly) for the app's CloudWatch log groups, and a factory
 * for log groups that use it with the configured retention. Function logs can contain e-mail
 * addresses and request data, so they are encrypted with a key whose use is audited.
 */
export class EncryptedLogs extends Construct {
  readonly key: kms.Key;
  private readonly retention: logs.RetentionDays;
  readonly retentionDays: number;

  constructor(scope: Construct, id: string, props: EncryptedLogsProps) {
    super(scope, id);
    this.retention = toRetention(props.retentionDays);
    this.retentionDays = props.retentionDays;
    this.key = new kms.Key(this, 'Key', {
      description: 'Encrypts the CloudWatch log groups of the dental marketplace',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchLogsOfThisAccount',
        principals: [new iam.ServicePrincipal(`logs.${Aws.REGION}.amazonaws.com`)],
        actions: ['kms:Encrypt', 'kms:Decrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:*`,
          },
        },
      }),
    );
  }

  /** A log group encrypted with the key, with the configured retention; retained with its data. */
  logGroup(scope: Construct, id: string, logGroupName?: string): logs.LogGroup {
    return new logs.LogGroup(scope, id, {
      logGroupName,
      encryptionKey: this.key,
      retention: this.retention,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}

function toRetention(days: number): logs.RetentionDays {
  const allowed = Object.values(logs.RetentionDays).filter((v): v is number => typeof v === 'number');
  if (!allowed.includes(days)) {
    throw new Error(`Context logRetentionDays must be one of ${allowed.sort((a, b) => a - b).join(', ')}`);
  }
  return days as logs.RetentionDays;
}
