import { describe, expect, it } from 'vitest';
import { createVersionKnowledge } from './catalogue-version';

/** A version counter in "DynamoDB" with a manual clock and reads that finish when told to. */
function setup(maxAgeMs = 1000) {
  const state = { stored: 1, clock: 0, reads: 0 };
  const pending: Array<() => void> = [];
  const read = () =>
    new Promise<number>((resolve) => {
      state.reads++;
      const seen = state.stored; // a consistent read sees every write before it started
      pending.push(() => resolve(seen));
    });
  const knowledge = createVersionKnowledge(read, { maxAgeMs: () => maxAgeMs, now: () => state.clock });
  const finishReads = async () => {
    for (const done of pending.splice(0)) done();
    await Promise.resolve();
  };
  /** current(), finishing any read it starts. */
  const ask = async () => {
    const p = knowledge.current();
    await finishReads();
    return p;
  };
  return { state, knowledge, ask, finishReads };
}

describe('catalogue version knowledge (bounded staleness)', () => {
  it('reuses a version for less than the bound, then reads again and sees a change made elsewhere', async () => {
    const { state, ask } = setup(1000);
    expect(await ask()).toBe(1);
    state.stored = 2; // another process changed the catalogue at t=0
    state.clock = 499;
    expect(await ask()).toBe(1); // well within the bound: no read
    expect(state.reads).toBe(1);
    state.clock = 1000;
    expect(await ask()).toBe(2); // bound reached: one new read, which sees the change
    expect(state.reads).toBe(2);
  });

  it('past half the bound answers at once and refreshes in the background', async () => {
    const { state, knowledge, finishReads, ask } = setup(1000);
    expect(await ask()).toBe(1); // read started at t=0
    state.stored = 2;
    state.clock = 600;
    expect(await knowledge.current()).toBe(1); // no wait: still within the bound...
    expect(state.reads).toBe(2); // ...but a read started (at t=600)
    await finishReads();
    state.clock = 1050; // past the first read's bound, 0.45 s after the background one
    expect(await knowledge.current()).toBe(2);
    expect(state.reads).toBe(2);
  });

  it('counts the bound from the start of the read, not its end', async () => {
    const { state, knowledge, finishReads } = setup(1000);
    const first = knowledge.current(); // read starts at t=0
    state.clock = 800; // ...and is slow
    await finishReads();
    expect(await first).toBe(1);
    state.stored = 2;
    state.clock = 1000; // 1 s after the read STARTED: must read again although it ended 200 ms ago
    const again = knowledge.current();
    await finishReads();
    expect(await again).toBe(2);
  });

  it('shares one read between concurrent callers', async () => {
    const { state, knowledge, finishReads } = setup(1000);
    const all = [knowledge.current(), knowledge.current(), knowledge.current()];
    await finishReads();
    expect(await Promise.all(all)).toEqual([1, 1, 1]);
    expect(state.reads).toBe(1);
  });

  it('forget() (a write by this process) makes the next call read, without reusing an older read in flight', async () => {
    const { state, knowledge, finishReads } = setup(1000);
    const before = knowledge.current(); // read in flight, saw version 1
    state.stored = 2;
    knowledge.forget();
    const after = knowledge.current();
    await finishReads();
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(state.reads).toBe(2);
    expect(await knowledge.current()).toBe(2); // the fresh value is what is kept
  });

  it('with a bound of 0 reads on every call', async () => {
    const { state, ask } = setup(0);
    await ask();
    await ask();
    expect(state.reads).toBe(2);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    let reads = 0;
    const knowledge = createVersionKnowledge(
      async () => {
        reads++;
        if (fail) throw new Error('throttled');
        return 7;
      },
      { maxAgeMs: () => 1000, now: () => 0 },
    );
    await expect(knowledge.current()).rejects.toThrow('throttled');
    fail = false;
    expect(await knowledge.current()).toBe(7);
    expect(reads).toBe(2);
  });
});
