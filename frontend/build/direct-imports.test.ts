import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Barrel, type BarrelMap, barrelMap, rewriteImports } from './direct-imports';
import { appSources } from './test-support';

const BARRELS: Barrel[] = ['@chakra-ui/react', '@chakra-ui/react/theme', '@ark-ui/react'];
const maps = new Map(BARRELS.map((barrel) => [barrel, barrelMap(barrel)]));
const mapOf = (barrel: Barrel): BarrelMap => maps.get(barrel) ?? barrelMap(barrel);

const load = (specifier: string) =>
  import(/* @vite-ignore */ specifier.startsWith('/') ? pathToFileURL(specifier).href : specifier) as Promise<
    Record<string, unknown>
  >;

describe('direct-imports, on the installed packages', () => {
  it('reads every export of each barrel', async () => {
    for (const barrel of BARRELS) {
      const published = Object.keys(await load(barrel));
      expect([...mapOf(barrel).keys()].sort(), barrel).toEqual(published.sort());
    }
  });

  it('maps every export to a module that exports the same value, a public subpath wherever there is one', async () => {
    for (const barrel of BARRELS) {
      const published = await load(barrel);
      const files: string[] = [];
      for (const [name, target] of mapOf(barrel)) {
        const module = await load(target.specifier);
        const value = 'namespace' in target ? module : module[target.name];
        if ('namespace' in target)
          expect(Object.keys(value as object), `${barrel} ${name}`).toEqual(Object.keys(published[name] as object));
        else expect(value, `${barrel} ${name} from ${target.specifier}`).toBe(published[name]);
        if (target.specifier.startsWith('/')) files.push(name);
      }
      // Chakra exports no subpath for four helpers, nor for the files of its theme (recipes, tokens).
      if (barrel === '@chakra-ui/react')
        expect(files.sort()).toEqual(['Theme', 'createContext', 'mergeProps', 'mergeRefs']);
      if (barrel === '@ark-ui/react') expect(files).toEqual([]);
    }
  });

  it("rewrites every import of the app's from a barrel, leaving only the theme's own definitions on it", () => {
    let rewritten = 0;
    for (const { file, code } of appSources()) {
      const out = rewriteImports(code, mapOf);
      if (out !== code) rewritten += 1;
      const left = [...out.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(@chakra-ui\/react(?:\/theme)?|@ark-ui\/react)'/g)];
      for (const [, list = '', barrel = ''] of left) {
        expect(barrel, file).toBe('@chakra-ui/react/theme');
        for (const name of list.split(',').map((s) => s.trim()))
          expect(mapOf('@chakra-ui/react/theme').get(name)?.specifier, `${file}: ${name}`).toBe(barrel);
      }
    }
    expect(rewritten).toBeGreaterThan(100);
  });

  it('keeps local names, drops type-only names and fails on a name the barrel does not export', () => {
    const code = "import { Button as B, type ButtonProps, Dialog } from '@chakra-ui/react';";
    expect(rewriteImports(code, mapOf)).toBe(
      'import { Button as B } from "@chakra-ui/react/button";\nimport { Dialog as Dialog } from "@chakra-ui/react/dialog";',
    );
    expect(() => rewriteImports("import { NoSuchThing } from '@chakra-ui/react';", mapOf)).toThrow(
      /direct-imports: @chakra-ui\/react exports no NoSuchThing/,
    );
  });
});
