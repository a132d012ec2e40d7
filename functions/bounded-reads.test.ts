/**
 * A request reads a bounded set (issue 26): no route handler can reach `queryAll` (a Query read to
 * the end of a partition) unless the call is listed below with its reason. The call graph
 * (functions/testing/call-graph.ts) starts at every unit of the route groups' handler folders and
 * follows calls, through interfaces to their implementations (over-approximate: a path it finds
 * may never run, a path that can run is found). Workers, sync jobs and scripts are no entries:
 * they may read to the end, each call site says why.
 *
 * Adding a `queryAll` a request can reach makes this test fail: page it (queryPage / queryUpTo with
 * a cursor) or, for a set bounded by a rule, list it here with that rule.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_GROUPS } from './routes';
import { buildCallGraph, type Unit } from './testing/call-graph';

const REPO = join(__dirname, '..');
const QUERY_ALL = 'functions/adapters/dynamodb/dynamo.ts#queryAll';

/** Reachable callers of queryAll and why each is allowed (unit id -> reason). */
const ALLOWED: Record<string, string> = {
  'functions/adapters/dynamodb/webhooks-repo.ts#dynamoWebhookStore.listByApp':
    'bounded: an app has at most MAX_WEBHOOKS_PER_APP (20) webhooks (webhooks-service.ts refuses more)',
  'functions/adapters/dynamodb/event-types-repo.ts#dynamoEventTypeStore.list':
    'bounded: the event types are a curated list seeded by the product (bin/seed/event-types.ts), not user data',
  'functions/adapters/dynamodb/sync-repo.ts#dynamoLockStore.running':
    'bounded: one lock item per sync type (SYNC_TYPES), held only while a run is going',
  'functions/adapters/dynamodb/api-keys-repo.ts#dynamoApiKeyRepository.listByOwner':
    'bounded: one developer’s API keys, at most LIMITS.maxApiKeysPerDeveloper (10): api-keys-service.ts create checks the owner’s counter in the key’s own transaction, and a deleted key’s items are deleted (no revoked keys pile up)',
  'functions/adapters/dynamodb/apps-repo.ts#DynamoAppsRepository.listByOwner':
    'bounded: one developer’s apps, at most LIMITS.maxAppsPerDeveloper (100): apps-repo.ts create moves the owner’s counter under that cap in the app’s own transaction (AppLimitReachedError), delete moves it back',
};

describe('bounded reads', () => {
  it('no request handler reaches queryAll except the listed, bounded calls', { timeout: 300_000 }, () => {
    const graph = buildCallGraph(REPO, ['functions'], (f) => f.startsWith('functions/testing/'));
    const queryAll = graph.byId.get(QUERY_ALL)?.[0];
    expect(queryAll, 'queryAll found in the graph').toBeDefined();
    const groups = new Set<string>(ROUTE_GROUPS);
    const entries = [...graph.units.values()].filter((u) => groups.has(u.file.split('/')[1] ?? ''));
    expect(entries.length).toBeGreaterThan(50);
    const reached = graph.reach(entries, (u) => u === queryAll);
    const callers = [...reached.keys()].filter((u: Unit) => u.edges.has(queryAll as Unit));
    const unlisted = callers.filter((u) => !(u.id in ALLOWED)).map((u) => graph.pathTo(reached, u).join('\n    -> '));
    expect(unlisted, `request paths to queryAll:\n${unlisted.join('\n\n')}`).toEqual([]);
  });
});
