/**
 * What the users module needs from the outside world. The core owns these interfaces;
 * functions/adapters/ implements them (DynamoDB for storage, SES for mail).
 */
import type { Page } from '../paging';
import type { AccountStatus, User } from './user';

/** One page of User Management's list: newest first, filtered and searched on the server. */
export interface UserPageQuery {
  limit: number;
  cursor?: string;
  /** Matched case-insensitively inside e-mail, name or company. */
  q?: string;
  status?: AccountStatus;
  role?: User['role'];
}

/** User Management's counts, kept in the accounts' own write transactions. */
export interface UserCounts {
  all: number;
  /** Developers awaiting approval. */
  pending: number;
  invited: number;
}

/** User Management's reads (the admin function only: kept out of the accounts repository's bundle). */
export interface UserDirectory {
  /**
   * One page of accounts, newest first. A filtered or searched page reads a bounded window of
   * accounts and may hold fewer rows than `limit` (even none) with a next cursor.
   */
  pageUsers(query: UserPageQuery): Promise<Page<User>>;
  userCounts(): Promise<UserCounts>;
}

export interface UsersRepository {
  /**
   * Stores a new account and claims its e-mail address in one transaction. Throws EmailTakenError
   * when the address is taken, UserIdTakenError when the id is.
   */
  create(user: User, passwordHash: string | null): Promise<void>;
  findById(id: string): Promise<User | undefined>;
  /** `email` must already be normalised. */
  findByEmail(email: string): Promise<User | undefined>;
  /** The account and its password hash (null for Google-only accounts): for sign-in only. */
  findCredentials(email: string): Promise<{ user: User; passwordHash: string | null } | undefined>;
  /**
   * Changes name and e-mail (moving the address claim when it changes, in one transaction) and,
   * when given, the password hash. A new address is unverified; a new address or password moves
   * the token version on (every session ends). Throws EmailTakenError when the new address is taken.
   */
  updateProfile(
    current: User,
    changes: { full_name: string; email: string },
    passwordHash?: string,
  ): Promise<User | undefined>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
  /** Returns the updated account, or undefined when it does not exist. */
  setApproved(userId: string, approved: boolean): Promise<User | undefined>;
  /**
   * A claim link's new practice account: in one transaction, redeems the claim token (unexpired,
   * for exactly `user.email`), stores the account and claims its address. 'claim_invalid' when the
   * token was used, expired or is another address's; throws EmailTakenError when the address has
   * an account.
   */
  createClaimed(user: User, passwordHash: string, claim: ClaimRedemption): Promise<'created' | 'claim_invalid'>;
  /**
   * A claim link followed by a signed-in account of another address: in one transaction, redeems
   * the token, claims the address for the account (EmailTakenError when another account holds it)
   * and appends it to linked_emails (at most `max`: 'full').
   */
  linkEmail(userId: string, claim: ClaimRedemption, max: number): Promise<'linked' | 'claim_invalid' | 'full'>;
  /** A claim link followed by the signed-in holder of its address: redeems the token and marks the address verified. */
  verifyByClaim(userId: string, claim: ClaimRedemption): Promise<boolean>;
  /**
   * A developer account that is really a practice (the demo practices of earlier starts) becomes a
   * practice: role practice, no approval needed, its sessions end. False when it is not a developer.
   */
  convertToPractice(userId: string): Promise<boolean>;
}

/** A claim token being redeemed: its hash, the address it is for, and the time (epoch seconds). */
export interface ClaimRedemption {
  tokenHash: string;
  email: string;
  nowSeconds: number;
}

/** Claim tokens ("Create your practice account" links): only their hash is stored, with the address. */
export interface ClaimTokenStore {
  save(token: { tokenHash: string; email: string; expiresAt: number }): Promise<void>;
  find(tokenHash: string): Promise<{ email: string; expiresAt: number } | undefined>;
}

/** Invitations of imported legacy accounts: set-password links, stored as their hash. */
export interface InvitationStore {
  save(token: { tokenHash: string; userId: string; expiresAt: number }): Promise<void>;
  find(tokenHash: string): Promise<{ userId: string; expiresAt: number } | undefined>;
  /**
   * In one transaction: deletes the unexpired token of `userId` and, while the account is still
   * invited, sets its password, marks its address verified (the link proved it), ends the
   * invitation and moves its token version on. False otherwise.
   */
  redeem(tokenHash: string, userId: string, passwordHash: string, nowSeconds: number): Promise<boolean>;
}

export interface ResetTokenStore {
  /** Stores only the token's hash, never the token, with the user's token version at issue. */
  save(token: { tokenHash: string; userId: string; expiresAt: number; tokenVersion: number }): Promise<void>;
  find(tokenHash: string): Promise<{ userId: string; expiresAt: number; tokenVersion: number } | undefined>;
  /**
   * In one transaction: deletes the token if it still exists, belongs to userId and has not
   * expired, sets the user's password hash and moves their token version on, provided the version
   * is still `tokenVersion` (so a reset, or any other bump, voids every link issued before it).
   * False when the token was used, expired, unknown or outdated.
   */
  redeem(
    tokenHash: string,
    userId: string,
    passwordHash: string,
    nowSeconds: number,
    tokenVersion: number,
  ): Promise<boolean>;
}

export interface SignInLinkStore {
  /** Stores only the token's hash, with the user's token version at issue. */
  save(token: { tokenHash: string; userId: string; expiresAt: number; tokenVersion: number }): Promise<void>;
  /**
   * Deletes the token if it exists and has not expired, and answers what it held: a link works
   * once, however many requests race with it. Undefined when used, expired or unknown.
   */
  take(tokenHash: string, nowSeconds: number): Promise<{ userId: string; tokenVersion: number } | undefined>;
}

export interface VerifyTokenStore {
  /** Stores only the token's hash, with the address it verifies. */
  save(token: { tokenHash: string; userId: string; email: string; expiresAt: number }): Promise<void>;
  find(tokenHash: string): Promise<{ userId: string; email: string; expiresAt: number } | undefined>;
  /**
   * In one transaction: deletes the unexpired token and marks the account's address verified,
   * provided the account still has that address. False otherwise.
   */
  redeem(tokenHash: string, userId: string, email: string, nowSeconds: number): Promise<boolean>;
}

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  sendMail(mail: OutgoingMail): Promise<void>;
}

/** Structured logging without tying the core to a logging module. */
export interface Log {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
