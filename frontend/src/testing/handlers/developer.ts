import { type HttpHandler, HttpResponse, http } from '../server';

/** The developer's own apps and API keys (the dashboard counts), with no manual licence waiting. */
export function developerHandlers(opts: { apps?: number; keys?: number; webhooksPerApp?: number } = {}): HttpHandler[] {
  const apps = Array.from({ length: opts.apps ?? 2 }, (_, i) => ({ id: `app-${i}`, name: `App ${i}`, type: 'public' }));
  const keys = Array.from({ length: opts.keys ?? 3 }, (_, i) => ({
    id: `key-${i}`,
    key: `sk_test_${i}`,
    type: 'staging',
  }));
  const webhooks = (appId: string) =>
    Array.from({ length: opts.webhooksPerApp ?? 0 }, (_, i) => ({
      id: `${appId}-wh-${i}`,
      event_type: 'patient.created',
    }));
  return [
    http.get('/api/apps', () => HttpResponse.json(apps)),
    http.get('/api/keys', () => HttpResponse.json(keys)),
    http.get('/api/manual-licences', () => HttpResponse.json({ licences: [], next_cursor: null })),
    ...apps.map((a) => http.get(`/api/apps/${a.id}/webhooks`, () => HttpResponse.json(webhooks(a.id)))),
  ];
}
