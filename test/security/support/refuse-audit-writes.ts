import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../../functions/adapters/aws-clients';
import { auditKeys } from '../../../functions/adapters/dynamodb/keys';

/** Which writes of the audit trail are refused: single writes of an entry (the post-answer ones), or every write naming one. */
export type AuditRefusal = 'single' | 'all';

const pkOf = (v: unknown) => String((v as { S?: string } | undefined)?.S ?? v ?? '');
type Write = { Item?: Record<string, unknown>; Key?: Record<string, unknown> };
const namesEntry = (w: Write | undefined) => auditKeys.isEntryPk(pkOf(w?.Item?.PK ?? w?.Key?.PK));

let refusing: AuditRefusal | null = null;
const watched = new WeakSet<DynamoDBDocumentClient>();

/** Adds the refusal to this process's table client (once per client): it refuses as `refusing` says, else passes. */
function watch(client: DynamoDBDocumentClient) {
  if (watched.has(client)) return;
  watched.add(client);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Write & { TransactItems?: Record<string, Write>[] };
      const single = namesEntry(input);
      const inTransaction = (input.TransactItems ?? []).some((t) => Object.values(t).some((op) => namesEntry(op)));
      if (refusing && (single || (refusing === 'all' && inTransaction))) {
        throw Object.assign(new Error(`not authorized to perform ${context.commandName} on an audit entry`), {
          name: 'AccessDeniedException',
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'refuseAuditWrites' },
  );
}

/**
 * Runs `work` while this process's DynamoDB client refuses writes of the audit trail as `mode`
 * says, with the error an IAM denial gives (AccessDeniedException), then accepts them again. Only
 * code run in this process meets it (a handler or a service called directly), not the shared server.
 */
export async function refusingAuditWrites<T>(mode: AuditRefusal, work: () => Promise<T>): Promise<T> {
  watch(documentClient());
  refusing = mode;
  try {
    return await work();
  } finally {
    refusing = null;
  }
}
