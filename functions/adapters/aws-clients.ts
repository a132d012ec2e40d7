import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../config';

/**
 * AWS SDK v3 clients, created once per Lambda container. Locally they point at the local engines
 * (DynamoDB Local, s3rver, aws-ses-v2-local) through the *_ENDPOINT settings; nothing else in
 * functions/ knows which runtime it is in.
 */
const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

function common(endpoint: string | undefined) {
  const cfg = getConfig();
  return endpoint ? { region: cfg.AWS_REGION, endpoint, credentials: localCredentials } : { region: cfg.AWS_REGION };
}

let doc: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let ses: SESv2Client | undefined;

export function documentClient(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(new DynamoDBClient(common(getConfig().DYNAMODB_ENDPOINT)), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return doc;
}

/** s3rver, the local S3, accepts only its built-in key pair. */
const localS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function s3Client(): S3Client {
  const endpoint = getConfig().S3_ENDPOINT;
  s3 ??= new S3Client({
    ...common(endpoint),
    ...(endpoint ? { credentials: localS3Credentials } : {}),
    forcePathStyle: Boolean(endpoint),
  });
  return s3;
}

export function sesClient(): SESv2Client {
  ses ??= new SESv2Client(common(getConfig().SES_ENDPOINT));
  return ses;
}

export const tableName = (): string => getConfig().TABLE_NAME;

/** Tests reset configuration between stacks; this drops clients bound to old endpoints. */
export function resetClientsForTests(): void {
  doc = undefined;
  s3 = undefined;
  ses = undefined;
}
