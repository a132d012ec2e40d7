import { Stack } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_KEYS } from '../../functions/adapters/dynamodb/table-definition';
import { REPO_ROOT } from '../../lib/app-config';
import { functionEntries } from '../../lib/bundling';
import { ServiceFunction } from '../../lib/function-defaults';
import { fakeSiteBuild, removeTempDirs, synthMarketplace } from './synth-app';
import {
  type Action,
  bundledModules,
  type FunctionTableNeeds,
  keyText,
  loadFunctionsProgram,
  type TableNeed,
  TableNeedsAnalyzer,
} from './table-needs';

/**
 * The code-against-IAM check the lib/ comments cite: for each function the stack deploys, the
 * DynamoDB actions its bundled code performs (table-needs.ts derives them from the code) are
 * allowed by its synthesized policy, and where a statement limits the partition keys
 * (dynamodb:LeadingKeys) the keys its code uses are within them. A handler that starts writing an
 * item kind its function may not write fails here, not in production with AccessDenied.
 */

interface Statement {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: {
    'ForAllValues:StringLike'?: { 'dynamodb:LeadingKeys'?: string | string[] };
    'ForAllValues:StringEquals'?: { 'dynamodb:Attributes'?: string | string[] };
  };
}

interface DeployedFunction {
  name: string;
  entry: string;
  statements: Statement[];
}

/** What one statement allows an action on: the leading-key patterns and the attributes (undefined: any). */
interface Grant {
  keys?: string[];
  attributes?: string[];
}

/** The table statements of a policy: each action with what it is limited to. */
function allowed(statements: readonly Statement[]): Map<string, Grant[]> {
  const out = new Map<string, Grant[]>();
  for (const s of statements) {
    if (s.Effect !== 'Allow') continue;
    const keys = s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
    const attributes = s.Condition?.['ForAllValues:StringEquals']?.['dynamodb:Attributes'];
    const grant: Grant = {
      keys: keys === undefined ? undefined : [keys].flat(),
      attributes: attributes === undefined ? undefined : [attributes].flat(),
    };
    for (const action of [s.Action].flat()) {
      if (!action.startsWith('dynamodb:')) continue;
      out.set(action, [...(out.get(action) ?? []), grant]);
    }
  }
  return out;
}

/** A grant limited to attributes admits only a need that projects a subset of them. */
const admitsAttributes = (grant: Grant, need: TableNeed) =>
  grant.attributes === undefined || need.attributes?.every((a) => grant.attributes?.includes(a)) === true;

const likeToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );

/** Whether a StringLike pattern admits every key the need stands for (a prefix need: the pattern must be prefix*). */
function admits(pattern: string, need: TableNeed): boolean {
  if (need.key.exact) return likeToRegExp(pattern).test(need.key.value);
  // Every key starting with the prefix: only a pattern that is a prefix of it followed by *.
  return (
    pattern.endsWith('*') && !pattern.slice(0, -1).includes('*') && need.key.value.startsWith(pattern.slice(0, -1))
  );
}

/** The needs of a function its policy does not allow, described for the failure message. */
function uncovered(needs: FunctionTableNeeds, statements: readonly Statement[]): string[] {
  const policy = allowed(statements);
  const out: string[] = [];
  for (const need of needs.needs) {
    const grants = policy.get(need.action) ?? [];
    const ok = grants.some(
      (grant) =>
        admitsAttributes(grant, need) &&
        (grant.keys === undefined || grant.keys.some((pattern) => admits(pattern, need))),
    );
    if (!ok) out.push(`${need.action} on ${keyText(need.key)} (${need.at})`);
  }
  for (const k of needs.keyless) {
    if (!policy.has(k.action)) out.push(`${k.action} on an unknown key (${k.at})`);
  }
  return [...new Set(out)].sort();
}

/** The key kinds whose items hold secrets or what guards them: password hashes, sign-in addresses, API key hashes, reset tokens. */
const SECRET_KINDS = ['USER#', 'EMAIL#', 'KEYHASH#', 'RESET#'] as const;
/** The key attributes of the table and its indexes: a projected grant must list them (DynamoDB requires it). */
const KEY_ATTRIBUTES = new Set<string>([
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  ...TABLE_KEYS.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
]);

const READS: readonly string[] = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];
const WRITES: readonly string[] = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
/** Reads, writes, or (ConditionCheckItem, which returns nothing) any use of whole items. */
const classOf = (action: string) => (READS.includes(action) ? READS : WRITES.includes(action) ? WRITES : undefined);

/**
 * Where a policy allows more than the function's code does on a secret-holding key kind (the
 * code's needs are derived, table-needs.ts): reading whole items of the kind when the code reads
 * none whole (a projected read is a profile, never the hash), writing the kind when the code
 * writes none of it, or a projected attribute none of its reads of the kind projects. A statement
 * grants all its reads (or all its writes) on all its keys (lib/api.ts TableKeys: reads, writes),
 * so within reads and within writes the check is by kind, not by action.
 */
function overGranted(needs: FunctionTableNeeds, statements: readonly Statement[]): string[] {
  const out: string[] = [];
  const coversKind = (pattern: string, kind: string) =>
    pattern === '*' || (pattern.endsWith('*') && kind.startsWith(pattern.slice(0, -1))) || pattern.startsWith(kind);
  for (const [action, grants] of allowed(statements)) {
    for (const grant of grants) {
      for (const kind of SECRET_KINDS) {
        if (grant.keys !== undefined && !grant.keys.some((k) => coversKind(k, kind))) continue;
        const ofKind = needs.needs.filter((n) => n.key.value.startsWith(kind));
        if (grant.attributes === undefined) {
          const actions = classOf(action);
          const used = ofKind.some(
            (n) => n.attributes === undefined && (actions === undefined || actions.includes(n.action)),
          );
          if (!used)
            out.push(
              `${action === 'dynamodb:ConditionCheckItem' || !actions ? action : actions === READS ? 'reads' : 'writes'} of whole ${kind} items`,
            );
        } else {
          const read = new Set(ofKind.flatMap((n) => n.attributes ?? []));
          for (const attribute of grant.attributes) {
            if (!KEY_ATTRIBUTES.has(attribute) && !read.has(attribute)) out.push(`${attribute} of ${kind} items`);
          }
        }
      }
    }
  }
  return [...new Set(out)].sort();
}

/** The partition keys a statement is limited to. */
const leadingKeysOf = (s: Statement): string[] =>
  [s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? []].flat();

/** The policy with more partition keys on the named statements (a policy made wider on purpose). */
/** The statements with each projected grant's attributes (`dynamodb:Attributes`) changed by `change`. */
function withAttributes(statements: readonly Statement[], change: (attributes: string[]) => string[]): Statement[] {
  return statements.map((s) => {
    const projected = s.Condition?.['ForAllValues:StringEquals'];
    if (!projected) return s;
    const attributes = [projected['dynamodb:Attributes'] ?? []].flat();
    return {
      ...s,
      Condition: { ...s.Condition, 'ForAllValues:StringEquals': { 'dynamodb:Attributes': change(attributes) } },
    };
  });
}

function withKeys(
  statements: readonly Statement[],
  sids: readonly string[],
  more: () => readonly string[],
): Statement[] {
  return statements.map((s) =>
    s.Sid !== undefined && sids.includes(s.Sid)
      ? {
          ...s,
          Condition: {
            ...s.Condition,
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...new Set([...leadingKeysOf(s), ...more()])] },
          },
        }
      : s,
  );
}

let deployed: DeployedFunction[];
let analyzer: TableNeedsAnalyzer;
const needsByName = new Map<string, FunctionTableNeeds>();

/** What `check` finds for each deployed function (its code's needs against its policy), by name, where it finds anything. */
function findingsByFunction(
  check: (needs: FunctionTableNeeds, statements: readonly Statement[]) => string[],
): Record<string, string[]> {
  const findings: Record<string, string[]> = {};
  for (const fn of deployed) {
    const found = check(must(needsByName.get(fn.name)), fn.statements);
    if (found.length) findings[fn.name] = found;
  }
  return findings;
}

beforeAll(async () => {
  const { appStack } = synthMarketplace({
    context: { siteBuildPath: fakeSiteBuild() },
    cloudFormationValidation: false,
  });
  const names = new Map(Object.entries(functionEntries(REPO_ROOT)).map(([name, entry]) => [entry, name]));
  deployed = appStack.node
    .findAll()
    .filter((c): c is ServiceFunction => c instanceof ServiceFunction)
    .map((fn) => {
      const policy = fn.role.node.tryFindChild('Policy') as iam.ManagedPolicy;
      const document = Stack.of(fn).resolve(policy.document.toJSON()) as { Statement: Statement[] };
      return {
        name: names.get(fn.entry) ?? fn.entry.replace(/^.*\/|\.ts$/g, ''),
        entry: fn.entry,
        statements: document.Statement,
      };
    });
  const entries = [...new Set(deployed.map((f) => f.entry))];
  analyzer = new TableNeedsAnalyzer(REPO_ROOT, loadFunctionsProgram(REPO_ROOT, entries));
  for (const fn of deployed) {
    if (needsByName.has(fn.name)) continue;
    needsByName.set(fn.name, analyzer.needsOf(fn.entry, await bundledModules(REPO_ROOT, fn.name, fn.entry)));
  }
}, 300_000);
afterAll(removeTempDirs);

describe("each function's code against its IAM policy on the table", () => {
  it('covers every deployed function with its own entry (route groups, workers, the authorizer)', () => {
    const entries = Object.values(functionEntries(REPO_ROOT));
    for (const entry of entries) expect(deployed.map((f) => f.entry)).toContain(entry);
    // Every port's implementation was found by type, none guessed by name (but the SDK middleware's).
    expect(analyzer.unresolvedPorts().filter((p) => !p.startsWith('functions/adapters/resilience.ts'))).toEqual([]);
  });

  it('names a key for every action its code performs', () => {
    for (const [name, needs] of needsByName) expect(needs.keyless, name).toEqual([]);
  });

  it("finds each item of a transaction, a helper's second call in one function too", () => {
    // users-repo.ts create: the account and its address claim, two tx.putNew calls in one transaction.
    const imports = must(needsByName.get('sync-worker')).needs;
    for (const kind of ['USER#', 'EMAIL#']) {
      expect(
        imports.some((n) => n.action === 'dynamodb:PutItem' && n.key.value === kind && !n.key.exact),
        kind,
      ).toBe(true);
    }
    // webhooks-repo.ts delete: the webhook and its lookup item, two tx.delete calls (an app's deletion).
    for (const name of ['developer-apps', 'admin']) {
      expect(
        must(needsByName.get(name)).needs.some((n) => n.action === 'dynamodb:DeleteItem' && n.key.value === 'WEBHOOK#'),
        name,
      ).toBe(true);
    }
  });

  it("checkout reads a developer's payout account as its one projected attribute, which its grant names", () => {
    const checkout = must(deployed.find((f) => f.name === 'checkout'));
    const payout = must(needsByName.get('checkout')).needs.filter((n) => n.attributes?.includes('stripe_account_id'));
    expect(payout.map((n) => [n.action, keyText(n.key), n.attributes])).toEqual([
      ['dynamodb:GetItem', 'USER#*', ['stripe_account_id']],
    ]);
    expect(uncovered({ entry: checkout.entry, needs: payout, keyless: [] }, checkout.statements)).toEqual([]);
    // Without the attribute in the projected grant, the read is refused.
    const without = withAttributes(checkout.statements, (attributes) =>
      attributes.filter((a) => a !== 'stripe_account_id'),
    );
    expect(uncovered({ entry: checkout.entry, needs: payout, keyless: [] }, without)).toHaveLength(1);
  });

  it('allows every action on every key its code uses, and nothing in its code goes unallowed', () => {
    expect(findingsByFunction(uncovered)).toEqual({});
  });

  it('fails when a policy lacks an action or a key the code uses', () => {
    const marketplace = must(deployed.find((f) => f.name === 'marketplace'));
    const needs = must(needsByName.get('marketplace'));
    expect(needs.needs.some((n) => n.action === 'dynamodb:Query')).toBe(true);
    const withoutQuery = marketplace.statements.map((s) => ({
      ...s,
      Action: [s.Action].flat().filter((a) => a !== 'dynamodb:Query'),
    }));
    expect(uncovered(needs, withoutQuery).some((m) => m.startsWith('dynamodb:Query on'))).toBe(true);
    // A policy limited to one key kind refuses the others the code reads.
    const onlyApps = marketplace.statements.map((s) => ({
      ...s,
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APP#*'] } },
    }));
    const refused = uncovered(needs, onlyApps);
    expect(refused.some((m) => m.includes(' on CATEGORIES') || m.includes(' on MARKET'))).toBe(true);
    expect(refused.some((m) => m.includes(' on APP#*'))).toBe(false);
  });

  it('the public readers may touch only the key kinds they read: no account, key or purchase item in full', () => {
    for (const name of ['marketplace', 'storefront']) {
      const fn = must(deployed.find((f) => f.name === name));
      const grants = [...allowed(fn.statements).values()].flat();
      expect(grants.length, name).toBeGreaterThan(0);
      for (const grant of grants) {
        expect(grant.keys, name).toBeDefined();
        const whole = grant.attributes === undefined;
        for (const kind of ['USER#', 'EMAIL#', 'APIKEY#', 'KEYHASH#', 'PURCHASE#', 'LICENSEKEY#', 'BUYER#', 'RESET#']) {
          if (whole)
            expect(
              grant.keys?.some((k) => k.startsWith(kind) || k === '*'),
              `${name} ${kind}`,
            ).toBe(false);
        }
      }
    }
  });

  it('every function is limited to the partition keys of its own item kinds (dynamodb:LeadingKeys)', () => {
    const groups = deployed.filter((f) => f.entry.endsWith('/index.ts'));
    expect(groups.length).toBeGreaterThan(10);
    for (const fn of deployed) {
      for (const [action, grants] of allowed(fn.statements)) {
        for (const grant of grants) expect(grant.keys, `${fn.name} ${action}`).toBeDefined();
      }
    }
    // Only the groups that manage accounts or keys may read API key items.
    const keyReaders = groups
      .filter((fn) =>
        [...allowed(fn.statements).values()]
          .flat()
          .some((g) => g.keys?.some((k) => k.startsWith('KEYHASH#') || k.startsWith('APIKEY#'))),
      )
      .map((fn) => fn.name)
      .sort();
    expect(keyReaders).toEqual(['admin', 'api-keys', 'partner']);
  });

  it('no policy is wider than its code on the key kinds that hold secrets (accounts, addresses, key hashes, reset tokens)', () => {
    expect(findingsByFunction(overGranted)).toEqual({});
  });

  it('finds a policy wider than its code (whole account items where the code reads profiles)', () => {
    const webhooks = must(deployed.find((f) => f.name === 'webhooks'));
    const needs = must(needsByName.get('webhooks'));
    // Its code reads accounts only as profiles (the projected grant), never whole.
    expect(needs.needs.some((n) => n.key.value.startsWith('USER#'))).toBe(true);
    expect(needs.needs.some((n) => n.key.value.startsWith('USER#') && n.attributes === undefined)).toBe(false);
    const withWholeAccounts = withKeys(webhooks.statements, ['SingleTableReads', 'SingleTableWrites'], () => [
      'USER#*',
    ]);
    expect(overGranted(needs, withWholeAccounts)).toEqual(
      expect.arrayContaining(['reads of whole USER# items', 'writes of whole USER# items']),
    );
    // A projection wider than the code's reads is found too.
    const widerProjection = withAttributes(webhooks.statements, (attributes) => [...attributes, 'password_hash']);
    expect(overGranted(needs, widerProjection)).toEqual(['password_hash of USER# items']);
  });

  it('finds reads granted on the keys a group only writes, and writes on those it only reads', () => {
    const TABLE_SIDS = ['SingleTableReads', 'SingleTableWrites'];
    // Each group's policy as it was before reads and writes were split: every table action on all
    // the keys of either.
    const unsplit = (fn: DeployedFunction) => {
      const all = fn.statements.filter((s) => s.Sid !== undefined && TABLE_SIDS.includes(s.Sid)).flatMap(leadingKeysOf);
      return withKeys(fn.statements, TABLE_SIDS, () => all);
    };
    const wider = (name: string, statements: (fn: DeployedFunction) => Statement[]) => {
      const fn = must(deployed.find((f) => f.name === name));
      return overGranted(must(needsByName.get(name)), statements(fn));
    };
    // Approving a developer writes the account, whose reads are profiles; revoking a key puts and
    // deletes its hash item, never reads it; the address claims are only read.
    expect(wider('admin', unsplit)).toEqual([
      'reads of whole KEYHASH# items',
      'reads of whole USER# items',
      'writes of whole EMAIL# items',
    ]);
    expect(wider('api-keys', unsplit)).toEqual(['reads of whole KEYHASH# items']);
    // The key hash a presented key is found by: read, and checked in a transaction, never written.
    expect(wider('partner', unsplit)).toEqual(['writes of whole KEYHASH# items']);
    // One key read where only writes were granted is enough.
    expect(wider('api-keys', (fn) => withKeys(fn.statements, ['SingleTableReads'], () => ['KEYHASH#*']))).toEqual([
      'reads of whole KEYHASH# items',
    ]);
  });

  it("every function's policy fits IAM's managed policy size with reads and writes listed apart", () => {
    // 6,144 characters without whitespace; every ARN the stack resolves at deploy counted at 120.
    const LONGEST_ARN = 'x'.repeat(120);
    const resolved = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(resolved)
        : value && typeof value === 'object'
          ? Object.keys(value).some((k) => k.startsWith('Fn::') || k === 'Ref')
            ? LONGEST_ARN
            : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v)]))
          : value;
    for (const fn of deployed) {
      const size = JSON.stringify({ Version: '2012-10-17', Statement: resolved(fn.statements) }).length;
      expect(size, fn.name).toBeLessThan(6_144);
    }
  });

  it('the table actions of each function (as derived from its code)', () => {
    // Printed for review: which action on which key, per function.
    const summary = Object.fromEntries(
      [...needsByName].map(([name, needs]) => [
        name,
        [
          ...new Set(needs.needs.map((n: TableNeed) => `${n.action.replace('dynamodb:', '')} ${keyText(n.key)}`)),
        ].sort(),
      ]),
    );
    expect(Object.keys(summary).length).toBeGreaterThanOrEqual(needsByName.size);
    const readOnly: Action[] = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];
    // The public readers write nothing.
    for (const name of ['marketplace', 'storefront']) {
      const writes = must(needsByName.get(name)).needs.filter((n) => !readOnly.includes(n.action));
      expect(
        writes.map((n) => `${n.action} ${keyText(n.key)} ${n.at}`),
        name,
      ).toEqual([]);
    }
  });
});

function must<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new Error(`missing ${what}`);
  return value;
}
