/**
 * What the load tests (bin/bench.ts, bin/bench-partner.ts) share: autocannon with its types, and
 * a fresh local stack (in-memory DynamoDB Local, local S3 and SES in a scratch folder) that is
 * stopped and removed however the run ends, with a watchdog that ends a run that hangs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pointProcessAtStack, startLocalStack } from '../local-stack';

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; it is a CommonJS module with a promise API.
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export const closeServer = (server: Server) =>
  new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });

/**
 * Runs `run` against a fresh local stack the process's clients point at. The servers `run` pushes
 * into `servers` are closed at the end; after `giveUpAfterMs` the process exits with code 2.
 */
export async function withBenchStack<T>(
  name: string,
  giveUpAfterMs: number,
  run: (servers: Server[]) => Promise<T>,
): Promise<T> {
  const watchdog = setTimeout(() => {
    console.error(`${name}: took too long, giving up`);
    process.exit(2);
  }, giveUpAfterMs);
  watchdog.unref();

  const scratchDir = mkdtempSync(join(tmpdir(), `dental-${name}-`));
  console.log('Starting DynamoDB Local (in memory), local S3 and SES...');
  const stack = await startLocalStack({ scratchDir, tableName: 'dental-bench', bucketName: 'dental-bench-uploads' });
  const servers: Server[] = [];
  try {
    pointProcessAtStack(stack);
    return await run(servers);
  } finally {
    for (const s of servers) if (s.listening) await closeServer(s);
    await stack.stop();
    rmSync(scratchDir, { recursive: true, force: true });
  }
}
