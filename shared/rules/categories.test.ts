import { describe, expect, it } from 'vitest';
import { slugifyCategoryName } from './categories';

describe("slugifyCategoryName (the category form's slug from a name)", () => {
  it('lowercases and turns whitespace into hyphens', () => {
    expect(slugifyCategoryName('Patient Management')).toBe('patient-management');
    expect(slugifyCategoryName('Lab\tIntegration')).toBe('lab-integration');
  });

  it('drops everything except a-z, 0-9 and hyphens', () => {
    expect(slugifyCategoryName('Imaging/X-Ray 3D!')).toBe('imagingx-ray-3d');
    expect(slugifyCategoryName('Café & Co')).toBe('caf--co');
  });

  it('ignores outer spaces so typing a trailing space does not add a hyphen', () => {
    expect(slugifyCategoryName('  Marketing ')).toBe('marketing');
  });
});
