import { LIMITS } from '../../shared/constants';

/** The getting-started guide: info.description of the OpenAPI document (Markdown). */
export const GETTING_STARTED = `
The Dental App Marketplace API: the public marketplace, the developer portal and the **Partner API**
your own software calls in production with an API key.

## Getting started

### 1. Create an API key
Sign in to the developer portal and open **Dashboard → API Keys** (\`/dashboard/api-keys\`). Create a
**staging** key (\`dk_test_…\`, active at once) or a **production** key (\`dk_live_…\`, active once an
admin has approved your account). The full key is shown **once**, when it is created or rotated:
store it in your secret manager. Afterwards only its prefix (e.g. \`dk_live_AbCd1234\`) is shown.

### 2. Call the Partner API
Send the key in the \`X-API-Key\` header:

\`\`\`bash
curl -s https://YOUR-HOST/v1/me -H "X-API-Key: dk_test_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
\`\`\`

The answer names the key (type, daily limit, usage today, remaining) and its owner.

### 3. Validate a licence
When a customer enters a licence key in your app, ask whether it is valid:

\`\`\`bash
curl -s https://YOUR-HOST/v1/licenses/validate \\
  -H "X-API-Key: $DENTAL_API_KEY" -H "Content-Type: application/json" \\
  -d '{"license_key": "LIC-1234-ABCD", "app_id": "YOUR-APP-ID"}'
\`\`\`

\`{"valid": true, "status": "active", "expires_at": null, "app_id": "…", "purchase_id": "…"}\` means
the customer may use your app. Only licences of **your own** apps can be checked; list them with
\`GET /v1/apps/{id}/licenses\`.

## Quotas and rate-limit headers
Each key has a daily quota: **${LIMITS.stagingDailyLimit}** requests for staging keys and
**${LIMITS.productionDailyLimit.toLocaleString('en-US')}** for production keys, counted per UTC day and reset at
00:00 UTC. Every Partner API answer after authentication carries:

| Header | Meaning |
|---|---|
| \`X-RateLimit-Limit\` | requests allowed per UTC day for this key |
| \`X-RateLimit-Remaining\` | requests left today |
| \`X-RateLimit-Reset\` | when the quota resets (Unix epoch seconds, next 00:00 UTC) |

Over the quota the API answers **429** with \`Retry-After\` (seconds until the reset). Refused calls
are not counted.

## Errors
Errors answer with a JSON body \`{"detail": "human-readable reason"}\` and the usual status codes:
400 invalid input, 401 missing, unknown, rotated or pending key (or sign-in token), 403 wrong role,
404 not found (including resources of other developers), 409 conflict, 429 quota exceeded.

## Authentication
- **Partner API** (\`/v1/*\`): \`X-API-Key: <your key>\` (security scheme \`apiKey\`).
- **Portal and admin routes** (\`/api/*\`): \`Authorization: Bearer <access_token>\` from
  \`POST /api/login\` (security scheme \`bearerAuth\`).
`.trim();
