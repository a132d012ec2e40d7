import { describe, expect, it } from 'vitest';
import { calls, HttpResponse, http, serve } from '../testing/server';
import { ApiError, api } from './api-client';

/** A 503 as the API sends it when a dependency did not answer in time. */
const unavailable = (retryAfter?: string) =>
  HttpResponse.json(
    { detail: 'The service is temporarily unavailable' },
    { status: 503, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } },
  );

/** Answers the given responses in turn, the last one for every later request. */
function inTurn(...answers: (() => Response)[]) {
  let n = 0;
  return () => (answers[Math.min(n++, answers.length - 1)] as () => Response)();
}

/** 503 asking to repeat at once (Retry-After: 0), then the data for every later request. */
const unavailableOnce = () =>
  inTurn(
    () => unavailable('0'),
    () => HttpResponse.json({ ok: 1 }),
  );

describe('api client: a read the server asks to repeat', () => {
  it('a GET answered 503 with Retry-After is repeated and shows the data', async () => {
    serve(http.get('/api/things', unavailableOnce()));
    await expect(api.get('/api/things')).resolves.toEqual({ ok: 1 });
    expect(calls('GET /api/things')).toHaveLength(2);
  });

  it('gives up after two repeats with the last answer’s detail', async () => {
    serve(http.get('/api/things', () => unavailable('0')));
    const err = await api.get('/api/things').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect((err as ApiError).detail).toBe('The service is temporarily unavailable');
    expect(calls('GET /api/things')).toHaveLength(3);
  });

  it('does not repeat a 503 without Retry-After, one asking for longer than 10 s, or another status', async () => {
    serve(
      http.get('/api/plain', () => unavailable()),
      http.get('/api/long', () => unavailable('60')),
      http.get('/api/broken', () =>
        HttpResponse.json({ detail: 'x' }, { status: 500, headers: { 'retry-after': '0' } }),
      ),
    );
    for (const path of ['/api/plain', '/api/long', '/api/broken']) {
      await expect(api.get(path)).rejects.toBeInstanceOf(ApiError);
      expect(calls(`GET ${path}`)).toHaveLength(1);
    }
  });

  it('never repeats a write: the person decides', async () => {
    serve(http.post('/api/things', unavailableOnce()));
    await expect(api.post('/api/things', { a: 1 })).rejects.toMatchObject({ status: 503 });
    expect(calls('POST /api/things')).toHaveLength(1);
  });
});
