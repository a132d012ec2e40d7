/**
 * Rules of the README that no other test holds (issue 25): outside tests, no double cast
 * (`as unknown as`): a value's type is checked (a guard, a typed mapper) or narrowed, not laundered.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCES = ['functions', 'frontend/src', 'frontend/build', 'shared', 'lib', 'bin'];
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)testing\//.test(file);

describe('code rules', () => {
  it('no `as unknown as` outside tests', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...SOURCES], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mts)$/.test(f) && !isTestCode(f));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((f) => /\bas unknown as\b/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
