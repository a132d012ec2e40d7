import { defineSlotRecipe } from '@chakra-ui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addSlotRecipes, getSystem } from './system';

const system = getSystem();

afterEach(() => vi.restoreAllMocks());

describe('the design system', () => {
  it('has every recipe the app uses once all-recipes.ts is loaded (the test setup loads it)', () => {
    for (const key of ['card', 'emptyState', 'nativeSelect', 'dialog', 'menu', 'drawer', 'field', 'tabs', 'toast'])
      expect(system.isSlotRecipe(key), key).toBe(true);
    for (const key of ['button', 'badge', 'textarea', 'checkmark']) expect(system.isRecipe(key), key).toBe(true);
  });

  it('reports a slot recipe asked for before it is added, and styles with it once added', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const key = 'demoPanel';
    const before = system.getSlotRecipeFn(key);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`"${key}" is not loaded`));
    expect(before({}).root).toBeUndefined();

    // Not cached unstyled: once the recipe is added, the same key styles.
    addSlotRecipes({ [key]: defineSlotRecipe({ slots: ['root'], base: { root: { color: 'red.500' } } }) });
    const after = system.getSlotRecipeFn(key);
    expect(after({}).root).toMatchObject({ '@layer recipes': { color: 'var(--chakra-colors-red-500)' } });
    expect(error).toHaveBeenCalledTimes(1);
  });
});
