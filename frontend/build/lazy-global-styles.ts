import type { Plugin } from 'vite';
import { patchModule } from './patch-module';

/**
 * Chakra's `createSystem` computes the design system's global styles (the reset, every token's CSS
 * variable, the global CSS) as soon as the system is created, for <ChakraProvider> to insert: about
 * three quarters of its time, spent while the visitor's page evaluates its scripts. A server-rendered
 * page already has them in its <head>, so the browser build computes them only when asked
 * (`system._global` becomes a getter, and a setter for setServerGlobalStyles in
 * components/ui/system.ts). Build-only: the server renderer and the tests use Chakra as published.
 */
const SYSTEM = /\/@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;

export function lazyGlobalStyles(): Plugin {
  return patchModule('lazy-global-styles', SYSTEM, [
    [
      'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
      'let _global;\n  const globalStyles = () => _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];',
    ],
    [
      '    _global,\n',
      '    get _global() {\n      return globalStyles();\n    },\n    set _global(value) {\n      _global = value;\n    },\n',
    ],
  ]);
}
