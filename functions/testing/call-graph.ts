/**
 * A call graph of functions/ read with the TypeScript compiler, for tests that ask "can a request
 * reach this?" (functions/bounded-reads.test.ts).
 *
 * A unit is a function the code can name: a function declaration, a class method, a function held
 * by a variable, a class field or an object-literal property. A callback written inline (an arrow
 * passed to a call, returned, awaited) belongs to the unit it is written in, since that unit runs
 * it. A unit's edges go to every unit its body names (called or passed on), resolved by the type
 * checker through imports; a member of an interface or type leads to every implementation the
 * code holds (a class that `implements` it, an object literal typed by it), so `deps.apps.listAll()`
 * in a service reaches the repository's method the wiring hands in. Over-approximate on purpose:
 * a path the graph finds may never run, but a path that can run is always found.
 */
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface Unit {
  /** `functions/adapters/dynamodb/apps-repo.ts#DynamoAppsRepository.listAll` */
  id: string;
  file: string;
  node: ts.Node;
  edges: Set<Unit>;
}

export interface CallGraph {
  units: Map<ts.Node, Unit>;
  byId: Map<string, Unit[]>;
  /** The unit a declaration names, when it is one. */
  unitOf(node: ts.Node): Unit | undefined;
  /** Every unit reachable from `entries` (not walking past `stopAt`), with the unit it was first reached from. */
  reach(entries: Iterable<Unit>, stopAt?: (unit: Unit) => boolean): Map<Unit, Unit | null>;
  /** The chain of unit ids from an entry to `unit` in a `reach` result. */
  pathTo(reached: Map<Unit, Unit | null>, unit: Unit): string[];
  program: ts.Program;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression
  | ts.GetAccessorDeclaration
  | ts.ConstructorDeclaration;

const isFunctionNode = (n: ts.Node): n is FunctionNode =>
  ts.isFunctionDeclaration(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isArrowFunction(n) ||
  ts.isFunctionExpression(n) ||
  ts.isGetAccessorDeclaration(n) ||
  ts.isConstructorDeclaration(n);

/** A function the code names (a unit of its own), rather than a callback inlined in its unit. */
function isNamedFunction(n: ts.Node): boolean {
  if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isGetAccessorDeclaration(n)) return true;
  if (ts.isConstructorDeclaration(n)) return true;
  if (!ts.isArrowFunction(n) && !ts.isFunctionExpression(n)) return false;
  const p = n.parent;
  return (
    (ts.isVariableDeclaration(p) && p.initializer === n) ||
    (ts.isPropertyAssignment(p) && p.initializer === n) ||
    (ts.isPropertyDeclaration(p) && p.initializer === n)
  );
}

const nameText = (name: ts.Node | undefined): string =>
  !name
    ? '<anonymous>'
    : ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)
      ? name.text
      : name.getText();

/** What holds an object literal: the variable, property or function it is assigned to or returned from. */
function holderName(obj: ts.Node): string {
  let p: ts.Node | undefined = obj.parent;
  while (p) {
    if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p))
      return nameText(p.name);
    if (ts.isClassDeclaration(p)) return nameText(p.name);
    if (isFunctionNode(p) && isNamedFunction(p)) return unitName(p);
    p = p.parent;
  }
  return '<module>';
}

function unitName(n: FunctionNode): string {
  const p = n.parent;
  if (ts.isFunctionDeclaration(n)) return nameText(n.name);
  if (ts.isConstructorDeclaration(n)) return `${nameText((p as ts.ClassDeclaration).name)}.constructor`;
  if (ts.isMethodDeclaration(n) || ts.isGetAccessorDeclaration(n)) {
    if (ts.isClassLike(p)) return `${nameText(p.name)}.${nameText(n.name)}`;
    return `${holderName(p)}.${nameText(n.name)}`;
  }
  if (ts.isVariableDeclaration(p)) return nameText(p.name);
  if (ts.isPropertyDeclaration(p)) return `${nameText((p.parent as ts.ClassLikeDeclaration).name)}.${nameText(p.name)}`;
  if (ts.isPropertyAssignment(p)) return `${holderName(p.parent)}.${nameText(p.name)}`;
  return '<anonymous>';
}

/**
 * Builds the graph of the files under `roots` (folders from the repository root, e.g. "functions"),
 * leaving out tests and anything `exclude` names. Files outside the roots (packages, the SPA) are
 * read for types but hold no units.
 */
export function buildCallGraph(repo: string, roots: string[], exclude: (file: string) => boolean): CallGraph {
  const configPath = join(repo, 'tsconfig.functions.json'); // the functions' own type world
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, repo);
  const rel = (f: string) => relative(repo, f).split('\\').join('/');
  const inScope = (f: string) => {
    const r = rel(f);
    return roots.some((root) => r.startsWith(`${root}/`)) && !/\.test\.tsx?$/.test(r) && !exclude(r);
  };
  const program = ts.createProgram({
    rootNames: parsed.fileNames.filter(inScope),
    options: { ...parsed.options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((s) => inScope(s.fileName));

  const units = new Map<ts.Node, Unit>();
  const byId = new Map<string, Unit[]>();
  for (const source of files) {
    const file = rel(source.fileName);
    const visit = (n: ts.Node) => {
      if (isFunctionNode(n) && isNamedFunction(n)) {
        const unit: Unit = { id: `${file}#${unitName(n)}`, file, node: n, edges: new Set() };
        units.set(n, unit);
        byId.set(unit.id, [...(byId.get(unit.id) ?? []), unit]);
      }
      ts.forEachChild(n, visit);
    };
    visit(source);
  }

  /** The unit a node's code belongs to: the nearest enclosing named function. */
  const ownerOf = (n: ts.Node): Unit | undefined => {
    for (let p: ts.Node | undefined = n; p; p = p.parent) {
      const u = units.get(p);
      if (u) return u;
    }
    return undefined;
  };

  /** The unit a declaration names: the function itself, or the function a variable or property holds. */
  const unitOf = (decl: ts.Node): Unit | undefined => {
    const own = units.get(decl);
    if (own) return own;
    if (
      (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl) || ts.isPropertyDeclaration(decl)) &&
      decl.initializer
    ) {
      return units.get(decl.initializer);
    }
    return undefined;
  };

  // Implementations of interface and type members: classes that implement them, object literals typed by them.
  const implementations = new Map<ts.Node, Set<Unit>>();
  const addImplementation = (type: ts.Type, name: string, unit: Unit | undefined) => {
    if (!unit) return;
    const parts = type.isUnionOrIntersection() ? type.types : [type];
    for (const t of parts) {
      const prop = checker.getPropertyOfType(t, name);
      for (const d of prop?.declarations ?? []) {
        if (units.has(d) || unitOf(d) === unit) continue;
        const set = implementations.get(d) ?? new Set<Unit>();
        set.add(unit);
        implementations.set(d, set);
      }
    }
  };
  const memberUnit = (m: ts.Node): Unit | undefined => {
    if (ts.isShorthandPropertyAssignment(m)) {
      const value = checker.getShorthandAssignmentValueSymbol(m);
      for (const d of value?.declarations ?? []) {
        const u = unitOf(d);
        if (u) return u;
      }
      return undefined;
    }
    return unitOf(m);
  };
  for (const source of files) {
    const visit = (n: ts.Node) => {
      if (ts.isObjectLiteralExpression(n)) {
        const contextual = checker.getContextualType(n);
        if (contextual) {
          for (const m of n.properties) {
            if (m.name) addImplementation(contextual, nameText(m.name), memberUnit(m));
          }
        }
      } else if (ts.isClassLike(n)) {
        for (const clause of n.heritageClauses ?? []) {
          for (const t of clause.types) {
            const type = checker.getTypeAtLocation(t);
            for (const m of n.members) {
              if (m.name) addImplementation(type, nameText(m.name), unitOf(m));
            }
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(source);
  }

  const targetsOf = (symbol: ts.Symbol | undefined): Unit[] => {
    if (!symbol) return [];
    const resolved = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const out: Unit[] = [];
    for (const d of resolved.declarations ?? []) {
      const u = unitOf(d);
      if (u) out.push(u);
      for (const impl of implementations.get(d) ?? []) out.push(impl);
    }
    return out;
  };

  // Edges: every identifier in a unit's body that names a unit.
  for (const source of files) {
    const visit = (n: ts.Node) => {
      if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) {
        const owner = ownerOf(n);
        const parent = n.parent;
        const isDeclarationName =
          (ts.isFunctionDeclaration(parent) ||
            ts.isMethodDeclaration(parent) ||
            ts.isVariableDeclaration(parent) ||
            ts.isPropertyAssignment(parent) ||
            ts.isPropertyDeclaration(parent) ||
            ts.isParameter(parent) ||
            ts.isClassDeclaration(parent)) &&
          parent.name === n;
        if (owner && !isDeclarationName) {
          let symbol = checker.getSymbolAtLocation(n);
          if (!symbol && ts.isShorthandPropertyAssignment(parent)) {
            symbol = checker.getShorthandAssignmentValueSymbol(parent);
          }
          for (const target of targetsOf(symbol)) if (target !== owner) owner.edges.add(target);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(source);
  }

  return {
    units,
    byId,
    unitOf: (node) => unitOf(node),
    program,
    reach(entries, stopAt) {
      const from = new Map<Unit, Unit | null>();
      const queue: Unit[] = [];
      for (const e of entries) {
        if (!from.has(e)) {
          from.set(e, null);
          queue.push(e);
        }
      }
      for (let i = 0; i < queue.length; i++) {
        const u = queue[i] as Unit;
        if (stopAt?.(u)) continue;
        for (const next of u.edges) {
          if (from.has(next)) continue;
          from.set(next, u);
          queue.push(next);
        }
      }
      return from;
    },
    pathTo(reached, unit) {
      const chain: string[] = [];
      for (let u: Unit | null | undefined = unit; u; u = reached.get(u)) chain.unshift(u.id);
      return chain;
    },
  };
}
