/**
 * The "Create your practice account" links the mails to guests carry (core/users/practice-claims.ts
 * createClaimLinks): a token stored as its hash with the address (DynamoDB), valid for
 * CLAIM_LINK_TTL_SECONDS. Used by the checkout (free-grant confirmation mails), licence delivery and
 * manual licence completion (licence mails).
 */
import { dynamoClaimTokens } from '../adapters/dynamodb/users-repo';
import { getConfig } from '../config';
import { createClaimLinks } from '../core/users/practice-claims';
import { lazyService } from './lazy';

export const claimLinks = /* @__PURE__ */ lazyService(() =>
  createClaimLinks({
    tokens: dynamoClaimTokens,
    appUrl: getConfig().APP_URL,
    ttlSeconds: getConfig().CLAIM_LINK_TTL_SECONDS,
  }),
);
