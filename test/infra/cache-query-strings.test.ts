import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes';
import { PAGE_PARAMS } from '../../functions/storefront/pages';
import { REPO_ROOT } from '../../lib/app-config';
import { CACHE_QUERY_STRINGS } from '../../lib/site';
import { must } from '../support/must';

/**
 * CloudFront keys a cached answer on CACHE_QUERY_STRINGS only (lib/site.ts): a query parameter a
 * cacheable route reads but the list lacks would be served from the cache entry of another value
 * (`?sort=newest` answered with the `sort=name` page). The parameters are derived from the code:
 * each cacheable route's endpoint (its group's functions/<group>/index.ts handler map), and in its
 * module every read of `req.query`: a schema parsed from it (its keys), a named member, or the
 * storefront's PAGE_PARAMS. A read of another shape fails the test until it is taught here.
 */

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** The module (repository path) of a route's endpoint, from its group's handler map. */
function endpointModule(group: string, key: string): string {
  const index = `functions/${group}/index.ts`;
  const source = read(index);
  const entry = must(source.match(new RegExp(`'${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}': (\\w+)`)), key);
  const name = must(entry[1], key);
  const from = must(source.match(new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '\\./([\\w-]+)'`)), name);
  return `functions/${group}/${must(from[1], name)}.ts`;
}

/** The modules a source imports a name from ('@shared/x' -> shared/x.ts, './x' -> beside it). */
function importPath(module: string, source: string, name: string): string {
  const from = must(source.match(new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)'`)), name)[1] ?? '';
  if (from.startsWith('@shared/')) return `shared/${from.slice('@shared/'.length)}.ts`;
  return join(module, '..', `${from}.ts`);
}

/** The query parameters a module's code reads, and the reads of a shape it does not know. */
async function queryReads(module: string): Promise<{ names: string[]; unknown: string[] }> {
  const source = read(module);
  const names: string[] = [];
  const unknown: string[] = [];
  for (const m of source.matchAll(/req\.query(.{0,40})/g)) {
    const after = m[1] ?? '';
    const before = source.slice(Math.max(0, (m.index ?? 0) - 60), m.index);
    const member = after.match(/^\.(\w+)/);
    const schema = before.match(/parse\((\w+), $/);
    if (member?.[1]) names.push(member[1]);
    else if (schema?.[1]) {
      const schemaModule = await import(join(REPO_ROOT, importPath(module, source, schema[1])));
      const shape = (schemaModule[schema[1]] as { shape?: Record<string, unknown> }).shape;
      names.push(...Object.keys(must(shape, `${schema[1]}.shape`)));
    } else if (module === 'functions/storefront/pages.ts' && after.startsWith('[n]')) {
      // readParams(req, PAGE_PARAMS.<page>): every page's parameters.
      names.push(...Object.values(PAGE_PARAMS).flat());
    } else unknown.push(`${module}: req.query${after.split('\n')[0]}`);
  }
  return { names, unknown };
}

describe("CloudFront's cache key takes every query parameter a cached route reads", () => {
  const cacheable = ROUTES.filter((r) => r.cacheable);

  it('every cacheable route: the parameters its endpoint reads are in CACHE_QUERY_STRINGS', async () => {
    expect(cacheable.length).toBeGreaterThan(8);
    const missing: string[] = [];
    const unknown: string[] = [];
    const seen = new Set<string>();
    for (const route of cacheable) {
      const module = endpointModule(route.group, `${route.method} ${route.path}`);
      const reads = await queryReads(module);
      unknown.push(...reads.unknown);
      for (const name of reads.names) {
        seen.add(name);
        if (!(CACHE_QUERY_STRINGS as readonly string[]).includes(name))
          missing.push(`${route.method} ${route.path}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
    expect([...new Set(missing)]).toEqual([]);
    // The derivation finds the list's parameters (the marketplace list's schema, the sitemap's page).
    for (const name of ['q', 'category', 'sort', 'works_with', 'limit', 'cursor', 'page']) expect(seen).toContain(name);
  });

  it("the storefront pages' parameters (PAGE_PARAMS) are in it", () => {
    for (const [page, params] of Object.entries(PAGE_PARAMS)) {
      for (const name of params) expect(CACHE_QUERY_STRINGS, `${page}: ${name}`).toContain(name);
    }
  });

  it('a parameter missing from the list is found (the check can fail)', async () => {
    const reads = await queryReads('functions/marketplace/sitemap.ts');
    expect(reads.names).toEqual(['page']);
    const without = CACHE_QUERY_STRINGS.filter((n) => n !== 'page');
    expect(reads.names.filter((n) => !(without as readonly string[]).includes(n))).toEqual(['page']);
  });
});
