/**
 * The surfaces the SPA's screens are built from, as Chakra style props to spread on a Box, Stack or
 * LinkBox: one definition each, so every panel, table frame and sticky bar looks the same.
 */

/** The white, grey-bordered, rounded card that panels, stat cards, forms and table frames sit in. */
export const panelStyle = { bg: 'white', borderWidth: '1px', borderColor: 'gray.200', rounded: 'xl' } as const;

/** The grey strip under a panel's title or above a table: a light fill with a rule below it. */
export const panelHeaderStyle = { bg: 'gray.50', borderBottomWidth: '1px', borderColor: 'gray.200' } as const;

/** A bar that stays at the top of the page while it scrolls, with a rule below it. */
export const stickyBarStyle = {
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  borderBottomWidth: '1px',
  borderColor: 'gray.200',
} as const;
