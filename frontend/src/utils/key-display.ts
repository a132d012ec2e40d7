import type { KeyType } from '@shared/constants';
import { LIMITS } from '@shared/constants';

/** The key column shows the first 20 characters of the key value (docs/spec.md section 2). */
export const keyColumnText = (key: string) => key.slice(0, 20);

/** The compact view shows the first 8 characters followed by an ellipsis (docs/spec.md section 2). */
export const shortKey = (key: string) => `${key.slice(0, 8)}…`;

export const KEY_TYPE_LABEL: Record<KeyType, string> = { staging: 'Staging', production: 'Production' };

/** Daily request limits by key type (docs/spec.md section 9). */
export const DAILY_LIMIT: Record<KeyType, number> = {
  staging: LIMITS.stagingDailyLimit,
  production: LIMITS.productionDailyLimit,
};

/** Share of today's quota used, 0 to 100. */
export const usagePercent = (used: number, limit: number) =>
  limit > 0 ? Math.min(100, Math.max(0, (used / limit) * 100)) : 0;
