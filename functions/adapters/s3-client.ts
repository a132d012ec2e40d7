import { S3Client } from '@aws-sdk/client-s3';
import { getConfig } from '../config';
import { traced } from '../platform/tracer';
import { common, onClientReset } from './aws-clients';
import { tagDependency } from './resilience';

/** The S3 client (uploads), created once per container; locally it points at s3rver. */
let s3: S3Client | undefined;
onClientReset(() => (s3 = undefined));

/** s3rver, the local S3, accepts only its built-in key pair. */
const localS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function s3Client(): S3Client {
  const endpoint = getConfig().S3_ENDPOINT;
  s3 ??= traced(
    tagDependency(
      new S3Client({
        ...common(endpoint),
        ...(endpoint ? { credentials: localS3Credentials } : {}),
        forcePathStyle: Boolean(endpoint),
      }),
      'S3',
    ),
  );
  return s3;
}
