/**
 * Invitations of imported legacy accounts (core/users/invitations.ts): DynamoDB for the links, SES
 * through the per-recipient daily cap (MAILS_PER_RECIPIENT_PER_DAY) for the mails. Used by the sync
 * (legacy_users: the sync worker, locally the local server), the admin's re-send and the accounts'
 * accept-invitation route.
 */
import { dynamoInvitations, dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { recipientCappedMailer } from '../core/mail/recipient-cap';
import { createInvitations } from '../core/users/invitations';
import { logger } from '../http/logger';
import { lazyService } from './lazy';
import { passwords } from './passwords';
import { rateLimiter } from './rate-limits';

export const invitations = /* @__PURE__ */ lazyService(() =>
  createInvitations({
    users: dynamoUsersRepository,
    store: dynamoInvitations,
    mailer: recipientCappedMailer(sesMailer, rateLimiter, () => getConfig().MAILS_PER_RECIPIENT_PER_DAY, logger),
    passwords,
    limiter: rateLimiter,
    settings: () => ({ appUrl: getConfig().APP_URL, ttlSeconds: getConfig().INVITATION_TTL_SECONDS }),
    log: logger,
  }),
);
