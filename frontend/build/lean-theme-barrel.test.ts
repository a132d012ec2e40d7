import { readFileSync } from 'node:fs';
import * as theme from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { LEAN_THEME_BARREL } from './lean-theme-barrel';
import { applyEdits } from './patch-module';
import { packageFile } from './patched-packages';
import { importAs } from './test-support';

/** The names a module's text exports (`export { a, b as c }` and `export ... from` lines). */
const exportedNames = (code: string) =>
  [...code.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map(
        (s) =>
          s
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? '',
      )
      .filter(Boolean),
  );

describe('lean-theme-barrel, on the installed @chakra-ui/react', () => {
  const file = packageFile(LEAN_THEME_BARREL.pkg, LEAN_THEME_BARREL.file, LEAN_THEME_BARREL.name);
  const patched = applyEdits(LEAN_THEME_BARREL, readFileSync(file, 'utf8'));

  it('applies each edit: the barrel keeps its own definitions and loses every edge to the recipes', () => {
    const kept = Object.keys(theme).filter(
      (name) => !/Recipe$/.test(name) && !['defaultThemeConfig', 'recipes', 'slotRecipes'].includes(name),
    );
    expect(exportedNames(patched).sort()).toEqual(kept.sort());
    expect(patched).not.toMatch(/from '\.\/(recipes|slot-recipes)(\/[^']*)?\.js'/);
    expect(patched).not.toContain('defaultThemeConfig');
  });

  it('still exports the same tokens, semantic tokens and settings', async () => {
    const lean = await importAs<Record<string, unknown>>(file, patched);
    for (const name of Object.keys(lean)) expect(lean[name], name).toEqual((theme as Record<string, unknown>)[name]);
  });
});
