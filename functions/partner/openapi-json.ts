import { ok, type RouteHandler } from '../http/types';
import { buildOpenApiDocument } from '../openapi/document';
import { once } from '../platform/once';

const openApiDocument = /* @__PURE__ */ once(buildOpenApiDocument);

/** GET /api/openapi.json: the OpenAPI 3.1 document, built once per container from the zod schemas. */
export const getOpenApiDocument: RouteHandler = async () => ok(openApiDocument());
