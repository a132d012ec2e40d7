/** Accounts (core/users/users-service.ts): sign-up, sign-in, profiles, resets, wired to DynamoDB and SES. */
import { dynamoUsersStores } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { createUsersService } from '../core/users/users-service';
import { rateLimiter } from '../http/client-limits';
import { logger } from '../http/logger';
import { lazyService } from './lazy';

export const accounts = lazyService(() =>
  createUsersService({ ...dynamoUsersStores, limiter: rateLimiter, mailer: sesMailer, log: logger }),
);
