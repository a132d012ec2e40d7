import { ok, type RouteHandler } from '../http/types';
import { buildOpenApiDocument } from '../openapi/document';

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

/** GET /api/openapi.json: the OpenAPI 3.1 document, built once per container from the zod schemas. */
export const getOpenApiDocument: RouteHandler = async () => {
  cached ??= buildOpenApiDocument();
  return ok(cached);
};
