import {
  authOf,
  deref,
  type Endpoint,
  type MediaType,
  type OpenApiDocument,
  parametersOf,
  responsesOf,
} from './openapi';
import { exampleOf } from './schema';

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function jsonBody(content: Record<string, MediaType> | undefined): MediaType | undefined {
  if (!content) return undefined;
  const type = Object.keys(content).find((t) => t.includes('json'));
  return type ? content[type] : undefined;
}

/** A copy-paste curl command for an endpoint, with its auth header and an example JSON body. */
export function curlExample(doc: OpenApiDocument, endpoint: Endpoint, baseUrl: string): string {
  const { operation, method } = endpoint;
  const query = parametersOf(doc, operation)
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleOf(doc, p.schema, p.name)))}`);
  const url = `${baseUrl.replace(/\/+$/, '')}${endpoint.path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "${url}"`];

  for (const auth of authOf(doc, operation)) {
    if (auth.kind === 'apiKey') {
      const header =
        Object.values(doc.components?.securitySchemes ?? {}).find((s) => s.type === 'apiKey')?.name ?? 'X-API-Key';
      lines.push(`-H "${header}: $DENTAL_API_KEY"`);
    } else if (auth.kind === 'bearer') lines.push('-H "Authorization: Bearer $ACCESS_TOKEN"');
  }

  const body = deref<NonNullable<Exclude<typeof operation.requestBody, { $ref: string }>>>(doc, operation.requestBody);
  const media = jsonBody(body?.content);
  if (media) {
    const example = media.example ?? exampleOf(doc, media.schema);
    lines.push('-H "Content-Type: application/json"');
    // Short bodies on one line; longer ones pretty-printed.
    const compact = JSON.stringify(example);
    lines.push(`-d ${shellQuote(compact.length <= 72 ? compact : JSON.stringify(example, null, 2))}`);
  } else if (body?.content && Object.keys(body.content).length) {
    lines.push(`-H "Content-Type: ${Object.keys(body.content)[0]}"`);
    lines.push('--data-binary @payload');
  }
  return lines.join(' \\\n  ');
}

/** The first success response's example JSON, or null when it has no documented body. */
export function responseExample(doc: OpenApiDocument, endpoint: Endpoint): { status: string; json: string } | null {
  const success = responsesOf(doc, endpoint.operation).find((r) => r.status.startsWith('2'));
  const media = jsonBody(success?.response.content);
  if (!success || !media?.schema || Object.keys(media.schema).length === 0) return null;
  const example = media.example ?? exampleOf(doc, media.schema);
  return { status: success.status, json: JSON.stringify(example, null, 2) };
}
