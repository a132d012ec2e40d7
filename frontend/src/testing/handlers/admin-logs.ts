import { MSG } from '../../../../shared/messages';
import type { WebhookDeliveryLog } from '../../../../shared/schemas/webhooks';
import { fail, type Handlers, ok } from '../fake-server';

export function deliveryLogFixture(
  over: Partial<WebhookDeliveryLog> & Pick<WebhookDeliveryLog, 'id'>,
): WebhookDeliveryLog {
  return {
    app_id: 'app-1',
    webhook_id: 'wh-1',
    event_type: 'appointment.scheduled',
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
  const handlers: Handlers = {
    'GET /api/admin/logs': (req) => ok(logs.slice(0, Number(req.query.get('limit') ?? 100))),
    'POST /api/admin/logs/:id/replay': (req) => {
      const log = logs.find((l) => l.id === req.params.id);
      if (!log) return fail(404, 'Webhook log not found');
      if (opts.replayFails !== undefined) return fail(409, opts.replayFails || undefined);
      logs.unshift({ ...log, id: `${log.id}-replay`, status_code: 200, retry_count: log.retry_count + 1 });
      return ok({ message: MSG.webhookReplayed, delivery_id: log.delivery_id });
    },
  };
  return { handlers, logs };
}
