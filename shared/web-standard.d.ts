/**
 * The web-standard globals shared code uses, which browsers and Node.js both have. The shared type
 * world loads neither the DOM library nor node's types, so a browser-only or node-only API in
 * shared/ does not compile; what both runtimes offer is declared here, as narrowly as it is used.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly hostname: string;
  readonly protocol: string;
  readonly pathname: string;
  readonly host: string;
  readonly href: string;
}
