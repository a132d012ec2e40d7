import { describe, expect, it } from 'vitest';
import { CategoryPayloadSchema, slugifyCategoryName, withCategoryDefaults } from './categories';

const issue = (input: unknown) => {
  const r = CategoryPayloadSchema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('category payload', () => {
  it('requires name and slug with the spec text', () => {
    expect(issue({})).toBe('Name and slug are required');
    expect(issue({ name: 'A' })).toBe('Name and slug are required');
    expect(issue({ name: ' ', slug: 'a' })).toBe('Name and slug are required');
    expect(issue({ name: 'A', slug: null })).toBe('Name and slug are required');
  });

  it('accepts only lowercase letters, digits and hyphens in slugs', () => {
    expect(issue({ name: 'A', slug: 'ok-slug-2' })).toBeUndefined();
    for (const slug of ['Upper', 'with space', 'under_score', 'é']) expect(issue({ name: 'A', slug })).toMatch(/Slug/);
  });

  it('parses display_order as an integer and checks colours', () => {
    expect(CategoryPayloadSchema.parse({ name: 'A', slug: 'a', display_order: '7' }).display_order).toBe(7);
    expect(CategoryPayloadSchema.parse({ name: 'A', slug: 'a', display_order: '' }).display_order).toBeUndefined();
    expect(issue({ name: 'A', slug: 'a', display_order: 1.5 })).toMatch(/whole number/);
    expect(issue({ name: 'A', slug: 'a', display_order: -1 })).toMatch(/whole number/);
    expect(issue({ name: 'A', slug: 'a', color: 'red' })).toMatch(/hex/);
    expect(CategoryPayloadSchema.parse({ name: 'A', slug: 'a', color: '' }).color).toBeUndefined();
  });

  it('fills the spec defaults on create', () => {
    expect(withCategoryDefaults(CategoryPayloadSchema.parse({ name: 'A', slug: 'a' }))).toEqual({
      name: 'A',
      slug: 'a',
      description: '',
      icon: '',
      color: '#3B82F6',
      display_order: 0,
      is_active: true,
    });
  });

  it('derives slugs from names the way the form does', () => {
    expect(slugifyCategoryName('Imaging & X-Ray')).toBe('imaging--x-ray');
    expect(slugifyCategoryName('  Patient   Management ')).toBe('patient-management');
  });
});
