/**
 * `npm start`: the embedded local runtime. Starts DynamoDB Local, the local S3 and SES, creates the
 * table from the CDK's definition, seeds demo data, builds the SPA when needed and serves the SPA
 * and the API on http://localhost:3000 (PORT overrides). Ctrl-C stops everything it started;
 * data stays under .data/ for the next start.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLocalServer, listen } from './local-server';
import { assertJava, assertPortFree, StartupError, startLocalStack } from './local-stack';

const DATA_DIR = resolve(process.env.DATA_DIR ?? '.data');
const WEB_DIST = resolve('frontend/dist');
export const LOCAL_ADMIN = { email: 'admin@dentalmarket.local', password: 'admin123!' };

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

/** A JWT secret made once per machine and kept with the data, so sign-ins survive restarts. */
function localJwtSecret(): string {
  const file = join(DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  const started = Date.now();
  const port = Number(process.env.PORT ?? 3000);
  const envPort = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  await assertPortFree(port, 'the web app', 'PORT');
  assertJava();
  mkdirSync(DATA_DIR, { recursive: true });
  buildWebIfStale();

  const stack = await startLocalStack({
    dataDir: DATA_DIR,
    dynamoPort: envPort('DYNAMODB_PORT', 8000),
    s3Port: envPort('S3_PORT', 4569),
    sesPort: envPort('SES_PORT', 8005),
    internalSystemPort: envPort('INTERNAL_SYSTEM_PORT', 8010),
    legacySystemPort: envPort('LEGACY_SYSTEM_PORT', 8011),
    tableName: process.env.TABLE_NAME ?? 'dental-marketplace',
    bucketName: process.env.UPLOADS_BUCKET ?? 'dental-marketplace-uploads',
  });
  const adminEmail = process.env.ADMIN_EMAIL ?? LOCAL_ADMIN.email;
  const adminPassword = process.env.ADMIN_PASSWORD ?? LOCAL_ADMIN.password;
  Object.assign(process.env, stack.env, {
    RUNTIME: 'local',
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    JWT_SECRET: process.env.JWT_SECRET ?? localJwtSecret(),
  });

  let server: ReturnType<typeof createLocalServer> | undefined;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    server?.closeAllConnections();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    const { getConfig } = await import('../functions/config');
    getConfig();
    const { seed } = await import('./seed');
    await seed({ adminEmail, adminPassword, demo: process.env.SEED_DEMO !== 'false' });
    server = createLocalServer(WEB_DIST);
    await listen(server, port);
    // Webhooks: an in-process timer runs the scheduled sweep (an EventBridge schedule in the cloud).
    const { startLocalWebhookScheduler } = await import('../functions/workers/webhook-scheduler');
    startLocalWebhookScheduler();
    // Sync polling survives a restart: the timer comes back when the table says polling is active.
    const { resumeLocalPolling } = await import('../functions/sync/service');
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
Data is kept in ${DATA_DIR}. Press Ctrl-C to stop.`);
}

main().catch((err) => {
  if (err instanceof StartupError || (err instanceof Error && err.message.startsWith('Configuration error'))) {
    console.error(`Cannot start: ${err.message}`);
  } else {
    console.error('Cannot start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
