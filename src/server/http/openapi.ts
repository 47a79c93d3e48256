import type { FastifyInstance, RouteOptions } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { API_PREFIX } from './paths.ts';

/**
 * OpenAPI 3.1 generated from the route schemas: an onRoute hook records every route registered
 * under the REST prefix (with its params, querystring, body and response schemas, and the
 * optional `summary`, `description` and `tags` schema keys), and `document()` renders them.
 * Register the collector before any route so it sees them all.
 */
interface Recorded {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  isPublic: boolean;
  noApplicationId: boolean;
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
      });
    }
  }

  /** The routes recorded so far, as "METHOD /path". */
  list(): string[] {
    return this.routes.map((r) => `${r.method.toUpperCase()} ${r.url}`);
  }

  document(info: { title: string; version: string }): JsonSchema {
    const paths: Record<string, Record<string, JsonSchema>> = {};
    for (const r of this.routes) {
      const path = openApiPath(r.url);
      const s = r.schema;
      const operation: JsonSchema = {
        operationId: `${r.method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
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
          'except sign-in, the session cookie set by POST auth/login. Errors answer {"error","message"}.',
      },
      servers: [{ url: '/' }],
      paths,
      components: {
        securitySchemes: {
          applicationId: { type: 'apiKey', in: 'header', name: 'Application-Id' },
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
        schemas: {
          Error: {
            type: 'object',
            required: ['error', 'message'],
            properties: { error: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    };
  }
}
