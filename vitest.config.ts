import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One time zone for every project, set before any test, worker or the test stack loads (workers
 * and the local server inherit this process's environment): UTC, unless the run names a zone on
 * purpose (`TZ=Pacific/Auckland npx vitest run ...`), which is how the suite is checked in far
 * zones. Without the pin a test's dates depended on the machine's /etc/localtime.
 */
process.env.TZ ||= 'UTC';

/**
 * The local server runs inside the test process. Vite would resolve the storefront renderer's
 * import of @emotion/react to its ESM build while Node loads Chakra UI's through 'import' (the
 * CommonJS build's wrapper): two emotion instances, and Chakra would not see the renderer's style
 * cache. Pointing Vite at the file Node loads gives one instance, as the Lambda bundle and
 * `npm start` have.
 */
/** The path aliases of tsconfig.base.json (`@/` the SPA's source, `@shared/` the shared code). */
const pathAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./frontend/src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('./shared/', import.meta.url)) },
];

const oneEmotion = {
  alias: [
    ...pathAliases,
    {
      find: /^@emotion\/react$/,
      replacement: fileURLToPath(new URL('./node_modules/@emotion/react/dist/emotion-react.cjs.mjs', import.meta.url)),
    },
  ],
};
const aliasesOnly = { alias: pathAliases };

/**
 * The pure suites (unit, web, infra) need nothing but a CPU: two files at a time
 * (VITEST_PURE_WORKERS chooses another number), and without a fresh module graph per file, which
 * halves their CPU time (the web suite's Chakra and recipes, the CDK library are loaded once per
 * worker instead of once per file). The few files that need a fresh graph (they check what a first
 * import does, or configure a module once) run in the `-isolated` twin of their suite.
 * The suites on the shared local stack (integration, security, e2e) run one file at a time, since
 * some of them stop the engines, count what the whole stack holds or drive a browser. `npm test`
 * (bin/test.mjs) runs the two groups as two processes side by side, the pure one at a lower CPU
 * priority; `npx vitest run` alone runs the pure group first, then the stack group.
 */
const PURE = {
  maxWorkers: Number(process.env.VITEST_PURE_WORKERS) || 2,
  sequence: { groupOrder: 0 },
  testTimeout: 30_000,
  isolate: false,
};
/** Files that need a fresh module graph: the authorizer reads its config once per module; hydration and the recipes check what a first import does. */
const ISOLATED_UNIT = ['functions/http/origin-authorizer.test.ts'];
const ISOLATED_WEB = ['frontend/src/ssr/hydrate.test.tsx', 'frontend/src/**/*.recipes.test.tsx'];
/**
 * The two suites against the local stack: the suite starts it (test/support/global-setup.ts), then
 * one file at a time. A test that waits on the stack's background work (a mail, a licence) may see
 * one retry (BACKGROUND_WAIT_MS in test/support/constants.ts).
 */
const ON_THE_STACK = {
  environment: 'node',
  fileParallelism: false,
  sequence: { groupOrder: 1 },
  globalSetup: ['test/support/global-setup.ts'],
  setupFiles: ['test/support/integration-env.ts'],
  testTimeout: 90_000,
  hookTimeout: 60_000,
};
/**
 * The browser suite after the other stack suites, one file at a time (VITEST_E2E_WORKERS=2 runs two:
 * on 2026-11-28, quiet machine, 386 s one at a time, 279 s two at a time, CPU 93% busy; but a
 * clean-clone run of `npm test` with two had 4 e2e files time out, so one stays the default until
 * that is understood). Each file makes its own accounts, apps and categories. Integration and security
 * run before, one file at a time, beside the pure suites that `npm test` runs at a lower priority
 * (bin/test.mjs): some of them count what the whole stack holds, stop its engines or time it.
 */
const E2E_WORKERS = Number(process.env.VITEST_E2E_WORKERS) || 1;
const AFTER_THE_STACK = { fileParallelism: E2E_WORKERS > 1, maxWorkers: E2E_WORKERS, sequence: { groupOrder: 2 } };

/**
 * One test command, four suites:
 * - unit: pure logic beside the code (functions/, shared/, the web build's plugins in frontend/build/)
 * - web: SPA route tests (frontend/src/, jsdom)
 * - integration: the real handlers over HTTP against DynamoDB Local, local S3 and local SES,
 *   all started by the suite itself (test/support/global-setup.ts)
 * - security: attacks that were once possible, reproduced against the same local stack
 * - infra: CDK template assertions and cdk-nag
 * - e2e: a real headless Chromium driving the built SPA on the local runtime
 */
export default defineConfig({
  resolve: oneEmotion,
  test: {
    projects: [
      {
        resolve: aliasesOnly,
        test: {
          name: 'unit',
          include: ['functions/**/*.test.ts', 'shared/**/*.test.ts', 'bin/**/*.test.ts', 'frontend/build/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT],
          environment: 'node',
          ...PURE,
        },
      },
      {
        resolve: aliasesOnly,
        test: { name: 'unit-isolated', include: ISOLATED_UNIT, environment: 'node', ...PURE, isolate: true },
      },
      {
        resolve: aliasesOnly,
        test: {
          name: 'web',
          include: ['frontend/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...ISOLATED_WEB],
          environment: 'jsdom',
          setupFiles: ['frontend/src/testing/setup.ts'],
          ...PURE,
        },
      },
      {
        resolve: aliasesOnly,
        test: {
          name: 'web-isolated',
          include: ISOLATED_WEB,
          environment: 'jsdom',
          setupFiles: ['frontend/src/testing/setup.ts'],
          ...PURE,
          isolate: true,
        },
      },
      {
        resolve: oneEmotion,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          ...ON_THE_STACK,
        },
      },
      {
        resolve: oneEmotion,
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          ...ON_THE_STACK,
        },
      },
      {
        resolve: aliasesOnly,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          ...PURE,
          // table-actions reads the code with the TypeScript checker: ~90 s of CPU, more at a lower priority.
          testTimeout: 300_000,
        },
      },
      {
        resolve: oneEmotion,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/integration-env.ts', 'test/e2e/support/failure-report.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          ...AFTER_THE_STACK,
        },
      },
    ],
  },
});
