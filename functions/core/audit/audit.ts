/**
 * The audit trail's rules, free of AWS types: what an entry holds, which fields are
 * secret, and how before/after become the list of changed fields.
 */
import type { AuditEntry, AuditPage, AuditQuery } from '@shared/schemas/audit';
import type { Page } from '../paging';

/** What a handler tells the audit trail about the change it made (all optional). */
export interface AuditDetail {
  /** Defaults to the route's audit target type and the path's {id}. */
  target_type?: string;
  target_id?: string | null;
  target_label?: string | null;
  /** The object's fields before and after; only those that differ are kept. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The request's pending entry: the first write of the change made inside `run` carries it. */
export interface AuditScope {
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** True once a committed write carried the entry. */
  carried(): boolean;
}

export interface AuditStore {
  /** Writes a new entry (never overwrites one); `expiresAt` is the TTL in epoch seconds. */
  put(entry: AuditEntry, expiresAtSeconds: number): Promise<void>;
  /** A scope whose first write carries `entry` in its own transaction (the entry written with the change). */
  scope(entry: AuditEntry, expiresAtSeconds: number): AuditScope;
  /** Completes a written entry with what is known after the change: target, label, status, changes. */
  complete(entry: AuditEntry): Promise<void>;
  /** Removes an entry written before a change that was then refused (a 4xx), and nothing else. */
  drop(entry: AuditEntry): Promise<void>;
  /** Newest first, one page; `cursor` as returned by the previous page. */
  page(query: AuditQuery): Promise<Page<AuditEntry>>;
}

/**
 * The trail: an entry written after a successful audited call, kept `retentionDays` (DynamoDB's
 * TTL), and the admin's reading of it (GET /api/admin/audit): a page, and how long entries are kept.
 */
export function createAuditLog(deps: {
  store: AuditStore;
  retentionDays: number;
  /** The id of the account that has this e-mail now (the actor filter takes an id or an e-mail). */
  accountIdOf?: (email: string) => Promise<string | undefined>;
}) {
  return {
    write: (entry: AuditEntry): Promise<void> =>
      deps.store.put(entry, expiresAt(Date.parse(entry.at), deps.retentionDays)),
    scope: (entry: AuditEntry): AuditScope =>
      deps.store.scope(entry, expiresAt(Date.parse(entry.at), deps.retentionDays)),
    complete: (entry: AuditEntry): Promise<void> => deps.store.complete(entry),
    drop: (entry: AuditEntry): Promise<void> => deps.store.drop(entry),

    /**
     * A page of the trail. The actor filter is an account id, or an e-mail read as the account that
     * has it now (all its entries, those from before an e-mail change included); an e-mail no
     * account has finds nothing.
     */
    async page(query: AuditQuery): Promise<AuditPage> {
      let q = query;
      if (q.actor?.includes('@')) {
        const id = await deps.accountIdOf?.(q.actor.toLowerCase());
        if (!id) return { entries: [], next_cursor: null, retention_days: deps.retentionDays };
        q = { ...q, actor: id };
      }
      const page = await deps.store.page(q);
      return { entries: page.items, next_cursor: page.next_cursor, retention_days: deps.retentionDays };
    },
  };
}

export const REDACTED = '[redacted]';

/** Field names whose values are secrets: never stored, not even their before/after. */
const SECRET_FIELD = /secret|password|token|hash|license_keys|licen[cs]e_key$|access_code|^key$|api_key$|credentials/i;

export const isSecretField = (name: string): boolean => SECRET_FIELD.test(name);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** A value as stored: secrets redacted at any depth, long strings cut. */
export function sanitize(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') return value.length > 500 ? `${value.slice(0, 500)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => sanitize(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretField(k) ? REDACTED : sanitize(v, depth + 1);
  return out;
}

/**
 * The changed fields between before and after: a field present on either side whose value
 * differs. A secret field that changed is listed with both values "[redacted]".
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditEntry['changes'] {
  const out: AuditEntry['changes'] = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of [...keys].sort()) {
    const b = before?.[key];
    const a = after?.[key];
    if (same(b, a)) continue;
    if (isSecretField(key)) {
      out[key] = { before: b == null ? null : REDACTED, after: a == null ? null : REDACTED };
    } else {
      out[key] = { before: sanitize(b), after: sanitize(a) };
    }
  }
  return out;
}

/** The TTL of an entry written at `atMs`. */
export const expiresAt = (atMs: number, retentionDays: number): number =>
  Math.floor(atMs / 1000) + retentionDays * 24 * 60 * 60;
