/**
 * The admin's User Management rules (docs/spec.md sections 2, 4, 6, 7): the user list and detail, a
 * developer's keys and webhook logs, approving a developer (which activates their production keys
 * and e-mails them) and rotating any key.
 *
 * Admin rotation issues a working replacement without anyone but the owner ever seeing it: the old
 * secret stops working at once, the new full key is kept sealed on the key (handover.ts), the
 * owner is e-mailed a notice (never a secret) and reveals the new key once in API Keys. Limits,
 * type and approval state of the key stay as they were.
 */

import { MSG } from '@shared/messages';
import {
  ADMIN_NO_APPROVAL,
  ADMIN_USER_LOGS_MAX,
  type AdminUser,
  type AdminUserDetail,
  INVITED_NO_APPROVAL,
  PRACTICE_NO_APPROVAL,
  type WebhookLog,
} from '@shared/schemas/admin-users';
import { type AdminRotatedKey, API_KEY_NOT_FOUND, type ApiKey } from '@shared/schemas/keys';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { Page } from '../paging';
import type { Log, Mailer, UserCounts, UserDirectory, UserPageQuery, UsersRepository } from '../users/ports';
import { accountStatus, type User } from '../users/user';
import { apiKeysLink, developerApprovalMail, rotationNotice } from './api-key-mails';
import type { ApiKeysService } from './api-keys-service';
import type { ApiKeyRepository, WebhookLogReader, WebhookLogRecord } from './ports';

export interface DeveloperAdminDeps {
  users: Pick<UsersRepository, 'findById' | 'findByEmail' | 'setApproved'>;
  /** User Management's pages and counts. */
  directory: UserDirectory;
  keys: Pick<ApiKeyRepository, 'listByOwner'>;
  apiKeys: ApiKeysService;
  logs: WebhookLogReader;
  mailer: Mailer;
  /** The site's origin, for the dashboard link mailed (wiring reads APP_URL). */
  appUrl: string;
  log?: Log;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

const toAdminUser = (user: User): AdminUser => ({
  id: user.id,
  full_name: user.full_name,
  email: user.email,
  company: user.company_name,
  role: user.role,
  created_at: user.created_at,
  is_approved: user.is_approved,
  status: accountStatus(user),
});

const toWebhookLog = (log: WebhookLogRecord): WebhookLog => ({
  id: log.id,
  app_id: log.app_id,
  event_type: log.event_type,
  target_url: log.target_url,
  status_code: log.status_code,
  response: log.response,
  timestamp: log.created_at,
  response_time_ms: log.response_time_ms,
  retry_count: log.retry_count,
  delivery_id: log.delivery_id,
});

export function createDeveloperAdminService(deps: DeveloperAdminDeps) {
  const { users, keys, apiKeys, logs, mailer } = deps;
  const log = deps.log ?? silentLog;

  async function requireUser(id: string): Promise<User> {
    const user = await users.findById(id);
    if (!user) throw new NotFoundError(MSG.userNotFound);
    return user;
  }

  /**
   * Approves a developer: marks them approved, activates their production keys and mails them.
   * Approving an approved developer changes nothing and sends no second mail (the keys are still
   * checked, so a half-finished earlier approval is completed).
   */
  async function approve(user: User): Promise<{ user: User; newlyApproved: boolean }> {
    if (user.role === 'admin') throw new ValidationError(ADMIN_NO_APPROVAL);
    if (user.role === 'practice') throw new ValidationError(PRACTICE_NO_APPROVAL);
    // An invited account cannot sign in yet: approving it would mail "approved" to an unusable account.
    if (user.invited) throw new ConflictError(INVITED_NO_APPROVAL);
    const newlyApproved = !user.is_approved;
    const approved = newlyApproved ? await users.setApproved(user.id, true) : user;
    if (!approved) throw new NotFoundError(MSG.userNotFound);
    const activated = await apiKeys.activateProductionKeys(user.id);
    if (newlyApproved) {
      log.info('developer approved', { userId: user.id, activatedKeys: activated });
      try {
        await mailer.sendMail(developerApprovalMail(approved, apiKeysLink(deps.appUrl)));
      } catch (err) {
        log.error('approval mail failed', { userId: user.id, error: err instanceof Error ? err.name : 'unknown' });
      }
    }
    return { user: approved, newlyApproved };
  }

  return {
    /** GET /api/admin/users: one page of accounts, newest first, filtered and searched on the server. */
    async pageUsers(query: UserPageQuery): Promise<Page<AdminUser>> {
      const page = await deps.directory.pageUsers(query);
      return { items: page.items.map(toAdminUser), next_cursor: page.next_cursor };
    },

    /** User Management's counts (every account, awaiting approval, invited): one counter item. */
    userCounts: (): Promise<UserCounts> => deps.directory.userCounts(),

    /** GET /api/admin/users/{id}. */
    async getUser(id: string): Promise<AdminUserDetail> {
      const user = await requireUser(id);
      return { ...toAdminUser(user), website: user.website };
    },

    /** GET /api/admin/users/{id}/keys: prefixes only. */
    async getUserKeys(id: string): Promise<ApiKey[]> {
      const user = await requireUser(id);
      return apiKeys.viewsOf(user, await keys.listByOwner(user.id));
    },

    /** GET /api/admin/users/{id}/logs: webhook deliveries to the user's apps, newest first. */
    async getUserLogs(id: string): Promise<WebhookLog[]> {
      const user = await requireUser(id);
      return (await logs.recentForOwner(user.id, ADMIN_USER_LOGS_MAX)).map(toWebhookLog);
    },

    /** POST /api/approve-user {email}. */
    async approveByEmail(email: string) {
      const user = await users.findByEmail(email);
      if (!user) throw new NotFoundError(MSG.userNotFound);
      return approve(user);
    },

    /** POST /api/admin/users/{id}/approve-production. */
    async approveById(id: string) {
      return approve(await requireUser(id));
    },

    /**
     * POST /api/admin/keys/{id}/rotate: the old secret stops working, a replacement waits for its
     * owner (shown once in API Keys); the admin's answer holds the new prefix only.
     */
    async rotateKey(keyId: string): Promise<AdminRotatedKey> {
      const key = await apiKeys.findKey(keyId);
      if (!key) throw new NotFoundError(API_KEY_NOT_FOUND);
      const { key: rotated } = await apiKeys.replaceSecret(key, { handOver: true });
      log.info('api key rotated by admin', { keyId, userId: key.user_id });
      const owner = await users.findById(key.user_id);
      if (owner) {
        try {
          await mailer.sendMail(rotationNotice(owner, key.prefix, rotated.prefix, apiKeysLink(deps.appUrl)));
        } catch (err) {
          log.error('rotation notice failed', { keyId, error: err instanceof Error ? err.name : 'unknown' });
        }
      }
      const view = await apiKeys.viewOf(owner ?? { is_approved: false }, rotated);
      return { ...view, message: MSG.keyRotated };
    },
  };
}

export type DeveloperAdminService = ReturnType<typeof createDeveloperAdminService>;
