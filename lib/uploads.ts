import { Duration, RemovalPolicy, Token, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  APP_UPLOADS_PREFIX,
  DRAFT_UPLOADS_PREFIX,
  PENDING_UPLOAD_TTL_SECONDS,
  PENDING_UPLOADS_PREFIX,
  UNREFERENCED_TAG,
  UNREFERENCED_UPLOAD_TTL_SECONDS,
} from '../functions/core/uploads/upload-keys';
import { ACCESS_LOG_PREFIX } from './access-logs';

export { PENDING_UPLOADS_PREFIX };

/** Object keys of uploaded app images: apps/<appId>/<file>, served at /uploads/apps/<appId>/<file>. */
export const UPLOADS_KEY_PREFIX = 'apps/';
/** Images of apps (apps/<appId>/...) and wizard uploads made before the app exists (drafts/<userId>/...). */
export const UPLOADS_KEY_PREFIXES = [UPLOADS_KEY_PREFIX, 'drafts/'] as const;

/**
 * The uploads bucket has a fixed name, so the app stack refers to it by name instead of by a
 * cross-stack reference: its ARN then stays a plain string in the functions' policies.
 */
export function uploadsBucketName(appName: string, account: string, region: string): string {
  const name = `${appName.toLowerCase()}-uploads-${account}-${region}`;
  if (!Token.isUnresolved(name) && !/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(name)) {
    throw new Error(`Uploads bucket name "${name}" is not a valid S3 bucket name: shorten context appName`);
  }
  return name;
}

export interface UploadsProps {
  readonly bucketName: string;
  readonly accessLogs: s3.IBucket;
  /** Origins whose pages may post files straight to the bucket (presigned POST) and read the answer. */
  readonly corsOrigins: string[];
}

/**
 * The screenshots and icons developers upload. Private (all public access blocked), SSE-S3,
 * TLS only, versioned, retained. CloudFront reads it through origin access control.
 *
 * Layout: objects are stored under apps/<appId>/<file> and served by the site at
 * /uploads/apps/<appId>/<file>; a CloudFront Function strips the /uploads prefix (lib/site.ts).
 * The local runtime serves /uploads/<key> from its S3 bucket the same way.
 *
 * The bucket lives in the data stack and the distribution in the app stack, so the bucket policy
 * (TLS only, CloudFront read as that one distribution) is written by the app stack
 * (lib/site.ts); the data stack never depends on the app stack.
 */
export class Uploads extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName: props.bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // TLS-only and CloudFront's read access: the bucket policy is written by the app stack beside
      // the distribution it names (lib/site.ts uploadsBucketPolicy).
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIX.uploadsBucket,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Browser uploads never confirmed (functions/core/uploads/upload-service.ts) expire.
        {
          id: 'ExpireUnconfirmedUploads',
          prefix: PENDING_UPLOADS_PREFIX,
          expiration: Duration.seconds(PENDING_UPLOAD_TTL_SECONDS),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // Draft images no app was saved with (still tagged unreferenced, see upload-keys.ts) expire.
        {
          id: 'ExpireUnreferencedDrafts',
          prefix: DRAFT_UPLOADS_PREFIX,
          tagFilters: { [UNREFERENCED_TAG.key]: UNREFERENCED_TAG.value },
          expiration: Duration.seconds(UNREFERENCED_UPLOAD_TTL_SECONDS),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // So do images uploaded into an app's folder for an edit that was never saved.
        {
          id: 'ExpireUnreferencedAppImages',
          prefix: APP_UPLOADS_PREFIX,
          tagFilters: { [UNREFERENCED_TAG.key]: UNREFERENCED_TAG.value },
          expiration: Duration.seconds(UNREFERENCED_UPLOAD_TTL_SECONDS),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      // Browsers post images straight to the bucket from the site (presigned POST, 5 MB each).
      cors: [
        {
          allowedOrigins: props.corsOrigins,
          allowedMethods: [s3.HttpMethods.POST],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
    });

    const ack = (id: string, reason: string) => Validations.of(this.bucket).acknowledge({ id, reason });
    const policyInAppStack =
      'The bucket policy (deny without TLS, CloudFront read as this distribution only) is written by the app stack beside the distribution (lib/site.ts), so it can name the distribution without a cyclic dependency; test/infra asserts it.';
    ack('AwsSolutions-S10', policyInAppStack);
    ack('HIPAA.Security-S3BucketSSLRequestsOnly', policyInAppStack);
    ack(
      'HIPAA.Security-S3DefaultEncryptionKMS',
      'Holds public marketplace screenshots and icons (no patient data) served through CloudFront; SSE-S3 (AES-256) encrypts them at rest without a KMS key policy for CloudFront.',
    );
    ack(
      'HIPAA.Security-S3BucketReplicationEnabled',
      'Single-region deployment; versioning and RETAIN protect the images. Cross-region replication is a disaster-recovery choice for the operator.',
    );
  }
}
