import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../functions/adapters/dynamodb/table-definition';

const str = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/**
 * The single DynamoDB table, built from TABLE_KEYS (the same definition the local runtime uses to
 * create its DynamoDB Local table, so the two cannot drift). On-demand billing, TTL for the
 * short-lived items (login counters, reset tokens), encryption with the AWS managed KMS key,
 * point-in-time recovery, deletion protection, retained when the stack goes away, and a daily
 * AWS Backup plan (35 days) on top of PITR.
 */
export class DataTable extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: str(TABLE_KEYS.partitionKey),
      sortKey: str(TABLE_KEYS.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_KEYS.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: str(index.partitionKey),
        sortKey: str(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    const plan = backup.BackupPlan.daily35DayRetention(this, 'BackupPlan');
    const selection = plan.addSelection('Table', {
      resources: [backup.BackupResource.fromDynamoDbTable(this.table)],
    });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason:
        'The AWS Backup service role policy is the documented, AWS-maintained permission set for AWS Backup to snapshot the table.',
    });
  }
}
