/**
 * The outside systems' OpenAPI contracts (shared/contracts/*.openapi.json) are what
 * shared/contracts/generate.ts builds from the adapters' zod schemas: a schema change without
 * `npm run contracts` fails here, and so does a hand edit of a contract.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { INTERNAL_RESOURCES } from '../schemas/outside-systems';
import { CONTRACT_FILES, contractText } from './generate';

const read = (file: string) => readFileSync(join(fileURLToPath(new URL('.', import.meta.url)), file), 'utf8');

describe('outside-system contracts', () => {
  for (const [file, build] of Object.entries(CONTRACT_FILES)) {
    it(`${file} is the one generated from shared/schemas/outside-systems.ts (npm run contracts)`, () => {
      // Compared as JSON, so the formatter may lay the file out its way.
      expect(JSON.parse(read(file))).toEqual(JSON.parse(contractText(build)));
    });

    it(`${file} is a valid OpenAPI 3.1 document`, async () => {
      const doc = JSON.parse(read(file));
      expect(doc.openapi).toMatch(/^3\.1\./);
      const result = await validate(doc);
      expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    });
  }

  it('every list answers a page and the items the adapters validate', () => {
    const internal = JSON.parse(read('internal-system.openapi.json'));
    expect(Object.keys(internal.paths).sort()).toEqual(['/health', ...Object.values(INTERNAL_RESOURCES)].sort());
    for (const name of ['FeaturePage', 'EventTypePage', 'TablePage', 'RelationshipPage']) {
      expect(internal.components.schemas[name].required).toEqual(['items', 'page', 'page_size', 'total', 'has_more']);
    }
    expect(internal.components.schemas.TablePage.properties.items.items.required).toEqual(
      expect.arrayContaining(['name', 'column_count', 'columns']),
    );
    const legacy = JSON.parse(read('legacy-system.openapi.json'));
    expect(Object.keys(legacy.paths).sort()).toEqual(['/health', '/v1/accounts', '/v1/events']);
    expect(legacy.components.schemas.AccountPage.required).toContain('has_more');
    expect(legacy.components.schemas.EventPage.required).toEqual(['items', 'next_cursor', 'has_more']);
    expect(legacy.paths['/v1/events'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['after', 'limit']);
    // The API key header, except for /health.
    for (const doc of [internal, legacy]) {
      expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
      expect(doc.paths['/health'].get.security).toEqual([]);
    }
  });
});
