import type { SendMessageCommand } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { InProcessQueue, MAX_RECEIVE_COUNT, type ReceivedMessage, SqsMessageQueue } from './queue';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

  it('holds messages until a consumer starts', async () => {
    const queue = new InProcessQueue();
    await queue.send('early');
    await sleep(10);
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
    const queue = new InProcessQueue();
    const got: string[] = [];
    queue.start(async (m) => {
      got.push(m.body);
    });
    await queue.send('later', { delaySeconds: 0.05 });
    queue.stop();
    await sleep(80);
    expect(got).toEqual([]);
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
