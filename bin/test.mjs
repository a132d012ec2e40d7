#!/usr/bin/env node
/**
 * `npm test`: every check and every suite, in three lanes that run at the same time.
 *
 * - checks: lint, typecheck, then the pure suites (unit, web, infra): CPU only.
 * - e2e: the web build and the bundle budgets, then the browser suite on its own local stack.
 * - api: once the web build is there (the server serves it), integration and security on another
 *   local stack.
 *
 * One after the other they took 19 minutes on a 2-core machine, the stack suites using under one
 * core on average: they mostly wait on their stack. Side by side, each lane with its own stack
 * (global-setup starts one per vitest process, on free ports), the machine's two cores stay busy.
 * The stack suites still run one file at a time within their lane. While the stack lanes run, the
 * pure suites use one worker (VITEST_PURE_WORKERS). Every lane runs to its end; the exit code is
 * non-zero when any step failed.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const vitest = (projects) => [npx, ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])]];

const build = [npm, ['run', 'build:web']];
const lanes = {
  checks: {
    steps: [
      [npm, ['run', 'lint']],
      [npm, ['run', 'typecheck']],
      vitest(['unit', 'unit-isolated', 'web', 'web-isolated', 'infra']),
    ],
  },
  e2e: { after: 'build', steps: [[npm, ['run', 'check:bundle']], vitest(['e2e'])] },
  api: { after: 'build', steps: [vitest(['integration', 'security'])] },
};

function run(lane, [command, args]) {
  return new Promise((resolve) => {
    // The pure suites wait on nothing but the CPU; the stack suites time their requests: the
    // checks lane yields the CPU to them (nice 10).
    const [file, argv] = lane === 'checks' ? ['nice', ['-n', '10', command, ...args]] : [command, args];
    const child = spawn(file, argv, {
      env: { ...process.env, VITEST_PURE_WORKERS: process.env.VITEST_PURE_WORKERS ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${lane}] ${line}\n`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runSteps(lane, steps) {
  const started = Date.now();
  for (const step of steps) {
    const code = await run(lane, step);
    if (code !== 0) return { lane, ok: false, step: step[1].join(' '), seconds: (Date.now() - started) / 1000 };
  }
  return { lane, ok: true, seconds: (Date.now() - started) / 1000 };
}

const built = runSteps('build', [build]);
const results = await Promise.all([
  built,
  ...Object.entries(lanes).map(async ([lane, { after, steps }]) => {
    if (after === 'build' && !(await built).ok) return { lane, ok: false, step: 'the web build', seconds: 0 };
    return runSteps(lane, steps);
  }),
]);
for (const r of results) {
  console.log(`${r.lane}: ${r.ok ? 'passed' : `FAILED at \`${r.step}\``} in ${Math.round(r.seconds)} s`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
