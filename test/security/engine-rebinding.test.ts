/**
 * Issue 30, finding 3 (medium, local): DNS rebinding reached DynamoDB Local and the mail viewer.
 * Only the app server checked the Host header: a web page whose name was rebound to 127.0.0.1 could
 * read and write every item of DynamoDB Local and read every reset link in the mail viewer. Each
 * engine now sits behind a front that checks Host as the app server does (loopback names only),
 * the local S3 included.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';

/** One request to `endpoint` with the Host header a rebound page would send. */
function send(
  endpoint: string,
  opts: { method: string; path: string; host: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: Number(url.port),
        method: opts.method,
        path: opts.path,
        headers: { ...opts.headers, host: opts.host },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const dynamoListTables = (host: string) =>
  send(process.env.DYNAMODB_ENDPOINT as string, {
    method: 'POST',
    path: '/',
    host,
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.ListTables',
      // DynamoDB Local checks that a signature is there, not what it signs.
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00',
    },
    body: '{}',
  });

describe('the local engines check Host', () => {
  it('DynamoDB Local refuses a rebound name and still answers the product', async () => {
    const port = new URL(process.env.DYNAMODB_ENDPOINT as string).port;
    const rebound = await dynamoListTables(`rebind.attacker.example:${port}`);
    expect(rebound.status, rebound.body).toBe(403);
    expect(rebound.body).not.toContain('dental');
    const own = await dynamoListTables(`127.0.0.1:${port}`);
    expect(own.status, own.body).toBe(200);
    expect(own.body).toContain('TableNames');
  });

  it('the mail viewer (SES) refuses a rebound name', async () => {
    const port = new URL(process.env.SES_ENDPOINT as string).port;
    const rebound = await send(process.env.SES_ENDPOINT as string, {
      method: 'GET',
      path: '/store',
      host: `rebind.attacker.example:${port}`,
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('emails');
    const own = await send(process.env.SES_ENDPOINT as string, {
      method: 'GET',
      path: '/store',
      host: `localhost:${port}`,
    });
    expect(own.status).toBe(200);
  });

  it('the local S3 refuses a rebound name', async () => {
    const port = new URL(process.env.S3_ENDPOINT as string).port;
    const bucket = process.env.UPLOADS_BUCKET as string;
    const rebound = await send(process.env.S3_ENDPOINT as string, {
      method: 'GET',
      path: `/${bucket}?list-type=2`,
      host: `rebind.attacker.example:${port}`,
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('ListBucketResult');
  });
});
