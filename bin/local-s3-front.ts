/**
 * The local S3's front door. s3rver stores browser POST uploads without reading their policy (it
 * ignores the signature, the expiry, `content-length-range` and every other condition) and knows
 * no CORS rule for them. This front sits on the local S3 port, refuses a Host other than localhost
 * or an IP literal (DNS rebinding, as the other engines' fronts: bin/local-engine-front.ts), does
 * what S3 does for those requests (verifies the signed policy with functions/adapters/s3-post-policy.ts, answers CORS for
 * the site's origin only, as the bucket's CORS rule does in the cloud) and passes every other
 * request through to s3rver untouched.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { verifyPresignedPost } from '../functions/adapters/s3-post-policy';
import { multipartBoundary, parseMultipart } from '../functions/http/multipart';
import { ENGINE_HOST_REFUSED, engineHostAllowed } from './local-engine-front';

export interface S3FrontOptions {
  upstreamPort: number;
  bucket: string;
  /** s3rver's built-in secret key, which signs local policies. */
  secretAccessKey: string;
  /** Origins the bucket's CORS rule admits (the site); read per request since tests learn it late. */
  allowedOrigins: () => string[];
}

/** Largest POST body read into memory (S3 itself would take up to 5 GB; policies here allow 5 MB). */
const MAX_FORM_BYTES = 64 * 1024 * 1024;
const CORS_METHODS = ['GET', 'HEAD', 'POST'];

function xmlError(res: ServerResponse, status: number, code: string, message: string, cors: Record<string, string>) {
  res.writeHead(status, { 'content-type': 'application/xml', ...cors });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

async function readAll(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function putUpstream(port: number, path: string, body: Buffer, contentType: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path,
        headers: { 'content-type': contentType, 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 500));
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}

function proxy(req: IncomingMessage, res: ServerResponse, port: number) {
  const out = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  out.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(out);
}

export function createS3Front(opts: S3FrontOptions): Server {
  return createServer((req, res) => {
    // Like every local engine, answers localhost and IP literals only (DNS rebinding).
    if (!engineHostAllowed(req.headers.host)) {
      req.resume();
      return xmlError(res, 403, 'AccessDenied', ENGINE_HOST_REFUSED, {});
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const origin = req.headers.origin;
    const corsAllowed = !!origin && opts.allowedOrigins().includes(origin);
    const cors: Record<string, string> = corsAllowed
      ? {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': CORS_METHODS.join(', '),
          vary: 'Origin',
        }
      : {};
    const isBucketRoot = url.pathname === `/${opts.bucket}` || url.pathname === `/${opts.bucket}/`;

    if (req.method === 'OPTIONS' && origin) {
      const method = String(req.headers['access-control-request-method'] ?? '');
      if (!corsAllowed || !CORS_METHODS.includes(method)) {
        return xmlError(res, 403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.', {});
      }
      res.writeHead(200, {
        ...cors,
        'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? ''),
        'access-control-max-age': '3000',
      });
      return res.end();
    }

    const boundary = multipartBoundary(req.headers['content-type']);
    if (!(req.method === 'POST' && isBucketRoot && boundary && url.search === ''))
      return proxy(req, res, opts.upstreamPort);

    void (async () => {
      const body = await readAll(req, MAX_FORM_BYTES);
      if (!body)
        return xmlError(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', cors);
      let parts: ReturnType<typeof parseMultipart>;
      try {
        parts = parseMultipart(body, boundary);
      } catch {
        return xmlError(
          res,
          400,
          'MalformedPOSTRequest',
          'The body of your POST request is not well-formed multipart/form-data.',
          cors,
        );
      }
      const fileIndex = parts.findIndex((p) => p.name === 'file');
      const file = parts[fileIndex];
      if (!file)
        return xmlError(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.', cors);
      // S3 ignores fields after the file.
      const fields: Record<string, string> = {};
      for (const p of parts.slice(0, fileIndex)) fields[p.name] = p.data.toString('utf8');
      const refusal = verifyPresignedPost({
        bucket: opts.bucket,
        fields,
        fileSize: file.data.length,
        secretAccessKey: opts.secretAccessKey,
      });
      if (refusal) return xmlError(res, refusal.status, refusal.code, refusal.message, cors);
      const key = fields.key ?? Object.entries(fields).find(([k]) => k.toLowerCase() === 'key')?.[1];
      if (!key) return xmlError(res, 400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.", cors);
      const contentType =
        Object.entries(fields).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'binary/octet-stream';
      const path = `/${opts.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
      const status = await putUpstream(opts.upstreamPort, path, file.data, contentType);
      if (status >= 300) return xmlError(res, 500, 'InternalError', `The local S3 answered ${status}`, cors);
      res.writeHead(204, cors);
      res.end();
    })().catch((err: Error) => {
      if (!res.headersSent) xmlError(res, 500, 'InternalError', err.message, cors);
      else res.end();
    });
  });
}
