// Bundle budget, run by `npm test` after `npm run build:web`: the JavaScript a visitor downloads
// for '/' (the entry chunk, its static imports and the home route's chunk) must stay under
// 150 KB gzip (see docs/performance.md "Visitor JavaScript"), and none of it may be developer or admin code.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'frontend/dist';
const BUDGET = 150 * 1024;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
if (!entry) throw new Error('no entry chunk in the Vite manifest');
const homeKey = Object.keys(manifest).find((k) => k.endsWith('app/routes/marketplace/home.tsx'));
if (!homeKey) throw new Error('the home route module is not a chunk of its own (is it lazy-loaded?)');

const files = new Set();
const sources = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  // Hidden source maps list every original module bundled into the chunk (the bundler's own
  // runtime chunk has no original module, hence no map).
  const mapFile = join(dist, `${chunk.file}.map`);
  if (existsSync(mapFile)) for (const src of JSON.parse(readFileSync(mapFile, 'utf8')).sources) sources.add(src);
  else if (!/rolldown-runtime/.test(chunk.file)) throw new Error(`no source map for ${chunk.file}`);
  for (const imp of chunk.imports ?? []) visit(imp);
};
visit(entry[0]);
visit(homeKey);

let total = 0;
const rows = [];
for (const file of files) {
  const bytes = readFileSync(join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  rows.push(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `JS for '/' (gzip):\n${rows.join('\n')}\n${(total / 1024).toFixed(1).padStart(7)} KB  total (budget ${BUDGET / 1024} KB)`,
);

const forbidden = [...sources].filter((src) =>
  /app\/routes\/(admin|developer)|features\/(admin|developer|api-keys|webhooks|submit-app)|components\/layouts\/(admin|developer)/.test(
    src,
  ),
);
let failed = false;
if (total > BUDGET) {
  console.error(`Bundle budget exceeded: ${(total / 1024).toFixed(1)} KB > ${BUDGET / 1024} KB`);
  failed = true;
}
if (forbidden.length) {
  console.error(`Developer/admin code reaches the visitor's bundle: ${forbidden.join(', ')}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
