/**
 * Walks the route table and calls every route as a visitor, a developer, a practice and an admin,
 * asserting the server refuses each role the table does not allow (401 without credentials, 403
 * with the wrong role). Routes added to functions/routes.ts later are covered without anyone
 * remembering.
 */
import type { LoginResponse } from '@shared/schemas/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Access, ROUTES, routeKey } from '../../functions/routes';
import { adminToken, api, type Developer, newDeveloper, newPractice } from '../support/api';

type Caller = 'visitor' | 'developer' | 'practice' | 'admin';

/** What each caller must get from a route of a given access: 'refused' status or 'allowed'. */
const EXPECTED: Record<Access, Record<Caller, 401 | 403 | 'allowed'>> = {
  public: { visitor: 'allowed', developer: 'allowed', practice: 'allowed', admin: 'allowed' },
  user: { visitor: 401, developer: 'allowed', practice: 'allowed', admin: 'allowed' },
  buyer: { visitor: 401, developer: 'allowed', practice: 'allowed', admin: 403 },
  owner_or_admin: { visitor: 401, developer: 'allowed', practice: 403, admin: 'allowed' },
  developer: { visitor: 401, developer: 'allowed', practice: 403, admin: 403 },
  admin: { visitor: 401, developer: 403, practice: 403, admin: 'allowed' },
  apikey: { visitor: 401, developer: 401, practice: 401, admin: 401 },
};

const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, 'route-test-id');

describe('every route enforces its role on the server', () => {
  let practice: Developer | undefined;
  const tokens: Record<Caller, string | undefined> = {
    visitor: undefined,
    developer: undefined,
    practice: undefined,
    admin: undefined,
  };

  beforeAll(async () => {
    tokens.developer = (await newDeveloper()).token;
    practice = await newPractice();
    tokens.practice = practice.token;
    tokens.admin = await adminToken();
  });

  it('a practice signs in as a practice', async () => {
    // The sign-in answer's role decides where the web app lands (My Purchases, never the portal).
    const login = await api<LoginResponse>('POST', '/api/login', {
      body: { email: practice?.email, password: practice?.password },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.role).toBe('practice');
    const profile = await api<{ role: string }>('GET', '/api/user/profile', { token: tokens.practice });
    expect(profile.body.role).toBe('practice');
  });

  it('covers the whole route table', () => {
    expect(ROUTES.length).toBeGreaterThan(80);
    expect(new Set(ROUTES.map(routeKey)).size).toBe(ROUTES.length);
  });

  for (const route of ROUTES) {
    for (const caller of ['visitor', 'developer', 'practice', 'admin'] as const) {
      const expected = EXPECTED[route.access][caller];
      it(`${routeKey(route)} as ${caller} -> ${expected === 'allowed' ? 'not 401/403' : expected}`, async () => {
        const res = await api(route.method, concretePath(route.path), {
          token: tokens[caller],
          body: route.method === 'POST' || route.method === 'PUT' ? {} : undefined,
        });
        if (expected === 'allowed') {
          expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
        } else {
          expect(res.status).toBe(expected);
          expect(typeof res.body?.detail).toBe('string');
        }
        expect(res.status).not.toBe(500);
      });
    }
  }
});
