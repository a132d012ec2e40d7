import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  blockquoteSlotRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  cardSlotRecipe,
  checkboxCardSlotRecipe,
  checkboxSlotRecipe,
  collapsibleSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  fileUploadSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  numberInputSlotRecipe,
  popoverSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  ratingGroupSlotRecipe,
  recipes,
  segmentGroupSlotRecipe,
  selectSlotRecipe,
  semanticTokens,
  sliderSlotRecipe,
  statSlotRecipe,
  statusSlotRecipe,
  stepsSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  tagsInputSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/** The app's look: a calm teal-blue `brand` palette for primary actions and a system font stack. */
const brandConfig = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: {
          value: `'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`,
        },
        body: {
          value: `'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`,
        },
      },
      colors: {
        brand: {
          50: { value: '#e8f7f8' },
          100: { value: '#c6ebee' },
          200: { value: '#95d9df' },
          300: { value: '#5fc3cc' },
          400: { value: '#2fa9b5' },
          500: { value: '#148e9b' },
          600: { value: '#0d7482' },
          700: { value: '#0e5d69' },
          800: { value: '#104b55' },
          900: { value: '#103e47' },
          950: { value: '#07282f' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Readable on white (WCAG AA 4.5:1): Chakra's default subtle grey (gray.400, 2.56:1) and the
        // white-on-600 solid badges of the light palettes (green 3.29:1, orange, yellow, teal, cyan)
        // fall short; one shade darker passes.
        fg: { subtle: { value: '{colors.gray.500}' } },
        green: { solid: { value: '{colors.green.700}' }, fg: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' }, fg: { value: '{colors.orange.700}' } },
        yellow: { solid: { value: '{colors.yellow.700}' }, fg: { value: '{colors.yellow.800}' } },
        teal: { solid: { value: '{colors.teal.700}' }, fg: { value: '{colors.teal.700}' } },
        cyan: { solid: { value: '{colors.cyan.700}' }, fg: { value: '{colors.cyan.700}' } },
      },
    },
  },
  globalCss: {
    body: { bg: 'gray.50' },
  },
});

/**
 * Chakra's default theme, minus the slot recipes of components this product has no use for
 * (date and colour pickers, combobox, command palette, code block, tree view, timeline, marquee,
 * splitter, listbox, action bar, floating panel, QR code, carousel, scroll area, hover card,
 * pin input, editable). They cost about 7 KB gzip in every visitor's first download.
 * To use one of those components, import its `...SlotRecipe` from '@chakra-ui/react/theme' and add
 * it below; without its recipe the component renders unstyled.
 */
const slotRecipes = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  blockquote: blockquoteSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  checkboxCard: checkboxCardSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  fileUpload: fileUploadSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  numberInput: numberInputSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  progressCircle: progressCircleSlotRecipe,
  radioCard: radioCardSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  ratingGroup: ratingGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  select: selectSlotRecipe,
  slider: sliderSlotRecipe,
  stat: statSlotRecipe,
  steps: stepsSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  tagsInput: tagsInputSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
  status: statusSlotRecipe,
};

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** The design system: Chakra's defaults (lean, see above) plus the brand. Light mode only. */
export const system = createSystem(mergeConfigs(defaultBaseConfig, chakraTheme), brandConfig);
