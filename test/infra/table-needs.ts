/**
 * What each deployed function's code does to the single table, derived from the code itself: the
 * DynamoDB actions it performs and the partition keys (leading keys) it performs them on. The
 * infrastructure test (table-actions.test.ts) holds every function's synthesized IAM policy to it.
 *
 * How it is derived, per function:
 * 1. esbuild bundles the function exactly as the CDK does (lib/bundling.ts); its metafile names the
 *    modules the function carries, and so the implementations a port call can reach in it.
 * 2. A call graph is walked from the function's entry with the TypeScript checker: every
 *    identifier resolves to its declaration (a function, a method, a variable, an object member),
 *    which is walked in turn. A call through a port (an interface member) reaches the members that
 *    implement it in the bundle (classes that implement it, object literals typed as it); object
 *    members handed to a library (middy's `before`) are reached with their object.
 * 3. In every reached declaration: the DynamoDB commands it creates (GetCommand -> GetItem, the
 *    items of a transaction -> PutItem, UpdateItem, DeleteItem, ConditionCheckItem...) and the
 *    partition-key builders of functions/adapters/dynamodb/keys.ts it names (a builder of a table
 *    key, or a constant or builder whose name ends in Partition/Pk: a GSI partition a Query reads).
 *    Builders that only fill a GSI attribute of an item written (`GSI1PK: ownerPartition(id)`) are
 *    not leading keys of that write and do not count.
 * 4. Actions and keys are paired where they meet: a declaration that names keys and reaches
 *    commands (through helpers that take their keys as arguments, like dynamo.ts's getItem) needs
 *    each of those actions on each of those keys; helpers that only build keys or items (mappers)
 *    lend their keys to their caller.
 * The builders are evaluated (keys.ts is pure) with placeholder arguments: `appKey` gives the
 * prefix `APP#`, `MARKET_PK` the exact key `MARKET`.
 *
 * The analysis is conservative where it cannot be exact: a whole declaration's keys pair with all
 * its actions, and every member of an object a library receives counts as reached.
 */
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import * as KEYS from '../../functions/adapters/dynamodb/keys';
import { functionBundling, lambdaEsbuildOptions } from '../../lib/bundling';

export type Action =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:Scan'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem'
  | 'dynamodb:DescribeTable'
  | 'dynamodb:PartiQL';

/** A leading key: every key starting with `value` (a prefix such as `APP#`) or exactly `value` (`MARKET`). */
export interface LeadingKey {
  readonly value: string;
  readonly exact: boolean;
}

/** One action on one leading key, with where in the code it was found. */
export interface TableNeed {
  readonly action: Action;
  readonly key: LeadingKey;
  /** The attributes a read projects (a literal ProjectionExpression); undefined: the whole item. */
  readonly attributes?: readonly string[];
  /** "functions/adapters/dynamodb/apps-repo.ts:412 getById" */
  readonly at: string;
}

export interface FunctionTableNeeds {
  readonly entry: string;
  readonly needs: readonly TableNeed[];
  /** Actions reached with no key the analysis could name (a failure of the analysis, reported by the test). */
  readonly keyless: readonly { action: Action; at: string }[];
}

const COMMANDS: Record<string, Action | null> = {
  GetCommand: 'dynamodb:GetItem',
  GetItemCommand: 'dynamodb:GetItem',
  PutCommand: 'dynamodb:PutItem',
  PutItemCommand: 'dynamodb:PutItem',
  UpdateCommand: 'dynamodb:UpdateItem',
  UpdateItemCommand: 'dynamodb:UpdateItem',
  DeleteCommand: 'dynamodb:DeleteItem',
  DeleteItemCommand: 'dynamodb:DeleteItem',
  QueryCommand: 'dynamodb:Query',
  ScanCommand: 'dynamodb:Scan',
  BatchGetCommand: 'dynamodb:BatchGetItem',
  BatchGetItemCommand: 'dynamodb:BatchGetItem',
  BatchWriteCommand: 'dynamodb:BatchWriteItem',
  BatchWriteItemCommand: 'dynamodb:BatchWriteItem',
  TransactGetCommand: 'dynamodb:GetItem',
  TransactGetItemsCommand: 'dynamodb:GetItem',
  DescribeTableCommand: 'dynamodb:DescribeTable',
  ExecuteStatementCommand: 'dynamodb:PartiQL',
  BatchExecuteStatementCommand: 'dynamodb:PartiQL',
  ExecuteTransactionCommand: 'dynamodb:PartiQL',
  // Needs no action of its own: IAM checks each of its items' (below).
  TransactWriteCommand: null,
  TransactWriteItemsCommand: null,
};

/** The members of a TransactWriteItems item and the action IAM checks for each. */
const TRANSACTION_ITEMS: Record<string, Action> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

const KEYS_FILE = 'functions/adapters/dynamodb/keys.ts';
/** A GSI attribute of an item: the builder fills an index key, not the key of the item written. */
const INDEX_ATTRIBUTE = /^GSI\d+(PK|SK)$/;
/** keys.ts names of leading keys that are plain strings: GSI partitions (and constant partitions). */
const PARTITION_NAME = /(partition|pk)$/i;

/** A declaration walked as a whole: a function, a method, a variable, an object member, a class, a module. */
type Unit = ts.Node;

/**
 * A call (or a `new`, or an item of a transaction) in a unit: the actions it performs itself (a
 * DynamoDB command), the units it calls, and the keys named in its arguments, which are the keys
 * of those actions when there are any.
 */
interface Site {
  actions: Set<Action>;
  callees: Set<Unit>;
  keys: Map<string, LeadingKey>;
  /** Units named in the arguments (key builders, item mappers lend their keys). */
  keyRefs: Set<Unit>;
  /** A literal ProjectionExpression in the arguments. */
  attributes?: string[];
  at: ts.Node;
}

/** Where a unit's walk records what it finds (and the calls being walked record it too). */
interface Recorder {
  ref(unit: Unit): void;
  key(key: LeadingKey): void;
  action(action: Action): void;
}

interface UnitFacts {
  /** Every action of the unit's own sites. */
  actions: Set<Action>;
  keys: Map<string, LeadingKey>;
  refs: Set<Unit>;
  sites: Site[];
}

const placeholder = '\u0001';

/** The leading key a keys.ts export (by its path, e.g. ['userKeys', 'user']) builds; undefined if it builds none. */
function evaluateKey(path: readonly string[]): LeadingKey | undefined {
  let value: unknown = KEYS;
  for (const part of path) value = (value as Record<string, unknown> | undefined)?.[part];
  const name = path.at(-1) ?? '';
  if (typeof value === 'function') {
    let result: unknown;
    try {
      result = (value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, () => placeholder));
    } catch {
      return undefined;
    }
    if (result && typeof result === 'object' && 'PK' in result) return leading(String((result as { PK: unknown }).PK));
    if (typeof result === 'string' && PARTITION_NAME.test(name)) return leading(result);
    return undefined;
  }
  if (value && typeof value === 'object' && 'PK' in value) return leading(String((value as { PK: unknown }).PK));
  if (typeof value === 'string' && PARTITION_NAME.test(name)) return leading(value);
  return undefined;
}

function leading(pk: string): LeadingKey | undefined {
  // A key names its item kind first (`APP#...`, `MARKET`); anything else is no key (a parser's result).
  if (!/^[A-Z]/.test(pk)) return undefined;
  const at = pk.indexOf(placeholder);
  return at === -1 ? { value: pk, exact: true } : { value: pk.slice(0, at), exact: false };
}

export const keyText = (key: LeadingKey): string => (key.exact ? key.value : `${key.value}*`);

/** The whole program the functions are, type-checked once. */
export function loadFunctionsProgram(repoRoot: string, entries: readonly string[]): ts.Program {
  const configPath = join(repoRoot, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('tsconfig.json could not be read');
  return ts.createProgram({
    rootNames: entries.map((e) => join(repoRoot, e)),
    options: { ...parsed.options, noEmit: true },
  });
}

/**
 * The modules esbuild puts into the function's bundle (bytes in the output), repository-relative.
 * The packages stay external: only the repository's own modules are read, and bundling
 * node_modules (Chakra and React for the storefront, Stripe, zod) was ~80% of the 17 builds'
 * time. Measured on every function: the same table needs either way; at most a module that
 * imports a package for nothing but its side effects counts as bundled (storefront:
 * functions/http/auth.ts, whose units its code does not reach), which can only add needs.
 */
export async function bundledModules(repoRoot: string, name: string, entry: string): Promise<Set<string>> {
  const options = lambdaEsbuildOptions(
    repoRoot,
    entry,
    join(repoRoot, 'cdk.out', 'table-needs', name, 'index.mjs'),
    functionBundling(name, undefined) ?? {},
  );
  const result = await build({
    ...options,
    packages: 'external',
    metafile: true,
    write: false,
    minify: false,
    sourcemap: false,
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint);
  return new Set(Object.keys(output?.inputs ?? {}).filter((p) => !p.startsWith('node_modules/')));
}

export class TableNeedsAnalyzer {
  private readonly checker: ts.TypeChecker;
  private readonly facts = new Map<Unit, UnitFacts>();
  /** Interface (port) member declaration -> the class members and object properties implementing it. */
  private readonly implementations = new Map<ts.Node, Set<Unit>>();
  /** Object properties and class members by name, for ports whose implementation is typed only structurally. */
  private readonly membersByName = new Map<string, Set<Unit>>();
  private readonly entries = new Set<ts.SourceFile>();

  constructor(
    private readonly repoRoot: string,
    private readonly program: ts.Program,
  ) {
    this.checker = program.getTypeChecker();
    for (const file of this.sourceFiles()) this.indexImplementations(file);
  }

  private sourceFiles(): ts.SourceFile[] {
    return this.program.getSourceFiles().filter((f) => this.isOwn(f.fileName));
  }

  private isOwn(fileName: string): boolean {
    const rel = relative(this.repoRoot, fileName);
    return !rel.startsWith('..') && !rel.split(sep).includes('node_modules') && !fileName.endsWith('.d.ts');
  }

  private rel(node: ts.Node): string {
    return relative(this.repoRoot, node.getSourceFile().fileName).split(sep).join('/');
  }

  /** What the function at `entry` (with `modules`, its bundle's) does to the table. */
  needsOf(entry: string, modules: ReadonlySet<string>): FunctionTableNeeds {
    const file = this.program.getSourceFile(join(this.repoRoot, entry));
    if (!file) throw new Error(`${entry} is not in the program`);
    this.entries.add(file);
    const reached = this.reach(file, modules);
    const { reachable, keys, unpaired, siteKeys } = this.closures(reached);
    const needs = new Map<string, TableNeed>();
    const add = (actions: Iterable<Action>, k: Iterable<LeadingKey>, at: ts.Node, attributes?: string[]) => {
      for (const action of actions) {
        for (const key of k) {
          const id = `${action} ${keyText(key)} ${attributes?.join(',') ?? '*'}`;
          if (!needs.has(id)) needs.set(id, { action, key, attributes, at: this.describe(at) });
        }
      }
    };
    for (const unit of reached) {
      // Where a call names its keys, its actions (and those its keyless callees lead to) are on them.
      for (const site of this.factsOf(unit).sites) {
        const k = siteKeys(site);
        if (k.size === 0) continue;
        const actions = new Set(site.actions);
        for (const callee of site.callees) {
          if (!reached.has(callee)) continue;
          // A callee that names keys of its own pairs them itself; one that does not, takes these.
          const own = (keys.get(callee) as Map<string, LeadingKey>).size > 0;
          for (const a of own ? [] : (unpaired.get(callee) as Set<Action>)) actions.add(a);
          // A keyed callee handed keys as well: it may use them for any action it leads to.
          if (own && this.passesKeys(site)) for (const a of reachable.get(callee) as Set<Action>) actions.add(a);
        }
        add(actions, k.values(), site.at, site.attributes);
      }
      // Otherwise the unit's keys and the actions that reached it unpaired.
      const a = unpaired.get(unit) as Set<Action>;
      const k = keys.get(unit) as Map<string, LeadingKey>;
      if (a.size > 0 && k.size > 0) add(a, k.values(), unit);
    }
    // Actions that climbed to a unit nobody calls, without meeting a key: the analysis could not name it.
    const keyless: { action: Action; at: string }[] = [];
    for (const unit of reached) {
      const a = unpaired.get(unit) as Set<Action>;
      if (a.size === 0 || (keys.get(unit) as Map<string, LeadingKey>).size > 0) continue;
      if ([...reached].some((u) => u !== unit && this.factsOf(u).refs.has(unit))) continue;
      for (const action of a) keyless.push({ action, at: this.describe(unit) });
    }
    return { entry, needs: [...needs.values()], keyless };
  }

  /** The site hands keys to its callee as arguments (not only keys of its own command). */
  private passesKeys(site: Site): boolean {
    return site.callees.size > 0 && site.keys.size + site.keyRefs.size > 0;
  }

  describe(unit: Unit): string {
    const line = unit.getSourceFile().getLineAndCharacterOfPosition(unit.getStart()).line + 1;
    const name = (unit as { name?: ts.Node }).name;
    return `${this.rel(unit)}:${line}${name && ts.isIdentifier(name) ? ` ${name.text}` : ''}`;
  }

  /** Every unit reachable from the entry module within the bundle's modules. */
  private reach(entry: ts.SourceFile, modules: ReadonlySet<string>): Set<Unit> {
    const reached = new Set<Unit>();
    this.via.clear();
    const queue: Unit[] = [entry];
    const inBundle = (u: Unit) => modules.has(this.rel(u));
    while (queue.length > 0) {
      const unit = queue.shift() as Unit;
      if (reached.has(unit)) continue;
      reached.add(unit);
      const next = [...this.factsOf(unit).refs];
      // A module's own side effects run once anything of it is used.
      next.push(unit.getSourceFile());
      for (const ref of next) {
        if (reached.has(ref) || !inBundle(ref)) continue;
        if (!this.via.has(ref)) this.via.set(ref, unit);
        queue.push(ref);
      }
    }
    return reached;
  }

  /** How the last needsOf() reached a unit: the chain of declarations from the entry (debugging). */
  private readonly via = new Map<Unit, Unit>();
  pathTo(match: (description: string) => boolean): string[][] {
    const chains: string[][] = [];
    for (const unit of this.via.keys()) {
      if (!match(this.describe(unit))) continue;
      const chain: string[] = [];
      for (let u: Unit | undefined = unit; u; u = this.via.get(u)) chain.unshift(this.describe(u));
      chains.push(chain);
    }
    return chains;
  }

  /**
   * Pairs keys with actions where they meet. A helper that reaches no action at all (a key
   * builder, an item mapper) lends its keys to its callers; a call whose arguments name keys
   * performs its own command's action, and the actions of keyless callees (dynamo.ts's getItem),
   * on them; an action that meets no key at its call climbs to the caller.
   */
  private closures(reached: ReadonlySet<Unit>) {
    const refs = (u: Unit) => [...this.factsOf(u).refs].filter((v) => v !== u && reached.has(v));
    const grow = <T>(into: Set<T>, from: Iterable<T>): boolean => {
      let changed = false;
      for (const x of from) {
        if (!into.has(x)) {
          into.add(x);
          changed = true;
        }
      }
      return changed;
    };
    // Every action a unit can lead to, through anything it names.
    const reachable = new Map<Unit, Set<Action>>();
    for (const u of reached) reachable.set(u, new Set(this.factsOf(u).actions));
    for (let changed = true; changed; ) {
      changed = false;
      for (const u of reached)
        for (const v of refs(u))
          changed = grow(reachable.get(u) as Set<Action>, reachable.get(v) as Set<Action>) || changed;
    }
    const effectFree = (v: Unit) => (reachable.get(v) as Set<Action>).size === 0;
    // Keys a unit names, with those of the effect-free helpers it names.
    const keyIds = new Map<Unit, Set<string>>();
    for (const u of reached) keyIds.set(u, new Set(this.factsOf(u).keys.keys()));
    for (let changed = true; changed; ) {
      changed = false;
      for (const u of reached) {
        for (const v of refs(u))
          if (effectFree(v)) changed = grow(keyIds.get(u) as Set<string>, keyIds.get(v) as Set<string>) || changed;
      }
    }
    const allKeys = new Map<string, LeadingKey>();
    for (const u of reached) {
      for (const [id, key] of this.factsOf(u).keys) allKeys.set(id, key);
      for (const site of this.factsOf(u).sites) for (const [id, key] of site.keys) allKeys.set(id, key);
    }
    const keys = new Map<Unit, Map<string, LeadingKey>>();
    for (const [u, ids] of keyIds) keys.set(u, new Map([...ids].map((id) => [id, allKeys.get(id) as LeadingKey])));
    const keyed = (v: Unit) => (keys.get(v) as Map<string, LeadingKey>).size > 0;
    const siteKeys = (site: Site): Map<string, LeadingKey> => {
      const out = new Map(site.keys);
      for (const r of site.keyRefs) {
        if (reached.has(r) && effectFree(r))
          for (const [id, key] of keys.get(r) as Map<string, LeadingKey>) out.set(id, key);
      }
      return out;
    };
    // Actions that meet no key where they are performed, and climb.
    const unpaired = new Map<Unit, Set<Action>>();
    for (const u of reached) unpaired.set(u, new Set());
    for (let changed = true; changed; ) {
      changed = false;
      for (const u of reached) {
        const mine = unpaired.get(u) as Set<Action>;
        const calledAtSites = new Set<Unit>();
        for (const site of this.factsOf(u).sites) {
          for (const c of site.callees) calledAtSites.add(c);
          if (siteKeys(site).size > 0) continue;
          changed = grow(mine, site.actions) || changed;
          for (const c of site.callees) {
            if (reached.has(c) && !keyed(c)) changed = grow(mine, unpaired.get(c) as Set<Action>) || changed;
          }
        }
        // Named without being called here (handed on as a value): what it does may happen on any key of this unit.
        for (const v of refs(u)) {
          if (!calledAtSites.has(v) && !keyed(v)) changed = grow(mine, unpaired.get(v) as Set<Action>) || changed;
        }
      }
    }
    return { reachable, keys, unpaired, siteKeys };
  }

  private factsOf(unit: Unit): UnitFacts {
    let facts = this.facts.get(unit);
    if (!facts) {
      facts = { actions: new Set(), keys: new Map(), refs: new Set(), sites: [] };
      this.facts.set(unit, facts);
      this.collect(unit, facts);
    }
    return facts;
  }

  /** The nodes of a unit that run when it is used. */
  private bodyOf(unit: Unit): ts.Node[] {
    if (ts.isSourceFile(unit)) {
      // The entry module runs whole (its handler is what Lambda calls); any other module only its side effects.
      if (this.entries.has(unit)) return [...unit.statements];
      return unit.statements.filter(
        (s) => ts.isExpressionStatement(s) || ts.isExportAssignment(s) || ts.isIfStatement(s) || ts.isForOfStatement(s),
      );
    }
    if (ts.isClassDeclaration(unit) || ts.isClassExpression(unit)) {
      return [
        ...(unit.heritageClauses ?? []).filter((h) => h.token === ts.SyntaxKind.ExtendsKeyword),
        ...unit.members.filter(
          (m) => ts.isConstructorDeclaration(m) || ts.isPropertyDeclaration(m) || ts.isClassStaticBlockDeclaration(m),
        ),
      ];
    }
    if (ts.isVariableDeclaration(unit) || ts.isPropertyAssignment(unit) || ts.isPropertyDeclaration(unit)) {
      return unit.initializer ? [unit.initializer] : [];
    }
    if (ts.isShorthandPropertyAssignment(unit)) return [unit];
    if (ts.isFunctionLike(unit)) {
      const fn = unit as ts.FunctionLikeDeclaration;
      return [...fn.parameters.flatMap((p) => (p.initializer ? [p.initializer] : [])), ...(fn.body ? [fn.body] : [])];
    }
    return [unit];
  }

  private collect(unit: Unit, facts: UnitFacts): void {
    /** The calls whose arguments are being walked (innermost last). */
    const active: Site[] = [];
    const withSite = (site: Site, walk: () => void) => {
      facts.sites.push(site);
      active.push(site);
      try {
        walk();
      } finally {
        active.pop();
      }
    };
    /** The callees of the calls whose callee expression is being walked (innermost last). */
    const naming: Set<Unit>[] = [];
    const recorder: Recorder = {
      ref: (u) => {
        facts.refs.add(u);
        for (const callees of naming) callees.add(u);
        for (const site of active) site.keyRefs.add(u);
      },
      key: (key) => {
        facts.keys.set(keyText(key), key);
        for (const site of active) site.keys.set(keyText(key), key);
      },
      action: (action) => {
        facts.actions.add(action);
        active.at(-1)?.actions.add(action);
      },
    };
    const newSite = (at: ts.Node): Site => ({
      actions: new Set(),
      callees: new Set(),
      keys: new Map(),
      keyRefs: new Set(),
      at,
    });
    const visit = (node: ts.Node): void => {
      if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      // A named function declared inside (a service factory's helpers): a unit of its own, reached if named.
      if (node !== unit && this.isNamedFunction(node)) return;
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const site = newSite(node);
        // The callee: what it names are the units this call runs.
        // Everything it names, also when the unit named it before (a second `tx.putNew(...)` of a
        // transaction runs putNew as the first did).
        const actionsBefore = new Set(facts.actions);
        naming.push(site.callees);
        try {
          visit(node.expression);
        } finally {
          naming.pop();
        }
        // `new GetCommand(...)`: the command's action is this call's.
        for (const a of facts.actions) if (!actionsBefore.has(a)) site.actions.add(a);
        if (ts.isNewExpression(node)) {
          const action = this.commandAction(node.expression);
          if (action) {
            site.actions.add(action);
            facts.actions.add(action);
          }
        }
        withSite(site, () => {
          for (const arg of node.arguments ?? []) visit(arg);
        });
        return;
      }
      // Object members that are behaviour are units of their own (reached through their name or
      // their port), unless a library receives the object, or a call: then they are reached with it.
      if (ts.isObjectLiteralExpression(node)) {
        const walk = () => {
          const handedOver = this.isArgument(node);
          for (const property of node.properties) {
            if (!handedOver && this.isBehaviour(property) && !this.handedToLibrary(node, property)) continue;
            visit(property);
          }
        };
        const item = this.transactionItem(node);
        if (item) {
          const site = newSite(node);
          site.actions.add(item);
          facts.actions.add(item);
          withSite(site, walk);
        } else {
          walk();
        }
        return;
      }
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'ProjectionExpression') {
        if (ts.isStringLiteralLike(node.initializer)) {
          // A placeholder is named after its attribute here (#role for role, a reserved word).
          const attributes = node.initializer.text.split(',').map((a) => a.trim().replace(/^#/, ''));
          for (const site of active) site.attributes = attributes;
        }
      }
      if (ts.isShorthandPropertyAssignment(node)) {
        const symbol = this.checker.getShorthandAssignmentValueSymbol(node);
        if (symbol) this.reference(unit, node, symbol, recorder);
        return;
      }
      if (ts.isPropertyAccessExpression(node)) {
        visit(node.expression);
        const concrete = this.concreteMember(node);
        if (concrete) {
          if (!this.fillsIndexAttribute(node)) recorder.ref(concrete);
          return;
        }
        const symbol = this.checker.getSymbolAtLocation(node.name);
        if (symbol) this.reference(unit, node, symbol, recorder);
        return;
      }
      if (ts.isIdentifier(node)) {
        const symbol = this.checker.getSymbolAtLocation(node);
        if (symbol) this.reference(unit, node, symbol, recorder);
        return;
      }
      ts.forEachChild(node, visit);
    };
    for (const node of this.bodyOf(unit)) visit(node);
    // The entry's own functions (its handler) are what Lambda calls.
    if (ts.isSourceFile(unit) && this.entries.has(unit)) {
      for (const statement of unit.statements) {
        const declarations = ts.isVariableStatement(statement) ? statement.declarationList.declarations : [statement];
        for (const declaration of declarations) if (this.isNamedFunction(declaration)) facts.refs.add(declaration);
      }
    }
  }

  /** `GetCommand` and the like of the AWS SDK's DynamoDB clients: the action their request needs. */
  private commandAction(expression: ts.Expression): Action | undefined {
    let symbol = this.checker.getSymbolAtLocation(
      ts.isPropertyAccessExpression(expression) ? expression.name : expression,
    );
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    // `const { QueryCommand } = await import(...)`: the member the pattern takes out.
    const declaration = symbol?.declarations?.[0];
    if (declaration && ts.isBindingElement(declaration) && ts.isObjectBindingPattern(declaration.parent)) {
      const name = (declaration.propertyName ?? declaration.name).getText();
      symbol = this.checker.getPropertyOfType(this.checker.getTypeAtLocation(declaration.parent), name);
    }
    if (!symbol || !(symbol.name in COMMANDS)) return undefined;
    const file = symbol.declarations?.[0]?.getSourceFile().fileName ?? '';
    if (!/@aws-sdk[\\/](client-dynamodb|lib-dynamodb)/.test(file)) return undefined;
    return COMMANDS[symbol.name] ?? undefined;
  }

  /** A member that is a function (a method, an arrow, a function named by its value): called, not read. */
  private isBehaviour(property: ts.ObjectLiteralElementLike | ts.ClassElement): boolean {
    if (ts.isMethodDeclaration(property) || ts.isGetAccessor(property) || ts.isSetAccessor(property)) return true;
    if (ts.isPropertyAssignment(property)) return this.callable(property.initializer);
    if (ts.isShorthandPropertyAssignment(property)) return this.callable(property.name);
    if (ts.isPropertyDeclaration(property) && property.initializer) return this.callable(property.initializer);
    return false;
  }

  private callable(node: ts.Node): boolean {
    return this.checker.getTypeAtLocation(node).getNonNullableType().getCallSignatures().length > 0;
  }

  /**
   * An object literal given straight to a call (`createGroupHandler('x', { 'GET /a': a })`,
   * `createService({ onDone: () => ... })`): the callee may call any of its members.
   */
  private isArgument(node: ts.Node): boolean {
    let n = node;
    while (
      ts.isParenthesizedExpression(n.parent) ||
      ts.isAsExpression(n.parent) ||
      ts.isSatisfiesExpression(n.parent)
    ) {
      n = n.parent;
    }
    return (ts.isCallExpression(n.parent) || ts.isNewExpression(n.parent)) && n.parent.expression !== n;
  }

  /** The object literal's member is declared by a library's type (a callback the library calls). */
  private handedToLibrary(object: ts.ObjectLiteralExpression, property: ts.ObjectLiteralElementLike): boolean {
    const contextual = this.checker.getContextualType(object);
    if (!contextual || !property.name) return false;
    const name = property.name.getText();
    const types = contextual.isUnion() ? contextual.types : [contextual];
    for (const type of types) {
      const member = this.checker.getPropertyOfType(type, name);
      for (const declaration of member?.declarations ?? []) {
        if (!this.isOwn(declaration.getSourceFile().fileName)) return true;
      }
    }
    return false;
  }

  /** `{ Put: {...} }` as an item of a TransactWriteItems call: the action IAM checks for it. */
  private transactionItem(node: ts.ObjectLiteralExpression): Action | undefined {
    const names = node.properties.map((p) => p.name?.getText() ?? '');
    const item = names.find((n) => n in TRANSACTION_ITEMS);
    if (!item) return undefined;
    const contextual = this.checker.getContextualType(node);
    const member = contextual && this.checker.getPropertyOfType(contextual.getNonNullableType(), item);
    const declaredIn = member?.declarations?.[0]?.getSourceFile().fileName ?? '';
    return /@aws-sdk[\\/](client-dynamodb|lib-dynamodb)/.test(declaredIn) ? TRANSACTION_ITEMS[item] : undefined;
  }

  /**
   * `x.m` where `x` is a constant object literal of this repository (a mapper, a store typed as its
   * port): the member `m` of that literal, not every implementation of the port's `m`.
   */
  private concreteMember(node: ts.PropertyAccessExpression): Unit | undefined {
    let symbol = this.checker.getSymbolAtLocation(node.expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
    if (!this.isOwn(declaration.getSourceFile().fileName)) return undefined;
    if (!(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)) return undefined;
    const literal = declaration.initializer;
    if (!ts.isObjectLiteralExpression(literal)) return undefined;
    const name = node.name.text;
    const member = literal.properties.find((p) => p.name?.getText() === name);
    if (!member || ts.isSpreadAssignment(member)) return undefined;
    return member;
  }

  private reference(unit: Unit, node: ts.Node, symbol: ts.Symbol, record: Recorder, depth = 0): void {
    let target = symbol;
    if (target.flags & ts.SymbolFlags.Alias) target = this.checker.getAliasedSymbol(target);
    // Filling an index attribute of an item: its value is no key of the request.
    if (this.fillsIndexAttribute(node)) return;
    for (const declaration of target.declarations ?? []) {
      // `const { m } = x`: the member m of x (a port's operation, a keys.ts builder).
      if (ts.isBindingElement(declaration) && ts.isObjectBindingPattern(declaration.parent) && depth < 3) {
        const name = (declaration.propertyName ?? declaration.name).getText();
        const member = this.checker.getPropertyOfType(this.checker.getTypeAtLocation(declaration.parent), name);
        if (member && member !== target) this.reference(unit, node, member, record, depth + 1);
      }
      if (!this.isOwn(declaration.getSourceFile().fileName)) continue;
      // Declared inside this unit (a local, a parameter, a member name): walked with it; but a
      // named function declared inside is walked only when named.
      if (this.contains(unit, declaration) && !this.isNamedFunction(declaration)) continue;
      if (this.rel(declaration) === KEYS_FILE) {
        const key = this.keyOf(declaration);
        if (key) record.key(key);
        continue;
      }
      for (const u of this.unitsOf(declaration)) record.ref(u);
    }
  }

  /** The leading key a keys.ts export (or a member of one) builds; undefined for sort keys, parsers, whole objects. */
  private keyOf(declaration: ts.Node): LeadingKey | undefined {
    const path = this.keyPath(declaration);
    if (!path) return undefined;
    // A whole keys object named without a member (`const KEYS = syncKeys`): its members are
    // resolved where they are used.
    let value: unknown = KEYS;
    for (const part of path) value = (value as Record<string, unknown> | undefined)?.[part];
    if (value && typeof value === 'object' && !('PK' in value)) return undefined;
    return evaluateKey(path);
  }

  /** `function f() {}`, `const f = () => ...`, a class: behaviour that runs when named, not when declared. */
  private isNamedFunction(node: ts.Node): boolean {
    if (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) return true;
    return (
      ts.isVariableDeclaration(node) &&
      node.initializer !== undefined &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    );
  }

  private contains(unit: Unit, node: ts.Node): boolean {
    if (unit.getSourceFile() !== node.getSourceFile()) return false;
    // A module's side effects are walked alone: what they name of the module is reached from them.
    if (ts.isSourceFile(unit) && !this.entries.has(unit)) return false;
    return node.pos >= unit.pos && node.end <= unit.end;
  }

  /** The export path of a declaration in keys.ts: ['userKeys', 'user'], ['appKey']. */
  private keyPath(declaration: ts.Node): string[] | undefined {
    const path: string[] = [];
    let node: ts.Node | undefined = declaration;
    while (node && !ts.isSourceFile(node)) {
      if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && node.name) {
        path.unshift(node.name.getText());
      } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
        path.unshift(node.name.text);
        return path;
      } else if (ts.isFunctionDeclaration(node) && node.name) {
        path.unshift(node.name.text);
        return path;
      }
      node = node.parent;
    }
    return path.length ? path : undefined;
  }

  /**
   * Inside `GSI1PK: ...`, `x.GSI3PK = ...` or the values of an update (`SET GSI2PK = :pk`): an index
   * attribute of an item, not a leading key of the request.
   */
  private fillsIndexAttribute(node: ts.Node): boolean {
    for (let n: ts.Node | undefined = node; n && !ts.isFunctionLike(n) && !ts.isSourceFile(n); n = n.parent) {
      const parent: ts.Node | undefined = n.parent;
      if (!parent) break;
      if (
        ts.isPropertyAssignment(parent) &&
        parent.initializer === n &&
        parent.name.getText() === 'ExpressionAttributeValues' &&
        ts.isObjectLiteralExpression(parent.parent) &&
        parent.parent.properties.some((p) => p.name?.getText() === 'UpdateExpression')
      ) {
        return true;
      }
      if (ts.isPropertyAssignment(parent) && parent.initializer === n && INDEX_ATTRIBUTE.test(parent.name.getText())) {
        return true;
      }
      if (
        ts.isBinaryExpression(parent) &&
        parent.right === n &&
        parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(parent.left) &&
        INDEX_ATTRIBUTE.test(parent.left.name.text)
      ) {
        return true;
      }
    }
    return false;
  }

  /** Port members whose implementation was guessed by name (see unitsOf). */
  private readonly unresolved = new Set<ts.Node>();
  unresolvedPorts(): string[] {
    return [...this.unresolved].map((d) => this.describe(d)).sort();
  }

  private implementationsOf(member: ts.Node, seen: Set<ts.Node>): Unit[] {
    if (seen.has(member)) return [];
    seen.add(member);
    const out: Unit[] = [];
    for (const implementation of this.implementations.get(member) ?? []) {
      if (ts.isPropertySignature(implementation) || ts.isMethodSignature(implementation)) {
        out.push(...this.implementationsOf(implementation, seen));
      } else {
        out.push(...this.unitsOf(implementation));
      }
    }
    return out;
  }

  /** The units a declaration stands for when named: itself, or the implementations of a port member. */
  private unitsOf(declaration: ts.Node): Unit[] {
    if (ts.isPropertySignature(declaration) || ts.isMethodSignature(declaration)) {
      // A port's operation; a data field (`record.id`) runs nothing.
      if (!ts.isMethodSignature(declaration) && !this.callable(declaration)) return [];
      const units = this.implementationsOf(declaration, new Set());
      if (units.length) return units;
      // An optional dependency nobody provides is not called (`deps.now ?? default`).
      if (declaration.questionToken) return [];
      // A port whose implementation the analysis did not see handed over: every member of that name
      // (reported by unresolvedPorts(), so that a test can keep the list empty).
      this.unresolved.add(declaration);
      return [...(this.membersByName.get(declaration.name.getText()) ?? [])];
    }
    const walkable =
      ts.isFunctionDeclaration(declaration) ||
      ts.isMethodDeclaration(declaration) ||
      ts.isGetAccessor(declaration) ||
      ts.isSetAccessor(declaration) ||
      ts.isVariableDeclaration(declaration) ||
      ts.isPropertyAssignment(declaration) ||
      ts.isShorthandPropertyAssignment(declaration) ||
      ts.isPropertyDeclaration(declaration) ||
      ts.isClassDeclaration(declaration) ||
      ts.isClassExpression(declaration);
    if (walkable) {
      // The declaration, and whatever was handed over in its place (a value flowed into its slot).
      return [declaration, ...this.implementationsOf(declaration, new Set())];
    }
    // `const { a } = obj`: the member `a` of obj's type.
    if (ts.isBindingElement(declaration) && ts.isObjectBindingPattern(declaration.parent)) {
      const name = (declaration.propertyName ?? declaration.name).getText();
      const member = this.checker.getPropertyOfType(this.checker.getTypeAtLocation(declaration.parent), name);
      return (member?.declarations ?? []).filter((d) => d !== declaration).flatMap((d) => this.unitsOf(d));
    }
    // Enum members, parameters: values from elsewhere.
    return [];
  }

  /**
   * Where a value meets a type that names operations (a port): an object literal or a class typed
   * as it, or a value handed to a slot of that type (a property, an argument, a typed variable, a
   * return). Each operation of the port then leads to the value's member of that name.
   */
  private indexImplementations(file: ts.SourceFile): void {
    const add = (portMember: ts.Symbol | undefined, implementation: ts.Node) => {
      for (const d of portMember?.declarations ?? []) {
        // A signature of a port, or a member of a type inferred from one implementation
        // (`Pick<ReturnType<typeof createX>, 'm'>`) that another value may stand in for.
        if (d === implementation || !this.isOwn(d.getSourceFile().fileName)) continue;
        let set = this.implementations.get(d);
        if (!set) {
          set = new Set();
          this.implementations.set(d, set);
        }
        set.add(implementation);
      }
    };
    const byName = (name: string, unit: Unit) => {
      let set = this.membersByName.get(name);
      if (!set) {
        set = new Set();
        this.membersByName.set(name, set);
      }
      set.add(unit);
    };
    const parts = (type: ts.Type | undefined): ts.Type[] =>
      !type ? [] : type.isUnionOrIntersection() ? type.types : [type.getNonNullableType()];
    /** A value of type `value` flows into a slot of type `slot`: map the slot's operations. */
    const flow = (slot: ts.Type | undefined, value: ts.Type) => {
      for (const target of parts(slot)) {
        for (const member of target.getProperties()) {
          const provided = this.checker.getPropertyOfType(value, member.name);
          for (const d of provided?.declarations ?? []) {
            if (!this.isOwn(d.getSourceFile().fileName)) continue;
            add(member, d);
          }
        }
      }
    };
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const contextual = this.checker.getContextualType(node);
        for (const property of node.properties) {
          if (!property.name || ts.isSpreadAssignment(property) || !this.isBehaviour(property)) continue;
          const name = property.name.getText();
          byName(name, property);
          for (const type of parts(contextual)) add(this.checker.getPropertyOfType(type, name), property);
        }
        // `{ apps }`: the value `apps` handed to the slot `apps`.
        for (const property of node.properties) {
          if (!ts.isShorthandPropertyAssignment(property) || this.isBehaviour(property)) continue;
          for (const type of parts(contextual)) {
            const slot = this.checker.getPropertyOfType(type, property.name.text);
            if (!slot) continue;
            flow(this.checker.getTypeOfSymbolAtLocation(slot, property), this.checker.getTypeAtLocation(property.name));
          }
        }
      }
      if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
        for (const clause of node.heritageClauses ?? []) {
          for (const type of clause.types) {
            const implemented = this.checker.getTypeAtLocation(type);
            for (const member of node.members) {
              if (!member.name || !this.isBehaviour(member)) continue;
              add(this.checker.getPropertyOfType(implemented, member.name.getText()), member);
            }
          }
        }
        for (const member of node.members) {
          if (member.name && this.isBehaviour(member)) byName(member.name.getText(), member);
        }
      }
      // A named value (not a literal: those are mapped above) handed to a typed slot.
      if (
        (ts.isIdentifier(node) ||
          ts.isPropertyAccessExpression(node) ||
          ts.isCallExpression(node) ||
          ts.isNewExpression(node)) &&
        this.isValueSlot(node)
      ) {
        const slot = this.checker.getContextualType(node as ts.Expression);
        if (slot) flow(slot, this.checker.getTypeAtLocation(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  /** The initializer of a property or variable, an argument, or a returned value. */
  private isValueSlot(node: ts.Node): boolean {
    const parent = node.parent;
    if (!parent) return false;
    if (ts.isPropertyAssignment(parent) && parent.initializer === node) return true;
    if (ts.isShorthandPropertyAssignment(parent)) return false;
    if (ts.isVariableDeclaration(parent) && parent.initializer === node && parent.type) return true;
    if (ts.isParameter(parent) && parent.initializer === node) return true;
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== node) return true;
    if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === node)) return true;
    return false;
  }
}
