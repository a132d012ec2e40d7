import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../config';
import { once } from '../platform/once';
import { traced } from '../platform/tracer';
import { awsClientResilience, tagDependency } from './resilience';

/**
 * AWS SDK v3 clients, created once per Lambda container. Locally they point at the local engines
 * (DynamoDB Local, s3rver, aws-ses-v2-local) through the *_ENDPOINT settings; nothing else in
 * functions/ knows which runtime it is in. Every client has timeouts and bounded retries
 * (resilience.ts), so a hung or dead dependency fails a request within seconds, and in the cloud
 * every call is an X-Ray subsegment (platform/tracer.ts).
 *
 * One module per AWS service (this one: DynamoDB; s3-client.ts, ses-client.ts), so a function
 * loads only the clients it uses: the SDK comes from the SDK layer (lib/aws-sdk-layer.ts), and an
 * import of a client the bundle keeps is a client loaded at every cold start.
 */
const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** What every client gets: the region, the resilience settings, and locally the engine's endpoint. */
export function common(endpoint: string | undefined) {
  const cfg = getConfig();
  const base = { region: cfg.AWS_REGION, ...awsClientResilience() };
  return endpoint ? { ...base, endpoint, credentials: localCredentials } : base;
}

const resets: Array<() => void> = [];

/** An AWS SDK client of this process, built on first use; resetClientsForTests drops it. */
export function awsClient<T>(build: () => T): () => T {
  const client = once(build);
  resets.push(client.reset);
  return client;
}

export const documentClient = /* @__PURE__ */ awsClient(
  (): DynamoDBDocumentClient =>
    DynamoDBDocumentClient.from(
      traced(tagDependency(new DynamoDBClient(common(getConfig().DYNAMODB_ENDPOINT)), 'DynamoDB')),
      { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } },
    ),
);

export const tableName = (): string => getConfig().TABLE_NAME;

/** Tests reset configuration between stacks; this drops clients bound to old endpoints. */
export function resetClientsForTests(): void {
  for (const reset of resets) reset();
}
