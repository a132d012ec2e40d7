// The test run behind `npm test`, after lint and the web build: three lanes at once, since each
// alone leaves most of a 2-core machine idle (a suite on the local stack mostly waits on HTTP, the
// browser or DynamoDB Local):
// - stack:   the integration and security projects on their own local stack (one file at a time)
// - browser: the e2e project on a second, separate local stack (one file at a time)
// - pure:    the type check, the bundle checks, then the unit, web and infra projects (one worker)
// Each lane is its own Vitest process; the stacks are started by each process's global setup on
// free ports and a scratch directory of their own, so the lanes share nothing but the CPU.
// `TEST_LANES=serial npm test` runs the same steps one after another (for a loaded machine).
// Every line is prefixed with its lane; the run fails if any lane fails.
import { spawn } from 'node:child_process';

const vitest = (...projects) => ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p])];

const LANES = [
  { name: 'stack', steps: [vitest('integration', 'security')] },
  { name: 'browser', steps: [vitest('e2e')] },
  {
    name: 'pure',
    // One worker: the other two lanes hold the rest of the machine.
    env: { VITEST_PURE_WORKERS: '1' },
    steps: [['npm', 'run', '-s', 'typecheck'], ['npm', 'run', '-s', 'check:bundle'], vitest('unit', 'web', 'infra')],
  },
];

const serial = process.env.TEST_LANES === 'serial';
const width = Math.max(...LANES.map((l) => l.name.length));

function runStep(lane, [cmd, ...args]) {
  return new Promise((resolveStep) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...(serial ? {} : lane.env) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${lane.name.padEnd(width)}] `;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        if (lines.length) out.write(lines.map((l) => prefix + l).join('\n') + '\n');
      });
      stream.on('end', () => {
        if (rest) out.write(`${prefix}${rest}\n`);
      });
    }
    child.on('close', (code, signal) => resolveStep(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(lane) {
  const started = Date.now();
  for (const step of lane.steps) {
    const code = await runStep(lane, step);
    if (code !== 0) return { lane: lane.name, code, seconds: (Date.now() - started) / 1000, failed: step.join(' ') };
  }
  return { lane: lane.name, code: 0, seconds: (Date.now() - started) / 1000 };
}

const started = Date.now();
const results = [];
if (serial) {
  for (const lane of LANES) results.push(await runLane(lane));
} else {
  results.push(...(await Promise.all(LANES.map(runLane))));
}

console.log(
  `\nTest lanes (${serial ? 'one after another' : 'in parallel'}), ${((Date.now() - started) / 1000).toFixed(0)} s in all:`,
);
for (const r of results) {
  console.log(
    `  ${r.lane.padEnd(width)}  ${r.code === 0 ? 'passed' : `FAILED (${r.failed})`}  ${r.seconds.toFixed(0)} s`,
  );
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
