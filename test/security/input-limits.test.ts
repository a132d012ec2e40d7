/**
 * A 2 KB login e-mail answered 500 (DynamoDB refuses keys that long); every text
 * the server reads from a request must have a maximum length and answer 400 beyond it. Passwords
 * are hashed at OWASP's scrypt minimum (N=2^17, r=8, p=1) and older hashes upgraded on sign-in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { registerDeveloper, signIn } from './support/accounts';
import { callFrom, newClient, ownServer } from './support/own-server';

// The product's own hashing cost: this file does not take the cheaper test-stack setting.
const server = ownServer({ SCRYPT_LOG2_N: undefined });

async function storedHash(userId: string): Promise<string> {
  const { documentClient, tableName } = await import('../../functions/adapters/aws-clients');
  const res = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: { PK: `USER#${userId}`, SK: 'PROFILE' }, ConsistentRead: true }),
  );
  return String(res.Item?.password_hash);
}

/** The parts of a zod 4 schema's internals the walk below reads (zod types them as a wide union). */
interface ZodInternals {
  maxLength?: unknown;
  _zod: {
    def: {
      type: string;
      checks?: Array<{ _zod: { def: { check: string } } }>;
      shape?: Record<string, z.ZodType>;
      catchall?: z.ZodType;
      element?: z.ZodType;
      keyType?: z.ZodType;
      valueType?: z.ZodType;
      options?: z.ZodType[];
      left?: z.ZodType;
      right?: z.ZodType;
      in?: z.ZodType;
      innerType?: z.ZodType;
      getter?: () => z.ZodType;
    };
  };
}
const internals = (schema: z.ZodType) => schema as unknown as ZodInternals;

const bounded = (s: ZodInternals): boolean =>
  typeof s.maxLength === 'number' ||
  (s._zod.def.checks ?? []).some((c) => ['max_length', 'length_equals'].includes(c._zod.def.check));

describe('oversized input (item 6)', () => {
  it.each([['/api/login'], ['/api/admin-login'], ['/api/forgot-password']])(
    '%s with a 2 KB+ e-mail answers 400, not 500',
    async (path) => {
      const email = `${'a'.repeat(2100)}@example.com`;
      const res = await callFrom(server.url, newClient(), 'POST', path, { body: { email, password: 'whatever' } });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBeTruthy();
    },
  );

  it('every text field of every request schema the server parses has a maximum length', async () => {
    // The schemas named in a `parse(Schema, ...)` call anywhere in functions/.
    const parsed = new Set<string>();
    const walkDir = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walkDir(path);
        else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) {
          for (const m of readFileSync(path, 'utf8').matchAll(/\bparse\(([A-Z]\w+),/g)) parsed.add(m[1] as string);
        }
      }
    };
    walkDir(resolve('functions'));
    const exported: Record<string, unknown> = {};
    for (const file of readdirSync(resolve('shared/schemas')).filter((f) => !f.endsWith('.test.ts'))) {
      Object.assign(exported, await import(`../../shared/schemas/${file}`));
    }
    const unbounded: string[] = [];
    const seen = new Set<unknown>();
    const walk = (schema: z.ZodType | undefined, path: string) => {
      if (!schema || seen.has(schema)) return;
      seen.add(schema);
      const def = internals(schema)._zod.def;
      switch (def.type) {
        case 'string':
          if (!bounded(internals(schema))) unbounded.push(path);
          return;
        case 'object':
          for (const [k, v] of Object.entries(def.shape ?? {})) walk(v, `${path}.${k}`);
          if (def.catchall) walk(def.catchall, `${path}.*`);
          return;
        case 'array':
          return walk(def.element, `${path}[]`);
        case 'record':
          walk(def.keyType, `${path}{key}`);
          return walk(def.valueType, `${path}{}`);
        case 'union':
          for (const [i, o] of (def.options ?? []).entries()) walk(o, `${path}|${i}`);
          return;
        case 'intersection':
          walk(def.left, path);
          return walk(def.right, path);
        case 'pipe':
          // The input side is what reaches the server; a string on the output side was bounded before.
          return walk(def.in, path);
        case 'optional':
        case 'nullable':
        case 'default':
        case 'prefault':
        case 'catch':
        case 'readonly':
        case 'nonoptional':
          return walk(def.innerType, path);
        case 'lazy':
          return walk(def.getter?.(), path);
        default:
          return;
      }
    };
    const missing = [...parsed].filter((name) => !(name in exported));
    for (const name of parsed) if (name in exported) walk(exported[name] as z.ZodType, name);
    expect(missing.filter((n) => !['Params', 'CategoryIdParams'].includes(n))).toEqual([]);
    expect(parsed.size).toBeGreaterThan(20);
    expect(unbounded).toEqual([]);
  });
});

describe('password hashing cost (item 6)', () => {
  it('hashes new passwords with scrypt N=2^17, r=8, p=1 and upgrades an older hash on the next sign-in', async () => {
    const dev = await registerDeveloper(server.url);
    expect(await storedHash(dev.id)).toMatch(/^scrypt\$131072\$8\$1\$/);

    // An account hashed at the old cost (2^15) signs in: its hash is upgraded.
    const { hashPasswordWith } = await import('../../functions/core/users/password');
    const { dynamoUsersRepository } = await import('../../functions/adapters/dynamodb/users-repo');
    await dynamoUsersRepository.setPasswordHash(
      dev.id,
      await hashPasswordWith(dev.password, { N: 2 ** 15, r: 8, p: 1 }),
    );
    expect(await storedHash(dev.id)).toMatch(/^scrypt\$32768\$/);
    expect((await signIn(server.url, dev.email, dev.password)).status).toBe(200);
    expect(await storedHash(dev.id)).toMatch(/^scrypt\$131072\$8\$1\$/);
  });
});
