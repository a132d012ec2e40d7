/**
 * Where `npm start` listens: loopback only by default, the safe choice; HOST chooses otherwise,
 * and then the start warns, in these words, what that exposes.
 */
import { isLoopbackHost } from '../functions/config';

export const DEFAULT_HOST = '127.0.0.1';

/** The address to bind: HOST when set (trimmed), else loopback. */
export const chosenHost = (env: NodeJS.ProcessEnv): string => env.HOST?.trim() || DEFAULT_HOST;

/** The warning printed before a start on a non-loopback address; undefined on loopback. */
export function exposureWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return (
    `WARNING: HOST=${host}: the web app, DynamoDB Local (no authentication: anyone who reaches it can read ` +
    'and change every account), the local S3 and the mail viewer are reachable from the network. ' +
    'Webhooks to internal addresses are switched off. Use this only on a network you trust.'
  );
}

/**
 * The host name a Host header names, lower-cased and without port or IPv6 brackets; undefined when
 * it is missing or not a host. What the app server and the engines' fronts check against.
 */
export function hostNameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return new URL(`http://${header}`).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}
