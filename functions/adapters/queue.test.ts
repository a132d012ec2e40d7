import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogLines } from '../http/capture-log-lines';
import { currentInvocation, withInvocation } from '../platform/invocation';
import { defineQueue } from '../queues/queue-definition';
import { envForTests } from '../testing/env';
import {
  configuredQueue,
  InProcessQueue,
  MAX_RECEIVE_COUNT,
  type ReceivedMessage,
  SqsMessageQueue,
  whenLocalQueuesIdle,
} from './queue';

describe('InProcessQueue (the local stand-in for SQS)', () => {
  it('delivers after the delay with receive count 1', async () => {
    const queue = new InProcessQueue();
    const got: Array<ReceivedMessage & { at: number }> = [];
    queue.start(async (m) => {
      got.push({ ...m, at: Date.now() });
    });
    const sent = Date.now();
    await queue.send('hello', { delaySeconds: 0.15 });
    expect(got).toHaveLength(0);
    await queue.whenIdle();
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ body: 'hello', receiveCount: 1 });
    expect((got[0]?.at ?? Number.NaN) - sent).toBeGreaterThanOrEqual(140);
  });

  it('runs the consumer outside the invocation that sent the message, as a worker Lambda', async () => {
    const queue = new InProcessQueue();
    const seen: unknown[] = [];
    queue.start(async () => {
      seen.push(currentInvocation());
    });
    await withInvocation(async () => {
      expect(currentInvocation()).toBeDefined();
      await queue.send('now');
      await queue.send('later', { delaySeconds: 0.01 });
    });
    await queue.whenIdle();
    expect(seen).toEqual([undefined, undefined]);
  });

  it('holds messages until a consumer starts', async () => {
    const queue = new InProcessQueue();
    await queue.send('early');
    // Its (zero) delay has run out: it waits, visible, for a consumer.
    await queue.whenIdle();
    expect(queue.activity(0)).toEqual({ waiting: 1, inFlight: 0, dueSoon: 0, dueLater: 0 });
    expect(queue.size).toBe(1);
    const got: string[] = [];
    queue.start(async (m) => {
      got.push(m.body);
    });
    await queue.whenIdle();
    expect(got).toEqual(['early']);
  });

  it('redelivers a message whose receive failed, and dead-letters it after the max receives', async () => {
    const deadLettered: Array<[ReceivedMessage, unknown]> = [];
    const queue = new InProcessQueue({ redeliveryDelayMs: 5, onDeadLetter: (m, e) => deadLettered.push([m, e]) });
    const counts: number[] = [];
    queue.start(async (m) => {
      counts.push(m.receiveCount);
      if (m.body === 'poison') throw new Error('cannot process');
    });
    await queue.send('poison');
    await queue.send('fine');
    await queue.whenIdle();
    expect(MAX_RECEIVE_COUNT).toBe(5);
    expect(counts.filter((c) => c > 1)).toEqual([2, 3, 4, 5]);
    expect(queue.deadLetters.map((m) => [m.body, m.receiveCount])).toEqual([['poison', 5]]);
    expect(deadLettered[0]?.[1]).toBeInstanceOf(Error);
  });

  it('succeeds on a later receive without dead-lettering', async () => {
    const queue = new InProcessQueue({ redeliveryDelayMs: 5 });
    let calls = 0;
    queue.start(async () => {
      calls += 1;
      if (calls < 3) throw new Error('flaky');
    });
    await queue.send('x');
    await queue.whenIdle();
    expect(calls).toBe(3);
    expect(queue.deadLetters).toEqual([]);
  });

  it('stop() drops delayed messages', async () => {
    vi.useFakeTimers();
    try {
      const queue = new InProcessQueue();
      const got: string[] = [];
      const consumer = async (m: ReceivedMessage) => {
        got.push(m.body);
      };
      queue.start(consumer);
      await queue.send('later', { delaySeconds: 0.05 });
      expect(queue.size).toBe(1);
      queue.stop();
      // Long past its delay: it is gone, not waiting for the next consumer.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(queue.size).toBe(0);
      queue.start(consumer);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(got).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('SqsMessageQueue', () => {
  it('sends with DelaySeconds rounded up and capped at 900', async () => {
    const commands: SendMessageCommand[] = [];
    const queue = new SqsMessageQueue('https://sqs.example/queue', {
      send: async (command: unknown) => {
        commands.push(command as SendMessageCommand);
        return {};
      },
    } as never);
    await queue.send('a');
    await queue.send('b', { delaySeconds: 0.2 });
    await queue.send('c', { delaySeconds: 5000 });
    expect(commands.map((c) => [c.input.MessageBody, c.input.DelaySeconds])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 900],
    ]);
    expect(commands[0]?.input.QueueUrl).toBe('https://sqs.example/queue');
  });
});

describe('configuredQueue (the one way a queue is chosen)', () => {
  const sqs = mockClient(SQSClient);
  const URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/fulfilment';
  const definition = defineQueue<{ purchase: string }>({
    urlVariable: 'FULFILMENT_QUEUE_URL',
    maxReceiveCount: 2,
    neededTo: 'deliver licences',
    deadLetterLog: 'fulfilment message dead-lettered',
  });
  const quickRedelivery = () => ({ redeliveryDelayMs: 5 });

  const runtime = envForTests([
    'RUNTIME',
    'FULFILMENT_QUEUE_URL',
    'SQS_ENDPOINT',
    'SCRYPT_LOG2_N',
    'LOG_LEVEL',
    'JWT_SECRET',
    'STRIPE_WEBHOOK_SECRET',
  ]);
  type Extra = { LOG_LEVEL?: string; FULFILMENT_QUEUE_URL?: string };
  const cloud = (env: Extra = {}) => runtime({ RUNTIME: 'aws', ...env });
  const local = (env: Extra = {}) =>
    runtime({ RUNTIME: 'local', JWT_SECRET: 'x'.repeat(32), STRIPE_WEBHOOK_SECRET: 'whsec_x', ...env });

  beforeEach(() => sqs.reset());
  afterEach(() => vi.restoreAllMocks());

  it('sends to SQS when its URL variable is set, in the cloud as locally', async () => {
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });
    for (const inRuntime of [cloud, local]) {
      inRuntime({ FULFILMENT_QUEUE_URL: URL });
      const queue = configuredQueue(definition, quickRedelivery);
      await queue.get().send('{"purchase":"p-1"}', { delaySeconds: 2 });
      expect(queue.local()).toBeUndefined();
    }
    expect(sqs.commandCalls(SendMessageCommand).map((c) => c.args[0].input)).toEqual([
      { QueueUrl: URL, MessageBody: '{"purchase":"p-1"}', DelaySeconds: 2 },
      { QueueUrl: URL, MessageBody: '{"purchase":"p-1"}', DelaySeconds: 2 },
    ]);
  });

  it("refuses in the cloud without its URL (a Lambda's memory is no queue), or is absent where allowed", () => {
    cloud();
    const queue = configuredQueue(definition, quickRedelivery);
    expect(() => queue.get()).toThrow(
      'Configuration error in FULFILMENT_QUEUE_URL: required in the cloud to deliver licences',
    );
    expect(queue.getIfConfigured()).toBeNull();
    expect(queue.local()).toBeUndefined();
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('locally keeps messages in process until a consumer attaches, then delivers them', async () => {
    local();
    const queue = configuredQueue(definition, quickRedelivery);
    await queue.get().send('early');
    await queue.idle();
    const got: Array<[string, number]> = [];
    queue.consumeLocally(async (m) => {
      got.push([m.body, m.receiveCount]);
    });
    await queue.get().send('late');
    await queue.idle();
    expect(got).toEqual([
      ['early', 1],
      ['late', 1],
    ]);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('locally: whenLocalQueuesIdle waits for work in flight and due within the bound, and reports the rest', async () => {
    local();
    const queue = configuredQueue(definition);
    const done: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    queue.consumeLocally(async (m) => {
      if (m.body === 'held') await held;
      done.push(m.body);
    });
    await queue.get().send('held');
    await queue.get().send('soon', { delaySeconds: 0.15 });
    await queue.get().send('much later', { delaySeconds: 600 });

    // Busy while a message is in flight: not idle within the timeout, and it says what is there.
    const busy = await whenLocalQueuesIdle({ withinMs: 1000, timeoutMs: 50 });
    expect(busy).toEqual({ idle: false, queues: { fulfilment: { waiting: 0, inFlight: 1, dueSoon: 1, dueLater: 1 } } });

    release();
    const started = Date.now();
    const idle = await whenLocalQueuesIdle({ withinMs: 1000, timeoutMs: 5000 });
    // It waited for the delayed message due within the bound, not for the one due in 10 minutes.
    expect(idle).toEqual({ idle: true, queues: { fulfilment: { waiting: 0, inFlight: 0, dueSoon: 0, dueLater: 1 } } });
    expect(done).toEqual(['held', 'soon']);
    expect(Date.now() - started).toBeLessThan(4000);
    queue.local()?.stop();
  });

  it('locally applies its receive count and logs a dead-lettered message', async () => {
    local({ LOG_LEVEL: 'info' });
    const lines: string[] = [];
    captureLogLines(lines);
    const queue = configuredQueue(definition, quickRedelivery);
    queue.consumeLocally(async () => {
      throw new Error('licence endpoint down');
    });
    await queue.get().send('doomed');
    await queue.idle();
    expect(queue.local()?.deadLetters.map((m) => [m.body, m.receiveCount])).toEqual([['doomed', 2]]);
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.message === 'fulfilment message dead-lettered');
    expect(logged).toMatchObject({ receiveCount: 2, error: 'licence endpoint down' });
  });
});
