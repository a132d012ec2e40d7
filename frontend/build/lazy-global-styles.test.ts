import { readFileSync } from 'node:fs';
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { LAZY_GLOBAL_STYLES } from './lazy-global-styles';
import { applyEdits } from './patch-module';
import { packageFile } from './patched-packages';
import { importAs } from './test-support';

describe('lazy-global-styles, on the installed @chakra-ui/react', () => {
  const file = packageFile(LAZY_GLOBAL_STYLES.pkg, LAZY_GLOBAL_STYLES.file, LAZY_GLOBAL_STYLES.name);
  const published = readFileSync(file, 'utf8');
  const patched = applyEdits(LAZY_GLOBAL_STYLES, published);

  it('applies each edit', () => {
    expect(published).toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    expect(patched).not.toContain('const _global = [');
    expect(patched).toContain('get _global()');
    expect(patched).toContain('set _global(value)');
  });

  it('makes a system whose global styles are computed when first read, the same as published, and may be replaced', async () => {
    const { createSystem: createLazySystem } = await importAs<{ createSystem: typeof createSystem }>(file, patched);
    const config = defineConfig({ globalCss: { body: { bg: 'gray.50' } } });
    const lazy = createLazySystem(defaultBaseConfig, config);
    expect(typeof Object.getOwnPropertyDescriptor(lazy, '_global')?.get).toBe('function');
    expect(lazy._global).toEqual(createSystem(defaultBaseConfig, config)._global);
    lazy._global = [];
    expect(lazy._global).toEqual([]);
  });
});
