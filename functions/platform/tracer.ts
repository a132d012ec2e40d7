import type { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * Powertools Tracer: every AWS SDK client (DynamoDB, S3, SES, SQS) goes through `traced`, so each
 * call is a subsegment of the invocation's X-Ray trace. Tracing is on only in a Lambda with active
 * tracing (the stack sets POWERTOOLS_TRACE_ENABLED=true); the local runtime (RUNTIME=local) and
 * anything outside Lambda get the client unchanged, so nothing needs X-Ray there.
 *
 * The Tracer is imported only when tracing is on: loading the X-Ray SDK starts async hooks with
 * destroy tracking (cls-hooked) for every promise of the process, which cost the local server
 * (and any process that does not trace) a large share of each request.
 */
const tracingOn =
  process.env.RUNTIME !== 'local' &&
  Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) &&
  process.env.POWERTOOLS_TRACE_ENABLED !== 'false';

const tracer: Tracer | undefined = tracingOn
  ? new (await import('@aws-lambda-powertools/tracer')).Tracer({
      serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'dental-marketplace',
    })
  : undefined;

/** The client itself, its calls captured as X-Ray subsegments when tracing is on. */
export function traced<T>(client: T): T {
  return tracer?.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client;
}
