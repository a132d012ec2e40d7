import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as set from 'react-icons/lu';
import { describe, expect, it } from 'vitest';
import { iconModule, iconSetFile, rewriteIconImports } from './per-icon-imports';
import { appSources, importAs } from './test-support';

type Icon = (props: object) => ReturnType<typeof createElement>;

const uses = appSources().filter(({ code }) => code.includes('react-icons/lu'));
/** Every icon the app imports. */
const icons = [
  ...new Set(
    uses.flatMap(({ code }) =>
      [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-icons\/lu'/g)].flatMap((m) =>
        (m[1] ?? '')
          .split(',')
          .map((s) => s.trim().split(/\s+as\s+/)[0] ?? '')
          .filter(Boolean),
      ),
    ),
  ),
];

describe('per-icon-imports, on the installed react-icons', () => {
  const source = readFileSync(iconSetFile(), 'utf8');

  it("cuts every import of the app's into imports of one module per icon", () => {
    expect(uses.length).toBeGreaterThan(20);
    for (const { file, code } of uses) {
      const out = rewriteIconImports(code);
      expect(out, file).not.toMatch(/['"]react-icons\/lu['"]/);
      expect(out, file).toMatch(/import \w+ from '\0react-icons-lu:Lu\w+';/);
    }
  });

  it('cuts out of the set each icon the app uses, drawing the same SVG as the set', async () => {
    expect(icons.length).toBeGreaterThan(30);
    for (const name of icons) {
      const module = await importAs<{ default: Icon }>(iconSetFile(), iconModule(source, name));
      const props = { size: 20, 'aria-hidden': true };
      expect(renderToStaticMarkup(createElement(module.default, props)), name).toBe(
        renderToStaticMarkup(createElement((set as unknown as Record<string, Icon>)[name] as Icon, props)),
      );
    }
  });

  it('fails on an icon the set does not have', () => {
    expect(() => iconModule(source, 'LuNoSuchIcon')).toThrow(
      /per-icon-imports: react-icons\/lu .* has no icon LuNoSuchIcon/,
    );
  });
});
