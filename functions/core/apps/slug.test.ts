import { describe, expect, it } from 'vitest';
import { slugCandidate, slugify } from './slug';

describe('slugs', () => {
  it('derive a readable, URL-safe slug from the name', () => {
    expect(slugify('PerioChart Pro')).toBe('periochart-pro');
    expect(slugify('  Crème Brûlée & Co.  ')).toBe('creme-brulee-and-co');
    expect(slugify('X-Ray / CBCT -- Viewer!')).toBe('x-ray-cbct-viewer');
    expect(slugify('\u{1F9B7}')).toBe('app');
    expect(slugify('!!!')).toBe('app');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
    expect(slugify(`${'b'.repeat(59)} c`)).toBe('b'.repeat(59));
  });

  it('never look like an app id', () => {
    expect(slugify('123e4567-e89b-12d3-a456-426614174000')).toBe('app-123e4567-e89b-12d3-a456-426614174000');
  });

  it('number further candidates from 2', () => {
    expect([1, 2, 3].map((n) => slugCandidate('smile', n))).toEqual(['smile', 'smile-2', 'smile-3']);
  });
});
