import { LIMITS } from '@shared/constants';

/** The getting-started guide: info.description of the OpenAPI document (Markdown). */
export const GETTING_STARTED = `
The Dental App Marketplace API: the public marketplace, the developer portal and the **Partner API**
your own software calls in production with an API key.

## Getting started

### 1. Create an API key
Sign in to the developer portal and open **Dashboard → API Keys** (\`/dashboard/api-keys\`). Create a
**staging** key (\`dk_Q7xZ_test_…\`, active at once) or a **production** key (\`dk_Q7xZ_live_…\`, active once
an admin has approved your account); the four characters after \`dk_\` are random, so keys can be told apart
at a glance. The full key is shown **once**, when it is created or rotated: store it in your secret manager.
Afterwards only its first 20 characters (e.g. \`dk_Q7xZ_live_AbCd123\`) are shown. Keys issued before the
random segment existed (\`dk_live_…\`) keep working. If an admin rotates one of your keys, you are e-mailed
and its working replacement waits in API Keys, where **Show new key** reveals it once.

### 2. Call the Partner API
Send the key in the \`X-API-Key\` header:

\`\`\`bash
curl -s https://YOUR-HOST/v1/me -H "X-API-Key: dk_XXXX_test_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
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

## Installs and consent
A practice's **install** of your app is its consent to what your app's permissions declaration asks
for (event types, practice-system features and their access, as an admin last reviewed it). It is made
when the licence is delivered: \`active\` when the checkout call accepted the permissions
(\`accept_permissions: true\`), otherwise \`pending\` until the practice grants on My Purchases.
Practice events reach your webhooks only through an **active** install that grants their type. When
your declaration asks for more, existing installs keep their grant until the practice accepts; less
applies at once. The practice can revoke at any time, from My Purchases or from the link in its
licence mail (no sign-in needed); the licence itself stays valid. List your app's installs with
\`GET /v1/installs?app_id=…\`; subscribe to \`install.created\`, \`install.updated\` (a grant) and
\`install.revoked\` to hear of each change (signed like every webhook, below).

## Webhook signatures
Each webhook you add in **My Apps → Webhooks** has a signing secret. Leave the field empty and a
Standard Webhooks secret (\`whsec_\` + base64 of 24 random bytes) is generated, or give your own of at
least 24 characters. The full secret is shown **once**, right after the webhook is created; lists show
its first 10 characters only. Every delivery carries \`webhook-id\`, \`webhook-timestamp\` (Unix seconds)
and \`webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">\`. The
HMAC key is the **decoded bytes** of a \`whsec_<base64>\` secret (as every Standard Webhooks library
expects), and the **UTF-8 bytes of the secret exactly as you typed it** for a secret of any other form (one
that does not start with \`whsec_\`)
(with the \`standardwebhooks\` library: \`new Webhook(secret, { format: "raw" })\`).

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
