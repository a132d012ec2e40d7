import { describe, expect, it } from 'vitest';
import { CHECKOUT_ROUTES, matchRoute, ROUTES, type RouteDef, routesOfGroup, STOREFRONT_ROUTES } from './routes';

/** The plain reading of API Gateway's rule, route by route: the reference the compiled matcher must agree with. */
function reference(method: string, path: string) {
  const segments = path.split('/').filter(Boolean);
  let best: { route: RouteDef; params: Record<string, string>; score: number } | undefined;
  let pathMatched = false;
  for (const route of ROUTES as readonly RouteDef[]) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    pattern.forEach((p, i) => {
      const s = segments[i] as string;
      if (p.startsWith('{') && p.endsWith('}')) params[p.slice(1, -1)] = decodeURIComponent(s);
      else if (p === s) score += 2 ** (pattern.length - i);
      else ok = false;
    });
    if (!ok) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    if (!best || score > best.score) best = { route, params, score };
  }
  if (best) return { route: best.route, params: best.params };
  return pathMatched ? { methodNotAllowed: true } : undefined;
}

describe('matchRoute', () => {
  it('prefers literal segments over parameters, as API Gateway does', () => {
    const match = matchRoute('GET', '/api/marketplace/apps/category/clinical-tools');
    expect(match).toMatchObject({
      route: { path: '/api/marketplace/apps/category/{slug}' },
      params: { slug: 'clinical-tools' },
    });
    expect(matchRoute('GET', '/api/marketplace/apps')).toMatchObject({ route: { path: '/api/marketplace/apps' } });
  });

  it('decodes path parameters', () => {
    expect(matchRoute('GET', '/api/marketplace/apps/by-slug/caf%C3%A9')).toMatchObject({ params: { slug: 'café' } });
  });

  it('tells an unknown path from a known path with another method', () => {
    expect(matchRoute('GET', '/api/nowhere')).toBeUndefined();
    expect(matchRoute('DELETE', '/api/marketplace/apps')).toEqual({ methodNotAllowed: true });
  });

  it('answers like the route-by-route reading for every route, method and a parameter or a literal in each place', () => {
    const patterns = ROUTES.map((r) => r.path.split('/').filter(Boolean));
    // In each place of each route: a parameter's value, or the literal of any route sharing the segments before it.
    const paths = new Set<string>();
    for (const pattern of patterns) {
      const concrete = pattern.map((p) => (p.startsWith('{') ? 'x-1' : p));
      paths.add(`/${concrete.join('/')}`);
      pattern.forEach((_, i) => {
        const here = patterns
          .filter((q) => q.length === pattern.length && q.slice(0, i).every((s, j) => s === pattern[j]))
          .map((q) => q[i] as string);
        for (const literal of new Set([...here.filter((s) => !s.startsWith('{')), 'other'])) {
          paths.add(`/${concrete.map((s, j) => (j === i ? literal : s)).join('/')}`);
        }
      });
    }
    expect(paths.size).toBeGreaterThan(ROUTES.length);
    const cases = [...paths].flatMap((path) => ['GET', 'POST', 'PUT', 'DELETE'].map((method) => [method, path]));
    const differing = cases.filter(
      ([m, p]) =>
        JSON.stringify(matchRoute(m as string, p as string)) !== JSON.stringify(reference(m as string, p as string)),
    );
    expect(cases.length).toBeGreaterThan(4 * ROUTES.length);
    expect(differing).toEqual([]);
  });
});

describe('CHECKOUT_ROUTES', () => {
  it("are exactly the checkout group's routes of the table", () => {
    expect([...CHECKOUT_ROUTES].sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      [...routesOfGroup('checkout')].sort((a, b) => a.path.localeCompare(b.path)),
    );
  });
});

describe('STOREFRONT_ROUTES', () => {
  it('is exactly the storefront group of the table, which includes it', () => {
    expect(routesOfGroup('storefront')).toEqual(STOREFRONT_ROUTES);
    for (const route of STOREFRONT_ROUTES) expect(ROUTES).toContain(route);
  });
});
