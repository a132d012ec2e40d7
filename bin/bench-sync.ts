/**
 * `npm run bench:sync`: measures, on a throwaway local stack (in-memory DynamoDB Local, the
 * simulators, the real handlers behind the local server), (1) a full internal sync's wall time,
 * and (2) legacy events per second from the legacy system to webhook deliveries verified with the
 * standardwebhooks package at a receiver on loopback. EVENTS (default 200) events are emitted.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import * as z from 'zod';
import { createLocalServer, listen } from './local-server';
import { pointProcessAtStack, startLocalStack } from './local-stack';

const EVENTS = Number(process.env.EVENTS ?? 200);

async function main() {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-sync-'));
  const stack = await startLocalStack({
    scratchDir: scratch,
    tableName: 'bench-sync',
    bucketName: 'bench-sync',
    legacyEventIntervalMs: 0,
  });
  pointProcessAtStack(stack);
  // The bench's webhook receiver listens on a port the system picks: allow any unprivileged port
  // (the product's own ports stay refused; functions/adapters/http-out.ts).
  process.env.LOCAL_WEBHOOK_PORTS = '1024-65535';
  const { seed } = await import('./seed');
  await seed({ adminEmail: 'admin@bench.local', adminPassword: 'admin123!', demo: true });
  const server = createLocalServer(resolve('frontend/dist'));
  const port = await listen(server, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  // The fields the bench reads from each answer.
  const SignedIn = z.object({ access_token: z.string() });
  const RunStarted = z.object({ run: z.object({ id: z.string() }) });
  const Run = z.object({ id: z.string(), status: z.string(), counts: z.unknown() });
  const History = z.object({ runs: z.array(Run) });
  const call = async <T>(schema: z.ZodType<T>, method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return schema.parse(await res.json());
  };
  const waitRun = async (token: string, id: string) => {
    for (;;) {
      const h = await call(History, 'GET', '/api/admin/sync/history?limit=20', token);
      const run = h.runs.find((r) => r.id === id);
      if (run && (run.status === 'succeeded' || run.status === 'failed')) return run;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    const admin = (
      await call(SignedIn, 'POST', '/api/admin-login', undefined, { email: 'admin@bench.local', password: 'admin123!' })
    ).access_token;
    let t = Date.now();
    const load = await call(RunStarted, 'POST', '/api/internal-sync/load', admin);
    const run = await waitRun(admin, load.run.id);
    const fullMs = Date.now() - t;
    console.log(`Full internal sync (first load): ${fullMs} ms, ${run.status}, ${JSON.stringify(run.counts)}`);
    t = Date.now();
    const again = await waitRun(admin, (await call(RunStarted, 'POST', '/api/internal-sync/load', admin)).run.id);
    console.log(`Full internal sync (unchanged re-run): ${Date.now() - t} ms, ${JSON.stringify(again.counts)}`);

    const dev = (
      await call(SignedIn, 'POST', '/api/login', undefined, { email: 'dr.chen@brightsmile.dev', password: 'demo1234' })
    ).access_token;
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const wh = new Webhook(secret);
    let verified = 0;
    let lastAt = 0;
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        wh.verify(body, req.headers as Record<string, string>);
        verified += 1;
        lastAt = Date.now();
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await call(z.unknown(), 'POST', '/api/apps/demo-app-chartsmile-patient-hub/webhooks', dev, {
      event_type: 'appointment.created',
      target_url: url,
      secret,
    });
    const emit = Array.from({ length: EVENTS }, () => ({
      practice_email: 'frontdesk@riversidedental.example',
      type: 'appointment.created',
    }));
    await fetch(`${stack.env.LEGACY_SYSTEM_URL}/__control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emit }),
    });
    t = Date.now();
    await waitRun(
      admin,
      (await call(RunStarted, 'POST', '/api/admin/sync/trigger', admin, { sync_type: 'legacy_events' })).run.id,
    );
    while (verified < EVENTS && Date.now() - t < 300_000) await new Promise((r) => setTimeout(r, 50));
    const secs = (lastAt - t) / 1000;
    console.log(
      `Legacy events -> verified webhook deliveries: ${verified}/${EVENTS} in ${secs.toFixed(2)} s = ${(verified / secs).toFixed(1)} events/s`,
    );
    receiver.closeAllConnections();
    receiver.close();
  } finally {
    server.closeAllConnections();
    server.close();
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
