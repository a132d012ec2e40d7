/**
 * The HTTP API's Lambda authorizer (lib/api.ts): the execute-api URL refuses requests that did not
 * come through CloudFront before any route's function runs. API Gateway answers 401 itself when the
 * origin header is missing (its identity source), and caches this answer per header value for
 * ORIGIN_AUTHORIZER_CACHE_SECONDS, so a request with CloudFront's value costs no invocation after
 * the first, and a request without the header never invokes anything. The group handlers keep
 * their own check (origin-verify.ts) as a second line and for the local runtime, which has no
 * API Gateway.
 *
 * Accepts the current and, while a rotation overlaps, the previous value (functions/secrets.ts).
 */
import type { APIGatewayRequestSimpleAuthorizerHandlerV2 } from 'aws-lambda';
import { getConfig } from '../config';
import { ensureSecrets } from '../secrets';
import { originVerified } from './origin-verify';

/** How long API Gateway keeps an answer per header value (the rotation waits longer, docs/runbook.md). */
export const ORIGIN_AUTHORIZER_CACHE_SECONDS = 300;

export const handler: APIGatewayRequestSimpleAuthorizerHandlerV2 = async (event) => {
  // Secrets Manager failing is thrown (API Gateway answers 500 and caches nothing), not a refusal.
  await ensureSecrets();
  const cfg = getConfig();
  // Without a configured value (a function deployed without ORIGIN_SECRET_ARN) nothing is admitted.
  if (!cfg.ORIGIN_VERIFY_SECRET) return { isAuthorized: false };
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) headers[name.toLowerCase()] = value;
  return { isAuthorized: originVerified(headers, cfg.ORIGIN_VERIFY_SECRET, cfg.ORIGIN_VERIFY_PREVIOUS_SECRET) };
};
