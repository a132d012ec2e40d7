/**
 * "Create your practice account": the link a guest's licence mail (and the free-grant confirmation
 * mail) carries, which keeps the guest checkout's promise without making the checkout an oracle.
 *
 * The link holds a random token (256 bits) whose SHA-256 is stored with the address it was mailed
 * to and an expiry: following it proves that its holder reads that mailbox. It is single use (the
 * redemption deletes it in the same transaction as the change it unlocks) and expires.
 *
 * - No account has the address: the follower creates a practice account for exactly that address
 *   (the address comes from the link, never from the form) with a password of their choice. The
 *   address is verified, so the purchases kept against it attach at once, and the new practice is
 *   signed in.
 * - Followed while signed in as a buyer of another address: the address is added to that account
 *   (linked_emails) and its purchases attach to it.
 * - Followed while signed in as the account that holds the address: the address is verified.
 * - An account holds the address and the follower is not signed in as it: nothing changes and
 *   nobody is signed in; they are told that an account exists and to sign in. Telling them is no
 *   oracle: only the mailbox's holder has the link. The account is not verified by it either: the
 *   follower has proven the mailbox but not that the account is theirs (whoever registered the
 *   address first may not be its owner); its owner signs in (and verifies), or takes it over with
 *   Forgot password, whose link goes to the same mailbox.
 */
import { randomUUID } from 'node:crypto';
import { normaliseEmail } from '@shared/email';
import { MSG } from '@shared/messages';
import {
  CLAIM_ACCOUNT_CREATED,
  CLAIM_ACCOUNT_EXISTS,
  CLAIM_ALREADY_YOURS,
  CLAIM_LINK_INVALID,
  CLAIM_LINKED,
  CLAIM_ONLY_BUYERS,
  CLAIM_TOO_MANY_ADDRESSES,
  CLAIM_VERIFIED,
  type ClaimAccountInput,
  type ClaimPreview,
} from '@shared/schemas/accounts';
import { tokenLink } from '@shared/site-paths';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../errors';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { BreachedPasswordCheck } from './breached-passwords';
import type { PasswordHasher } from './password';
import type { ClaimRedemption, ClaimTokenStore, Log, UsersRepository } from './ports';
import { createResetToken, hashResetToken } from './reset-token';
import { EmailTakenError, MAX_LINKED_EMAILS, type User } from './user';

const HOUR = 3600;

/** Issues claim links: what the mails to guests carry (wired in functions/wiring/claim-links.ts). */
export interface ClaimLinks {
  /** A fresh single-use link for the (normalised) address, valid for the configured time. */
  linkFor(email: string): Promise<string>;
}

export function createClaimLinks(deps: {
  tokens: Pick<ClaimTokenStore, 'save'>;
  /** The site's origin. */
  appUrl: string;
  ttlSeconds: number;
  now?: () => Date;
}): ClaimLinks {
  return {
    async linkFor(email) {
      const { token, tokenHash } = createResetToken();
      const nowSeconds = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
      await deps.tokens.save({ tokenHash, email: normaliseEmail(email), expiresAt: nowSeconds + deps.ttlSeconds });
      return tokenLink(deps.appUrl, '/claim-account', token);
    },
  };
}

export interface PracticeClaimsDeps {
  users: UsersRepository;
  tokens: ClaimTokenStore;
  passwords: Pick<PasswordHasher, 'hash'>;
  /** Refuses a commonly breached password (wiring: breachedPasswordCheck). */
  refuseBreached: BreachedPasswordCheck;
  limiter: Pick<RateLimiter, 'take'>;
  /** Accounts created per client per hour (the sign-up limit). */
  perClientPerHour: () => number;
  /** An address became proven for this account: its purchases start counting as installations. */
  onAddressProven?: (user: User) => Promise<void>;
  log?: Log;
  now?: () => Date;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

export function createPracticeClaims(deps: PracticeClaimsDeps) {
  const { users, tokens } = deps;
  const log = deps.log ?? silentLog;
  const nowSeconds = () => Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);

  /** The token's address and the redemption to present, or 400 when it is unknown or expired. */
  async function open(token: string): Promise<ClaimRedemption> {
    const tokenHash = hashResetToken(token);
    const stored = await tokens.find(tokenHash);
    const at = nowSeconds();
    if (!stored || stored.expiresAt <= at) throw new ValidationError(CLAIM_LINK_INVALID);
    return { tokenHash, email: stored.email, nowSeconds: at };
  }

  async function proven(userId: string): Promise<void> {
    const user = await users.findById(userId);
    if (!user || !deps.onAddressProven) return;
    try {
      await deps.onAddressProven(user);
    } catch (err) {
      // The account and its address are safe; the installation counts catch up at the next proof.
      log.error('installations of a proven address not counted', { userId, error: (err as Error).message });
    }
  }

  return {
    /** POST /api/claim-account/preview: the link's address and whether an account holds it. */
    async preview(token: string): Promise<ClaimPreview> {
      const claim = await open(token);
      return { email: claim.email, account_exists: (await users.findByEmail(claim.email)) !== undefined };
    },

    /**
     * POST /api/claim-account: a verified practice account for the link's address. 409 when an
     * account holds the address (nothing changes); 429 past the sign-up limit per client.
     */
    async createAccount(input: ClaimAccountInput, client: string): Promise<{ user: User; message: string }> {
      await deps.limiter.take({
        key: `register:${client}`,
        limit: deps.perClientPerHour(),
        windowSeconds: HOUR,
        message: MSG.tooManyRequests,
      });
      deps.refuseBreached(input.password);
      const claim = await open(input.token);
      if (await users.findByEmail(claim.email)) throw new ConflictError(CLAIM_ACCOUNT_EXISTS);
      const user: User = {
        id: randomUUID(),
        email: claim.email,
        full_name: input.full_name,
        company_name: input.company_name,
        website: null,
        role: 'practice',
        is_approved: true,
        invited: false,
        linked_emails: [],
        created_at: new Date(claim.nowSeconds * 1000).toISOString(),
        auth_provider: 'password',
        email_verified: true,
        token_version: 0,
      };
      let outcome: 'created' | 'claim_invalid';
      try {
        outcome = await users.createClaimed(user, await deps.passwords.hash(input.password), claim);
      } catch (err) {
        if (err instanceof EmailTakenError) throw new ConflictError(CLAIM_ACCOUNT_EXISTS);
        throw err;
      }
      if (outcome === 'claim_invalid') throw new ValidationError(CLAIM_LINK_INVALID);
      log.info('practice account claimed', { userId: user.id });
      await proven(user.id);
      return { user, message: CLAIM_ACCOUNT_CREATED };
    },

    /**
     * POST /api/claim-account/attach: the signed-in buyer followed the link. Their own address is
     * verified; another address joins their account unless an account holds it (409).
     */
    async attach(
      token: string,
      userId: string,
    ): Promise<{ message: string; outcome: 'linked' | 'verified' | 'already' }> {
      const claim = await open(token);
      const user = await users.findById(userId);
      if (!user) throw new UnauthorizedError('Your account no longer exists. Please sign in again.');
      if (user.role !== 'developer' && user.role !== 'practice') throw new ForbiddenError(CLAIM_ONLY_BUYERS);
      if (user.email === claim.email) {
        if (user.email_verified) return { message: CLAIM_ALREADY_YOURS, outcome: 'already' };
        if (!(await users.verifyByClaim(user.id, claim))) throw new ValidationError(CLAIM_LINK_INVALID);
        log.info('address verified by a claim link', { userId });
        await proven(user.id);
        return { message: CLAIM_VERIFIED, outcome: 'verified' };
      }
      if (user.linked_emails.includes(claim.email)) return { message: CLAIM_ALREADY_YOURS, outcome: 'already' };
      const holder = await users.findByEmail(claim.email);
      if (holder) throw new ConflictError(CLAIM_ACCOUNT_EXISTS);
      if (user.linked_emails.length >= MAX_LINKED_EMAILS) throw new ConflictError(CLAIM_TOO_MANY_ADDRESSES);
      let outcome: 'linked' | 'claim_invalid' | 'full';
      try {
        outcome = await users.linkEmail(user.id, claim, MAX_LINKED_EMAILS);
      } catch (err) {
        if (err instanceof EmailTakenError) throw new ConflictError(CLAIM_ACCOUNT_EXISTS);
        throw err;
      }
      if (outcome === 'claim_invalid') throw new ValidationError(CLAIM_LINK_INVALID);
      if (outcome === 'full') throw new ConflictError(CLAIM_TOO_MANY_ADDRESSES);
      log.info('address linked by a claim link', { userId });
      await proven(user.id);
      return { message: CLAIM_LINKED(claim.email), outcome: 'linked' };
    },
  };
}

export type PracticeClaims = ReturnType<typeof createPracticeClaims>;
