/** The addresses no longer mailed (bounced or complained), as the admin sees and lifts them (core/mail/suppression-list.ts). */
import { dynamoSuppressionStore } from '../adapters/dynamodb/suppression-repo';
import { createSuppressionList } from '../core/mail/suppression-list';
import { logger } from '../http/logger';
import { lazyService } from './lazy';

export const suppressionList = /* @__PURE__ */ lazyService(() => createSuppressionList(dynamoSuppressionStore, logger));
