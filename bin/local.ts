/**
 * `npm start`: the embedded local runtime. Starts DynamoDB Local, the local S3 and SES, creates the
 * table from the CDK's definition, seeds demo data, builds the SPA when needed and serves the SPA
 * and the API on http://localhost:3000 (PORT overrides). Ctrl-C stops everything it started;
 * data stays under .data/ for the next start.
 *
 * Safe by default: the server and every engine listen on 127.0.0.1 only (HOST chooses otherwise,
 * with a warning), requests addressed to other host names are refused, and the admin password
 * and the Stripe webhook secret are generated on first start into .data/ (never public constants).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isLoopbackHost } from '../functions/config';
import { chosenHost, exposureWarning } from './local-host';
import { createLocalServer, listen } from './local-server';
import { assertJava, assertPortFree, StartupError, startLocalStack } from './local-stack';

const DATA_DIR = resolve(process.env.DATA_DIR ?? '.data');
const WEB_DIST = resolve('frontend/dist');
export const LOCAL_ADMIN_EMAIL = 'admin@dentalmarket.local';
/** The admin password of earlier versions: replaced by a generated one at the next start. */
const FORMER_ADMIN_PASSWORD = 'admin123!';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildWebIfStale(): void {
  const index = join(WEB_DIST, 'index.html');
  const sources = Math.max(newestMtime(resolve('frontend/src')), newestMtime(resolve('shared')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app...');
  const res = spawnSync('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new StartupError('Building the web app failed (see above).');
}

/**
 * A secret made once per machine and kept with the data (readable by this user only), so it
 * survives restarts: the JWT secret, the admin password and the Stripe webhook secret.
 */
function localSecret(name: string, make: () => string): string {
  const file = join(DATA_DIR, name);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  }
  const secret = make();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** An admin still on the former well-known password gets the generated one. */
async function replaceFormerAdminPassword(email: string, password: string): Promise<void> {
  const { dynamoUsersRepository } = await import('../functions/adapters/dynamodb/users-repo');
  const { passwords } = await import('../functions/wiring/accounts');
  const found = await dynamoUsersRepository.findCredentials(email);
  if (!found?.passwordHash || found.user.role !== 'admin') return;
  if (!(await passwords.verify(FORMER_ADMIN_PASSWORD, found.passwordHash))) return;
  await dynamoUsersRepository.setPasswordHash(found.user.id, await passwords.hash(password));
  console.log('The admin password was the former well-known one; it is now the generated password.');
}

async function main() {
  const started = Date.now();
  const port = Number(process.env.PORT ?? 3000);
  const host = chosenHost(process.env);
  const loopback = isLoopbackHost(host);
  const envPort = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const warning = exposureWarning(host);
  if (warning) console.warn(warning);
  await assertPortFree(port, 'the web app', 'PORT');
  assertJava();
  mkdirSync(DATA_DIR, { recursive: true });
  buildWebIfStale();

  let stopAfterEngineFailure: (() => void) | undefined;
  const stack = await startLocalStack({
    host,
    dataDir: DATA_DIR,
    dynamoPort: envPort('DYNAMODB_PORT', 8000),
    s3Port: envPort('S3_PORT', 4569),
    sesPort: envPort('SES_PORT', 8005),
    internalSystemPort: envPort('INTERNAL_SYSTEM_PORT', 8010),
    legacySystemPort: envPort('LEGACY_SYSTEM_PORT', 8011),
    tableName: process.env.TABLE_NAME ?? 'dental-marketplace',
    bucketName: process.env.UPLOADS_BUCKET ?? 'dental-marketplace-uploads',
    // An engine that died for good (see local-stack.ts) stops everything cleanly, exit code 1.
    onEngineFailure: () => {
      process.exitCode = 1;
      stopAfterEngineFailure?.();
    },
  });
  const adminEmail = process.env.ADMIN_EMAIL ?? LOCAL_ADMIN_EMAIL;
  const generatedAdminPassword = !process.env.ADMIN_PASSWORD;
  const generatedStripeSecret = !process.env.STRIPE_WEBHOOK_SECRET && !process.env.STRIPE_SECRET_KEY;
  const adminPassword =
    process.env.ADMIN_PASSWORD ?? localSecret('admin-password', () => randomBytes(15).toString('base64url'));
  Object.assign(process.env, stack.env, {
    RUNTIME: 'local',
    HOST: host,
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    JWT_SECRET: process.env.JWT_SECRET ?? localSecret('jwt-secret', () => randomBytes(48).toString('hex')),
    // Signs the local test checkout's events; with real Stripe keys, STRIPE_WEBHOOK_SECRET must be given.
    STRIPE_WEBHOOK_SECRET:
      process.env.STRIPE_WEBHOOK_SECRET ??
      (process.env.STRIPE_SECRET_KEY
        ? undefined
        : localSecret('stripe-webhook-secret', () => `whsec_${randomBytes(32).toString('base64')}`)),
  });
  if (process.env.STRIPE_WEBHOOK_SECRET === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;

  let server: ReturnType<typeof createLocalServer> | undefined;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    server?.closeAllConnections();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await stack.stop();
    process.exit(process.exitCode ?? 0);
  };
  stopAfterEngineFailure = () => void shutdown();
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // Anything thrown outside a request: stop the engines too (the 'exit' hook of local-stack kills
  // DynamoDB Local even if this does not finish), then exit with a failure.
  const crash = async (err: unknown) => {
    console.error('Unexpected error, stopping:', err);
    process.exitCode = 1;
    if (stopping) return;
    stopping = true;
    server?.closeAllConnections();
    await stack.stop().catch(() => undefined);
    process.exit(1);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);

  try {
    const { getConfig } = await import('../functions/config');
    getConfig();
    const { seed } = await import('./seed');
    await seed({ adminEmail, adminPassword, demo: process.env.SEED_DEMO !== 'false' });
    if (generatedAdminPassword) await replaceFormerAdminPassword(adminEmail, adminPassword);
    // Items written before a change of their shape (docs/deploy.md, "Migrations"): each runs once.
    const { migrateTable } = await import('../functions/adapters/dynamodb/migrations');
    for (const m of await migrateTable()) if (m.ran) console.log(`Table migration ${m.name}: ${m.items} items.`);
    // Data migrations for a table written by an earlier version (each runs once, docs/deploy.md).
    const { backfillCategoryCounts } = await import('../functions/adapters/dynamodb/category-counts');
    if ((await backfillCategoryCounts()).ran) console.log('Category counters filled in for the existing apps.');
    const appHost = new URL(process.env.APP_URL as string).hostname;
    server = createLocalServer(WEB_DIST, { allowedHosts: loopback ? [] : [appHost, host] });
    await listen(server, port, host);
    // Webhooks: an in-process timer runs the scheduled sweep (an EventBridge schedule in the cloud).
    const { startLocalWebhookScheduler } = await import('../functions/workers/webhook-scheduler');
    startLocalWebhookScheduler();
    // Sync polling survives a restart: the timer comes back when the table says polling is active.
    const { resumeLocalPolling } = await import('../functions/wiring/sync');
    if (await resumeLocalPolling()) console.log('Legacy event polling resumed.');
    // Unconfirmed browser uploads expire (a bucket lifecycle rule in the cloud).
    const { startLocalUploadExpiry } = await import('./local-upload-expiry');
    startLocalUploadExpiry();
  } catch (err) {
    await stack.stop();
    throw err;
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
Dental App Marketplace is running (ready in ${seconds}s)
  Marketplace and API   http://localhost:${port}
  Mail viewer (SES)     ${stack.mailViewerUrl}
  Internal system       ${stack.env.INTERNAL_SYSTEM_URL}  (simulator)
  Legacy system         ${stack.env.LEGACY_SYSTEM_URL}  (simulator)
  Admin sign-in         http://localhost:${port}/admin-login   ${adminEmail} / ${adminPassword}
  Demo developer        http://localhost:${port}/login         dr.chen@brightsmile.dev / demo1234
${generatedAdminPassword ? `The admin password is kept in ${join(DATA_DIR, 'admin-password')}.\n` : ''}${
  generatedStripeSecret
    ? `The Stripe webhook secret of the test checkout is kept in ${join(DATA_DIR, 'stripe-webhook-secret')}.\n`
    : ''
}Listening on ${host}${loopback ? ' (this machine only)' : ''}. Data is kept in ${DATA_DIR}. Press Ctrl-C to stop.`);
}

main().catch((err) => {
  if (err instanceof StartupError || (err instanceof Error && err.message.startsWith('Configuration error'))) {
    console.error(`Cannot start: ${err.message}`);
  } else {
    console.error('Cannot start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
