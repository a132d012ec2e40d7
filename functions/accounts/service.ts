/**
 * Composition root of the accounts Lambda: the users service wired to DynamoDB, SES and the
 * logger, created once per container.
 */
import { dynamoUsersStores } from '../adapters/dynamodb/users-repo';
import { sesMailer } from '../adapters/mailer';
import { createUsersService } from '../core/users/users-service';
import { rateLimiter } from '../http/client-limits';
import { logger } from '../http/logger';

export const accounts = createUsersService({
  ...dynamoUsersStores,
  limiter: rateLimiter,
  mailer: sesMailer,
  log: logger,
});
