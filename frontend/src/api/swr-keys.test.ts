import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keyProblems, keyUses, readModule, type Source } from '../testing/swr-keys';

/**
 * One key, one fetcher, one error rule: no two modules read the same SWR key (a key several
 * features read has its hook here, in frontend/src/api/), and no hook takes its key from its caller.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [{ file: path, code: readFileSync(path, 'utf8') }]
      : [];
  });
}

describe('SWR keys', () => {
  it('each key is read by one module, through its own fetcher', () => {
    const uses = keyUses(sources(src), readModule);
    expect(uses.filter((use) => use.key).length).toBeGreaterThan(20);
    expect(keyProblems(uses, (file) => relative(src, file))).toEqual([]);
  });

  it('finds a key read by two modules, as a literal, a constant of its own or an imported one', () => {
    const modules: Source[] = [
      { file: '/src/features/a/api/get-things.ts', code: "export const THINGS_KEY = '/api/things';" },
      {
        file: '/src/features/a/api/use-things.ts',
        code: "import { THINGS_KEY as KEY } from './get-things';\nexport const useThings = () => useSWR(KEY, getThings);",
      },
      {
        file: '/src/features/b/api/get-things.ts',
        code: "const KEY = '/api/things';\nexport const useThings = (on: boolean) => useSWR<Thing[]>(on ? KEY : null, (k) => api.list(k));",
      },
      { file: '/src/lib/use-things.ts', code: "useSWR(\n  '/api/things',\n  fetcher,\n);" },
      { file: '/src/features/c/api/get-thing.ts', code: 'useSWR(id ? thingKey(id) : null, getThing);' },
      { file: '/src/components/any-list.tsx', code: 'export const List = ({ url }) => useSWR(url, fetcher);' },
    ];
    const read = (file: string) => modules.find((m) => m.file === file)?.code;
    expect(keyProblems(keyUses(modules, read))).toEqual([
      "'/api/things' is read by /src/features/a/api/use-things.ts and /src/features/b/api/get-things.ts and /src/lib/use-things.ts: give it one hook in api/",
      '/src/components/any-list.tsx passes its url through as an SWR key',
    ]);
  });
});
