/**
 * The environment of a unit test of configuration-dependent code. `envForTests(names)` gives a
 * setter: each call clears `names`, sets the given values (with vi.stubEnv, so every change is
 * undone after the test) and forgets the parsed configuration, plus whatever `reset` forgets
 * (cached clients). Empty strings count as unset, as in the configuration.
 */
import { afterEach, vi } from 'vitest';
import { resetConfigForTests } from '../config';

export function envForTests<const N extends string>(names: readonly N[], reset: () => void = () => {}) {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
    reset();
  });
  return (env: Partial<Record<N, string>>): void => {
    const values: Partial<Record<string, string>> = env;
    for (const name of names as readonly string[]) vi.stubEnv(name, values[name]);
    resetConfigForTests();
    reset();
  };
}
