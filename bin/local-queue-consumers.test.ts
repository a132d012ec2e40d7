import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QueueDefinition } from '../functions/queues/queue-definition';
import { LOCAL_QUEUE_CONSUMERS } from './local-queue-consumers';

const REPO = join(__dirname, '..');

describe('the local queue consumers', () => {
  it('consume every queue of functions/queues/ once, as its worker Lambda does in the cloud', async () => {
    const modules = readdirSync(join(REPO, 'functions/queues')).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'queue-definition.ts',
    );
    const definitions = await Promise.all(
      modules.map(async (f) => Object.values(await import(`../functions/queues/${f}`))[0]),
    );
    const byUrl = (a: unknown, b: unknown) =>
      (a as QueueDefinition<unknown>).urlVariable.localeCompare((b as QueueDefinition<unknown>).urlVariable);
    expect(LOCAL_QUEUE_CONSUMERS.map((c) => c.definition).sort(byUrl)).toEqual(definitions.sort(byUrl));
    for (const { worker } of LOCAL_QUEUE_CONSUMERS) expect(existsSync(join(REPO, worker)), worker).toBe(true);
  });
});
