import { describe, expect, it } from 'vitest';
import { withInvocation } from '../platform/invocation';
import { BREAKER_OPEN_MS, tagDependency } from './resilience';

type Next = (args: unknown) => Promise<unknown>;

/** A client as tagDependency sees one: its middleware stack, and a call through it to `send`. */
function fakeClient(send: Next) {
  let middleware: ((next: Next) => Next) | undefined;
  const client = tagDependency(
    {
      middlewareStack: {
        add(mw: (next: Next) => Next) {
          middleware = mw;
        },
      },
    },
    'DynamoDB',
  );
  return { client, call: (args: unknown = {}) => (middleware as (next: Next) => Next)(send)(args) };
}

const callWith = (call: (args?: unknown) => Promise<unknown>, step: string) => call({ step });

const timeout = () => Object.assign(new Error('Request timed out'), { name: 'TimeoutError' });

describe('the dependency breaker', () => {
  it('after a timeout, the same invocation fails at once; another invocation in flight still calls', async () => {
    let sent = 0;
    let slow = true;
    const { call } = fakeClient(async () => {
      sent++;
      if (slow) throw timeout();
      return 'ok';
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // B is in flight when A's call times out, as in the local server (one process for all requests).
    const b = withInvocation(async () => {
      await gate;
      return call();
    });
    await withInvocation(async () => {
      await expect(call()).rejects.toMatchObject({ name: 'TimeoutError', $dependency: 'DynamoDB' });
      slow = false;
      const again = await call().catch((e: Error) => e);
      expect((again as Error).message).toBe('DynamoDB did not answer in time a moment ago; not waiting again');
    });
    expect(sent).toBe(1);
    release();
    await expect(b).resolves.toBe('ok');
    expect(sent).toBe(2);
  });

  it('closes after BREAKER_OPEN_MS within the invocation', async () => {
    let slow = true;
    const { call } = fakeClient(async () => {
      if (slow) throw timeout();
      return 'ok';
    });
    const start = Date.now();
    await withInvocation(async () => {
      await expect(call()).rejects.toMatchObject({ name: 'TimeoutError' });
      slow = false;
      await expect(call()).rejects.toThrow(/a moment ago/);
      await new Promise((r) => setTimeout(r, BREAKER_OPEN_MS - (Date.now() - start) + 20));
      await expect(call()).resolves.toBe('ok');
    });
  });

  it('outside an invocation no breaker opens: each call tries', async () => {
    let sent = 0;
    const { call } = fakeClient(async () => {
      sent++;
      throw timeout();
    });
    await expect(call()).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(call()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(sent).toBe(2);
  });
});

describe('a queue worker after a timeout', () => {
  it('still attempts its clean-up (no breaker outside an API request)', async () => {
    const { sqsBatchHandler } = await import('../platform/sqs-batch');
    const attempts: string[] = [];
    const { call } = fakeClient(async (args) => {
      const step = (args as { step: string }).step;
      attempts.push(step);
      if (step === 'deliver') throw timeout();
      return 'released';
    });
    let released: unknown;
    const handler = sqsBatchHandler(
      async () => {
        try {
          await callWith(call, 'deliver');
        } catch (err) {
          // A fulfilment worker gives its lease back so the queue's retry can take it at once.
          released = await callWith(call, 'release');
          throw err;
        }
      },
      { failureMessage: 'test message failed' },
    );
    const answer = await handler({ Records: [{ messageId: 'm-1', body: '{}' }] } as never);
    expect(attempts).toEqual(['deliver', 'release']);
    expect(released).toBe('released');
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
  });
});
