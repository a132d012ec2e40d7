import { DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { captureLogLines } from '../http/capture-log-lines';
import { errorMapping } from '../http/middleware';
import { envForTests } from '../testing/env';
import { resetClientsForTests } from './aws-clients';
import { failedDependency, isDependencyFailure } from './resilience';
import { deleteRefused, s3Uploads } from './s3-uploads';

const setEnv = envForTests(['UPLOADS_BUCKET', 'S3_ENDPOINT'], resetClientsForTests);
const s3 = mockClient(S3Client);
afterAll(() => s3.restore());
afterEach(() => vi.restoreAllMocks());
const lines: string[] = [];

/** What the group handler answers for the error (http/middleware.ts errorMapping). */
function answerTo(error: unknown) {
  const request = {
    error,
    event: { routeKey: 'PUT /api/apps/{id}' },
    internal: { route: { method: 'PUT', path: '/api/apps/{id}' } },
    response: undefined as { statusCode?: number; headers?: Record<string, unknown> } | undefined,
  };
  (errorMapping().onError as (r: unknown) => void)(request);
  return request.response;
}

describe("deleteKeys: S3's per-key failures of a DeleteObjects that answered 200", () => {
  it('a busy or failing S3 (InternalError, SlowDown) answers 503 with Retry-After, as a failed request does', async () => {
    setEnv({ UPLOADS_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:9' });
    captureLogLines(lines);
    for (const Code of ['InternalError', 'SlowDown']) {
      s3.reset();
      s3.on(DeleteObjectsCommand).resolves({ Errors: [{ Key: 'apps/a/1.png', Code, Message: 'Please try again' }] });
      const err = await s3Uploads.deleteKeys(['apps/a/1.png', 'apps/a/2.png']).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, Code).toBeInstanceOf(Error);
      expect((err as Error).message).toBe(`S3 refused to delete 1 of 2 objects (${Code})`);
      expect(isDependencyFailure(err), Code).toBe(true);
      expect(failedDependency(err)).toBe('S3');
      const answer = answerTo(err);
      expect(answer?.statusCode, Code).toBe(503);
      expect(answer?.headers?.['Retry-After']).toBe('5');
    }
    // The log names the dependency, as for any other failed request.
    expect(lines.join('')).toContain('"dependency":"S3"');
  });

  it('a refusal of ours (AccessDenied) stays a 500', () => {
    captureLogLines(lines);
    const err = deleteRefused([{ Key: 'apps/a/1.png', Code: 'AccessDenied' }], 1);
    expect(isDependencyFailure(err)).toBe(false);
    expect(answerTo(err)?.statusCode).toBe(500);
  });

  it('deletes in one request when S3 lists no failure', async () => {
    setEnv({ UPLOADS_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:9' });
    s3.reset();
    s3.on(DeleteObjectsCommand).resolves({});
    await s3Uploads.deleteKeys(['apps/a/1.png']);
    expect(s3.commandCalls(DeleteObjectsCommand)).toHaveLength(1);
  });
});
