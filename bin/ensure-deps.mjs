// Runs before `npm start` and `npm test` with plain Node (no dependencies yet): installs the
// project's packages on a fresh clone, or again when package-lock.json changed since.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000;
if (stale) {
  console.log('Installing dependencies (npm ci)...');
  const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('npm ci failed: check your network access to the npm registry, then run the command again.');
    process.exit(res.status ?? 1);
  }
}
