/**
 * Issue 16 item 4: every input the server accepts has a bound in its contract, derived from the
 * server's own OpenAPI document (so a new endpoint cannot forget): numbers a minimum and a maximum
 * (or a list of values), strings a maximum length (or a list, a format), arrays a maximum count,
 * maps a maximum number of keys. Then the values a hostile client tried: an offset of 2^63, 1e21,
 * 1e309, are refused with a 400 that names the field, on every paged listing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { EventBus } from '../../src/server/live/bus.ts';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

type JsonSchema = { readonly [key: string]: unknown };

/** Every schema node of an input that lacks a bound, as "where: what is missing". */
function unbounded(schema: unknown, where: string, defs: Record<string, unknown>, seen = new Set<unknown>()): string[] {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as JsonSchema;
  const found: string[] = [];
  const ref = node['$ref'];
  if (typeof ref === 'string') {
    const target = defs[ref.split('/').pop() ?? ''];
    if (target === undefined) found.push(`${where}: $ref ${ref} does not resolve`);
    else found.push(...unbounded(target, where, defs, seen));
  }
  const types = ([] as unknown[]).concat(node['type'] ?? []);
  const listed = node['enum'] !== undefined || node['const'] !== undefined;
  // A bound may sit in an `allOf` member (effect puts a later annotation's check there).
  const has = (key: string): boolean => node[key] !== undefined || ((node['allOf'] as JsonSchema[] | undefined) ?? []).some((member) => member[key] !== undefined);
  if ((types.includes('number') || types.includes('integer')) && !listed && !((has('minimum') || has('exclusiveMinimum')) && (has('maximum') || has('exclusiveMaximum')))) found.push(`${where}: a number without a minimum and a maximum`);
  if (types.includes('string') && !listed && !has('maxLength') && !has('format')) found.push(`${where}: a string without a maximum length`);
  if (types.includes('array') && !has('maxItems')) found.push(`${where}: an array without a maximum count`);
  const additional = node['additionalProperties'];
  if (types.includes('object') && additional !== undefined && additional !== false && !has('maxProperties')) found.push(`${where}: a map without a maximum number of keys`);
  for (const [key, value] of Object.entries((node['properties'] as Record<string, unknown> | undefined) ?? {})) found.push(...unbounded(value, `${where}.${key}`, defs, seen));
  if (typeof additional === 'object') found.push(...unbounded(additional, `${where}{}`, defs, seen));
  for (const key of ['items', 'prefixItems']) for (const item of ([] as unknown[]).concat(node[key] ?? [])) found.push(...unbounded(item, `${where}[]`, defs, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const option of (node[key] as unknown[] | undefined) ?? []) found.push(...unbounded(option, where, defs, seen));
  return found;
}

interface Operation {
  readonly parameters?: readonly { readonly name: string; readonly in: string; readonly schema: unknown }[];
  readonly requestBody?: { readonly content: Record<string, { readonly schema: JsonSchema }> };
}

describe('the contract bounds every input (issue 16 item 4)', () => {
  const tmp = tempDir();
  let server: TestServer;
  let paths: Record<string, Record<string, Operation>>;
  let components: Record<string, unknown>;
  let superUser: string;

  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), bus: new EventBus() });
    superUser = await signIn(server, 'super_user');
    const document = (await call(server, 'openapi.json')).json as { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };
    paths = document.paths;
    components = document.components?.schemas ?? {};
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('has a bound on every number, text, list and map of every parameter and JSON body', () => {
    const found: string[] = [];
    let inputs = 0;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path.replace('/luc/luc-core-web/rest/', '')}`;
        for (const parameter of operation.parameters ?? []) {
          inputs += 1;
          found.push(...unbounded(parameter.schema, `${name} ${parameter.in} ${parameter.name}`, components));
        }
        const body = operation.requestBody?.content['application/json']?.schema;
        if (body !== undefined) {
          inputs += 1;
          found.push(...unbounded(body, `${name} body`, { ...components, ...((body['$defs'] as Record<string, unknown> | undefined) ?? {}) }));
        }
      }
    }
    expect(inputs).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });

  const PAGED = ['v2/admin/groups', 'v2/admin/users', 'v2/admin/inventories'];
  const HOSTILE: readonly [string, string][] = [
    ['offset', '9223372036854775808'],
    ['offset', '1e21'],
    ['offset', '1e309'],
    ['limit', '1e21'],
    ['offset', '-1'],
  ];

  it.each(PAGED.flatMap((path) => HOSTILE.map(([field, value]) => [path, field, value] as const)))('%s?%s=%s is refused with a 400 naming the field', async (path, field, value) => {
    const answer = await call(server, `${path}?${field}=${value}`, { cookie: superUser });
    expect(answer.status).toBe(400);
    expect(String((answer.json as { message?: unknown }).message)).toContain(field);
  });

  it('refuses 1e21 and 1e309 in a JSON body, naming the field', async () => {
    const cookie = superUser;
    for (const raw of ['1e21', '1e309']) {
      const answer = await call(server, 'userPreferences/vue', { method: 'PUT', cookie, rawBody: `{"leftPanelWidth": ${raw}}` });
      expect(answer.status).toBe(400);
      expect(String((answer.json as { message?: unknown }).message)).toContain('leftPanelWidth');
    }
  });
});
