/**
 * The developers' licence endpoints are called through the platform's one outgoing-HTTP adapter
 * (functions/adapters/http-out.ts): SSRF guard on the address actually connected to, https in the
 * cloud, no redirects followed, one deadline per attempt, bounded answers.
 */

import { getConfig } from '../config';
import type { LicenceEndpointClient } from '../core/licences/ports';
import { postWebhook } from './http-out';

const MAX_ANSWER_BYTES = 64 * 1024;

export const licenceEndpointClient: LicenceEndpointClient = {
  async post(url, body, headers, timeoutMs) {
    const res = await postWebhook({
      url,
      body,
      headers,
      timeoutMs,
      allowInternal: getConfig().ALLOW_INTERNAL_WEBHOOK_TARGETS,
      maxResponseBytes: MAX_ANSWER_BYTES,
    });
    // No HTTP answer at all (refused, timed out, blocked target): a failed attempt.
    if (res.status === 0) throw new Error(`${res.errorKind ?? 'request failed'}: ${res.body ?? ''}`.trim());
    return { status: res.status, body: res.body ?? '' };
  },
};
