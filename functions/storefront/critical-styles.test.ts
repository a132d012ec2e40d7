import { Box, Button, ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getSystem } from '../../frontend/src/components/ui/system';
import { criticalStyleTags, prepareServerCache } from '../../frontend/src/ssr/critical-styles';

describe('storefront critical styles', () => {
  it("are @emotion/server's for the same render: global styles first, then only the classes the markup uses", () => {
    const cache = createCache({ key: 'css' });
    prepareServerCache(cache);
    const render = (children: ReactNode) =>
      renderToString(h(CacheProvider, { value: cache }, h(ChakraProvider, { value: getSystem(), children })));
    const html = render(h(Box, { color: 'red.500', p: '4' }, h(Button, { colorPalette: 'brand' }, 'Buy')));
    // Styled in the same cache but not in `html`: left out by both.
    render(h(Box, { color: 'green.700', m: '7' }));

    const ours = criticalStyleTags(cache, html);
    const emotion = createEmotionServer(cache);
    expect(ours).toBe(emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)));
    expect(ours).toMatch(/^<style data-emotion="css-global [^"]+">/);
    expect(ours).toContain('<style data-emotion="css ');
    expect(html).not.toContain('<style');
  });
});
