/**
 * `npx tsx bin/bench-partner.ts`: load test of the Partner API's POST /v1/licenses/validate on the
 * local runtime (loopback).
 *
 * Starts its own stack like bin/bench.ts (in-memory DynamoDB Local, local S3 and SES in a scratch
 * folder), creates an approved developer, one app, one paid purchase with its licence key and a
 * production API key with a very high daily limit, then loads the route with autocannon
 * (BENCH_CONNECTIONS, default 10, for BENCH_SECONDS, default 10, after a BENCH_WARMUP_SECONDS
 * warm-up, default 3). On the warm process each request authenticates the key and counts it
 * against the daily quota in one conditional UpdateItem of the key item, and reads the licence's
 * purchase (the key's id, the licence's purchase id and the app's owner are remembered). A bare node:http server answering the
 * same bytes gives the machine's ceiling. Prints req/s and p50/p99, compares the quota counter
 * with the admitted requests, stops everything and exits (a watchdog makes sure it does).
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createLocalServer, listen } from './local-server';
import { autocannon, withBenchStack } from './support/bench-stack';
import { runScript } from './support/run-script';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

async function main() {
  return withBenchStack('bench-partner', (SECONDS * 3 + WARMUP_SECONDS + 180) * 1000, async (servers) => {
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { documentClient, tableName } = await import('../functions/adapters/aws-clients');
    const { apiKeyKeys } = await import('../functions/adapters/dynamodb/keys');
    const { createApprovedDeveloper, writeLicensedPurchase } = await import('./support/licensed-purchase');
    const { dynamoApiKeyRepository } = await import('../functions/adapters/dynamodb/api-keys-repo');
    const { apiKeys } = await import('../functions/wiring/api-keys');
    const db = documentClient();

    // An approved developer, one app of theirs and one paid purchase with a licence key.
    const devId = await createApprovedDeveloper();
    const { appId, licenseKey } = await writeLicensedPurchase(devId, { appName: 'Bench App', buyer: 'bench-buyer' });

    // A production key (active: the owner is approved) with a limit the run cannot reach.
    const key = await apiKeys.create(devId, 'production');
    if (!key.is_active) throw new Error('the production key of an approved developer should be active');
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: apiKeyKeys.key(key.id),
        UpdateExpression: 'SET #limit = :limit',
        ExpressionAttributeNames: { '#limit': 'limit' },
        ExpressionAttributeValues: { ':limit': 100_000_000 },
      }),
    );

    const server = createLocalServer(resolve('frontend/dist'));
    servers.push(server);
    const url = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}/v1/licenses/validate`;
    const body = JSON.stringify({ license_key: licenseKey, app_id: appId });
    const headers = { 'content-type': 'application/json', 'x-api-key': key.key };

    const probe = await fetch(url, { method: 'POST', headers, body });
    const probeBytes = Buffer.from(await probe.arrayBuffer());
    const answer = JSON.parse(probeBytes.toString());
    if (probe.status !== 200 || answer.valid !== true) {
      throw new Error(`probe answered ${probe.status}: ${probeBytes.toString()}`);
    }

    const opts = { url, method: 'POST', headers, body, connections: CONNECTIONS, timeout: 30 };
    const today = () => new Date().toISOString().slice(0, 10);
    const counter = async () =>
      (await dynamoApiKeyRepository.usageOn([{ id: key.id, user_id: devId, type: 'production' }], today())).get(
        key.id,
      ) ?? 0;
    process.stdout.write(`Warming up for ${WARMUP_SECONDS} s... `);
    if (WARMUP_SECONDS > 0) await autocannon({ ...opts, duration: WARMUP_SECONDS });
    await new Promise((r) => setTimeout(r, 500)); // let requests in flight finish
    const before = await counter();
    process.stdout.write(`done\nLoading POST /v1/licenses/validate for ${SECONDS} s... `);
    const ours = await autocannon({ ...opts, duration: SECONDS });
    console.log('done');
    await new Promise((r) => setTimeout(r, 500));
    const counted = (await counter()) - before;

    // The engine underneath: DynamoDB Local's own rate for single-item reads at the same concurrency.
    process.stdout.write('Measuring DynamoDB Local GetItem rate (3 s)... ');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    let reads = 0;
    const readUntil = Date.now() + 3000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < readUntil) {
          await db.send(new GetCommand({ TableName: tableName(), Key: apiKeyKeys.key(key.id), ConsistentRead: true }));
          reads++;
        }
      }),
    );
    const readsPerSecond = reads / 3;
    console.log('done');

    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': probeBytes.length });
      res.end(probeBytes);
    });
    servers.push(bare);
    const bareUrl = `http://127.0.0.1:${await listen(bare, 0, '127.0.0.1')}/v1/licenses/validate`;
    process.stdout.write('Loading a bare node:http server with the same answer (ceiling)... ');
    const ceiling = await autocannon({
      url: bareUrl,
      method: 'POST',
      headers,
      body,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    console.log('done');

    const rows = [
      ['POST /v1/licenses/validate', ours],
      ['bare node:http, same bytes', ceiling],
    ] as const;
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run, loopback\n`);
    console.log('target                      |   req/s | p50 ms | p99 ms | avg ms | requests | errors/non-2xx');
    console.log('----------------------------|---------|--------|--------|--------|----------|---------------');
    for (const [label, r] of rows) {
      console.log(
        [
          label.padEnd(27),
          r.requests.average.toFixed(0).padStart(7),
          String(r.latency.p50).padStart(6),
          String(r.latency.p99).padStart(6),
          r.latency.average.toFixed(2).padStart(6),
          String(r.requests.total).padStart(8),
          String(r.errors + r.timeouts + r.non2xx).padStart(14),
        ].join(' | '),
      );
    }
    console.log(
      `\nDynamoDB Local underneath: ${readsPerSecond.toFixed(0)} GetItem/s at ${CONNECTIONS} concurrent ` +
        `(${((CONNECTIONS / readsPerSecond) * 1000).toFixed(1)} ms each). A validate call makes 5 DynamoDB calls ` +
        `(2 auth reads, 1 quota update, licence pointer + purchase), so the engine caps it near ` +
        `${(readsPerSecond / 5).toFixed(0)} req/s here.`,
    );
    console.log(
      `Quota counter during the run: ${counted}; 2xx answers: ${ours['2xx']} ` +
        `(the difference, at most ${CONNECTIONS}, is requests still in flight when autocannon stopped)`,
    );
  });
}

runScript(main);
