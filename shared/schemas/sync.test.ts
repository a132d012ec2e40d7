import { describe, expect, it } from 'vitest';
import { SYNC_MSG } from './sync';

describe('SYNC_MSG.alreadyRunning', () => {
  it('names the sync in words, with the article that fits', () => {
    expect(SYNC_MSG.alreadyRunning('internal_tables')).toBe('An internal tables sync is already running');
    expect(SYNC_MSG.alreadyRunning('legacy_users')).toBe('A legacy users sync is already running');
    expect(SYNC_MSG.alreadyRunning('full_sync')).toBe('A full sync is already running');
  });
});
