import useSWR from 'swr';
import { API_BASE, api } from '@/lib/api-client';
import type { OpenApiDocument } from '../utils/openapi';

export const OPENAPI_PATH = '/api/openapi.json';
/** Where the raw document can be downloaded. */
export const OPENAPI_URL = `${API_BASE}${OPENAPI_PATH}`;

/** GET /api/openapi.json: the OpenAPI 3.1 document of the whole API. */
export async function getOpenApiDocument(): Promise<OpenApiDocument> {
  const doc = await api.get<OpenApiDocument>(OPENAPI_PATH, { skipAuthRedirect: true });
  if (!doc || typeof doc !== 'object' || !doc.info) throw new Error('The API description is not an OpenAPI document');
  return doc;
}

export function useOpenApiDocument() {
  // The document only changes with a deployment: no refetch on focus.
  return useSWR(OPENAPI_PATH, getOpenApiDocument, { revalidateOnFocus: false, revalidateIfStale: false });
}
