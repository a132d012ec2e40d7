/**
 * Starts what the integration and end-to-end suites need, once per run: DynamoDB Local (in
 * memory), the local S3 and SES, the seed data and the local HTTP server in front of the real
 * handlers. Tests reach it over HTTP (inject('apiUrl')) and, where they must look behind the
 * API, through the same adapters with the environment this setup provides (inject('stackEnv')).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLocalServer, listen } from '../../bin/local-server';
import { startLocalStack } from '../../bin/local-stack';
import { TEST_ADMIN } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    mailViewerUrl: string;
    stackEnv: Record<string, string>;
  }
}

interface RunningStack {
  apiUrl: string;
  mailViewerUrl: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

async function startStack(): Promise<RunningStack> {
  // The storefront renderer pulls in the SPA's modules, which take a while to load the first time
  // inside the test process: load them while the engines start, so no page load waits for them.
  const storefrontLoaded = import('../../functions/storefront/index').catch(() => undefined);
  const scratchDir = mkdtempSync(join(tmpdir(), 'dental-test-'));
  const stack = await startLocalStack({
    scratchDir,
    tableName: 'dental-test',
    bucketName: 'dental-test-uploads',
  });
  const env: Record<string, string> = {
    ...stack.env,
    RUNTIME: 'local',
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // As npm start does on first start: a secret of this run, never a public constant.
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // STACK_LOG_LEVEL=warn (or info) prints the server's log lines among the tests' output.
    LOG_LEVEL: process.env.STACK_LOG_LEVEL ?? 'silent',
    MAIL_FROM: 'no-reply@dentalmarket.test',
    // Sync faults in seconds, not minutes: a short outside-system timeout and quick queue retries.
    SYNC_HTTP_TIMEOUT_MS: '1500',
    SYNC_QUEUE_RETRY_DELAY_MS: '200',
    // Catalogue jobs (category re-filing, pool deletion) in pages of 3, so a test sees several pages.
    CATALOGUE_JOB_PAGE_SIZE: '3',
    // The whole suite reaches this server from 127.0.0.1 and creates hundreds of accounts: relax
    // the per-client limits and the hashing cost here. test/security runs its own server with the
    // product's defaults (test/security/support/own-server.ts).
    RATE_LIMIT_REGISTER_PER_CLIENT: '100000',
    RATE_LIMIT_FORGOT_PASSWORD_PER_CLIENT: '100000',
    RATE_LIMIT_GUEST_CHECKOUT_PER_CLIENT: '100000',
    LOGIN_CLIENT_MAX_FAILURES: '100000',
    REVIEWS_PER_CLIENT_PER_DAY: '100000',
    SCRYPT_LOG2_N: '14',
    // An audited change that escaped its entry's transaction answers 500 here (functions/http/audit.ts).
    AUDIT_UNLISTED_NO_WRITE: 'fail',
  };
  Object.assign(process.env, env);

  const { seed } = await import('../../bin/seed');
  await seed({ adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password, demo: true });

  const server = createLocalServer(resolve('frontend/dist'));
  const port = await listen(server, 0, '127.0.0.1');
  const apiUrl = `http://127.0.0.1:${port}`;
  process.env.APP_URL = apiUrl;
  env.APP_URL = apiUrl;
  const { resetConfigForTests } = await import('../../functions/config');
  resetConfigForTests();
  await storefrontLoaded;
  // One render warms React's and the renderer's code paths; a missing web build answers 503 here.
  await fetch(`${apiUrl}/marketplace/categories`)
    .then((r) => r.arrayBuffer())
    .catch(() => undefined);

  return {
    apiUrl,
    // The SES emulator's own address (127.0.0.1, where it listens), not the viewer's friendlier
    // `localhost`: Node tries ::1 first for localhost, where another process may hold the same port.
    mailViewerUrl: stack.env.SES_ENDPOINT ?? stack.mailViewerUrl,
    env,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await stack.stop();
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

/**
 * The integration and e2e projects both name this setup, and Vitest runs both in its one main
 * process. The handlers read one process-wide configuration, so two stacks would trample each
 * other's settings: the projects share one stack, started by the first and stopped by the last.
 */
const shared = globalThis as typeof globalThis & { __dentalStack?: { running: Promise<RunningStack>; users: number } };

export default async function setup(project: TestProject) {
  shared.__dentalStack ??= { running: startStack(), users: 0 };
  shared.__dentalStack.users++;
  const running = await shared.__dentalStack.running;

  project.provide('apiUrl', running.apiUrl);
  project.provide('mailViewerUrl', running.mailViewerUrl);
  project.provide('stackEnv', running.env);

  return async () => {
    const holder = shared.__dentalStack;
    if (!holder) return;
    holder.users--;
    if (holder.users > 0) return;
    shared.__dentalStack = undefined;
    await running.stop();
    // The server ran in this process: an audited call it answered 2xx without a table write on a
    // route not allowed to (AUDIT_MAY_WRITE_NOTHING) fails the run, even if its test ignored the 500.
    // Vitest only logs a teardown's error, so the exit code is set as well.
    const { unlistedNoWriteCalls } = await import('../../functions/http/audit');
    const unlisted = unlistedNoWriteCalls();
    if (unlisted.length > 0) {
      process.exitCode = 1;
      throw new Error(
        `audited calls made no table write on routes not in AUDIT_MAY_WRITE_NOTHING: ${[...new Set(unlisted)].join(', ')}`,
      );
    }
  };
}
