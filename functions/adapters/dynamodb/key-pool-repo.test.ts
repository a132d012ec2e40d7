import { APP_FIELD_LIMITS } from '@shared/schemas/apps';
import { describe, expect, it } from 'vitest';
import { ASSIGNED_SHOWN, AVAILABLE_READ_CAP, SAVE_LIMIT } from './key-pool-repo';

describe('key pool read caps', () => {
  it('follow the keys one save may carry', () => {
    expect(SAVE_LIMIT).toBe(APP_FIELD_LIMITS.licenseKeys);
    expect(AVAILABLE_READ_CAP).toBeGreaterThanOrEqual(APP_FIELD_LIMITS.licenseKeys);
    expect(ASSIGNED_SHOWN).toBe(APP_FIELD_LIMITS.licenseKeys);
  });
});
