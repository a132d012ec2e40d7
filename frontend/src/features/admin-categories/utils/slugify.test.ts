import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';

describe('slugify', () => {
  it('lowercases and turns whitespace into hyphens', () => {
    expect(slugify('Patient Management')).toBe('patient-management');
    expect(slugify('Lab\tIntegration')).toBe('lab-integration');
  });

  it('drops everything except a-z, 0-9 and hyphens', () => {
    expect(slugify('Imaging/X-Ray 3D!')).toBe('imagingx-ray-3d');
    expect(slugify('Café & Co')).toBe('caf--co');
  });

  it('ignores outer spaces so typing a trailing space does not add a hyphen', () => {
    expect(slugify('  Marketing ')).toBe('marketing');
  });
});
