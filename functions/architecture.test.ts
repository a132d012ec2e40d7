/**
 * The layers of functions/ (README "Where things go", shared/DESIGN.md), held by a test. The checker
 * reads every source file with the TypeScript compiler (imports, re-exports, dynamic imports, calls,
 * module-level caches) and reports what breaks a rule; the first test runs it on the tree, the
 * others feed it one bad file of each kind, so every rule is shown to fail.
 *
 * Layers:
 * - handler folders: functions/<group>/ for every route group of functions/routes.ts, and
 *   functions/workers/. Thin: parse, call a service, shape the answer.
 * - wiring/: the composition roots (lazyService), the one place that reads the configuration for a
 *   service and joins core to its adapters.
 * - core/: the rules, behind ports; free of configuration, adapters and AWS.
 * - adapters/: DynamoDB, S3, SES, SQS, Scheduler, HTTP out, Stripe...
 * - http/ (the HTTP edge), platform/ (Lambda plumbing: SQS batches, metrics, tracing, once),
 *   openapi/ (the API's document, built from the route table), queues/ (one module per queue:
 *   pure data the CDK app imports too), testing/ (unit-test helpers).
 *
 * Rules (each reported under its name):
 * - layout: functions/ holds the handler folders, the layer folders above and routes.ts, config.ts
 *   and secrets.ts, nothing else (a handler shared by two groups is no folder of its own).
 * - handler-imports: a handler folder imports only what HANDLER_MAY_IMPORT says (below).
 * - wiring-imports: wiring/ never imports a handler folder.
 * - core-imports: core/ imports only core/, shared/ and packages other than the AWS SDK, Powertools
 *   and aws-lambda: no configuration, no adapters, no http/, wiring/ or platform/.
 * - builds-service: a create...Service call outside functions/wiring/ (in functions/ and bin/).
 * - eager-root: a create... factory called in wiring/ when the module loads, not in lazyService.
 * - module-cache: a module-level `let` filled with `??=` or `||=` (functions/ and bin/): a cache is
 *   lazyService (services) or once (clients, documents: platform/once.ts).
 * - mail-outside-mails-file: a mail (an object literal with `subject` and `text`) written in core/
 *   outside the owning domain's `*-mails.ts` file (README "Where things go": an e-mail).
 *
 * Test files (*.test.ts) are outside the rules: a test may reach into any layer to set up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROUTE_GROUPS } from './routes';

const REPO = join(__dirname, '..');

/** Handler folders: one per route group (one Lambda each), plus the worker Lambdas. */
const HANDLER_FOLDERS: readonly string[] = [...ROUTE_GROUPS, 'workers'];

/** What functions/ may hold at its top level besides the handler folders. */
const LAYER_FOLDERS = ['wiring', 'core', 'adapters', 'http', 'platform', 'openapi', 'queues', 'testing'];
const TOP_LEVEL_FILES = ['routes.ts', 'config.ts', 'secrets.ts'];

/**
 * What a handler folder may import (besides its own folder):
 * - functions/http/ (parsing, auth, answers, audit, logs) and functions/platform/ (the SQS batch
 *   handler, metrics, tracing, once): the edge of a Lambda;
 * - functions/wiring/: the services, built there;
 * - shared/ (the repository's top level: schemas, messages, limits);
 * - functions/routes.ts and functions/openapi/: the route table and the document built from it;
 * - functions/core/errors.ts (the named errors the edge maps to statuses), and types alone
 *   (`import type`) from functions/core/: a service's answer has a type, and types carry no code;
 * - packages, except the AWS SDK (AWS is reached through adapters);
 * - the storefront group alone: frontend/src/ (it renders the SPA's screens on the server).
 * Nothing else: no configuration (it reaches core through wiring), no adapters, no core code, no
 * other handler folder.
 */
const HANDLER_MAY_IMPORT = [
  'functions/http/',
  'functions/platform/',
  'functions/wiring/',
  'shared/',
  'functions/openapi/',
];
const HANDLER_MAY_IMPORT_FILES = ['functions/routes.ts', 'functions/core/errors.ts'];
const HANDLER_EXTRA: Record<string, string[]> = { storefront: ['frontend/src/'] };

interface SourceFile {
  /** Path from the repository root, with forward slashes: "functions/sync/index.ts". */
  path: string;
  text: string;
}

interface Violation {
  rule:
    | 'layout'
    | 'handler-imports'
    | 'wiring-imports'
    | 'core-imports'
    | 'builds-service'
    | 'eager-root'
    | 'module-cache'
    | 'mail-outside-mails-file';
  file: string;
  detail: string;
}

interface ImportRef {
  specifier: string;
  typeOnly: boolean;
}

/** The path aliases of tsconfig.base.json, as folders from the repository root. */
const ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['@shared/', 'shared/'],
  ['@/', 'frontend/src/'],
];
const aliasOf = (specifier: string) => ALIASES.find(([alias]) => specifier.startsWith(alias));
const isPackage = (specifier: string) =>
  !specifier.startsWith('.') && !specifier.startsWith('/') && aliasOf(specifier) === undefined;
const isAwsSdk = (specifier: string) => specifier.startsWith('@aws-sdk/');
/** The AWS SDK, Powertools and Lambda's types: what core stays free of. */
const isAwsSpecific = (specifier: string) =>
  isAwsSdk(specifier) || specifier.startsWith('@aws-lambda-powertools/') || specifier === 'aws-lambda';
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** The file an import resolves to, from the repository root ("functions/core/errors.ts"); folders and extensions guessed. */
function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string {
  const alias = aliasOf(specifier);
  const base = alias
    ? posix.normalize(alias[1] + specifier.slice(alias[0].length))
    : posix.normalize(posix.join(posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return /\.(ts|tsx|js|mjs|json)$/.test(base) ? base : `${base}.ts`;
}

/**
 * What `pick` finds in a file's syntax tree, depth first: it pushes onto `out` and returns 'skip'
 * to leave the node's children unvisited.
 */
function collect<T>(source: ts.SourceFile, pick: (node: ts.Node, out: T[]) => 'skip' | undefined): T[] {
  const out: T[] = [];
  const visit = (node: ts.Node) => {
    if (pick(node, out) !== 'skip') ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Object literals with both `subject` and `text` properties: mails written out. */
function mailsOf(source: ts.SourceFile): string[] {
  return collect<string>(source, (node, out) => {
    if (!ts.isObjectLiteralExpression(node)) return undefined;
    const names = node.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : ''));
    if (names.includes('subject') && names.includes('text')) {
      out.push(`line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    }
    return undefined;
  });
}

/** Imports, re-exports and dynamic imports of a file, each with whether it brings types alone. */
function importsOf(source: ts.SourceFile): ImportRef[] {
  return collect<ImportRef>(source, (node, out) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypes =
        !!named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly) &&
        !clause?.name;
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: !!clause && (clause.isTypeOnly || allNamedTypes) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const allNamedTypes =
        !!clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((e) => e.isTypeOnly);
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || allNamedTypes });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    return undefined;
  });
}

/** Names of the functions called in a file (`createSyncService(...)` -> "createSyncService"). */
function callsOf(source: ts.SourceFile): string[] {
  return collect<string>(source, (node, out) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee)) out.push(callee.text);
      else if (ts.isPropertyAccessExpression(callee)) out.push(callee.name.text);
    }
    return undefined;
  });
}

/** Calls of a `create...` factory made when the module loads (outside any function): a root built at import. */
function eagerFactoryCallsOf(source: ts.SourceFile): string[] {
  return collect<string>(source, (node, out) => {
    if (ts.isFunctionLike(node)) return 'skip';
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^create[A-Z]/.test(node.expression.text)) {
      out.push(node.expression.text);
    }
    return undefined;
  });
}

/** Module-level `let` variables assigned with `??=` or `||=` anywhere in the file: a hand-made cache. */
function moduleCachesOf(source: ts.SourceFile): string[] {
  const lets = new Set<string>();
  for (const statement of source.statements) {
    if (
      ts.isVariableStatement(statement) &&
      (statement.declarationList.flags & ts.NodeFlags.Let) !== 0 &&
      !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)
    ) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) lets.add(d.name.text);
    }
  }
  return collect<string>(source, (node, out) => {
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionEqualsToken ||
        node.operatorToken.kind === ts.SyntaxKind.BarBarEqualsToken) &&
      ts.isIdentifier(node.left) &&
      lets.has(node.left.text)
    ) {
      out.push(node.left.text);
    }
    return undefined;
  });
}

/** The handler folder a path is in ("functions/sync/index.ts" -> "sync"), if any. */
const handlerFolderOf = (path: string): string | undefined => {
  const m = /^functions\/([^/]+)\//.exec(path);
  return m?.[1] && HANDLER_FOLDERS.includes(m[1]) ? m[1] : undefined;
};

const within = (path: string, folders: readonly string[]) => folders.some((f) => path.startsWith(f));

/**
 * Checks source files against the rules. `files` are the files of the tree (or a test's
 * fixtures): paths from the repository root, so imports are resolved among them.
 */
function checkArchitecture(files: readonly SourceFile[]): Violation[] {
  const known = new Set(files.map((f) => f.path));
  const violations: Violation[] = [];
  for (const file of files) {
    const { path } = file;
    if (isTest(path)) continue;
    const source = ts.createSourceFile(path, file.text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const add = (rule: Violation['rule'], detail: string) => violations.push({ rule, file: path, detail });

    // Every module cache is lazyService (services) or once (clients, documents): none made by hand.
    if (path.startsWith('functions/') || path.startsWith('bin/')) {
      for (const name of moduleCachesOf(source)) {
        add(
          'module-cache',
          `module-level \`${name} ??=\`: use lazyService (wiring/lazy.ts) or once (platform/once.ts)`,
        );
      }
      // Services are composed in functions/wiring/ and nowhere else.
      if (!path.startsWith('functions/wiring/')) {
        for (const name of callsOf(source)) {
          if (/^create[A-Z]\w*Service$/.test(name))
            add('builds-service', `calls ${name}: compose services in functions/wiring/`);
        }
      }
    }
    if (!path.startsWith('functions/')) continue;

    // A composition root is built on first use (lazyService), never when its module is imported.
    if (path.startsWith('functions/wiring/')) {
      for (const name of eagerFactoryCallsOf(source)) {
        add('eager-root', `calls ${name} at import: wrap the root in lazyService (wiring/lazy.ts)`);
      }
    }

    // Mails are written in the owning domain's *-mails.ts file.
    if (path.startsWith('functions/core/') && !/-mails\.ts$/.test(path)) {
      for (const where of mailsOf(source)) {
        add('mail-outside-mails-file', `writes a mail (${where}): move it to the domain's *-mails.ts file`);
      }
    }

    const top = path.split('/')[1] ?? '';
    const handler = handlerFolderOf(path);
    const isFile = path.split('/').length === 2;
    if (isFile ? !TOP_LEVEL_FILES.includes(top) : !handler && !LAYER_FOLDERS.includes(top)) {
      add('layout', `functions/${top} is no layer: handler folders are the route groups of routes.ts and workers/`);
    }

    for (const ref of importsOf(source)) {
      const { specifier } = ref;
      const target = isPackage(specifier) ? undefined : resolveImport(path, specifier, known);
      const name = target ?? specifier;

      if (handler) {
        const own = `functions/${handler}/`;
        const allowed = target
          ? target.startsWith(own) ||
            within(target, HANDLER_MAY_IMPORT) ||
            within(target, HANDLER_EXTRA[handler] ?? []) ||
            HANDLER_MAY_IMPORT_FILES.includes(target) ||
            (ref.typeOnly && target.startsWith('functions/core/'))
          : !isAwsSdk(specifier);
        if (!allowed) add('handler-imports', `handler folder ${handler}/ imports ${name}`);
      }

      if (top === 'wiring' && target && handlerFolderOf(target)) {
        add('wiring-imports', `wiring imports the handler folder ${handlerFolderOf(target)}/ (${target})`);
      }

      if (top === 'core') {
        const allowed = target
          ? target.startsWith('functions/core/') || target.startsWith('shared/')
          : !isAwsSpecific(specifier);
        if (!allowed) add('core-imports', `core imports ${name}: core takes configuration and adapters from wiring`);
      }
    }
  }
  return violations;
}

/** The tree's files that the rules read: functions/ and bin/, TypeScript only. */
function treeFiles(): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(REPO, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) out.push({ path, text: readFileSync(join(REPO, path), 'utf8') });
    }
  };
  walk('functions');
  walk('bin');
  return out;
}

describe('architecture of functions/', () => {
  // About 400 files parsed on a shared machine: more than the default 5 s at times.
  it('holds on the tree', { timeout: 60_000 }, () => {
    const files = treeFiles();
    expect(files.length).toBeGreaterThan(200);
    const report = checkArchitecture(files).map((v) => `${v.rule}: ${v.file}: ${v.detail}`);
    expect(report).toEqual([]);
  });

  // Each rule, shown to fail: a small tree that is right, then one bad file of each kind.
  const good: SourceFile[] = [
    { path: 'functions/routes.ts', text: 'export const ROUTES = [];' },
    { path: 'functions/config.ts', text: 'export const getConfig = () => ({});' },
    { path: 'functions/core/errors.ts', text: 'export class NotFoundError extends Error {}' },
    { path: 'functions/core/sync/sync-service.ts', text: 'export function createSyncService() { return {}; }' },
    { path: 'functions/core/sync/ports.ts', text: 'export interface SyncJob { kind: string }' },
    { path: 'functions/adapters/outside-systems.ts', text: "import { getConfig } from '../config';" },
    { path: 'functions/http/types.ts', text: 'export const ok = (b: unknown) => b;' },
    {
      path: 'functions/wiring/sync.ts',
      text: [
        "import { getConfig } from '../config';",
        "import { createSyncService } from '../core/sync/sync-service';",
        "import { lazyService } from './lazy';",
        'export const sync = lazyService(() => createSyncService(getConfig()));',
      ].join('\n'),
    },
    { path: 'functions/wiring/lazy.ts', text: 'export const lazyService = <T>(b: () => T) => b();' },
    {
      path: 'functions/sync/sync-status.ts',
      text: [
        "import type { SyncJob } from '../core/sync/ports';",
        "import { NotFoundError } from '../core/errors';",
        "import { ok } from '../http/types';",
        "import { ROUTES } from '../routes';",
        "import { sync } from '../wiring/sync';",
        "import { LIMIT } from '../../shared/constants';",
        "import * as z from 'zod';",
      ].join('\n'),
    },
    { path: 'functions/workers/sync-worker.ts', text: "import { sync } from '../wiring/sync';" },
    { path: 'shared/constants.ts', text: 'export const LIMIT = 1;' },
    {
      path: 'functions/core/sync/sync-mails.ts',
      text: "export const failedMail = (to: string) => ({ to, subject: 'Sync failed', text: 'It failed.' });",
    },
  ];

  it('accepts the right tree', () => {
    expect(checkArchitecture(good)).toEqual([]);
  });

  const bad: Array<[string, SourceFile, Violation['rule']]> = [
    [
      'a handler folder importing the configuration',
      { path: 'functions/sync/polling-start.ts', text: "import { getConfig } from '../config';" },
      'handler-imports',
    ],
    [
      'a handler folder importing an adapter',
      { path: 'functions/sync/polling-stop.ts', text: "import { x } from '../adapters/outside-systems';" },
      'handler-imports',
    ],
    [
      'a handler folder importing core code (not types)',
      { path: 'functions/sync/trigger.ts', text: "import { createSyncService } from '../core/sync/sync-service';" },
      'handler-imports',
    ],
    [
      'a handler folder importing another handler folder',
      { path: 'functions/admin/index.ts', text: "export { listX } from '../sync/sync-status';" },
      'handler-imports',
    ],
    [
      'a worker importing a handler folder',
      { path: 'functions/workers/sync-worker.ts', text: "import { handleSyncMessage } from '../sync/service';" },
      'handler-imports',
    ],
    [
      'a handler folder calling the AWS SDK',
      { path: 'functions/sync/queue-status.ts', text: "import { SQSClient } from '@aws-sdk/client-sqs';" },
      'handler-imports',
    ],
    [
      'wiring importing a handler folder',
      { path: 'functions/wiring/uploads.ts', text: "import { uploadQuota } from '../developer-apps/upload-quota';" },
      'wiring-imports',
    ],
    [
      'core importing the configuration',
      { path: 'functions/core/users/users-service.ts', text: "import { getConfig } from '../../config';" },
      'core-imports',
    ],
    [
      'core importing an adapter',
      { path: 'functions/core/sync/legacy.ts', text: "import type { X } from '../../adapters/outside-systems';" },
      'core-imports',
    ],
    [
      'core importing the AWS SDK',
      { path: 'functions/core/mail/send.ts', text: "import { SESv2Client } from '@aws-sdk/client-sesv2';" },
      'core-imports',
    ],
    [
      'a service built outside wiring',
      {
        path: 'functions/adapters/health.ts',
        text: "import { createSyncService } from '../core/sync/sync-service';\nconst s = createSyncService();",
      },
      'builds-service',
    ],
    [
      'a service built by a script',
      { path: 'bin/seed/demo.ts', text: 'const reviews = createReviewsService({});' },
      'builds-service',
    ],
    [
      'a composition root built at import',
      {
        path: 'functions/wiring/sync.ts',
        text: "import { createSyncService } from '../core/sync/sync-service';\nexport const sync = createSyncService();",
      },
      'eager-root',
    ],
    [
      'a module cache made by hand',
      {
        path: 'functions/adapters/sqs.ts',
        text: 'let client: object | undefined;\nexport const c = () => (client ??= {});',
      },
      'module-cache',
    ],
    ['a folder that is no layer', { path: 'functions/reviews/hide-review.ts', text: '' }, 'layout'],
    [
      'a mail written in a service',
      {
        path: 'functions/core/sync/sync-service.ts',
        text: "export function createSyncService(m: { send(x: object): void }) { m.send({ to: 'a', subject: 'Failed', text: 'x' }); }",
      },
      'mail-outside-mails-file',
    ],
  ];

  it.each(bad)('reports %s', (_label, file, rule) => {
    const tree = [...good.filter((f) => f.path !== file.path), file];
    const found = checkArchitecture(tree);
    expect(found.map((v) => [v.rule, v.file])).toContainEqual([rule, file.path]);
  });
});
