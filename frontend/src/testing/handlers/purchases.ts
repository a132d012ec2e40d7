import type { Purchase, PurchaseSessionResult } from '@shared/schemas/checkout';
import type { BuyerInstall } from '@shared/schemas/installs';
import { fail, type HttpHandler, HttpResponse, http, offsetPage } from '../server';

export function purchaseFixture(over: Partial<Purchase> & Pick<Purchase, 'id'>): Purchase {
  return {
    app: {
      id: `app-${over.id}`,
      name: `App ${over.id}`,
      slug: `app-${over.id}`,
      icon_url: null,
      description: 'A dental app',
      documentation_url: null,
    },
    amount: 49,
    currency: 'usd',
    created_at: '2025-03-02T08:30:00.000Z',
    expires_at: null,
    license_status: 'assigned',
    assigned_license_key: `KEY-${over.id}`,
    license_key: `KEY-${over.id}`,
    stripe_subscription_id: null,
    status: 'completed',
    ...over,
  };
}

export function purchaseSessionFixture(over: Partial<PurchaseSessionResult> = {}): PurchaseSessionResult {
  return {
    id: 'pur-1',
    app: { name: 'PerioChart Pro', icon_url: null, slug: 'periochart-pro' },
    amount: 499,
    currency: 'usd',
    license_status: 'assigned',
    status: 'completed',
    created_at: '2025-03-02T08:30:00.000Z',
    ...over,
  };
}

export function installFixture(over: Partial<BuyerInstall> & Pick<BuyerInstall, 'id' | 'app_id'>): BuyerInstall {
  return {
    status: 'active',
    granted: { event_types: ['appointment.created'], features: [{ id: 'scheduling', access: 'read' }] },
    declaration_version: '2025-03-01T08:30:00.000Z',
    installed_at: '2025-03-02T08:30:00.000Z',
    revoked_at: null,
    app: { id: over.app_id, name: `App ${over.app_id}`, slug: over.app_id },
    ...over,
  };
}

/**
 * The buyer's purchase calls: the list, the success page's lookup (each session answers in turn
 * from its list of replies, the last one repeating; default 404 'pending') and the renewal checkout.
 */
export function purchasesHandlers(
  opts: {
    purchases?: Purchase[];
    /** A page size for My Purchases in place of the asked `limit` (the server's is 100). */
    pageSize?: number;
    sessions?: Record<string, Array<PurchaseSessionResult | number>>;
    checkoutUrl?: string;
    /** The buyer's installs; grant and revoke change them in place. */
    installs?: BuyerInstall[];
  } = {},
): HttpHandler[] {
  const served: Record<string, number> = {};
  const installs = opts.installs ?? [];
  return [
    // One page (`limit`, default 100; the cursor here: the offset), the next named by X-Next-Cursor.
    http.get('/api/stripe/my-purchases', ({ request }) =>
      offsetPage(request, opts.purchases ?? [], 100, opts.pageSize),
    ),
    http.get('/api/installs', () => HttpResponse.json({ installs })),
    http.post<{ id: string; action: string }>('/api/installs/:id/:action', ({ params }) => {
      const at = installs.findIndex((i) => i.id === params.id);
      const install = installs[at];
      if (!install) return fail(404, 'Install not found');
      const next: BuyerInstall =
        params.action === 'revoke'
          ? { ...install, status: 'revoked', revoked_at: '2025-03-03T08:30:00.000Z' }
          : {
              ...install,
              status: 'active',
              granted: install.requested ?? install.granted,
              requested: undefined,
              revoked_at: null,
            };
      installs[at] = next;
      return HttpResponse.json(next);
    }),
    http.get<{ session_id: string }>('/api/stripe/purchase/:session_id', ({ params }) => {
      const id = params.session_id ?? '';
      const replies = opts.sessions?.[id] ?? [404];
      const n = served[id] ?? 0;
      served[id] = n + 1;
      const reply = replies[Math.min(n, replies.length - 1)];
      if (typeof reply === 'number' || reply === undefined) return fail(reply ?? 404, 'Checkout session not found');
      return HttpResponse.json(reply);
    }),
    http.post('/api/stripe/create-checkout-session', () =>
      HttpResponse.json({ checkout_url: opts.checkoutUrl ?? 'https://checkout.example/renew', session_id: 'cs_renew' }),
    ),
  ];
}
