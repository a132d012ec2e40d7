import { Tracer } from '@aws-lambda-powertools/tracer';
import { getConfig } from '../config';

/**
 * Powertools Tracer: every AWS SDK client (DynamoDB, S3, SES, SQS) goes through `traced`, so each
 * call is a subsegment of the invocation's X-Ray trace. Tracing is on only in a Lambda with active
 * tracing (the stack sets POWERTOOLS_TRACE_ENABLED=true); the local runtime (RUNTIME=local) and
 * anything outside Lambda get the client unchanged, so nothing needs X-Ray there.
 */
let tracer: Tracer | undefined;

export function powertoolsTracer(): Tracer {
  tracer ??= new Tracer({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'dental-marketplace',
    ...(getConfig().RUNTIME === 'local' ? { enabled: false } : {}),
  });
  return tracer;
}

/** The client itself, its calls captured as X-Ray subsegments when tracing is on. */
export function traced<T>(client: T): T {
  const t = powertoolsTracer();
  return t.isTracingEnabled() ? t.captureAWSv3Client(client) : client;
}
