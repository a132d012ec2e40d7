import { spawn } from 'node:child_process';

/**
 * Runs seed:scale (bin/seed-scale.ts) with `flags` as a process of its own against the stack this
 * process's environment names, and resolves when it has written everything. Spawned, not spawnSync:
 * the engines' Host-checking fronts (bin/local-engine-front.ts) run in the calling process, so its
 * event loop must keep serving while the seed writes; and the seed's bursts of writes stay off this
 * process's DynamoDB circuit breaker.
 */
export async function runSeedScale(flags: readonly string[]): Promise<void> {
  const child = spawn('npx', ['tsx', 'bin/seed-scale.ts', ...flags], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  if (code !== 0) throw new Error(`seed:scale failed (${code})`);
}
