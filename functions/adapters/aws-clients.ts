import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../config';
import { traced } from '../platform/tracer';
import { awsClientResilience, tagDependency } from './resilience';

/**
 * AWS SDK v3 clients, created once per Lambda container. Locally they point at the local engines
 * (DynamoDB Local, s3rver, aws-ses-v2-local) through the *_ENDPOINT settings; nothing else in
 * functions/ knows which runtime it is in. Every client has timeouts and bounded retries
 * (resilience.ts), so a hung or dead dependency fails a request within seconds, and in the cloud
 * every call is an X-Ray subsegment (platform/tracer.ts).
 */
const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

function common(endpoint: string | undefined) {
  const cfg = getConfig();
  const base = { region: cfg.AWS_REGION, ...awsClientResilience() };
  return endpoint ? { ...base, endpoint, credentials: localCredentials } : base;
}

let doc: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let ses: SESv2Client | undefined;

export function documentClient(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(
    traced(tagDependency(new DynamoDBClient(common(getConfig().DYNAMODB_ENDPOINT)), 'DynamoDB')),
    {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    },
  );
  return doc;
}

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

export function sesClient(): SESv2Client {
  ses ??= traced(tagDependency(new SESv2Client(common(getConfig().SES_ENDPOINT)), 'SES'));
  return ses;
}

export const tableName = (): string => getConfig().TABLE_NAME;

/** Tests reset configuration between stacks; this drops clients bound to old endpoints. */
export function resetClientsForTests(): void {
  doc = undefined;
  s3 = undefined;
  ses = undefined;
}
