import { type AnySchema, type ErrorObject, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { formatMessage, MESSAGES } from '../../domain/validation/messages.ts';
import { HttpError } from './errors.ts';

/**
 * JSON-schema validation for every route part.
 *
 * Two Ajv instances: query strings, params and headers arrive as text, so they are coerced
 * ("50" → 50); bodies are JSON and must carry the right types ({"delay": "50"} is refused, not
 * coerced). Additional properties are refused where a schema says so, never silently dropped.
 * Ajv is the same version Fastify itself uses (pinned in package.json); the draft 2020-12 flavour,
 * the dialect effect derives the contract's JSON Schemas in (src/protocol/rest/jsonSchema.ts).
 */
type AjvInstance = Ajv2020;
// ajv-formats is CommonJS: its default export arrives wrapped when loaded from ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

const BASE: Options = {
  useDefaults: true,
  removeAdditional: false,
  allErrors: false, // one error at a time: allErrors on user input is a known DoS vector
  addUsedSchema: false,
  strict: false, // OpenAPI keywords such as `example` and `description` are allowed in schemas
};

function makeAjv(coerce: boolean): AjvInstance {
  const ajv = new Ajv2020({ ...BASE, coerceTypes: coerce ? 'array' : false });
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

/**
 * The field a validation error is about, as a form names it (`name`, `links[0].port`; a missing
 * field is named by itself), and the shared message of spec 002 §5 for the broken rule.
 */
export function fieldOfValidationError(error: FastifySchemaValidationError | ErrorObject): { field: string; message: string } | null {
  const params = (error.params ?? {}) as Record<string, unknown>;
  let path = jsonPointerToPath(error.instancePath ?? '').replace(/^\./, '');
  const number = (key: string): number => Number(params[key]);
  let message: string;
  switch (error.keyword) {
    case 'required':
      path = `${path === '' ? '' : `${path}.`}${String(params['missingProperty'])}`;
      message = MESSAGES.required;
      break;
    case 'minLength':
      message = number('limit') === 1 ? MESSAGES.required : formatMessage(MESSAGES.minLength, { 1: number('limit') });
      break;
    case 'maxLength':
      message = formatMessage(MESSAGES.maxLength, { 1: number('limit') });
      break;
    case 'minimum':
      message = formatMessage(MESSAGES.minValue, { 1: number('limit') });
      break;
    case 'maximum':
      message = formatMessage(MESSAGES.maxValue, { 1: number('limit') });
      break;
    case 'pattern':
      message = formatMessage(MESSAGES.pattern, { 1: String(params['pattern']) });
      break;
    case 'type':
      message = params['type'] === 'integer' ? MESSAGES.integer : params['type'] === 'number' ? MESSAGES.number : MESSAGES.invalidField;
      break;
    case 'additionalProperties':
      path = `${path === '' ? '' : `${path}.`}${String(params['additionalProperty'])}`;
      message = MESSAGES.invalidField;
      break;
    default:
      message = MESSAGES.invalidField;
  }
  return path === '' ? null : { field: path, message };
}

/**
 * Fastify's schemaErrorFormatter: a 400 whose `message` names the field (`body.name must NOT have
 * more than 32 characters`) and whose `fields` gives a form the spec's message for it.
 */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  const message = first ? describeValidationError(first, dataVar) : `${PART_NAMES[dataVar] ?? dataVar} is invalid`;
  const field = first ? fieldOfValidationError(first) : null;
  return new HttpError(400, message, field === null ? {} : { fields: { [field.field]: field.message } });
}
