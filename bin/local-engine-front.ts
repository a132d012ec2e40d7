/**
 * The front door of a local engine (DynamoDB Local, the local SES and its mail viewer; the local S3
 * front applies the same check): refuses requests addressed to a host name the engine does not
 * answer to, then passes everything else through to the engine on its private loopback port.
 *
 * Why: the engines have no authentication. A web page whose DNS name is rebound to 127.0.0.1 sends
 * its requests to the engine's port with its own name in the Host header; the browser treats the
 * answers as same-origin, so the page could read and write every item of DynamoDB Local or read
 * every reset link in the mail viewer. A rebound page can only ever send its own DNS name, so the
 * engines answer only `localhost` and IP literals (which a rebinding attack cannot send), as the app
 * server answers only localhost (bin/local-server.ts).
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { isLoopbackHost } from '../functions/config';
import { hostNameOf } from './local-host';

/** The Host header's name is one an engine answers: a loopback name or an IP literal. */
export function engineHostAllowed(header: string | undefined): boolean {
  const name = hostNameOf(header);
  return name !== undefined && (isLoopbackHost(name) || isIP(name) !== 0);
}

export const ENGINE_HOST_REFUSED = 'Unknown host: the local engines answer requests to localhost only';

function refuse(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(ENGINE_HOST_REFUSED);
  req.resume();
}

/**
 * Makes an engine that is a Node HTTP server (the local SES and its viewer, s3rver) refuse a Host it
 * does not answer on its private port too, not only through its front: a rebound page that scans
 * loopback ports and finds the private one gets 403 there as well. Its request handlers run only for
 * requests that pass. (DynamoDB Local is a Java process and cannot be wrapped: docs/security.md.)
 */
export function guardEngineHost(server: Server): void {
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!engineHostAllowed(req.headers.host)) return refuse(req, res);
    for (const handle of handlers) handle.call(server, req, res);
  });
}

/**
 * A server that refuses a request with a Host it does not answer (403) and proxies the rest to
 * 127.0.0.1:`upstreamPort`, streaming both ways.
 */
export function createEngineFront(opts: { upstreamPort: () => number; name: string }): Server {
  const server = createServer((req, res) => {
    if (!engineHostAllowed(req.headers.host)) return refuse(req, res);
    const upstream = request(
      { host: '127.0.0.1', port: opts.upstreamPort(), method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${opts.name} is not answering`);
    });
    req.pipe(upstream);
  });
  // Connections kept alive by the SDK clients must not keep the front open when it stops.
  server.keepAliveTimeout = 5_000;
  return server;
}
