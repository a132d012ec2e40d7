/**
 * The README is the front door and docs/ holds the rest (issue 25, item 8). This test keeps them
 * honest while the code moves under them:
 * - README.md stays at most 15 KB;
 * - every docs/*.md page is linked from README.md;
 * - every relative link in README.md and docs/*.md points at a file (and heading) that exists;
 * - every repository path quoted in backticks (`functions/wiring/reviews.ts`, `lib/waf.ts`,
 *   `dynamodb/keys.ts`, `ports.ts`) exists.
 * - the procedures and protections the docs describe are the ones the code has (issue 29): the
 *   origin secret rotates only through its script, security.md's Edge section names what lib/waf.ts
 *   and the authorizer build.
 *
 * A quoted token counts as a repository path when it starts with a top-level entry of the
 * repository (`functions/...`, `.ci/run`, `package.json`) or names a source file (`keys.test.ts`,
 * `dynamodb/suppression-repo.ts`, which must then be the end of some file's path). Placeholders
 * and globs (`functions/<group>/`, `*.md`, `{id}`), URLs, API paths (`/api/...`), package names
 * (`@aws-sdk/client-s3`, `react-icons/lu`) and what git ignores because it is generated
 * (`frontend/dist/`, `.data/`) are not checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  PARTNER_API_PREFIX,
  PER_CLIENT_RATE_LIMIT,
  RATE_RULES,
  STRIPE_WEBHOOK_PATH,
  SUBMISSION_PATH_PREFIXES,
} from '../lib/waf';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const README = 'README.md';
const README_LIMIT = 15 * 1024;

/** Directories and files git ignores (generated at build or run time), from .gitignore's plain entries. */
const IGNORED = readFileSync(join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim().replace(/^\//, '').replace(/\/$/, ''))
  .filter((l) => l && !l.startsWith('#') && !/[*?[!]/.test(l));
const isIgnored = (path: string): boolean =>
  path === '.git' || IGNORED.some((i) => path === i || path.startsWith(`${i}/`));

/** Every file and directory of the repository (repository-relative, '/'-separated), ignored ones left out. */
function walk(dir = ''): { files: string[]; dirs: string[] } {
  const files: string[] = [];
  const dirs: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (isIgnored(path)) continue;
    if (entry.isDirectory()) {
      dirs.push(path);
      const inner = walk(path);
      files.push(...inner.files);
      dirs.push(...inner.dirs);
    } else files.push(path);
  }
  return { files, dirs };
}
const TREE = walk();
const TOP_LEVEL = new Set([...TREE.files, ...TREE.dirs].filter((p) => !p.includes('/')));

const PAGES = [
  README,
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

const SOURCE_FILE = /^[^.][^/]*\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json|md|html|css|ya?ml|sh|java)$/;
const PATH_TOKEN = /^\.?[\w@][\w@.+-]*(\/[\w@.+-]+)*\/?$/;
const PLACEHOLDER = /[<>*{}$…]|\.\.\.|:\/\//;

/**
 * The repository path a quoted token names, or undefined when it is not one. A trailing line
 * reference (`lib/api.ts:42`) is dropped.
 */
function repoPathOf(token: string): { path: string; rooted: boolean } | undefined {
  const t = token.replace(/^['"(]+|[)'",;.:]+$/g, '').replace(/:\d+(-\d+)?$/, '');
  if (!t || PLACEHOLDER.test(t) || !PATH_TOKEN.test(t)) return undefined;
  const first = t.split('/')[0] ?? '';
  if (isIgnored(t.replace(/\/$/, ''))) return undefined;
  if (TOP_LEVEL.has(first) && (t.includes('/') || SOURCE_FILE.test(t) || TREE.files.includes(t)))
    return { path: t, rooted: true };
  const last = t.replace(/\/$/, '').split('/').pop() ?? '';
  if (SOURCE_FILE.test(last)) return { path: t, rooted: false };
  return undefined;
}

function pathExists({ path, rooted }: { path: string; rooted: boolean }): boolean {
  const clean = path.replace(/\/$/, '');
  if (rooted)
    return existsSync(join(ROOT, clean)) && (!path.endsWith('/') || statSync(join(ROOT, clean)).isDirectory());
  return TREE.files.some((f) => f === clean || f.endsWith(`/${clean}`));
}

/** The page's text with fenced code blocks blanked (line numbers kept), and its inline code spans. */
function parse(text: string): { prose: string; spans: { code: string; line: number }[] } {
  let inFence = false;
  const unfenced = text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
  const spans: { code: string; line: number }[] = [];
  const prose = unfenced.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (whole, _ticks: string, code: string, at: number) => {
    spans.push({ code, line: unfenced.slice(0, at).split('\n').length });
    return whole.replace(/[^\n]/g, ' ');
  });
  return { prose, spans };
}

/** GitHub's anchor of each heading of a page. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m?.[1]) continue;
    const base = m[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

function linksOf(prose: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  const lineAt = (at: number) => prose.slice(0, at).split('\n').length;
  for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    links.push({ target: m[1] ?? '', line: lineAt(m.index) });
  for (const m of prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/gm))
    links.push({ target: m[1] ?? '', line: lineAt(m.index) });
  return links;
}

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

describe('the README and docs/', () => {
  it(`README.md is a front door: at most ${README_LIMIT} bytes`, () => {
    const size = statSync(join(ROOT, README)).size;
    expect(size, `README.md is ${size} bytes; move detail into a docs/ page`).toBeLessThanOrEqual(README_LIMIT);
  });

  it('README.md links every docs/ page', () => {
    const linked = new Set(
      linksOf(parse(read(README)).prose)
        .map(({ target }) => target.split('#')[0] ?? '')
        .filter(Boolean)
        .map((t) => posix.normalize(t)),
    );
    const unlinked = PAGES.filter((p) => p !== README && !linked.has(p));
    expect(unlinked, `docs pages not linked from README.md:\n  ${unlinked.join('\n  ')}`).toEqual([]);
  });

  it('every relative link points at a file, and a heading, that exists', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const { target, line } of linksOf(parse(read(page)).prose)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [file = '', anchor] = target.split('#');
        const abs = file ? resolve(ROOT, dirname(page), decodeURI(file)) : join(ROOT, page);
        const shown = `${page}:${line} (${target})`;
        if (!existsSync(abs)) broken.push(`${shown}: no file ${relative(ROOT, abs)}`);
        else if (anchor && abs.endsWith('.md') && !anchorsOf(readFileSync(abs, 'utf8')).has(anchor))
          broken.push(`${shown}: no heading #${anchor} in ${relative(ROOT, abs)}`);
      }
    }
    expect(broken, `broken links:\n  ${broken.join('\n  ')}`).toEqual([]);
  });

  it('every repository path quoted in backticks exists', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      for (const { code, line } of parse(read(page)).spans) {
        for (const token of code.split(/\s+/)) {
          const path = repoPathOf(token);
          if (path && !pathExists(path)) missing.push(`${page}:${line} \`${path.path}\``);
        }
      }
    }
    expect(
      missing,
      `${missing.length} quoted path(s) do not exist; point the docs at where the code is now:\n  ${missing.join('\n  ')}`,
    ).toEqual([]);
  });

  it('recognises repository paths and leaves placeholders, URLs and packages alone', () => {
    for (const t of ['functions/wiring/reviews.ts', 'lib/waf.ts', '.ci/run', 'package.json', 'functions/core/'])
      expect(repoPathOf(t), t).toEqual({ path: t, rooted: true });
    expect(repoPathOf('lib/api.ts:42')).toEqual({ path: 'lib/api.ts', rooted: true });
    for (const t of ['dynamodb/keys.ts', 'keys.test.ts', 'ports.ts'])
      expect(repoPathOf(t), t).toEqual({ path: t, rooted: false });
    for (const t of [
      'functions/<group>/',
      '*.md',
      'functions/{group}/index.ts',
      'frontend/dist/index.html',
      '.data/admin-password',
      'http://localhost:3000',
      '/api/stripe/my-purchases',
      '@aws-sdk/client-s3',
      'react-icons/lu',
      'apps/',
      'npm',
      'RUNTIME=local',
      'dk_Q7xZ_live_…',
    ])
      expect(repoPathOf(t), t).toBeUndefined();
    expect(pathExists({ path: 'functions/no-such-file.ts', rooted: true })).toBe(false);
    expect(pathExists({ path: 'dynamodb/keys.ts', rooted: false })).toBe(true);
    expect(pathExists({ path: 'dynamodb/no-such-repo.ts', rooted: false })).toBe(false);
  });
});

/** A section of a page: from its heading to the next heading of the same or a higher level. */
const sectionOf = (page: string, heading: string): string => {
  const text = read(page);
  const start = text.search(new RegExp(`^(#+) ${heading}\\s*$`, 'm'));
  if (start < 0) throw new Error(`${page} has no section "${heading}"`);
  const level = (text.slice(start).match(/^#+/) ?? [''])[0].length;
  const rest = text.slice(text.indexOf('\n', start) + 1);
  const end = rest.search(new RegExp(`^#{1,${level}} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
};
const wafSource = () => read('lib/waf.ts');
const thousands = (n: number) => n.toLocaleString('en-US');

describe('the docs describe the procedures and protections that work', () => {
  it("the origin secret's rotation is the script everywhere, never a value put by hand and a redeploy", () => {
    for (const page of PAGES) {
      expect(read(page), page).not.toMatch(/put a new value and redeploy/i);
    }
    const row = read('docs/security.md')
      .split('\n')
      .find((line) => line.startsWith('| Origin verify'));
    expect(row).toContain('npm run rotate:origin-secret');
    expect(row).toContain('runbook.md#rotating-secrets');
    expect(read('package.json')).toContain('"rotate:origin-secret"');
  });

  it("security.md's Edge section names what lib/ builds: the authorizer, each custom WAF rule, the scoping and limits", () => {
    const edge = sectionOf('docs/security.md', 'Edge');
    expect(edge).toMatch(/authorizer/i);
    expect(edge).toContain('functions/http/origin-authorizer.ts');
    // Every rule lib/waf.ts writes itself (the managed groups' names aside).
    const custom = [...wafSource().matchAll(/blockRule\('(\w+)'|name: '(\w+)',\s*priority:/g)].map((m) => m[1] ?? m[2]);
    expect(custom).toContain('RateLimitPerClient');
    expect(custom.length).toBeGreaterThan(0);
    for (const rule of custom) expect(edge, rule).toContain(rule);
    expect(edge).toContain(thousands(PER_CLIENT_RATE_LIMIT));
    expect(edge).toContain(STRIPE_WEBHOOK_PATH);
    expect(edge).toContain(`${PARTNER_API_PREFIX}*`);
    for (const prefix of SUBMISSION_PATH_PREFIXES) expect(edge).toContain(prefix);
    for (const rule of RATE_RULES) expect(edge, rule.name).toContain(`(${rule.limit})`);
  });

  it('no page says the outside systems’ keys are read once per container (they go through the 5-minute cache)', () => {
    for (const page of PAGES) {
      expect(read(page), page).not.toMatch(/once per container|reads it once/i);
    }
  });
});

describe('what the code cites of the docs', () => {
  /** `README "Heading"` or `docs/<page>.md "Heading"` in the repository's code and comments. */
  const CITATION = /(README(?:\.md)?|docs\/[\w-]+\.md) "([^"\n]+)"/g;
  const headingsOf = (page: string) =>
    new Set([...read(page).matchAll(/^#{1,6} (.+?)\s*$/gm)].map((m) => (m[1] ?? '').replace(/[`*]/g, '')));

  it('every cited section (README "Heading", docs/<page>.md "Heading") exists, acknowledgement reasons included', () => {
    const sources = TREE.files.filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f) && f !== 'bin/docs.test.ts');
    const missing: string[] = [];
    let cited = 0;
    for (const file of sources) {
      for (const m of read(file).matchAll(CITATION)) {
        const page = m[1] === 'README' ? README : (m[1] as string);
        cited++;
        if (!existsSync(join(ROOT, page)) || !headingsOf(page).has(m[2] as string)) missing.push(`${file}: ${m[0]}`);
      }
    }
    expect(cited).toBeGreaterThan(0);
    expect(missing, `cited sections that do not exist:\n  ${missing.join('\n  ')}`).toEqual([]);
  });
});

describe('the cold-start figures', () => {
  const rowsOf = (text: string) => text.split('\n').filter((l) => /^\| (marketplace|storefront|partner) \|/.test(l));

  it('README has the measured table of docs/performance.md, row for row, and its ratio', () => {
    const measured = rowsOf(read('docs/performance.md'));
    expect(measured).toHaveLength(3);
    expect(rowsOf(read(README))).toEqual(measured);
    expect(read(README)).toContain('As fast as bundling');
    expect(read('lib/bundling.ts')).not.toMatch(/imports 1\.5-2x faster/);
  });
});
