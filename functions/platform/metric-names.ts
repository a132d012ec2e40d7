/**
 * The business metrics' names, namespace and service: pure data, shared by the functions that
 * record them (metrics.ts) and the stack whose dashboard graphs them (lib/observability.ts).
 */
export const BUSINESS_METRICS = {
  /** A webhook delivery attempt the endpoint answered with a 2xx. */
  webhookDelivered: 'WebhookDeliveriesDelivered',
  /** A webhook delivery attempt that failed (non-2xx, timeout, refused address): retried, final or disabling. */
  webhookFailed: 'WebhookDeliveriesFailed',
  /**
   * A webhook delivery given up: its last retry failed, or its endpoint was disabled (gone, or failing
   * for days). The developer is told; an alarm watches the rate (lib/observability.ts).
   */
  webhookGaveUp: 'WebhookDeliveriesGaveUp',
  /**
   * A purchase the automatic licence delivery left waiting for its developer: the licence webhook
   * failed every attempt, the key pool was empty, or the app was gone (core/licences/fulfilment.ts).
   * Alarmed: a buyer has paid and holds no licence.
   */
  licenceUndelivered: 'LicenceDeliveriesFailed',
  /** A paid checkout completed (Stripe confirmed the payment). */
  checkoutCompletedPaid: 'CheckoutsCompletedPaid',
  /** A free licence checked out (at once when signed in, once the guest confirmed the address). */
  checkoutCompletedFree: 'CheckoutsCompletedFree',
  /** A synchronisation run that finished (succeeded or failed). */
  syncRuns: 'SyncRuns',
  /** Records a synchronisation run created, updated, removed or merged. */
  syncItemsChanged: 'SyncItemsChanged',
} as const;
export type BusinessMetric = keyof typeof BUSINESS_METRICS;

/** POWERTOOLS_METRICS_NAMESPACE and POWERTOOLS_SERVICE_NAME as the stack sets them (also the defaults). */
export const DEFAULT_METRICS_NAMESPACE = 'DentalMarketplace';
export const DEFAULT_SERVICE_NAME = 'dental-marketplace';
