/**
 * JSON Schema (draft 2020-12) of a contract schema, for Fastify's validation and the OpenAPI
 * document. Derived by effect itself (`Schema.toJsonSchemaDocument`), with unknown fields refused
 * (`onExcessProperty: 'error'`: a body with a field the contract does not name is a 400, never
 * silently dropped) and named sub-schemas kept in the schema's own `$defs`. The reference
 * annotations of common.ts (`x-ref`, `x-part-of`, `x-not-ref`) are kept: the server's reference
 * checks and the tests read them.
 */
import { Schema } from 'effect';
import type { WireSchema } from './endpoint.ts';
import { REFERENCE_KEYS } from './common.ts';

export type JsonSchema = Record<string, unknown>;

const cache = new WeakMap<WireSchema, JsonSchema>();

export function jsonSchemaOf(schema: WireSchema): JsonSchema {
  const hit = cache.get(schema);
  if (hit !== undefined) return hit;
  const document = Schema.toJsonSchemaDocument(schema, { onExcessProperty: 'error', includeAnnotationKey: (key) => REFERENCE_KEYS.includes(key) });
  const definitions = document.definitions as Record<string, unknown>;
  const derived: JsonSchema = {
    ...(document.schema as JsonSchema),
    ...(Object.keys(definitions).length > 0 ? { $defs: definitions } : {}),
  };
  cache.set(schema, derived);
  return derived;
}

/** The names of an object schema's properties (the `{name}` check of path parameters uses it). */
export function propertyNames(schema: JsonSchema): string[] {
  const properties = schema['properties'];
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}
