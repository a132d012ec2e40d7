import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports read the same from every folder: shared code as `@shared/…`, and the SPA's own folders as
 * `@/…` once an import would climb two levels or more (tsconfig.base.json, vite and vitest map both).
 */
const IMPORT = /(?:from|import\()\s*'(\.\.?\/[^']+)'/g;

function climbingImports(file: string, source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const spec = match[1] ?? '';
    const target = normalize(join(dirname(file), spec));
    const intoShared = target.startsWith('shared/') && !file.startsWith('shared/');
    const climbsInSpa =
      file.startsWith('frontend/src/') && target.startsWith('frontend/src/') && spec.startsWith('../../');
    if (intoShared) out.push(`${file}: '${spec}' reads '@shared/${target.slice('shared/'.length)}'`);
    else if (climbsInSpa) out.push(`${file}: '${spec}' reads '@/${target.slice('frontend/src/'.length)}'`);
  }
  return out;
}

describe('import aliases', () => {
  it('no file climbs into shared/ or up the SPA folders with ../..', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.startsWith('node_modules/'));
    const found = files.flatMap((f) => {
      try {
        return climbingImports(f, readFileSync(f, 'utf8'));
      } catch {
        return []; // listed by git but deleted in the working tree
      }
    });
    expect(found).toEqual([]);
  });

  it('tells a climbing import from a near one', () => {
    const source = [
      "import { A } from '../../../../../shared/schemas/apps';",
      "import { B } from '../../../lib/api-client';",
      "import { C } from '../utils/c';",
      "import { D } from '@shared/constants';",
    ].join('\n');
    expect(climbingImports('frontend/src/features/x/components/y.tsx', source)).toEqual([
      "frontend/src/features/x/components/y.tsx: '../../../../../shared/schemas/apps' reads '@shared/schemas/apps'",
      "frontend/src/features/x/components/y.tsx: '../../../lib/api-client' reads '@/lib/api-client'",
    ]);
    expect(climbingImports('functions/core/x.ts', "import { A } from '../../shared/constants';")).toEqual([
      "functions/core/x.ts: '../../shared/constants' reads '@shared/constants'",
    ]);
  });
});
