import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { AccessLogs } from './access-logs';
import type { AppConfig } from './app-config';
import { DataTable } from './data';
import { Uploads, uploadsBucketName } from './uploads';

export interface DataStackProps extends StackProps {
  readonly config: AppConfig;
}

/**
 * The stateful resources: the table, the uploads bucket and the access-log bucket. All retained on
 * stack deletion; the app stack can be destroyed and redeployed freely around them.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
  readonly accessLogsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.accessLogsBucket = new AccessLogs(this, 'AccessLogs', { retentionDays: config.accessLogRetentionDays }).bucket;
    this.table = new DataTable(this, 'Data').table;
    this.uploadsBucket = new Uploads(this, 'Uploads', {
      bucketName: uploadsBucketName(config.appName, this.account, this.region),
      accessLogs: this.accessLogsBucket,
      // The site's own origin when configured; otherwise CloudFront domains (the distribution's own
      // name is only known after the app stack exists). The signed policy is what guards the bucket.
      corsOrigins: [
        ...(config.appUrl ? [new URL(config.appUrl).origin] : []),
        ...(config.domainName ? [`https://${config.domainName}`] : []),
        ...(config.appUrl || config.domainName ? [] : ['https://*.cloudfront.net']),
      ],
    }).bucket;

    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'The single DynamoDB table' });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName });
  }
}
