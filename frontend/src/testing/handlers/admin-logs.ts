import { MSG } from '@shared/messages';
import type { WebhookDeliveryLog } from '@shared/schemas/webhooks';
import { fail, type HttpHandler, HttpResponse, http, offsetPage } from '../server';

export function deliveryLogFixture(
  over: Partial<WebhookDeliveryLog> & Pick<WebhookDeliveryLog, 'id'>,
): WebhookDeliveryLog {
  return {
    app_id: 'app-1',
    webhook_id: 'wh-1',
    event_type: 'license.purchased',
    target_url: 'https://hooks.example.com/dental',
    status_code: 200,
    response: '{"ok":true}',
    created_at: '2025-03-02T08:30:00.000Z',
    response_time_ms: 120,
    retry_count: 0,
    delivery_id: `msg_${over.id}`,
    error_kind: null,
    ...over,
  };
}

/** The admin's webhook log calls over an in-memory list; a replay is logged as a new 200 attempt. */
export function adminLogsHandlers(opts: { logs?: WebhookDeliveryLog[]; replayFails?: string } = {}) {
  const logs = (opts.logs ?? []).map((l) => ({ ...l }));
  const handlers: HttpHandler[] = [
    // One page (`limit`; the cursor here: the offset), the next named by X-Next-Cursor as the server does.
    http.get('/api/admin/logs', ({ request }) => offsetPage(request, logs, 100)),
    http.post<{ id: string }>('/api/admin/logs/:id/replay', ({ params }) => {
      const log = logs.find((l) => l.id === params.id);
      if (!log) return fail(404, 'Webhook log not found');
      if (opts.replayFails !== undefined) return fail(409, opts.replayFails || undefined);
      logs.unshift({ ...log, id: `${log.id}-replay`, status_code: 200, retry_count: log.retry_count + 1 });
      return HttpResponse.json({ message: MSG.webhookReplayed, delivery_id: log.delivery_id });
    }),
  ];
  return { handlers, logs };
}
