import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { type ComponentProps, createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { packageDir, packageFile } from './patched-packages';
import {
  arkFieldExports,
  FIELD_USERS,
  moduleOf,
  parseSplitFile,
  rewriteFieldParts,
  rewriteSplitImports,
  SPLIT_FILES,
} from './split-exports';
import { filesUnder, importAs } from './test-support';

const chakraEsm = join(packageDir('@chakra-ui/react'), 'dist', 'esm');
const splitFiles = new Set(SPLIT_FILES.map((file) => packageFile('@chakra-ui/react', file, 'test')));

/** What a definition of the split files is, comparably: an anatomy's part names, an icon's markup. */
const shape = (value: unknown) =>
  typeof value === 'function'
    ? renderToStaticMarkup(
        createElement(
          ChakraProvider,
          { value: defaultSystem } as ComponentProps<typeof ChakraProvider>,
          createElement(value as FunctionComponent),
        ),
      )
    : (value as { keys(): string[] }).keys();

describe('split-exports, on the installed @chakra-ui/react and @ark-ui/react', () => {
  // Every import of the split files by Chakra's other modules, rewritten.
  const imported = new Map<string, Set<string>>();
  for (const id of filesUnder(chakraEsm, /\.js$/)) {
    if (splitFiles.has(id)) continue;
    const code = readFileSync(id, 'utf8');
    const out = rewriteSplitImports(code, id, splitFiles);
    for (const m of out.matchAll(/from "split-export:([^#"]+)#(\w+)"/g)) {
      const names = imported.get(m[1] ?? '') ?? new Set<string>();
      imported.set(m[1] ?? '', names.add(m[2] ?? ''));
    }
  }

  it("rewrites Chakra's imports of each split file", () => {
    for (const file of splitFiles) expect(imported.get(file)?.size, file).toBeGreaterThan(5);
  });

  it('cuts out of each file a module per name with the same definition', async () => {
    for (const [file, names] of imported) {
      const published = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const parsed = parseSplitFile(file);
      for (const name of names) {
        const module = await importAs<Record<string, unknown>>(
          join(dirname(file), `${name}.split.js`),
          moduleOf(parsed, name),
        );
        expect(shape(module[name]), `${name} of ${file}`).toEqual(shape(published[name]));
      }
    }
  });

  it("rewrites the input's and the native select's use of Ark's Field namespace to its parts, by name", async () => {
    const ark = (await import('@ark-ui/react/field')) as Record<string, unknown> & { Field: Record<string, unknown> };
    const fieldExports = arkFieldExports();
    for (const file of FIELD_USERS) {
      const path = packageFile('@chakra-ui/react', file, 'test');
      const out = rewriteFieldParts(readFileSync(path, 'utf8'), fieldExports);
      expect(out, file).not.toMatch(/\bField\./);
      const parts = [...out.matchAll(/import \{ Field(\w+) as ArkField_\1 \} from '@ark-ui\/react\/field';/g)];
      expect(parts.length, file).toBeGreaterThan(0);
      for (const [, part = ''] of parts) expect(ark[`Field${part}`], part).toBe(ark.Field[part]);
    }
  });

  it('fails on a name the file does not define', () => {
    expect(() => moduleOf(parseSplitFile([...splitFiles][0] ?? ''), 'noSuchAnatomy')).toThrow(
      'split-exports: no noSuchAnatomy',
    );
  });
});
