/**
 * DynamoDB implementation of the users ports (functions/core/users/ports.ts) on the single table.
 *
 * | Access pattern                          | Index | Key condition                               | Function                    |
 * |-----------------------------------------|-------|---------------------------------------------|-----------------------------|
 * | user by id                              | table | PK=USER#<id>, SK=PROFILE                    | findById, setApproved       |
 * | user id by e-mail (+ uniqueness claim)  | table | PK=EMAIL#<email>, SK=EMAIL                  | findByEmail, findCredentials|
 * | create user + claim e-mail (tx)         | table | both items above, attribute_not_exists(PK)  | create                      |
 * | move e-mail claim on profile edit (tx)  | table | new EMAIL# put, old EMAIL# delete, USER# set | updateProfile               |
 * | users, newest first, one page (filters) | GSI1  | GSI1PK=USERS, GSI1SK=<created_at>#<id>      | user-directory-repo.ts      |
 * | User Management's counts (in each tx)   | table | PK=USERCOUNTS, SK=COUNTS                    | countsMove; read: user-directory-repo.ts |
 * | reset token by its SHA-256 (TTL)        | table | PK=RESET#<sha256>, SK=RESET                 | resetTokens.*               |
 * | sign-in link by its SHA-256 (TTL)       | table | PK=SIGNIN#<sha256>, SK=SIGNIN               | signInLinks.*               |
 * | verification token by its SHA-256 (TTL) | table | PK=VERIFY#<sha256>, SK=VERIFY               | verifyTokens.*              |
 * | claim token by its SHA-256 (TTL)        | table | PK=CLAIM#<sha256>, SK=CLAIM                 | claimTokens.*               |
 * | claimed account (tx: token, user, e-mail)| table | CLAIM# delete + USER# and EMAIL# put-new    | createClaimed               |
 * | linked address (tx: token, e-mail, user) | table | CLAIM# delete + EMAIL# put-new + USER# list_append | linkEmail            |
 * | invitation token by its SHA-256 (TTL)   | table | PK=INVITE#<sha256>, SK=INVITE               | invitations.*               |
 *
 * TTL deletion is lazy (up to days in the cloud, never in DynamoDB Local), so every read of a
 * counter or token also compares its own `expires_at` with the clock.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../core/errors';
import type {
  ClaimRedemption,
  ClaimTokenStore,
  InvitationStore,
  ResetTokenStore,
  SignInLinkStore,
  UsersRepository,
  VerifyTokenStore,
} from '../../core/users/ports';
import { type AccountStatus, accountStatus, EmailTakenError, type User, UserIdTakenError } from '../../core/users/user';
import { documentClient, tableName } from '../aws-clients';
import {
  cancellationCodes,
  deleteItem,
  getItem,
  type ItemMapper,
  isConditionFailure,
  putItem,
  type TransactItem,
  transact,
  transactOrCancellationCodes,
  tx,
  updateItem,
} from './dynamo';
import { userKeys } from './keys';
import { forgetTokenVersion } from './token-versions';

// Mappers ---------------------------------------------------------------------------------------

/** The stored user: the domain fields (website absent rather than null), its keys and the hash. */
type UserItem = Omit<User, 'website' | 'invited' | 'linked_emails'> & {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  entity: 'USER';
  /** e-mail, name and company, normalised (searchText): what admin search matches with contains(). */
  search_text: string;
  website?: string;
  /** Present (true) only while a legacy import has not accepted its invitation. */
  invited?: true;
  /** Absent when the account has no further address. */
  linked_emails?: string[];
  password_hash?: string;
};

export function toItem(user: User, passwordHash: string | null): UserItem {
  return {
    ...userKeys.user(user.id),
    GSI1PK: userKeys.listPartition,
    GSI1SK: userKeys.listSort(user),
    entity: 'USER',
    search_text: searchText(user),
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    company_name: user.company_name,
    website: user.website ?? undefined,
    role: user.role,
    is_approved: user.is_approved,
    invited: user.invited ? true : undefined,
    linked_emails: user.linked_emails.length > 0 ? user.linked_emails : undefined,
    created_at: user.created_at,
    auth_provider: user.auth_provider,
    email_verified: user.email_verified,
    token_version: user.token_version,
    password_hash: passwordHash ?? undefined,
  };
}

/** Lists the domain fields one by one: the password hash stays behind. */
export function fromItem(item: Record<string, unknown>): User {
  return {
    id: String(item.id),
    email: String(item.email),
    full_name: String(item.full_name ?? ''),
    company_name: String(item.company_name ?? ''),
    website: typeof item.website === 'string' && item.website ? item.website : null,
    role: item.role === 'admin' || item.role === 'practice' ? item.role : 'developer',
    is_approved: item.is_approved === true,
    invited: item.invited === true,
    linked_emails: Array.isArray(item.linked_emails) ? item.linked_emails.filter((e) => typeof e === 'string') : [],
    created_at: String(item.created_at ?? ''),
    auth_provider: item.auth_provider === 'google' ? 'google' : 'password',
    // Accounts stored before verification existed: only Google-created ones count as verified.
    email_verified: typeof item.email_verified === 'boolean' ? item.email_verified : item.auth_provider === 'google',
    token_version: tokenVersionOf(item),
  };
}

/** The User entity's item, both ways. */
export const userItem: ItemMapper<User, [passwordHash: string | null]> = { toItem, fromItem };

const tokenVersionOf = (item: Record<string, unknown> | undefined) => {
  const v = Number(item?.token_version ?? 0);
  return Number.isInteger(v) && v >= 0 ? v : 0;
};

/** Case and width folded (NFKC, lower case), so a search matches whatever case it was typed in. */
export const normaliseSearch = (s: string): string => s.normalize('NFKC').toLowerCase().trim();

/** The fields admin search matches (e-mail, name, company), normalised, one per line. */
export const searchText = (user: Pick<User, 'email' | 'full_name' | 'company_name'>): string =>
  [user.email, user.full_name, user.company_name].map(normaliseSearch).join('\n');

// Counts --------------------------------------------------------------------------------------

type Standing = Pick<User, 'role' | 'is_approved' | 'invited'> | null;

const counted = (standing: Standing, status: AccountStatus) => (standing && accountStatus(standing) === status ? 1 : 0);

/**
 * The counts item's update for an account going from `before` to `after` (null: no account),
 * null when the counts stay: it rides in the same transaction as the account's write.
 */
function countsMove(before: Standing, after: Standing): TransactItem | null {
  const all = (after ? 1 : 0) - (before ? 1 : 0);
  const pending = counted(after, 'pending') - counted(before, 'pending');
  const invited = counted(after, 'invited') - counted(before, 'invited');
  if (!all && !pending && !invited) return null;
  return tx.update(userKeys.counts, {
    UpdateExpression: 'SET entity = :entity ADD #all :all, pending :pending, invited :invited',
    ExpressionAttributeNames: { '#all': 'all' },
    ExpressionAttributeValues: { ':entity': 'UserCounts', ':all': all, ':pending': pending, ':invited': invited },
  });
}

/**
 * A condition that the stored account still stands as `user` did when read (role, approval,
 * invitation): the counts move computed from that read is then the right one.
 */
function standsAs(user: Pick<User, 'role' | 'is_approved' | 'invited'>) {
  return {
    condition:
      'attribute_exists(PK) AND #role = :was_role AND ' +
      (user.is_approved ? 'is_approved = :was_t' : '(attribute_not_exists(is_approved) OR is_approved = :was_f)') +
      (user.invited ? ' AND invited = :was_t' : ' AND attribute_not_exists(invited)'),
    names: { '#role': 'role' },
    values: {
      ':was_role': user.role,
      ...(user.is_approved || user.invited ? { ':was_t': true } : {}),
      ...(user.is_approved ? {} : { ':was_f': false }),
    },
  };
}

/**
 * Changes an account's standing (approval, role) with the counts in one transaction: reads the
 * account, writes `change` conditioned on the standing read, and reads again when another write
 * came between. undefined when the account does not exist or `change` does not apply to it.
 */
async function changeStanding(
  userId: string,
  change: (
    user: User,
  ) => { after: Standing; update: string; names?: Record<string, string>; values?: Record<string, unknown> } | null,
): Promise<User | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const user = await findUserProfile(userId);
    if (!user) return undefined;
    const next = change(user);
    if (!next) return undefined;
    const guard = standsAs(user);
    const move = countsMove(user, next.after);
    const codes = await transactOrCancellationCodes([
      tx.update(userKeys.user(userId), {
        UpdateExpression: next.update,
        ConditionExpression: guard.condition,
        ExpressionAttributeNames: { ...guard.names, ...next.names },
        ExpressionAttributeValues: { ...guard.values, ...next.values },
      }),
      ...(move ? [move] : []),
    ]);
    if (!codes) return user;
    if (codes[0] !== 'ConditionalCheckFailed') throw new ConflictError('The account is busy. Please try again.');
  }
  throw new ConflictError('The account is busy. Please try again.');
}

// Repository ------------------------------------------------------------------------------------

async function userIdByEmail(email: string): Promise<string | undefined> {
  const claim = await getItem(userKeys.email(email));
  return typeof claim?.user_id === 'string' ? claim.user_id : undefined;
}

/** The account without its password hash (a projected read, for functions that only show or check an account). */
export async function findUserProfile(id: string): Promise<User | undefined> {
  // The literal list of USER_PROFILE_ATTRIBUTES (test/infra/table-actions.test.ts reads it here).
  const res = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKeys.user(id),
      ConsistentRead: true,
      ProjectionExpression:
        'PK, id, email, full_name, company_name, website, #role, is_approved, invited, linked_emails, created_at, auth_provider, email_verified, token_version',
      ExpressionAttributeNames: { '#role': 'role' },
    }),
  );
  return res.Item ? userItem.fromItem(res.Item) : undefined;
}

export const dynamoUsersRepository: UsersRepository = {
  async create(user, passwordHash) {
    try {
      await transact([
        tx.putNew(userItem.toItem(user, passwordHash)),
        tx.putNew({ ...userKeys.email(user.email), entity: 'EMAIL', user_id: user.id }),
        countsMove(null, user) as TransactItem,
      ]);
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes?.[1] === 'ConditionalCheckFailed') throw new EmailTakenError();
      if (codes?.[0] === 'ConditionalCheckFailed') throw new UserIdTakenError();
      throw err;
    }
  },

  // The account as the domain knows it never holds the password hash: read without it (sign-in reads
  // the hash on its own path), so a function that only shows or checks an account needs no more.
  findById: findUserProfile,

  async findByEmail(email) {
    const id = await userIdByEmail(email);
    return id ? dynamoUsersRepository.findById(id) : undefined;
  },

  async findCredentials(email) {
    const id = await userIdByEmail(email);
    const item = id ? await getItem(userKeys.user(id)) : undefined;
    // Only the account's own address signs in: a linked one (a claim link's) is not a sign-in name.
    if (!item || item.email !== email) return undefined;
    const hash = typeof item.password_hash === 'string' && item.password_hash ? item.password_hash : null;
    return { user: userItem.fromItem(item), passwordHash: hash };
  },

  async updateProfile(current, changes, passwordHash) {
    const names: Record<string, string> = { '#full_name': 'full_name', '#email': 'email' };
    const values: Record<string, unknown> = {
      ':full_name': changes.full_name,
      ':email': changes.email,
      ':old_email': current.email,
    };
    names['#search_text'] = 'search_text';
    values[':search_text'] = searchText({ ...current, ...changes });
    let set = 'SET #full_name = :full_name, #email = :email, #search_text = :search_text';
    const emailChanged = changes.email !== current.email;
    if (emailChanged) {
      // The new address is nobody's proven address yet: it is verified again by the link mailed to it.
      names['#email_verified'] = 'email_verified';
      values[':unverified'] = false;
      set += ', #email_verified = :unverified';
    }
    if (passwordHash) {
      names['#password_hash'] = 'password_hash';
      values[':password_hash'] = passwordHash;
      set += ', #password_hash = :password_hash';
    }
    // A new password or a new address ends every session issued before it.
    if (passwordHash || emailChanged) {
      set += ' ADD #token_version :one';
      names['#token_version'] = 'token_version';
      values[':one'] = 1;
    }
    const key = userKeys.user(current.id);
    const update = {
      UpdateExpression: set,
      // The address must still be the one this change started from (no lost updates).
      ConditionExpression: 'attribute_exists(PK) AND #email = :old_email',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    };

    if (!emailChanged) {
      try {
        await updateItem(key, update);
      } catch (err) {
        if (isConditionFailure(err))
          throw new ConflictError('Your profile changed meanwhile. Please reload and try again.');
        throw err;
      }
    } else {
      try {
        await transact([
          tx.putNew({ ...userKeys.email(changes.email), entity: 'EMAIL', user_id: current.id }),
          tx.release(userKeys.email(current.email), 'user_id', current.id),
          tx.update(key, update),
        ]);
      } catch (err) {
        const codes = cancellationCodes(err);
        if (codes?.[0] === 'ConditionalCheckFailed') throw new EmailTakenError();
        if (codes?.includes('ConditionalCheckFailed')) {
          throw new ConflictError('Your profile changed meanwhile. Please reload and try again.');
        }
        throw err;
      }
    }
    if (passwordHash || emailChanged) forgetTokenVersion(current.id);
    return dynamoUsersRepository.findById(current.id);
  },

  async setPasswordHash(userId, passwordHash) {
    await updateItem(userKeys.user(userId), {
      UpdateExpression: 'SET password_hash = :h',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':h': passwordHash },
    });
  },

  async setApproved(userId, approved) {
    const before = await changeStanding(userId, (user) => ({
      after: { ...user, is_approved: approved },
      // Taking approval away ends the account's sessions; granting it needs no new token
      // (approval is read from storage on every request).
      update: approved ? 'SET is_approved = :a' : 'SET is_approved = :a ADD token_version :one',
      values: approved ? { ':a': approved } : { ':a': approved, ':one': 1 },
    }));
    if (!before) return undefined;
    if (!approved) forgetTokenVersion(userId);
    return findUserProfile(userId);
  },

  async createClaimed(user, passwordHash, claim) {
    try {
      await transact([
        redeemClaim(claim),
        tx.putNew(userItem.toItem(user, passwordHash)),
        tx.putNew({ ...userKeys.email(user.email), entity: 'EMAIL', user_id: user.id }),
        countsMove(null, user) as TransactItem,
      ]);
      return 'created';
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes?.[2] === 'ConditionalCheckFailed') throw new EmailTakenError();
      if (codes?.[0] === 'ConditionalCheckFailed') return 'claim_invalid';
      throw err;
    }
  },

  async linkEmail(userId, claim, max) {
    try {
      await transact([
        redeemClaim(claim),
        // A linked address is claimed like an account's own: one address, one account.
        tx.putNew({ ...userKeys.email(claim.email), entity: 'EMAIL', user_id: userId, linked: true }),
        tx.update(userKeys.user(userId), {
          UpdateExpression: 'SET linked_emails = list_append(if_not_exists(linked_emails, :none), :address)',
          ConditionExpression:
            'attribute_exists(PK) AND (attribute_not_exists(linked_emails) OR size(linked_emails) < :max)',
          ExpressionAttributeValues: { ':none': [], ':address': [claim.email], ':max': max },
        }),
      ]);
      return 'linked';
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes?.[1] === 'ConditionalCheckFailed') throw new EmailTakenError();
      if (codes?.[0] === 'ConditionalCheckFailed') return 'claim_invalid';
      if (codes?.[2] === 'ConditionalCheckFailed') return 'full';
      throw err;
    }
  },

  async verifyByClaim(userId, claim) {
    try {
      await transact([
        redeemClaim(claim),
        tx.update(userKeys.user(userId), {
          UpdateExpression: 'SET email_verified = :t',
          ConditionExpression: 'attribute_exists(PK) AND email = :email',
          ExpressionAttributeValues: { ':t': true, ':email': claim.email },
        }),
      ]);
      return true;
    } catch (err) {
      if (cancellationCodes(err)?.includes('ConditionalCheckFailed')) return false;
      throw err;
    }
  },

  async convertToPractice(userId) {
    const done = await changeStanding(userId, (user) =>
      user.role === 'developer'
        ? {
            after: { ...user, role: 'practice', is_approved: true },
            update: 'SET #role = :practice, is_approved = :approved ADD token_version :one',
            values: { ':practice': 'practice', ':approved': true, ':one': 1 },
          }
        : null,
    );
    if (done) forgetTokenVersion(userId);
    return done !== undefined;
  },
};

/** Deletes a claim token in a transaction, if it is unexpired and for exactly this address. */
const redeemClaim = (claim: ClaimRedemption): TransactItem =>
  tx.delete(userKeys.claimToken(claim.tokenHash), {
    ConditionExpression: 'attribute_exists(PK) AND email = :claim_email AND expires_at > :claim_now',
    ExpressionAttributeValues: { ':claim_email': claim.email, ':claim_now': claim.nowSeconds },
  });

// One-time tokens (password reset, e-mail verification) ------------------------------------------

type TokenKey = { PK: string; SK: string };

/** Stores a token under its hash, once; DynamoDB's TTL removes it some time after it expires. */
async function saveToken(key: TokenKey, entity: string, fields: Record<string, unknown>, expiresAt: number) {
  await putItem(
    { ...key, entity, ...fields, expires_at: expiresAt, ttl: expiresAt },
    { ConditionExpression: 'attribute_not_exists(PK)' },
  );
}

/** Saves a link that carries the user's token version at issue (a password reset, a sign-in link). */
function saveVersionedToken(
  key: TokenKey,
  entity: string,
  token: { userId: string; expiresAt: number; tokenVersion: number },
) {
  return saveToken(key, entity, { user_id: token.userId, token_version: token.tokenVersion }, token.expiresAt);
}

/**
 * In one transaction: deletes the token if it still exists, belongs to userId and has not expired,
 * and makes the change to the user it unlocks. False when a condition of either did not hold.
 */
async function redeemToken(
  key: TokenKey,
  userId: string,
  nowSeconds: number,
  change: TransactItem,
  ...more: TransactItem[]
) {
  try {
    await transact([
      tx.delete(key, {
        ConditionExpression: 'attribute_exists(PK) AND user_id = :uid AND expires_at > :now',
        ExpressionAttributeValues: { ':uid': userId, ':now': nowSeconds },
      }),
      change,
      ...more,
    ]);
    return true;
  } catch (err) {
    if (cancellationCodes(err)?.includes('ConditionalCheckFailed')) return false;
    throw err;
  }
}

// Password-reset tokens -------------------------------------------------------------------------

export const dynamoResetTokens: ResetTokenStore = {
  async save(token) {
    await saveVersionedToken(userKeys.resetToken(token.tokenHash), 'RESET', token);
  },

  async find(tokenHash) {
    const item = await getItem(userKeys.resetToken(tokenHash));
    if (!item || typeof item.user_id !== 'string') return undefined;
    return { userId: item.user_id, expiresAt: Number(item.expires_at ?? 0), tokenVersion: tokenVersionOf(item) };
  },

  async redeem(tokenHash, userId, passwordHash, nowSeconds, tokenVersion) {
    const redeemed = await redeemToken(
      userKeys.resetToken(tokenHash),
      userId,
      nowSeconds,
      tx.update(userKeys.user(userId), {
        // A reset also ends a legacy import's invitation: its holder chose a password.
        UpdateExpression: 'SET password_hash = :h REMOVE invited ADD token_version :one', // Only while no reset (or other bump) happened since this link was issued.
        ConditionExpression:
          tokenVersion === 0
            ? 'attribute_exists(PK) AND (attribute_not_exists(token_version) OR token_version = :tv)'
            : 'attribute_exists(PK) AND token_version = :tv',
        ExpressionAttributeValues: { ':h': passwordHash, ':one': 1, ':tv': tokenVersion },
      }),
    );
    if (redeemed) forgetTokenVersion(userId);
    return redeemed;
  },
};

// E-mailed sign-in links -----------------------------------------------------------------------

export const dynamoSignInLinks: SignInLinkStore = {
  async save(token) {
    await saveVersionedToken(userKeys.signInLink(token.tokenHash), 'SIGNIN', token);
  },

  async take(tokenHash, nowSeconds) {
    try {
      const { Attributes: item } = await deleteItem(userKeys.signInLink(tokenHash), {
        ConditionExpression: 'attribute_exists(PK) AND expires_at > :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
        ReturnValues: 'ALL_OLD',
      });
      if (!item || typeof item.user_id !== 'string') return undefined;
      return { userId: item.user_id, tokenVersion: tokenVersionOf(item) };
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  },
};

// E-mail verification tokens --------------------------------------------------------------------

export const dynamoVerifyTokens: VerifyTokenStore = {
  async save({ tokenHash, userId, email, expiresAt }) {
    await saveToken(userKeys.verifyToken(tokenHash), 'VERIFY', { user_id: userId, email }, expiresAt);
  },

  async find(tokenHash) {
    const item = await getItem(userKeys.verifyToken(tokenHash));
    if (!item || typeof item.user_id !== 'string' || typeof item.email !== 'string') return undefined;
    return { userId: item.user_id, email: item.email, expiresAt: Number(item.expires_at ?? 0) };
  },

  async redeem(tokenHash, userId, email, nowSeconds) {
    return redeemToken(
      userKeys.verifyToken(tokenHash),
      userId,
      nowSeconds,
      tx.update(userKeys.user(userId), {
        UpdateExpression: 'SET email_verified = :t',
        ConditionExpression: 'attribute_exists(PK) AND email = :email',
        ExpressionAttributeValues: { ':t': true, ':email': email },
      }),
    );
  },
};

// Claim tokens ---------------------------------------------------------------------------------

export const dynamoClaimTokens: ClaimTokenStore = {
  async save({ tokenHash, email, expiresAt }) {
    await saveToken(userKeys.claimToken(tokenHash), 'CLAIM', { email }, expiresAt);
  },

  async find(tokenHash) {
    const item = await getItem(userKeys.claimToken(tokenHash));
    if (!item || typeof item.email !== 'string') return undefined;
    return { email: item.email, expiresAt: Number(item.expires_at ?? 0) };
  },
};

// Invitations ----------------------------------------------------------------------------------

export const dynamoInvitations: InvitationStore = {
  async save({ tokenHash, userId, expiresAt }) {
    await saveToken(userKeys.invitation(tokenHash), 'INVITE', { user_id: userId }, expiresAt);
  },

  async find(tokenHash) {
    const item = await getItem(userKeys.invitation(tokenHash));
    if (!item || typeof item.user_id !== 'string') return undefined;
    return { userId: item.user_id, expiresAt: Number(item.expires_at ?? 0) };
  },

  async redeem(tokenHash, userId, passwordHash, nowSeconds) {
    // The counts move by the account's standing as read (invited -> pending or approved); the
    // write holds only while it still stands so.
    const user = await findUserProfile(userId);
    if (!user?.invited) return false;
    const guard = standsAs(user);
    const move = countsMove(user, { ...user, invited: false });
    const redeemed = await redeemToken(
      userKeys.invitation(tokenHash),
      userId,
      nowSeconds,
      tx.update(userKeys.user(userId), {
        UpdateExpression: 'SET password_hash = :h, email_verified = :t REMOVE invited ADD token_version :one',
        ConditionExpression: guard.condition,
        ExpressionAttributeNames: guard.names,
        ExpressionAttributeValues: { ...guard.values, ':h': passwordHash, ':t': true, ':one': 1 },
      }),
      ...(move ? [move] : []),
    );
    if (redeemed) forgetTokenVersion(userId);
    return redeemed;
  },
};

/** The ports in one object, for wiring a users service. */
export const dynamoUsersStores = {
  users: dynamoUsersRepository,
  resetTokens: dynamoResetTokens,
  verifyTokens: dynamoVerifyTokens,
  signInLinks: dynamoSignInLinks,
  claimTokens: dynamoClaimTokens,
  invitations: dynamoInvitations,
} as const;
