/**
 * Invitations of imported legacy accounts (core/users/invitations.ts): DynamoDB for the links, SES
 * through the per-recipient daily cap (MAILS_PER_RECIPIENT_PER_DAY) for the mails. Used by the sync
 * (legacy_users: the sync worker, locally the local server) and the admin's re-send; their
 * acceptance by the accounts' accept-invitation route.
 */
import { dynamoInvitations, dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
import { recipientCappedMailer } from '../core/mail/recipient-cap';
import { createInvitationAcceptance, createInvitations } from '../core/users/invitations';
import { logger } from '../http/logger';
import { breachedPasswordCheck } from './breached-passwords';
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

/** POST /api/accept-invitation: the password set must not be a commonly breached one. */
export const invitationAcceptance = /* @__PURE__ */ lazyService(() =>
  createInvitationAcceptance({
    store: dynamoInvitations,
    passwords,
    refuseBreached: (password) => breachedPasswordCheck()(password),
    log: logger,
  }),
);
