import { describe, expect, it } from 'vitest';
import { makeApp } from '../testing/fixtures';
import { appKey, inCategory, matchesSearch, sortApps, splitTags } from './filter-apps';

describe('filter-apps', () => {
  it('matches name or description, case-insensitively', () => {
    const app = makeApp({ name: 'Perio Pro', description: 'Periodontal CHARTING', short_description: null });
    expect(matchesSearch(app, 'perio')).toBe(true);
    expect(matchesSearch(app, 'charting')).toBe(true);
    expect(matchesSearch(app, '  ')).toBe(true);
    expect(matchesSearch(app, 'billing')).toBe(false);
  });

  it('matches a category by slug or by name', () => {
    const billing = { name: 'Billing & Insurance', slug: 'billing-insurance' };
    expect(inCategory({ category: 'Billing & Insurance', category_slug: null }, billing)).toBe(true);
    expect(inCategory({ category: 'x', category_slug: 'billing-insurance' }, billing)).toBe(true);
    expect(inCategory({ category: 'Marketing', category_slug: 'marketing' }, billing)).toBe(false);
    expect(inCategory({ category: 'Marketing', category_slug: 'marketing' }, undefined)).toBe(true);
  });

  it('sorts by name, price (free as 0) and rating, ties by name', () => {
    const a = makeApp({ name: 'b-app', price: 10, average_rating: 4 });
    const b = makeApp({ name: 'A-app', pricing_model: 'free', price: 50, average_rating: 4 });
    const c = makeApp({ name: 'c-app', price: 5, average_rating: 5 });
    const names = (list: { name: string }[]) => list.map((x) => x.name);
    expect(names(sortApps([a, b, c], 'name'))).toEqual(['A-app', 'b-app', 'c-app']);
    expect(names(sortApps([a, b, c], 'price_low'))).toEqual(['A-app', 'c-app', 'b-app']);
    expect(names(sortApps([a, b, c], 'price_high'))).toEqual(['b-app', 'c-app', 'A-app']);
    expect(names(sortApps([a, b, c], 'rating'))).toEqual(['c-app', 'A-app', 'b-app']);
  });

  it('splits comma tags and keys apps by slug, else id', () => {
    expect(splitTags(' a, b,,a , c ')).toEqual(['a', 'b', 'c']);
    expect(appKey({ id: 'id-1', slug: '' })).toBe('id-1');
    expect(appKey({ id: 'id-1', slug: 'nice' })).toBe('nice');
  });
});
