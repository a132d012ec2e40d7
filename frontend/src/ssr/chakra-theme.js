/**
 * `@chakra-ui/react/theme` as the storefront Lambda's build resolves it (lib/bundling.ts,
 * STOREFRONT_BUNDLING): the same exports from the same files, but for the default config.
 * Chakra's own index builds `defaultThemeConfig` (with `recipes` and `slotRecipes`, every recipe)
 * at its top level, through a call esbuild must assume has side effects, so every recipe (~110 KB
 * minified) stayed in the bundle although the system (components/ui/system.ts) and the
 * storefront's screens import a dozen by name. Without that config, the bundle keeps only the
 * recipes something uses; server code that imported the config would fail the build ("No matching
 * export"). The browser build needs none of this: Rollup sees that the config is unused.
 *
 * Plain JavaScript over Chakra's ES modules (the package exports no path to them); the
 * infrastructure tests check that it exports what Chakra's index does, with equal values
 * (test/infra/storefront-bundling.test.ts), so an upgrade of Chakra that changes its theme fails there.
 */
import { breakpoints } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/breakpoints.js';
import { globalCss } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/global-css.js';
import { layerStyles } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/layer-styles.js';
import { animationStyles } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/motion-styles.js';
import { semanticColors } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/semantic-tokens/colors.js';
import { semanticRadii } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/semantic-tokens/radii.js';
import { semanticShadows } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/semantic-tokens/shadows.js';
import { textStyles } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/text-styles.js';
import { animations } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/animations.js';
import { aspectRatios } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/aspect-ratios.js';
import { blurs } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/blurs.js';
import { borders } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/borders.js';
import { colors } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/colors.js';
import { cursor } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/cursor.js';
import { durations } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/durations.js';
import { easings } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/easings.js';
import { fontSizes } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/font-sizes.js';
import { fontWeights } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/font-weights.js';
import { fonts } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/fonts.js';
import { keyframes } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/keyframes.js';
import { letterSpacings } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/letter-spacing.js';
import { lineHeights } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/line-heights.js';
import { radii } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/radius.js';
import { sizes } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/sizes.js';
import { spacing } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/spacing.js';
import { zIndices } from '../../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/z-indices.js';

// Every recipe by its own name, each from its own file (unused ones are left out of the bundle).
export * from '../../../node_modules/@chakra-ui/react/dist/esm/theme/recipes.export.js';
export * from '../../../node_modules/@chakra-ui/react/dist/esm/theme/slot-recipes.export.js';

const tokens = {
  aspectRatios,
  animations,
  blurs,
  borders,
  colors,
  durations,
  easings,
  fonts,
  fontSizes,
  fontWeights,
  letterSpacings,
  lineHeights,
  radii,
  spacing,
  sizes,
  zIndex: zIndices,
  cursor,
};
const semanticTokens = {
  colors: semanticColors,
  shadows: semanticShadows,
  radii: semanticRadii,
};
const cssVarsPrefix = 'chakra';
const cssVarsRoot = ':where(html, .chakra-theme)';

export {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
};
