/**
 * Faults, against a stack of this file's own: its own DynamoDB Local (in
 * memory), local S3 and SES, and the local server in this worker, so pausing and killing the
 * engine never touches the shared test stack. Before: with DynamoDB Local paused every request
 * hung past 40 s; killed, requests answered a bare 500. Now every AWS client has timeouts and
 * bounded retries, a failed or hung dependency answers 503 with Retry-After and a detail within
 * 5 s, a checkout interrupted mid-way leaves nothing that blocks its retry, and the local runtime
 * restarts a DynamoDB Local that died (and says so).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MSG } from '@shared/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalStack, startLocalStack } from '../../bin/local-stack';
import { appRecord } from '../../functions/core/apps/testing';
import type { JsonBody } from '../support/api';

let stack: LocalStack;
let url = '';
let scratch = '';
let closeServer: (() => Promise<void>) | undefined;
const engineLog: string[] = [];
const TABLE = process.env.TABLE_NAME ?? 'dental-test';

interface Answer {
  status: number;
  body: JsonBody;
  headers: Headers;
  ms: number;
}

async function call(method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(45_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as JsonBody, headers: res.headers, ms: Date.now() - started };
}

/**
 * Stops DynamoDB Local and waits until the kernel reports it stopped ('T' in /proc/<pid>/stat):
 * SIGSTOP is asynchronous, and a request sent right after it could still be answered.
 */
async function pause() {
  const pid = stack.dynamoPid() as number;
  process.kill(pid, 'SIGSTOP');
  const stopped = () => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('T') ?? true;
    } catch {
      return true; // no /proc: nothing more to wait for
    }
  };
  await vi.waitFor(() => expect(stopped(), 'DynamoDB Local stopped').toBe(true), { interval: 5, timeout: 2_000 });
}
const resume = () => process.kill(stack.dynamoPid() as number, 'SIGCONT');

async function developer() {
  const email = `fault-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'right-password-1';
  const reg = await call('POST', '/api/register', {
    body: { full_name: 'Fault Tester', email, password, company_name: 'Fault Dental' },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const login = await call('POST', '/api/login', { body: { email, password } });
  expect(login.status).toBe(200);
  return { id: reg.body.id as string, email, token: login.body.access_token as string };
}

function expectUnavailable(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.body.detail).toBe(MSG.dependencyUnavailable);
  expect(answer.ms).toBeLessThan(5_000);
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'dental-faults-'));
  stack = await startLocalStack({
    scratchDir: scratch,
    tableName: TABLE,
    bucketName: 'dental-faults-uploads',
    legacyEventIntervalMs: 0,
    log: (line) => engineLog.push(line),
  });
  Object.assign(process.env, stack.env, {
    RUNTIME: 'local',
    JWT_SECRET: randomBytes(32).toString('hex'),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'silent',
  });
  // The product's defaults: the timeouts and retries under test are not tuned for the test.
  for (const k of ['AWS_CONNECT_TIMEOUT_MS', 'AWS_REQUEST_TIMEOUT_MS', 'AWS_MAX_ATTEMPTS']) delete process.env[k];
  const { resetConfigForTests } = await import('../../functions/config');
  resetConfigForTests();
  const { resetClientsForTests } = await import('../../functions/adapters/aws-clients');
  resetClientsForTests();
  const { createLocalServer, listen } = await import('../../bin/local-server');
  const server = createLocalServer(resolve('frontend/dist'));
  const port = await listen(server, 0, '127.0.0.1');
  url = `http://127.0.0.1:${port}`;
  process.env.APP_URL = url;
  resetConfigForTests();
  closeServer = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
}, 90_000);

afterAll(async () => {
  try {
    resume();
  } catch {
    // already gone
  }
  await closeServer?.();
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('a dependency that hangs or dies', () => {
  it('DynamoDB Local paused mid-request: 503 with Retry-After and a detail within 5 s, then served again', async () => {
    const dev = await developer();
    expect((await call('GET', '/api/user/profile', { token: dev.token })).status).toBe(200);
    await pause();
    let hung: Answer;
    try {
      hung = await call('GET', '/api/user/profile', { token: dev.token });
    } finally {
      resume();
    }
    expectUnavailable(hung);
    console.info(`request with DynamoDB Local paused answered ${hung.status} in ${hung.ms} ms`);
    // Once it answers again, so does the service (the breaker is the failed request's own).
    await expect.poll(async () => (await call('GET', '/api/user/profile', { token: dev.token })).status).toBe(200);
  });

  it('checkout interrupted mid-way (database paused after the slot is taken): nothing half-written, the retry completes once', async () => {
    const [owner, buyer] = [await developer(), await developer()];
    const { DynamoAppsRepository } = await import('../../functions/adapters/dynamodb/apps-repo');
    const id = `fault-${randomUUID().slice(0, 8)}`;
    await new DynamoAppsRepository().create(
      appRecord({
        id,
        name: `Fault App ${id}`,
        user_id: owner.id,
        description: 'Paid app',
        short_description: 'Paid app',
        category: 'Clinical Tools',
        category_slug: 'clinical-tools',
        key_features: ['One'],
        pricing_model: 'one_time',
        price_cents: 4900,
        licensing_type: 'manual',
        company_name: 'Fault Dental',
      }),
    );

    // Pause DynamoDB Local the moment the checkout claims the buyer's slot for the app (a PutItem):
    // the engine takes the write when it resumes, after the request has given up on it, so the
    // slot ends up claimed for a purchase that was never written.
    const { documentClient } = await import('../../functions/adapters/aws-clients');
    let armed = true;
    documentClient().middlewareStack.add(
      (next, context) => async (args) => {
        if (armed && context.commandName === 'PutItemCommand') {
          armed = false;
          await pause();
        }
        return next(args);
      },
      { step: 'initialize', name: 'faultInjection' },
    );
    let first: Answer;
    try {
      first = await call('POST', '/api/stripe/create-checkout-session', {
        token: buyer.token,
        body: { app_id: id },
      });
    } finally {
      resume();
    }
    expect(armed).toBe(false);
    expectUnavailable(first);

    // Nothing half-written: the slot's write, which the engine took when it resumed, has landed,
    // and no purchase (nor its session) came with it.
    const { dynamoPurchasesRepository } = await import('../../functions/adapters/dynamodb/purchases-repo');
    await expect
      .poll(() => dynamoPurchasesRepository.checkoutSlot(buyer.id, id), {
        timeout: 10_000,
        message: "the buyer's slot, written when the paused engine resumed",
      })
      .toBeTruthy();
    expect(await dynamoPurchasesRepository.listByBuyer(buyer.id, { includePending: true })).toHaveLength(0);
    // The client waits as told (Retry-After), then retries.
    await new Promise((r) => setTimeout(r, Number(first.headers.get('retry-after')) * 1000));
    // The retry: one checkout session, once.
    const retried = await call('POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { app_id: id },
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.session_id).toBeTruthy();
    const purchases = await dynamoPurchasesRepository.listByBuyer(buyer.id, { includePending: true });
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.session_id).toBe(retried.body.session_id);
    // A second retry is told a checkout is open, and writes nothing.
    const twice = await call('POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { app_id: id },
    });
    expect(twice.status).toBe(409);
    expect(await dynamoPurchasesRepository.listByBuyer(buyer.id, { includePending: true })).toHaveLength(1);
  });

  it('DynamoDB Local killed: 503 at once, the runtime says so and restarts it', async () => {
    const dev = await developer();
    const before = stack.dynamoPid();
    process.kill(before as number, 'SIGKILL');
    const dead = await call('GET', '/api/user/profile', { token: dev.token });
    expectUnavailable(dead);
    console.info(`request with DynamoDB Local killed answered ${dead.status} in ${dead.ms} ms`);
    await expect.poll(() => engineLog.join('\n'), { timeout: 50_000, interval: 200 }).toMatch(/DynamoDB Local is back/);
    expect(engineLog.join('\n')).toMatch(
      new RegExp(`DynamoDB Local \\(pid ${before}\\) was killed \\(SIGKILL\\) unexpectedly; restarting it`),
    );
    expect(stack.dynamoPid()).not.toBe(before);
    // In memory, so the account is gone, but the service answers again (no 503).
    const login = () => call('POST', '/api/login', { body: { email: dev.email, password: 'right-password-1' } });
    await expect
      .poll(
        async () => {
          const a = await login();
          return `${a.status} ${JSON.stringify(a.body)}`;
        },
        { timeout: 10_000 },
      )
      .toMatch(/^401 /);
  }, 90_000);
});
