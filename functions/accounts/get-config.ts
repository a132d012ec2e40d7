import { ok, type RouteHandler } from '../http/types';
import { publicConfig } from '../wiring/site';

/** GET /api/config: what the SPA needs before sign-in. Publishable values only, never secrets. */
export const getPublicConfig: RouteHandler = async () => ok(publicConfig());
