import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { once } from '../platform/once';

/**
 * What the storefront renderer needs from the web build (frontend/dist): index.html, into which
 * each page is rendered, and for each storefront screen the hashed JavaScript files its route
 * chunk needs, announced with <link rel="modulepreload"> so they load in parallel with the entry.
 */
export interface StorefrontAssets {
  template: string;
  /** Route module (as in Vite's manifest, e.g. src/app/routes/marketplace/home.tsx) -> files under /. */
  preloads: Record<string, string[]>;
}

/** The storefront's route modules (frontend/src/app/router.tsx), as keys of Vite's manifest. */
export const STOREFRONT_MODULES = {
  home: 'src/app/routes/marketplace/home.tsx',
  categories: 'src/app/routes/marketplace/categories.tsx',
  category: 'src/app/routes/marketplace/category.tsx',
  app: 'src/app/routes/marketplace/app-detail.tsx',
} as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** A route module's chunk and everything it imports statically, minus what index.html already loads. */
function preloadsOf(manifest: Record<string, ManifestChunk>, key: string, template: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    if (!template.includes(`/${chunk.file}"`)) files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** Reads the build's index.html and Vite manifest; undefined when the web app is not built. */
export function readStorefrontAssets(distDir: string): StorefrontAssets | undefined {
  const indexFile = join(distDir, 'index.html');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(indexFile)) return undefined;
  const template = readFileSync(indexFile, 'utf8');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const preloads: Record<string, string[]> = {};
  for (const key of Object.values(STOREFRONT_MODULES)) preloads[key] = preloadsOf(manifest, key, template);
  return { template, preloads };
}

// In the Lambda bundle the CDK stack compiles the build's assets in (esbuild `define`, lib/api.ts).
declare const __STOREFRONT_ASSETS__: string | undefined;

let local: { mtimeMs: number; assets: StorefrontAssets } | undefined;
/** The compiled-in assets, parsed once (the Lambda bundle). */
const compiledAssets = /* @__PURE__ */ once(() => JSON.parse(__STOREFRONT_ASSETS__ as string) as StorefrontAssets);

/**
 * The assets this process renders with: compiled into the Lambda bundle in the cloud; locally read
 * from STOREFRONT_DIST_DIR (default frontend/dist) and read again after `npm run build:web`.
 */
export function storefrontAssets(): StorefrontAssets | undefined {
  if (typeof __STOREFRONT_ASSETS__ === 'string') {
    return compiledAssets();
  }
  const dir = resolve(process.env.STOREFRONT_DIST_DIR ?? 'frontend/dist');
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const { mtimeMs } = statSync(indexFile);
  if (local?.mtimeMs !== mtimeMs) {
    const assets = readStorefrontAssets(dir);
    if (!assets) return undefined;
    local = { mtimeMs, assets };
  }
  return local.assets;
}
