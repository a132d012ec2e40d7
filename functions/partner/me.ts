import { ok } from '../http/types';
import { partner } from '../wiring/partner';
import { withApiKey } from './with-api-key';

/** GET /v1/me: the calling key (type, limit, usage today including this call) and its owner. */
export const getMe = withApiKey(async (_req, { key, quota }) => ok(await partner.me(key, await quota)));
