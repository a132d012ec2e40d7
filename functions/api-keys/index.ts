import { createGroupHandler } from '../http/group-handler';
import { createKey } from './create-key';
import { deleteKey } from './delete-key';
import { listKeys } from './list-keys';
import { revealKey } from './reveal-key';
import { rotateKey } from './rotate-key';

/** Lambda of the "api-keys" route group: every route of routes.ts with group "api-keys". */
export const handler = createGroupHandler('api-keys', {
  'GET /api/keys': listKeys,
  'POST /api/keys': createKey,
  'PUT /api/keys/{id}/rotate': rotateKey,
  'POST /api/keys/{id}/reveal': revealKey,
  'DELETE /api/keys/{id}': deleteKey,
});
