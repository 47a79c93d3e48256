import { Ajv, type AnySchema, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

/**
 * JSON-schema validation for every route part.
 *
 * Two Ajv instances: query strings, params and headers arrive as text, so they are coerced
 * ("50" → 50); bodies are JSON and must carry the right types ({"delay": "50"} is refused, not
 * coerced). Additional properties are refused where a schema says so, never silently dropped.
 * Ajv is the same version Fastify itself uses (pinned in package.json).
 */
type AjvInstance = Ajv;
// ajv-formats is CommonJS: its default export arrives wrapped when loaded from ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => void;

const BASE: Options = {
  useDefaults: true,
  removeAdditional: false,
  allErrors: false, // one error at a time: allErrors on user input is a known DoS vector
  addUsedSchema: false,
  strict: false, // OpenAPI keywords such as `example` and `description` are allowed in schemas
};

function makeAjv(coerce: boolean): AjvInstance {
  const ajv = new Ajv({ ...BASE, coerceTypes: coerce ? 'array' : false });
  addFormats(ajv);
  return ajv;
}

export function makeValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const textual = makeAjv(true);
  const json = makeAjv(false);
  return ({ schema, httpPart }) => (httpPart === 'body' ? json : textual).compile(schema as AnySchema) as ReturnType<FastifySchemaCompiler<unknown>>;
}

/** Where a value came from, as the client named it. */
const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

function jsonPointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .filter((p) => p !== '')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('');
}

/**
 * One sentence naming the field: `body.username is required`, `query.limit must be <= 500`,
 * `body has an unknown field 'foo'`, `body.delay must be integer`.
 */
export function describeValidationError(error: FastifySchemaValidationError | ErrorObject, dataVar: string): string {
  const part = PART_NAMES[dataVar] ?? dataVar;
  const at = `${part}${jsonPointerToPath(error.instancePath ?? '')}`;
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${at}.${String(params['missingProperty'])} is required`;
    case 'additionalProperties':
      return `${at} has an unknown field '${String(params['additionalProperty'])}'`;
    case 'enum':
      return `${at} must be one of ${((params['allowedValues'] as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `${at} must be ${String(params['type'])}`;
    default:
      return `${at} ${error.message ?? 'is invalid'}`;
  }
}

/** Fastify's schemaErrorFormatter: the Error's message becomes the 400 answer's `message`. */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  return new Error(first ? describeValidationError(first, dataVar) : `${PART_NAMES[dataVar] ?? dataVar} is invalid`);
}
