import { type DeveloperHandler, ok } from '../http/types';
import { apiKeys } from '../wiring/api-keys';

/** GET /api/keys: the caller's keys, newest first; `key` is the visible prefix only. */
export const listKeys: DeveloperHandler = async (req) => ok(await apiKeys.listOwn(req.auth.userId));
