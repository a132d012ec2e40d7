import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { getConfig } from '../config';
import { BUSINESS_METRICS, type BusinessMetric, DEFAULT_METRICS_NAMESPACE, DEFAULT_SERVICE_NAME } from './metric-names';
import { once } from './once';

/**
 * Business metrics, written with Powertools Metrics as CloudWatch embedded metric format (EMF) log
 * lines; the stack sets POWERTOOLS_METRICS_NAMESPACE and POWERTOOLS_SERVICE_NAME on every function
 * and its dashboard (lib/observability.ts) graphs these names with that namespace and the `service`
 * dimension. Recorded where the event happens and flushed once per invocation (`flushMetrics`,
 * called by the group handler and the workers). The local runtime records nothing.
 */
export { BUSINESS_METRICS, type BusinessMetric } from './metric-names';

const instance = /* @__PURE__ */ once(
  () =>
    new Metrics({
      namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? DEFAULT_METRICS_NAMESPACE,
      serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? DEFAULT_SERVICE_NAME,
    }),
);

const isLocal = (): boolean => {
  try {
    return getConfig().RUNTIME === 'local';
  } catch {
    // configuration not readable (yet): the variable itself says which runtime this is
    return process.env.RUNTIME === 'local';
  }
};

/** Counts `value` occurrences of a business event in this invocation. */
export function countMetric(name: BusinessMetric, value = 1): void {
  if (isLocal() || value <= 0) return;
  instance().addMetric(BUSINESS_METRICS[name], MetricUnit.Count, value);
}

/** Writes the invocation's metrics (one EMF line) if it recorded any. */
export function flushMetrics(): void {
  const metrics = instance.peek();
  if (!metrics?.hasStoredMetrics()) return;
  metrics.publishStoredMetrics();
}

/** Tests: the metrics recorded and not yet flushed, by name. */
export function storedMetricsForTests(): Record<string, unknown> {
  const metrics = instance.peek();
  if (!metrics?.hasStoredMetrics()) return {};
  const names = Object.values(BUSINESS_METRICS) as string[];
  return Object.fromEntries(Object.entries(metrics.serializeMetrics()).filter(([k]) => names.includes(k)));
}
