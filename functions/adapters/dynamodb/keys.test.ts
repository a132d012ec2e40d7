import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appKey, licenceKeyLookupKey, purchaseKeys, timeSort, userKeys } from './keys';

const ROOT = join(__dirname, '../../..');
/** Code that reads or writes the table. Tests may spell keys out to check the stored layout. */
const SCANNED = ['functions', 'bin', 'test/support', 'test/security/support', 'test/integration/checkout-fixtures.ts'];
const KEYS_FILE = 'functions/adapters/dynamodb/keys.ts';

/** An inline key: a string or template literal starting with a `PREFIX#`, or a key attribute set to a literal. */
const INLINE_KEY = [
  /['"`][A-Z][A-Z0-9_]{2,}#/,
  /\b(?:PK|SK|GSI\dPK|GSI\dSK)\s*:\s*['"`]/,
  /['"]:(?:pk|sk)['"]\s*:\s*['"`]/,
];

function inlineKeys(source: string): string[] {
  return source
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .filter((line) => !/^\s*(\*|\/\*)/.test(line))
    .filter((line) => INLINE_KEY.some((re) => re.test(line)))
    .map((line) => line.trim());
}

function files(path: string): string[] {
  const abs = join(ROOT, path);
  if (!statSync(abs).isDirectory()) return [path];
  return readdirSync(abs).flatMap((name) =>
    name === 'node_modules' || name.startsWith('.') ? [] : files(join(path, name)),
  );
}

describe('table keys', () => {
  it('are spelled only in keys.ts', () => {
    const offenders = SCANNED.flatMap(files)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== KEYS_FILE)
      .flatMap((f) => inlineKeys(readFileSync(join(ROOT, f), 'utf8')).map((line) => `${f}: ${line}`));
    expect(offenders).toEqual([]);
  });

  it('the check catches inline keys and lets builders through', () => {
    expect(inlineKeys("Key: { PK: `APP#` + id, SK: 'APP' },")).toHaveLength(1);
    expect(inlineKeys("  ExpressionAttributeValues: { ':pk': 'SYNCRUNS' },")).toHaveLength(1);
    expect(inlineKeys("  GSI1PK: 'AUDITLOG',")).toHaveLength(1);
    expect(inlineKeys("const p = 'PURCHASE#';")).toHaveLength(1);
    expect(inlineKeys('Key: appKey(id), GSI1PK: userKeys.listPartition,')).toEqual([]);
    expect(inlineKeys(' * | app by id | table | PK=APP#<id>, SK=APP |')).toEqual([]);
  });

  it('build the documented layout', () => {
    expect(appKey('a1')).toEqual({ PK: 'APP#a1', SK: 'APP' });
    expect(userKeys.user('u1')).toEqual({ PK: 'USER#u1', SK: 'PROFILE' });
    expect(purchaseKeys.buyerSort({ created_at: '2026-01-01', id: 'p1' })).toBe('PURCHASE#2026-01-01#p1');
    expect(purchaseKeys.idOfPk(purchaseKeys.purchase('p1').PK)).toBe('p1');
    expect(timeSort('2026-01-01', 'x')).toBe('2026-01-01#x');
    expect(licenceKeyLookupKey('a1', 'K').PK).toMatch(/^LICENSEKEY#a1#[0-9a-f]{64}$/);
  });
});
