import { describe, expect, it } from 'vitest';
import { applyEdits, type ModulePatch, patchModule } from './patch-module';
import { packageFile } from './patched-packages';

const patch: ModulePatch = {
  name: 'demo-patch',
  pkg: '@chakra-ui/react',
  file: 'dist/esm/styled-system/system.js',
  edits: [
    ['const a = 1;', 'const a = 2;'],
    [/\bb\b/g, 'c'],
  ],
};

/** The part of Rollup's plugin context the plugin uses: error() throws, as in a build. */
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};
type Hook = (this: typeof context, ...args: unknown[]) => unknown;
const hook = (plugin: ReturnType<typeof patchModule>, name: 'transform' | 'buildEnd') => plugin[name] as Hook;

describe('patchModule', () => {
  it('applies every edit, each to every match of a global RegExp', () => {
    expect(applyEdits(patch, 'const a = 1; b + b;')).toBe('const a = 2; c + c;');
  });

  it('fails naming the file and the expected text when an edit finds nothing to change', () => {
    expect(() => applyEdits(patch, 'const a = 1;')).toThrow(
      'demo-patch: expected text not found in @chakra-ui/react/dist/esm/styled-system/system.js: /\\bb\\b/g',
    );
  });

  it('patches only its file and fails the build when that file never came by', () => {
    const plugin = patchModule(patch);
    expect(hook(plugin, 'transform').call(context, 'const a = 1; b;', '/elsewhere/system.js')).toBeNull();
    expect(() => hook(plugin, 'buildEnd').call(context)).toThrow(/demo-patch: .*system\.js was not part of the build/);

    const target = packageFile('@chakra-ui/react', patch.file, patch.name);
    expect(hook(plugin, 'transform').call(context, 'const a = 1; b;', target)).toEqual({
      code: 'const a = 2; c;',
      map: null,
    });
    expect(() => hook(plugin, 'buildEnd').call(context)).not.toThrow();
    expect(() => hook(plugin, 'transform').call(context, 'changed', target)).toThrow(/expected text not found/);
  });

  it('refuses a file the package does not have', () => {
    expect(() => patchModule({ ...patch, file: 'dist/esm/moved.js' })).toThrow(
      /demo-patch: @chakra-ui\/react 3\.\d+\.\d+ has no dist\/esm\/moved\.js/,
    );
  });
});
