/**
 * zod -> JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) for the OpenAPI document.
 *
 * z.toJSONSchema puts schemas that carry a `.meta({ id })` under `$defs` and points at them with
 * `#/$defs/<id>`. Inside an OpenAPI document `#` is the document root, so those definitions are
 * moved to `components.schemas` and the references rewritten. Request schemas are converted as
 * their input side (what a client sends), response schemas as their output side.
 */
import * as z from 'zod';

export type JsonSchema = Record<string, unknown>;
export type SchemaSide = 'input' | 'output';

const COMPONENT_PREFIX = '#/components/schemas/';
const SAFE_INT_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** Component name of a definition: responses keep the id; request sides get an Input suffix. */
const componentName = (id: string, side: SchemaSide) => (side === 'output' ? id : `${id}Input`);

function rewrite(node: unknown, side: SchemaSide): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, side));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node as JsonSchema)) {
    if (k === '$schema') continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
      out.$ref = `${COMPONENT_PREFIX}${componentName(v.slice('#/$defs/'.length), side)}`;
      continue;
    }
    // zod's bounds for "any safe integer" say nothing a reader needs.
    if ((k === 'minimum' || k === 'maximum') && typeof v === 'number' && SAFE_INT_BOUNDS.has(v)) continue;
    out[k] = rewrite(v, side);
  }
  return out;
}

/** Converts schemas and collects the named definitions they share. */
export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, side: SchemaSide): JsonSchema {
    const raw = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: side,
      unrepresentable: 'any',
    }) as JsonSchema;
    const defs = (raw.$defs ?? {}) as Record<string, JsonSchema>;
    delete raw.$defs;
    for (const [id, def] of Object.entries(defs)) {
      this.components[componentName(id, side)] = rewrite(def, side) as JsonSchema;
    }
    return rewrite(raw, side) as JsonSchema;
  }
}
