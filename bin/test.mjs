#!/usr/bin/env node
/**
 * `npm test`: every check and every suite, in two lanes that run side by side.
 *
 * - stack: the web build (the e2e suite's server serves it), then the suites on the one shared
 *   local stack: integration and security one file at a time (they mostly wait on the stack:
 *   about one of the machine's two cores on average), then e2e one file at a time
 *   (vitest.config.ts).
 * - checks: lint, typecheck, the bundle budgets (once the web build is there), then the pure
 *   suites (unit, web, infra): CPU only, no stack. This lane runs at a lower CPU priority (nice),
 *   so it takes what the stack lane leaves idle and never delays a request the stack suites time.
 *
 * One stack only: two stacks side by side (three lanes, tried on 2026-11-28) made DynamoDB Local
 * miss the SDK's 2 s timeout on two cores. Every step runs to its end; the exit code is non-zero
 * when any step failed, and the summary names it.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const vitest = (projects) => [npx, ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])]];
/** How much lower the checks lane's CPU priority is (0 runs both lanes alike). */
const NICE = Number(process.env.TEST_CHECKS_NICE ?? 19);

function run(lane, [command, args], { nice = 0 } = {}) {
  const [cmd, argv] =
    nice > 0 && process.platform !== 'win32' ? ['nice', ['-n', String(nice), command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${lane}] ${line}\n`));
    }
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Runs a lane's steps in order; a failed step is recorded and the lane goes on. */
async function lane(name, steps, options) {
  const started = Date.now();
  const failed = [];
  for (const step of steps) {
    if (typeof step === 'function') {
      if (!(await step())) failed.push('the web build');
      continue;
    }
    if ((await run(name, step, options)) !== 0) failed.push(step[1].join(' '));
  }
  return { name, failed, seconds: Math.round((Date.now() - started) / 1000) };
}

let webBuilt;
const built = new Promise((resolve) => {
  webBuilt = resolve;
});

const results = await Promise.all([
  (async () => {
    const code = await run('stack', [npm, ['run', 'build:web']]);
    webBuilt(code === 0);
    const result = await lane('stack', code === 0 ? [vitest(['integration', 'security', 'e2e'])] : []);
    if (code !== 0) result.failed.unshift('run build:web');
    return result;
  })(),
  lane(
    'checks',
    [
      [npm, ['run', 'lint']],
      [npm, ['run', 'typecheck']],
      () => built,
      [npm, ['run', 'check:bundle']],
      vitest(['unit', 'unit-isolated', 'web', 'web-isolated', 'infra']),
    ],
    { nice: NICE },
  ),
]);

for (const r of results) {
  console.log(
    `${r.name}: ${r.failed.length ? `FAILED at ${r.failed.map((f) => `\`${f}\``).join(', ')}` : 'passed'} in ${r.seconds} s`,
  );
}
process.exit(results.every((r) => r.failed.length === 0) ? 0 : 1);
