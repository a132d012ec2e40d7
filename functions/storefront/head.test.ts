import type { PublicApp } from '@shared/schemas/apps';
import { describe, expect, it } from 'vitest';
import { serialiseSsrData } from '../../frontend/src/ssr/data';
import { appHead, headTags, softwareApplication } from './head';

const app = {
  id: 'a1',
  slug: 'evil',
  name: 'Evil</title><script>alert(1)</script>',
  tagline: 'Breaks "out" & </script><script>alert(2)</script>',
  short_description: null,
  description: 'x',
  category: 'Imaging',
  icon_url: '/uploads/apps/a1/icon.png',
  pricing_model: 'one_time',
  price: 49,
  price_period: null,
  average_rating: 0,
  company_name: 'Acme',
} as unknown as PublicApp;

describe('storefront head', () => {
  it('escapes names and taglines in tags and JSON-LD, so no listing can add markup or script', () => {
    const tags = headTags(appHead('https://shop.example', '/marketplace/app/evil', app));
    expect(tags).not.toContain('<script>alert');
    expect(tags).not.toContain('</title><script>');
    expect(tags.match(/<\/script>/g)).toHaveLength(1); // the JSON-LD element's own end
    expect(tags).toContain(
      '<title>Evil&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Dental Developer Ecosystem</title>',
    );
    const [, json = ''] = tags.match(/<script type="application\/ld\+json">(.*)<\/script>/) ?? [];
    const ld = JSON.parse(json);
    expect(ld.name).toBe(app.name);
    expect(ld.image).toBe('https://shop.example/uploads/apps/a1/icon.png');
  });

  it('embeds the page data without anything that ends the script element', () => {
    const out = serialiseSsrData({ fallback: { k: { name: '</script><!-- x' } } });
    expect(out).not.toMatch(/<|>/);
    expect(JSON.parse(out).fallback.k.name).toBe('</script><!-- x');
  });

  it('offers the price, and rates only an app that has ratings', () => {
    const unrated = softwareApplication(app, 'u', 'o') as Record<string, unknown>;
    expect(unrated.offers).toMatchObject({ '@type': 'Offer', price: '49.00', priceCurrency: 'USD' });
    expect(unrated).not.toHaveProperty('aggregateRating');
    const free = softwareApplication({ ...app, pricing_model: 'free', price: 0 }, 'u', 'o') as { offers: object };
    expect(free.offers).toMatchObject({ price: '0' });
    const rated = softwareApplication({ ...app, average_rating: 4.66 }, 'u', 'o');
    expect(rated).toMatchObject({ aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.7, bestRating: 5 } });
  });
});
