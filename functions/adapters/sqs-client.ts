import { SQSClient } from '@aws-sdk/client-sqs';
import { getConfig } from '../config';
import { traced } from '../platform/tracer';
import { awsClient, common } from './aws-clients';
import { tagDependency } from './resilience';

/**
 * The SQS client (queues: sending, and the sync queue's depth and redrive), created once per
 * container; SQS_ENDPOINT points it at an SQS-compatible server.
 */
export const sqsClient = /* @__PURE__ */ awsClient(
  (): SQSClient => traced(tagDependency(new SQSClient(common(getConfig().SQS_ENDPOINT)), 'SQS')),
);
