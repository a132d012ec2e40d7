/**
 * JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it) turned into what a reader needs: a type
 * label, the child properties to expand, the constraints in words, and an example value.
 */
import { deref, type JsonSchema, type OpenApiDocument, refName } from './openapi';

export interface Resolved {
  schema: JsonSchema;
  /** The component name when the schema came through a $ref. */
  name?: string;
}

export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema | undefined): Resolved {
  if (!schema) return { schema: {} };
  if (schema.$ref) {
    const target = deref<JsonSchema>(doc, schema);
    // Sibling keywords of a $ref (e.g. a description) refine the target in 2020-12.
    const { $ref, ...siblings } = schema;
    return { schema: { ...(target ?? {}), ...siblings }, name: refName($ref) };
  }
  return { schema };
}

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

const variantsOf = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf;

/** A short label: 'string', 'integer | null', 'array of ApiKey', 'ApiKey', 'object'. */
export function typeLabel(doc: OpenApiDocument, input: JsonSchema | undefined, depth = 0): string {
  if (!input || depth > 6) return 'any';
  const { schema, name } = resolveSchema(doc, input);
  const variants = variantsOf(schema);
  if (variants?.length) {
    return [...new Set(variants.map((v) => typeLabel(doc, v, depth + 1)))].join(' | ');
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = typesOf(schema);
  const labels = (types.length ? types : schema.properties ? ['object'] : schema.items ? ['array'] : []).map((t) => {
    if (t === 'array') return schema.items ? `array of ${typeLabel(doc, schema.items, depth + 1)}` : 'array';
    if (t === 'object' && name) return name;
    if (t === 'string' && schema.format) return `string (${schema.format})`;
    return t;
  });
  if (!labels.length) return name ?? (schema.allOf ? 'object' : 'any');
  return labels.join(' | ');
}

export interface ChildProperty {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** Merges allOf parts and picks the object variant of anyOf/oneOf (e.g. `Thing | null`). */
function objectShape(doc: OpenApiDocument, input: JsonSchema, depth: number): JsonSchema | undefined {
  if (depth > 6) return undefined;
  const { schema } = resolveSchema(doc, input);
  if (schema.properties) return schema;
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((part) => objectShape(doc, part, depth + 1)).filter(Boolean) as JsonSchema[];
    if (!parts.length) return undefined;
    return {
      properties: Object.assign({}, ...parts.map((p) => p.properties)),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  for (const variant of variantsOf(schema) ?? []) {
    const shape = objectShape(doc, variant, depth + 1);
    if (shape) return shape;
  }
  return undefined;
}

/** The element schema when the schema is (or may be) an array. */
function arrayItems(doc: OpenApiDocument, input: JsonSchema, depth: number): JsonSchema | undefined {
  if (depth > 6) return undefined;
  const { schema } = resolveSchema(doc, input);
  if (schema.items && (typesOf(schema).includes('array') || !schema.type)) return schema.items;
  for (const variant of variantsOf(schema) ?? []) {
    const items = arrayItems(doc, variant, depth + 1);
    if (items) return items;
  }
  return undefined;
}

/**
 * The properties to list under a schema: its own (object), or its elements' (array of objects).
 * Empty for scalars.
 */
export function childrenOf(doc: OpenApiDocument, schema: JsonSchema): ChildProperty[] {
  const shape =
    objectShape(doc, schema, 0) ??
    (() => {
      const items = arrayItems(doc, schema, 0);
      return items ? objectShape(doc, items, 0) : undefined;
    })();
  if (!shape?.properties) return [];
  const required = new Set(shape.required ?? []);
  return Object.entries(shape.properties).map(([name, child]) => ({
    name,
    schema: child,
    required: required.has(name),
  }));
}

/** The component names met on the way to a schema's children, for cycle detection. */
export const refsOf = (schema: JsonSchema): string[] => {
  const out: string[] = [];
  if (schema.$ref) out.push(schema.$ref);
  if (schema.items?.$ref) out.push(schema.items.$ref);
  for (const v of schema.anyOf ?? schema.oneOf ?? []) if (v.$ref) out.push(v.$ref);
  return out;
};

const fmt = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Constraints in words: 'default: 50', '1 to 100', 'up to 128 characters', 'pattern: ...'. */
export function constraintsOf(doc: OpenApiDocument, input: JsonSchema): string[] {
  const { schema } = resolveSchema(doc, input);
  const out: string[] = [];
  if (schema.default !== undefined) out.push(`default: ${fmt(schema.default)}`);
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (min !== undefined && max !== undefined) out.push(`${min} to ${max}`);
  else if (min !== undefined) out.push(`at least ${min}`);
  else if (max !== undefined) out.push(`at most ${max}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) {
    out.push(
      schema.minLength === schema.maxLength
        ? `exactly ${schema.minLength} characters`
        : `${schema.minLength} to ${schema.maxLength} characters`,
    );
  } else if (schema.maxLength !== undefined) out.push(`up to ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) out.push(`at least ${schema.minLength} characters`);
  if (schema.minItems !== undefined) out.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) out.push(`pattern: ${schema.pattern}`);
  return out;
}

/** Allowed values, for enums (also inside `X | null`). */
export function enumOf(doc: OpenApiDocument, input: JsonSchema): unknown[] {
  const { schema } = resolveSchema(doc, input);
  if (schema.enum) return schema.enum;
  return (variantsOf(schema) ?? []).flatMap((v) => enumOf(doc, v));
}

const STRING_SAMPLES: Array<[RegExp, string]> = [
  [/email/i, 'dev@example.com'],
  [/(^|_)(url|website)$|_url$/i, 'https://example.com'],
  [/(_at|date|timestamp)$/i, '2025-01-15T10:00:00.000Z'],
  [/(^|_)id$/i, '3f2b9c1e-7a41-4d2e-9d0b-5c1a2b3c4d5e'],
  [/slug$/i, 'patient-management'],
  [/password/i, 'a-strong-password'],
];

function sampleString(schema: JsonSchema, name: string | undefined): string {
  if (schema.format === 'email') return 'dev@example.com';
  if (schema.format === 'date-time') return '2025-01-15T10:00:00.000Z';
  if (schema.format === 'date') return '2025-01-15';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com';
  for (const [pattern, sample] of STRING_SAMPLES) if (name && pattern.test(name)) return sample;
  return 'string';
}

/** A plausible example value for a schema (its own example, default or enum first). */
export function exampleOf(doc: OpenApiDocument, input: JsonSchema | undefined, name?: string, depth = 0): unknown {
  if (!input || depth > 6) return null;
  const { schema } = resolveSchema(doc, input);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variants = variantsOf(schema);
  if (variants?.length) {
    const concrete = variants.find((v) => !typesOf(resolveSchema(doc, v).schema).every((t) => t === 'null'));
    return exampleOf(doc, concrete ?? variants[0], name, depth + 1);
  }
  const shape = objectShape(doc, schema, 0);
  if (shape?.properties) {
    return Object.fromEntries(
      Object.entries(shape.properties).map(([key, child]) => [key, exampleOf(doc, child, key, depth + 1)]),
    );
  }
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.items ? 'array' : undefined);
  switch (type) {
    case 'array':
      return schema.items ? [exampleOf(doc, schema.items, name, depth + 1)] : [];
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'object':
      return {};
    case undefined:
      return typesOf(schema).includes('null') ? null : {};
    default:
      return null;
  }
}
