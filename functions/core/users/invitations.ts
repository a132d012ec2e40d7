/**
 * Invitations of accounts imported from the legacy system (legacy_users). An imported account is
 * `invited`: it has no password, cannot sign in, and is not awaiting approval. It gets one
 * invitation mail with a set-password link (single use, expiring); following it sets the password,
 * verifies the address (the link proved it) and makes the account a developer awaiting approval,
 * as any sign-up. An admin can send the invitation again (User Management).
 *
 * The mail goes through the Mailer port wrapped in the per-recipient daily cap (wiring), and says
 * nothing the legacy system or anyone else wrote: the address is not proven yet.
 */
import { INVITATION_ACCEPTED, INVITATION_LINK_INVALID } from '@shared/schemas/accounts';
import { tokenLink } from '@shared/site-paths';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { BreachedPasswordCheck } from './breached-passwords';
import type { PasswordHasher } from './password';
import type { InvitationStore, Log, Mailer, UsersRepository } from './ports';
import { createResetToken, hashResetToken } from './reset-token';
import type { User } from './user';
import { invitationMail } from './user-mails';

export const NOT_INVITED = 'This account has no open invitation: it has set its password already.';
/** Re-sent invitations per account per day (on top of the per-recipient mail cap). */
export const RESENDS_PER_DAY = 3;

export interface InvitationsDeps {
  users: Pick<UsersRepository, 'findById'>;
  store: InvitationStore;
  /** The per-recipient capped mailer (wiring). */
  mailer: Mailer;
  passwords: Pick<PasswordHasher, 'hash'>;
  limiter: Pick<RateLimiter, 'take'>;
  settings: () => { appUrl: string; ttlSeconds: number };
  log?: Log;
  now?: () => Date;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

export function createInvitations(deps: InvitationsDeps) {
  const log = deps.log ?? silentLog;
  const nowSeconds = () => Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);

  /** Stores a fresh link and mails it; a mail that cannot be sent (or queued) is logged, not thrown. */
  async function invite(user: User): Promise<void> {
    const { appUrl, ttlSeconds } = deps.settings();
    const { token, tokenHash } = createResetToken();
    await deps.store.save({ tokenHash, userId: user.id, expiresAt: nowSeconds() + ttlSeconds });
    const link = tokenLink(appUrl, '/accept-invitation', token);
    try {
      await deps.mailer.sendMail(invitationMail(user.email, link, Math.round(ttlSeconds / 86_400)));
    } catch (err) {
      log.error('invitation mail not sent', { userId: user.id, error: (err as Error).message });
    }
  }

  return {
    invite,

    /** POST /api/admin/users/{id}/resend-invitation: a new link for an invited account, 3 a day. */
    async resend(userId: string): Promise<User> {
      const user = await deps.users.findById(userId);
      if (!user) throw new NotFoundError('User not found.');
      if (!user.invited) throw new ConflictError(NOT_INVITED);
      await deps.limiter.take({
        key: `invitation:${user.id}`,
        limit: RESENDS_PER_DAY,
        windowSeconds: 86_400,
        message: () => `An invitation can be sent at most ${RESENDS_PER_DAY} times a day. Please try again tomorrow.`,
      });
      await invite(user);
      log.info('invitation sent again', { userId });
      return user;
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;

/**
 * POST /api/accept-invitation: sets the password of an invited account (single-use link), one not
 * commonly breached. Apart from the invitations so that the sync, which only invites, does not
 * carry the list of breached passwords.
 */
export function createInvitationAcceptance(
  deps: Pick<InvitationsDeps, 'store' | 'passwords' | 'log' | 'now'> & { refuseBreached: BreachedPasswordCheck },
) {
  const log = deps.log ?? silentLog;
  const nowSeconds = () => Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
  return {
    async accept(token: string, password: string): Promise<string> {
      deps.refuseBreached(password);
      const tokenHash = hashResetToken(token);
      const stored = await deps.store.find(tokenHash);
      if (!stored || stored.expiresAt <= nowSeconds()) throw new ValidationError(INVITATION_LINK_INVALID);
      const redeemed = await deps.store.redeem(
        tokenHash,
        stored.userId,
        await deps.passwords.hash(password),
        nowSeconds(),
      );
      if (!redeemed) throw new ValidationError(INVITATION_LINK_INVALID);
      log.info('invitation accepted', { userId: stored.userId });
      return INVITATION_ACCEPTED;
    },
  };
}
