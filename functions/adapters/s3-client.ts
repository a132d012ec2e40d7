import { S3Client } from '@aws-sdk/client-s3';
import { getConfig } from '../config';
import { traced } from '../platform/tracer';
import { awsClient, common } from './aws-clients';
import { tagDependency } from './resilience';

/** s3rver, the local S3, accepts only its built-in key pair. */
const localS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The S3 client (uploads), created once per container; locally it points at s3rver. */
export const s3Client = /* @__PURE__ */ awsClient((): S3Client => {
  const endpoint = getConfig().S3_ENDPOINT;
  return traced(
    tagDependency(
      new S3Client({
        ...common(endpoint),
        ...(endpoint ? { credentials: localS3Credentials } : {}),
        forcePathStyle: Boolean(endpoint),
      }),
      'S3',
    ),
  );
});
