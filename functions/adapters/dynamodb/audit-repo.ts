/**
 * DynamoDB side of the audit trail.
 *
 * | item        | PK          | SK    | GSI1 (all)                 | GSI2 (by actor)                    | GSI3 (by object)                     |
 * |-------------|-------------|-------|----------------------------|------------------------------------|--------------------------------------|
 * | audit entry | AUDIT#<id>  | AUDIT | AUDITLOG / <at>#<id>       | AUDITACTOR#<actor id> / <at>#<id>  | AUDITTARGET#<target id> / <at>#<id>  |
 *
 * | Access pattern                                   | Index | Key condition                                      |
 * |--------------------------------------------------|-------|----------------------------------------------------|
 * | all entries, newest first, within dates          | GSI1  | GSI1PK=AUDITLOG, GSI1SK BETWEEN <from> AND <to>~   |
 * | entries of one actor (id), newest first          | GSI2  | GSI2PK=AUDITACTOR#<actor id>, same range           |
 * | entries about one object (id), newest first      | GSI3  | GSI3PK=AUDITTARGET#<id>, same range                |
 *
 * The action filter is a FilterExpression on the chosen partition (pages are filled by reading
 * on). An entry is written with the change it records: in the same transaction as the request's
 * first write (audit-scope.ts, dynamo.ts), or before the change on the routes whose change is no
 * table write (http/audit.ts). After the answer the group handler completes it (target, label,
 * status, changes) by an update of its own fields; an entry written before a change the route then
 * refused is deleted. Entries carry `ttl` (epoch seconds), so DynamoDB removes them after the retention.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { AUDIT_QUERY_MESSAGES } from '@shared/rules/audit';
import type { AuditEntry, AuditQuery } from '@shared/schemas/audit';
import type { AuditStore } from '../../core/audit/audit';
import { documentClient, tableName } from '../aws-clients';
import { entryScope } from './audit-entry-scope';
import { deleteItem, type ItemMapper, keyCursor, putItem, updateItem } from './dynamo';
import { auditKeys } from './keys';

const FIELDS = [
  'id',
  'at',
  'action',
  'actor_id',
  'actor_email',
  'actor_role',
  'route',
  'target_type',
  'target_id',
  'target_label',
  'client_ip',
  'status',
  'changes',
] as const;

/** An entry of the trail, on the partitions of all entries, of its actor and of its object (TTL: expiresAtSeconds). */
export const auditEntryItem: ItemMapper<AuditEntry, [expiresAtSeconds: number]> = {
  toItem(entry, expiresAtSeconds) {
    const sk = auditKeys.sort(entry.at, entry.id);
    const fields: Record<string, unknown> = {};
    for (const f of FIELDS) fields[f] = entry[f];
    return {
      ...auditKeys.entry(entry.id),
      entity: 'AuditEntry',
      GSI1PK: auditKeys.allPartition,
      GSI1SK: sk,
      GSI2PK: auditKeys.actorPartition(entry.actor_id),
      GSI2SK: sk,
      ...(entry.target_id ? { GSI3PK: auditKeys.targetPartition(entry.target_id), GSI3SK: sk } : {}),
      ...fields,
      ttl: expiresAtSeconds,
    };
  },
  fromItem(item) {
    const out: Record<string, unknown> = {};
    for (const f of FIELDS) out[f] = item[f] ?? null;
    out.changes = (item.changes as AuditEntry['changes']) ?? {};
    return out as AuditEntry;
  },
};

type Plan = { index: 'GSI1' | 'GSI2' | 'GSI3'; pk: string };

function planOf(q: AuditQuery): Plan {
  if (q.target_id) return { index: 'GSI3', pk: auditKeys.targetPartition(q.target_id) };
  if (q.actor) return { index: 'GSI2', pk: auditKeys.actorPartition(q.actor) };
  return { index: 'GSI1', pk: auditKeys.allPartition };
}

/** The cursor of a page: the last entry's key in the plan's index, checked to belong to its partition. */
const decodeCursor = (cursor: string, plan: Plan): Record<string, string> =>
  keyCursor.decode(
    cursor,
    ['PK', 'SK', `${plan.index}PK`, `${plan.index}SK`],
    (key) => auditKeys.isEntryPk(key.PK) && key[`${plan.index}PK`] === plan.pk,
    AUDIT_QUERY_MESSAGES.cursor,
  );

const keyOf = (item: Record<string, unknown>, plan: Plan): Record<string, unknown> => ({
  PK: item.PK,
  SK: item.SK,
  [`${plan.index}PK`]: item[`${plan.index}PK`],
  [`${plan.index}SK`]: item[`${plan.index}SK`],
});

export const dynamoAuditStore: AuditStore = {
  async put(entry, expiresAtSeconds) {
    await putItem(auditEntryItem.toItem(entry, expiresAtSeconds), { ConditionExpression: 'attribute_not_exists(PK)' });
  },

  scope: (entry, expiresAtSeconds) => entryScope(entry.id, auditEntryItem.toItem(entry, expiresAtSeconds)),

  async complete(entry) {
    const sk = auditKeys.sort(entry.at, entry.id);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const set: string[] = [];
    for (const f of ['target_type', 'target_id', 'target_label', 'status', 'changes'] as const) {
      names[`#${f}`] = f;
      values[`:${f}`] = entry[f];
      set.push(`#${f} = :${f}`);
    }
    // The object's partition follows the target the handler named (the path's id by default).
    if (entry.target_id) {
      values[':gsi3pk'] = auditKeys.targetPartition(entry.target_id);
      values[':gsi3sk'] = sk;
      set.push('GSI3PK = :gsi3pk', 'GSI3SK = :gsi3sk');
    }
    await updateItem(auditKeys.entry(entry.id), {
      UpdateExpression: `SET ${set.join(', ')}${entry.target_id ? '' : ' REMOVE GSI3PK, GSI3SK'}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  },

  async drop(entry) {
    await deleteItem(auditKeys.entry(entry.id), {
      ConditionExpression: 'attribute_exists(PK) AND #status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 0 },
    });
  },

  async page(q) {
    const plan = planOf(q);
    const from = q.from ?? '0000';
    // "to" is a day or a time: include the whole day / everything up to that time.
    const to = q.to ? (q.to.length === 10 ? `${q.to}T99` : `${q.to}~`) : '9999';
    const names: Record<string, string> = { '#pk': `${plan.index}PK`, '#sk': `${plan.index}SK` };
    const values: Record<string, unknown> = { ':pk': plan.pk, ':from': from, ':to': to };
    const filters: string[] = [];
    if (q.action) {
      filters.push('#action = :action');
      names['#action'] = 'action';
      values[':action'] = q.action;
    }
    // A second filter when both actor and object are given (the object's partition is queried).
    if (q.actor && plan.index === 'GSI3') {
      filters.push('#actor = :actor');
      names['#actor'] = 'actor_id';
      values[':actor'] = q.actor;
    }
    const input: QueryCommandInput = {
      TableName: tableName(),
      IndexName: plan.index,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ScanIndexForward: false,
    };
    const entries: AuditEntry[] = [];
    let start = q.cursor ? decodeCursor(q.cursor, plan) : undefined;
    let next: string | null = null;
    // Read on until the page is full or the partition ends (filters can thin out a read).
    for (let reads = 0; reads < 20; reads++) {
      const want = q.limit - entries.length;
      const res = await documentClient().send(
        new QueryCommand({ ...input, Limit: filters.length ? 100 : want, ExclusiveStartKey: start }),
      );
      const items = res.Items ?? [];
      for (let i = 0; i < items.length; i++) {
        entries.push(auditEntryItem.fromItem(items[i] as Record<string, unknown>));
        if (entries.length === q.limit) {
          const more = i < items.length - 1 || res.LastEvaluatedKey !== undefined;
          next = more ? keyCursor.encode(keyOf(items[i] as Record<string, unknown>, plan)) : null;
          return { items: entries, next_cursor: next };
        }
      }
      start = res.LastEvaluatedKey;
      if (!start) return { items: entries, next_cursor: null };
    }
    return { items: entries, next_cursor: start ? keyCursor.encode(start) : null };
  },
};
