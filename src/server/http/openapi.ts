import type { FastifyInstance, RouteOptions } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { API_PREFIX } from './paths.ts';
import { jsonSchemaOf } from '../../protocol/rest/jsonSchema.ts';
import { ErrorBody } from '../../protocol/rest/common.ts';
import type { ContractFacts } from './route.ts';
import { accessText } from './route.ts';

/**
 * OpenAPI 3.1 generated from the routes: an onRoute hook records every route registered under the
 * REST prefix. A contract route (defineRoute, route.ts) is documented from its endpoint: the JSON
 * Schemas derived from its effect Schemas, its 2xx answer, the error answers, and its access
 * (`x-access`: the action and the user types granted it) and scope (`x-scope`). Register the
 * collector before any route so it sees them all.
 */
interface Recorded {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  isPublic: boolean;
  noApplicationId: boolean;
  contract: ContractFacts | null;
}

type JsonSchema = Record<string, unknown>;

function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parametersOf(schema: JsonSchema | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema || typeof schema !== 'object') return [];
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name),
    ...(typeof s['description'] === 'string' ? { description: s['description'] } : {}),
    schema: s,
  }));
}

function responsesOf(schema: JsonSchema): JsonSchema {
  const response = schema['response'] as Record<string, JsonSchema> | undefined;
  const out: JsonSchema = {};
  for (const [code, s] of Object.entries(response ?? {})) {
    out[code] = {
      description: typeof s['description'] === 'string' ? s['description'] : code.startsWith('2') ? 'OK' : 'Error',
      content: { 'application/json': { schema: s } },
    };
  }
  if (Object.keys(out).length === 0) out['200'] = { description: 'OK' };
  const error = { $ref: '#/components/schemas/Error' };
  out['400'] ??= { description: 'Invalid input (the message names the field), missing or unknown Application-Id', content: { 'application/json': { schema: error } } };
  return out;
}

export class OpenApiCollector {
  private readonly routes: Recorded[] = [];

  /** Attach to the root instance before routes are registered. */
  attach(app: FastifyInstance): void {
    app.addHook('onRoute', (route: RouteOptions) => this.record(route));
  }

  private record(route: RouteOptions): void {
    const url = route.url;
    if (!url || !url.startsWith(`${API_PREFIX}/`) || url.includes('*')) return;
    if (route.config?.hidden) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) {
      this.routes.push({
        method: method.toLowerCase(),
        url,
        schema: (route.schema ?? {}) as Record<string, unknown>,
        isPublic: route.config?.public === true,
        noApplicationId: route.config?.noApplicationId === true,
        contract: route.config?.contract ?? null,
      });
    }
  }

  /** The routes recorded so far, as "METHOD /path". */
  list(): string[] {
    return this.routes.map((r) => `${r.method.toUpperCase()} ${r.url}`);
  }

  /** Every contract route with its access and scope (the authorization tests derive their matrix from it). */
  contracts(): ContractFacts[] {
    return this.routes.flatMap((r) => (r.contract === null ? [] : [r.contract]));
  }

  private contractOperation(r: Recorded, facts: ContractFacts, operationId: string): JsonSchema {
    const { endpoint, schemas } = facts;
    const error = { $ref: '#/components/schemas/Error' };
    const errorResponse = (description: string): JsonSchema => ({ description, content: { 'application/json': { schema: error } } });
    const success = String(endpoint.successStatus ?? 200);
    return {
      operationId,
      summary: endpoint.summary,
      ...(endpoint.description !== undefined ? { description: endpoint.description } : {}),
      tags: endpoint.tags,
      parameters: [...parametersOf(schemas.params, 'path'), ...parametersOf(schemas.query, 'query')],
      ...(schemas.body !== undefined ? { requestBody: { required: true, content: { 'application/json': { schema: schemas.body } } } } : {}),
      ...(facts.bytes !== undefined
        ? { requestBody: { required: true, description: `Raw bytes, at most ${facts.bytes.maxBytes}`, content: { [facts.bytes.contentType]: { schema: { type: 'string', format: 'binary' } } } } }
        : {}),
      responses: {
        [success]: { description: 'OK', content: { [endpoint.produces ?? 'application/json']: { schema: schemas.response } } },
        '400': errorResponse('Invalid input: the message names the field, `fields` gives each field’s message; missing or unknown Application-Id'),
        ...(r.isPublic ? {} : { '401': errorResponse('No valid session'), '403': errorResponse('Not allowed for this user type, or a group that is not the caller’s') }),
        ...(facts.scope.from.length > 0 ? { '404': errorResponse('Unknown, or of another tenant (the same answer)') } : {}),
      },
      security: r.noApplicationId ? [] : r.isPublic ? [{ applicationId: [] }] : [{ applicationId: [], session: [] }],
      'x-access': accessText(facts.access),
      'x-scope': facts.scope.from.length > 0 ? `${facts.scope.kind} (${facts.scope.from.join(', ')})` : facts.scope.kind,
    };
  }

  document(info: { title: string; version: string }): JsonSchema {
    const paths: Record<string, Record<string, JsonSchema>> = {};
    for (const r of this.routes) {
      const path = openApiPath(r.url);
      const s = r.schema;
      const operationId = `${r.method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
      if (r.contract !== null) {
        (paths[path] ??= {})[r.method] = this.contractOperation(r, r.contract, operationId);
        continue;
      }
      const operation: JsonSchema = {
        operationId,
        ...(typeof s['summary'] === 'string' ? { summary: s['summary'] } : {}),
        ...(typeof s['description'] === 'string' ? { description: s['description'] } : {}),
        ...(Array.isArray(s['tags']) ? { tags: s['tags'] } : {}),
        parameters: [
          ...parametersOf(s['params'] as JsonSchema | undefined, 'path'),
          ...parametersOf(s['querystring'] as JsonSchema | undefined, 'query'),
        ],
        ...(s['body'] ? { requestBody: { required: true, content: { 'application/json': { schema: s['body'] } } } } : {}),
        responses: responsesOf(s),
        security: r.noApplicationId ? [] : r.isPublic ? [{ applicationId: [] }] : [{ applicationId: [], session: [] }],
      };
      (paths[path] ??= {})[r.method] = operation;
    }
    return {
      openapi: '3.1.0',
      info: {
        ...info,
        description:
          'LUC console back end. Every call carries the Application-Id header (the console uses "luc-console") and, ' +
          'except sign-in, the session cookie set by POST auth/login. Errors answer {"error","message"} and, for a ' +
          'refused form, "fields" with each field’s message.',
      },
      servers: [{ url: '/' }],
      paths,
      components: {
        securitySchemes: {
          applicationId: { type: 'apiKey', in: 'header', name: 'Application-Id' },
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
        schemas: {
          Error: jsonSchemaOf(ErrorBody),
        },
      },
    };
  }
}
