/**
 * What the developer-app screens read, as the server's schemas say: type-only imports, so zod
 * stays out of the bundle.
 */

export type { OwnerAppSummary as OwnApp } from '@shared/schemas/apps';
export type { AppAnalytics, Purchase } from '@shared/schemas/checkout';
export type { Webhook as AppWebhook, WebhookDeliveryLog as WebhookLog } from '@shared/schemas/webhooks';
