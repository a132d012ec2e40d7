import { WebhookLogs } from '../../../features/admin-logs/components/webhook-logs';

/** /admin/logs (inside the admin layout). */
export default function AdminLogsRoute() {
  return <WebhookLogs />;
}
