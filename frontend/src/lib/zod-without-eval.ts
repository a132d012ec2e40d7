declare global {
  /** zod 4 keeps its configuration here, shared by every copy of it (zod/v4/core/core.js). */
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

/**
 * zod compiles each object schema with `new Function` when it may, and finds out by trying once: the
 * SPA's Content-Security-Policy (shared/csp.ts, no 'unsafe-eval') refuses it, and the browser reports
 * that refusal as a violation although zod catches it. Called by main.tsx before any chunk with zod
 * loads, through the global zod reads its configuration from, so that the entry carries no zod. The
 * server renderer and the Lambdas keep zod's compiled parsers.
 */
export function parseWithoutEval(): void {
  globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
}
