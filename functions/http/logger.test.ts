import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envForTests } from '../testing/env';
import { captureLogLines } from './capture-log-lines';
import { logger, withRequestId } from './logger';

/** The logger is the last line of defence: secret-looking fields never reach the log line. */
describe('logger redaction', () => {
  let lines: string[];
  const setEnv = envForTests(['LOG_LEVEL']);
  beforeEach(() => {
    process.env.JWT_SECRET ??= 'unit-test-secret-unit-test-secret-0123';
    setEnv({ LOG_LEVEL: 'info' });
    lines = [];
    captureLogLines(lines);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('redacts keys, tokens, passwords, hashes and authorization headers', () => {
    const fullKey = `dk_live_${'A1b2C3d4E5'.repeat(4)}`;
    logger.info('api call', {
      key: fullKey,
      api_key: fullKey,
      'x-api-key': fullKey,
      apiKey: fullKey,
      token: 'jwt.jwt.jwt',
      access_token: 'jwt.jwt.jwt',
      password: 'hunter22',
      key_hash: 'abc123',
      authorization: 'Bearer jwt',
      client_secret: 's3cr3t',
      keyId: 'k-1',
    });
    logger.error('failure', { api_key: fullKey });
    expect(lines).toHaveLength(2);
    const joined = lines.join('');
    for (const secret of [fullKey, 'jwt.jwt.jwt', 'hunter22', 'abc123', 'Bearer jwt', 's3cr3t']) {
      expect(joined).not.toContain(secret);
    }
    const entry = JSON.parse(lines[0] ?? '');
    expect(entry).toMatchObject({ level: 'info', message: 'api call', key: '[redacted]', keyId: 'k-1' });
    expect(entry.api_key).toBe('[redacted]');
    expect(entry['x-api-key']).toBe('[redacted]');
  });

  it('keeps concurrent requests apart (the local server runs them in one process)', async () => {
    await Promise.all(
      ['a', 'b'].map((id) =>
        withRequestId(id, async () => {
          await new Promise((r) => setTimeout(r, id === 'a' ? 10 : 1));
          logger.info(`line of ${id}`);
        }),
      ),
    );
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries.map((e) => [e.message, e.correlation_id])).toEqual([
      ['line of b', 'b'],
      ['line of a', 'a'],
    ]);
  });

  it('puts the request id on every line written during the request, also after awaits', async () => {
    await withRequestId('req-123', async () => {
      logger.info('first');
      await new Promise((r) => setTimeout(r, 5));
      logger.error('second', { password: 'hunter22' });
    });
    logger.info('outside');
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries.map((e) => e.requestId)).toEqual(['req-123', 'req-123', undefined]);
    // Powertools' correlation id is the same request id.
    expect(entries.map((e) => e.correlation_id)).toEqual(['req-123', 'req-123', undefined]);
    expect(entries[1].password).toBe('[redacted]');
  });
});
