/**
 * In-memory implementations of the webhooks ports, with the same conditional semantics as the
 * DynamoDB adapter, for unit tests of the core.
 */
import { decodeCursor, encodeCursor } from '../paging';
import type {
  AppDirectory,
  AttemptOutcome,
  DeliveryLogStore,
  DeliveryStore,
  EventTypeStore,
  Mailer,
  MessageQueue,
  OutgoingWebhook,
  UserDirectory,
  WebhookResponse,
  WebhookSender,
  WebhookStore,
} from './ports';
import type { DeliveryLogRecord, DeliveryRecord, WebhookRecord } from './webhook';

export class MemoryWebhookStore implements WebhookStore {
  readonly items = new Map<string, WebhookRecord>();
  async create(w: WebhookRecord, cap: { max: number; existing: number } = { max: Infinity, existing: 0 }) {
    if (this.items.has(w.id)) throw new Error('exists');
    const mine = [...this.items.values()].filter((x) => x.user_id === w.user_id).length;
    if (mine >= cap.max) return false;
    this.items.set(w.id, { ...w });
    return true;
  }
  async get(appId: string, id: string) {
    const w = this.items.get(id);
    return w && w.app_id === appId ? { ...w } : undefined;
  }
  async findById(id: string) {
    const w = this.items.get(id);
    return w ? { ...w } : undefined;
  }
  async listByApp(appId: string) {
    return [...this.items.values()].filter((w) => w.app_id === appId).map((w) => ({ ...w }));
  }
  async delete(w: WebhookRecord) {
    return this.items.delete(w.id);
  }
  async markFailing(w: WebhookRecord, since: string) {
    const stored = this.items.get(w.id);
    if (stored?.is_active && !stored.failing_since) stored.failing_since = since;
  }
  async clearFailing(w: WebhookRecord) {
    const stored = this.items.get(w.id);
    if (stored) stored.failing_since = null;
  }
  async disable(w: WebhookRecord, reason: string, at: string) {
    const stored = this.items.get(w.id);
    if (!stored?.is_active) return false;
    Object.assign(stored, { is_active: false, disabled_reason: reason, disabled_at: at, failing_since: null });
    return true;
  }
  async listFailingSince(before: string, limit: number) {
    return [...this.items.values()]
      .filter((w) => w.is_active && w.failing_since !== null && w.failing_since < before)
      .slice(0, limit)
      .map((w) => ({ ...w }));
  }
}

export class MemoryDeliveryStore implements DeliveryStore {
  readonly items = new Map<string, DeliveryRecord>();
  async create(d: DeliveryRecord) {
    if (this.items.has(d.id)) throw new Error('exists');
    this.items.set(d.id, { ...d });
  }
  async get(id: string) {
    const d = this.items.get(id);
    return d ? { ...d } : undefined;
  }
  async claim(id: string, attempt: number, leaseUntil: number, nowMs: number) {
    const d = this.items.get(id);
    if (d?.status !== 'pending' || d.attempt !== attempt) return undefined;
    if (d.lease_until !== null && d.lease_until >= nowMs) return undefined;
    d.lease_until = leaseUntil;
    return { ...d };
  }
  async finish(id: string, attempt: number, leaseUntil: number, outcome: AttemptOutcome) {
    const d = this.items.get(id);
    if (!d || d.attempt !== attempt || d.lease_until !== leaseUntil) return false;
    d.attempt = attempt + 1;
    d.lease_until = null;
    if (outcome.kind === 'retry') {
      d.schedule_step = outcome.scheduleStep;
      d.due_at = outcome.dueAt;
    } else {
      d.status = outcome.kind;
      d.outcome = outcome.outcome;
      d.due_at = null;
    }
    return true;
  }
  async listDue(nowMs: number, limit: number) {
    return [...this.items.values()]
      .filter((d) => d.status === 'pending' && d.due_at !== null && d.due_at <= nowMs)
      .sort((a, b) => (a.due_at ?? 0) - (b.due_at ?? 0))
      .slice(0, limit)
      .map((d) => ({ id: d.id, attempt: d.attempt, due_at: d.due_at }));
  }
  async rearm(id: string, dueAt: number, nextDueAt: number) {
    const d = this.items.get(id);
    if (d?.status !== 'pending' || d.due_at !== dueAt) return undefined;
    d.due_at = nextDueAt;
    return { ...d };
  }
  async reopen(current: DeliveryRecord, dueAt: number, noRetry: boolean) {
    const d = this.items.get(current.id);
    if (!d || d.attempt !== current.attempt) return undefined;
    Object.assign(d, { status: 'pending', due_at: dueAt, outcome: null, no_retry: noRetry || d.no_retry });
    return { ...d };
  }
}

export class MemoryLogStore implements DeliveryLogStore {
  readonly items: DeliveryLogRecord[] = [];
  async put(log: DeliveryLogRecord) {
    this.items.push({ ...log });
  }
  async get(id: string) {
    return this.items.find((l) => l.id === id);
  }
  private newest() {
    return [...this.items].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  }
  async listByApp(appId: string, limit: number) {
    return this.newest()
      .filter((l) => l.app_id === appId)
      .slice(0, limit);
  }
  async pageAll(limit: number, cursor?: string) {
    // An offset cursor through the one codec (the DynamoDB store's carries a LastEvaluatedKey).
    const from = cursor ? Number(decodeCursor(cursor, (v) => typeof v.offset === 'number', 'bad cursor').offset) : 0;
    const all = this.newest();
    const items = all.slice(from, from + limit);
    return { items, next_cursor: from + limit < all.length ? encodeCursor({ offset: from + limit }) : null };
  }
}

/** Records what was sent; the test delivers messages by hand (deliverAll / the pipeline). */
export class RecordingQueue implements MessageQueue {
  readonly sent: Array<{ body: string; delaySeconds: number }> = [];
  failNext = false;
  async send(body: string, options: { delaySeconds?: number } = {}) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('queue unavailable');
    }
    this.sent.push({ body, delaySeconds: options.delaySeconds ?? 0 });
  }
  /** Takes every message sent so far. */
  take(): Array<{ body: string; delaySeconds: number }> {
    return this.sent.splice(0);
  }
}

/** Answers each request with the next scripted response (the last one repeats). */
export class ScriptedSender implements WebhookSender {
  readonly requests: OutgoingWebhook[] = [];
  constructor(private readonly script: Array<Partial<WebhookResponse> & { status: number }>) {}
  async send(request: OutgoingWebhook): Promise<WebhookResponse> {
    this.requests.push(request);
    const next = this.script.length > 1 ? this.script.shift() : this.script[0];
    const status = next?.status ?? 200;
    return {
      body: 'ok',
      durationMs: 12,
      errorKind: status === 0 ? 'connection_refused' : status >= 200 && status < 300 ? null : 'http_error',
      ...next,
      status,
    };
  }
}

export class MemoryMailer implements Mailer {
  readonly sent: Array<{ to: string | string[]; subject: string; text: string }> = [];
  async sendMail(mail: { to: string | string[]; subject: string; text: string }) {
    this.sent.push(mail);
  }
}

export const memoryApps = (
  apps: Array<{ id: string; user_id: string; name: string; listed?: boolean }>,
): AppDirectory => ({
  async find(id) {
    const app = apps.find((a) => a.id === id);
    return app ? { ...app, listed: app.listed ?? true } : undefined;
  },
});

export const memoryUsers = (users: Record<string, { email: string; full_name: string }>): UserDirectory => ({
  async find(id) {
    return users[id];
  },
});

export const memoryEventTypes = (names: string[] = []): EventTypeStore => ({
  async list() {
    return names.map((name) => ({ name, description: name, trigger_type: 'record_created' }));
  },
});

/** A controllable clock (epoch ms). */
export function manualClock(start = Date.parse('2025-03-01T09:00:00.000Z')) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    set: (ms: number) => {
      now = ms;
    },
  };
}
