import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Key prefixes in the access-log bucket, one per log source. */
export const ACCESS_LOG_PREFIX = {
  uploadsBucket: 'uploads-bucket/',
  siteBucket: 'site-bucket/',
  cloudFront: 'cloudfront/',
} as const;

export interface AccessLogsProps {
  readonly retentionDays: number;
}

/**
 * The bucket that receives S3 server access logs (uploads and SPA buckets) and CloudFront standard
 * logs. CloudFront standard logging writes with an ACL, so ACLs stay enabled (bucket owner
 * preferred); S3 server access logs arrive through the bucket policy.
 */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        {
          expiration: Duration.days(props.retentionDays),
          noncurrentVersionExpiration: Duration.days(30),
        },
      ],
    });
    // The SPA bucket lives in the app stack: its log delivery is allowed here, from this account
    // only, rather than by CDK from the other stack (which would add an unconditional statement).
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'SiteBucketServerAccessLogs',
        principals: [new iam.ServicePrincipal('logging.s3.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects(`${ACCESS_LOG_PREFIX.siteBucket}*`)],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );

    const ack = (id: string, reason: string) => Validations.of(this.bucket).acknowledge({ id, reason });
    ack(
      'HIPAA.Security-S3DefaultEncryptionKMS',
      'S3 server access logging only delivers to SSE-S3 buckets; SSE-S3 (AES-256) encrypts the logs at rest.',
    );
    ack(
      'HIPAA.Security-S3BucketReplicationEnabled',
      'Single-region deployment; versioning and RETAIN protect the logs. Cross-region replication is a disaster-recovery choice for the operator.',
    );
  }
}
