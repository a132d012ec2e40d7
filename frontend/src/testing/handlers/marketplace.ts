import { type Handlers, ok } from '../fake-server';

/** An empty marketplace, so shell tests can land on '/' without the marketplace screens' data. */
export function emptyMarketplaceHandlers(): Handlers {
  return {
    'GET /api/marketplace/apps': () => ok([]),
    'GET /api/categories': () => ok([]),
  };
}
