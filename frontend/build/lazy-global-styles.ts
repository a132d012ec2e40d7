import type { Plugin } from 'vite';
import { type ModulePatch, patchModule } from './patch-module';

/**
 * Chakra's `createSystem` computes the design system's global styles (the reset, every token's CSS
 * variable, the global CSS) as soon as the system is created, for <ChakraProvider> to insert: about
 * three quarters of its time, spent while the visitor's page evaluates its scripts. A server-rendered
 * page already has them in its <head>, so the browser build computes them only when asked
 * (`system._global` becomes a getter, and a setter for setServerGlobalStyles in
 * components/ui/system.ts). Build-only: the server renderer and the tests use Chakra as published.
 */
export const LAZY_GLOBAL_STYLES: ModulePatch = {
  name: 'lazy-global-styles',
  pkg: '@chakra-ui/react',
  file: 'dist/esm/styled-system/system.js',
  edits: [
    [
      'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
      'let _global;\n  const globalStyles = () => _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];',
    ],
    [
      '    _global,\n',
      '    get _global() {\n      return globalStyles();\n    },\n    set _global(value) {\n      _global = value;\n    },\n',
    ],
  ],
};

export const lazyGlobalStyles = (): Plugin => patchModule(LAZY_GLOBAL_STYLES);
