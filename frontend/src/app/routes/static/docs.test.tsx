import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyMarketplaceHandlers } from '@/testing/handlers/marketplace';
import { openApiHandlers } from '@/testing/handlers/openapi';
import { fillIn, renderRoute } from '@/testing/render-route';
import { failing, type Handlers, serve } from '@/testing/server';

async function openDocs(extra: Handlers = []) {
  serve(emptyMarketplaceHandlers(), openApiHandlers(), extra);
  const view = renderRoute('/docs');
  await screen.findByRole('heading', { name: 'API Documentation', level: 1 });
  return view;
}

/** A tall screen: every endpoint card is in view, so each builds its full reference at once. */
class EverythingVisible {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element): void {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
const realObserver = globalThis.IntersectionObserver;
beforeEach(() => {
  globalThis.IntersectionObserver = EverythingVisible as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  globalThis.IntersectionObserver = realObserver;
});

const endpoint = (name: string) => within(screen.getByRole('article', { name }));

describe('API documentation (/docs)', () => {
  it('renders the getting-started guide from info.description', async () => {
    await openDocs();
    const guide = within(await screen.findByRole('region', { name: 'Getting started guide' }));
    expect(guide.getByRole('heading', { name: 'Getting started', level: 2 })).toBeTruthy();
    expect(guide.getByRole('heading', { name: '1. Create an API key', level: 3 })).toBeTruthy();
    expect(guide.getByRole('heading', { name: '2. Call the Partner API', level: 3 })).toBeTruthy();
    expect(guide.getByText('Partner API', { selector: 'strong' })).toBeTruthy();
    expect(guide.getByText('/dashboard/api-keys', { selector: 'code' })).toBeTruthy();
    expect(guide.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'staging keys are active at once',
      'production keys need approval',
    ]);
    expect(guide.getByText(/curl -s https:\/\/YOUR-HOST\/v1\/me/)).toBeTruthy();
    expect(guide.getByRole('columnheader', { name: 'Header' })).toBeTruthy();
    expect(guide.getByText('X-RateLimit-Limit', { selector: 'code' })).toBeTruthy();
  });

  it('groups endpoints by tag with method, path, summary and the auth they need', async () => {
    await openDocs();
    expect(await screen.findByRole('heading', { name: 'Partner API', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'API keys', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Marketplace', level: 2 })).toBeTruthy();

    const licences = endpoint('GET /v1/apps/{id}/licenses');
    expect(licences.getByText('GET')).toBeTruthy();
    expect(licences.getByRole('heading', { name: 'Licences sold for one of your apps' })).toBeTruthy();
    expect(licences.getByText('API key')).toBeTruthy();
    expect(licences.getByText('limit')).toBeTruthy();
    expect(licences.getByText('default: 50 · 1 to 100')).toBeTruthy();
    // The 200 response is open: its properties are listed, nested ones on demand.
    expect(licences.getByText('next_cursor')).toBeTruthy();
    expect(licences.queryByText('purchase_id')).toBeNull();

    const create = endpoint('POST /api/keys');
    expect(create.getByText('JWT bearer')).toBeTruthy();
    // The enum of the request body (and of the response's `type`).
    expect(create.getAllByText('staging', { selector: 'code' }).length).toBeGreaterThan(0);
    expect(create.getByText(/-H "Authorization: Bearer \$ACCESS_TOKEN"/)).toBeTruthy();

    expect(endpoint('GET /api/categories').getByText('Public')).toBeTruthy();
  });

  it("builds an endpoint's reference only as the reader scrolls near it", async () => {
    // Nothing ever comes into view: each card keeps its method, path and summary only.
    globalThis.IntersectionObserver = realObserver;
    await openDocs();
    const licences = endpoint('GET /v1/apps/{id}/licenses');
    expect(licences.getByRole('heading', { name: 'Licences sold for one of your apps' })).toBeTruthy();
    expect(licences.getByText('GET')).toBeTruthy();
    expect(licences.queryByText('limit')).toBeNull();
    expect(licences.queryByText(/curl/)).toBeNull();
  });

  it('expands nested attributes and referenced schemas', async () => {
    const { user } = await openDocs();
    const licences = endpoint('GET /v1/apps/{id}/licenses');
    await user.click(licences.getByRole('button', { name: /Show child attributes/ }));
    expect(licences.getByText('purchase_id')).toBeTruthy();
    expect(licences.getByText('The full licence key')).toBeTruthy();

    // The 201 of POST /api/keys points at a component schema by $ref.
    const create = endpoint('POST /api/keys');
    expect(create.getByText('ApiKeyWithSecret')).toBeTruthy();
    expect(create.getByText('The FULL key. Shown once.')).toBeTruthy();
    // Error responses are collapsed until asked for.
    expect(create.queryByText('detail')).toBeNull();
    await user.click(create.getByRole('button', { name: 'Show the 401 response' }));
    expect(create.getByText('detail')).toBeTruthy();
  });

  it('filters endpoints with the search box and offers the raw document', async () => {
    await openDocs();
    await screen.findByRole('article', { name: 'POST /api/keys' });
    expect(screen.getByRole('link', { name: /Download openapi.json/ }).getAttribute('href')).toBe('/api/openapi.json');

    fillIn('Search endpoints', 'licences');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'POST /api/keys' })).toBeNull());
    expect(screen.getByRole('article', { name: 'GET /v1/apps/{id}/licenses' })).toBeTruthy();
    expect(screen.getByText('1 of 3 endpoints match')).toBeTruthy();

    fillIn('Search endpoints', 'post keys');
    await waitFor(() => expect(screen.getByRole('article', { name: 'POST /api/keys' })).toBeTruthy());
    expect(screen.queryByRole('article', { name: 'GET /v1/apps/{id}/licenses' })).toBeNull();

    fillIn('Search endpoints', 'nothing-like-this');
    expect(await screen.findByText('No endpoints match "nothing-like-this".')).toBeTruthy();
  });

  it('says so when the document cannot be loaded', async () => {
    await openDocs(failing('GET /api/openapi.json', 500));
    expect(await screen.findByText('The API reference could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
