import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, signIn, tempDir } from './server-harness.ts';
import { GROUP, startUnitServer, type UnitTestServer } from './units-harness.ts';

// Issue 3 item 8: client input never causes a 500, a 4xx always says what is wrong, and a
// rejected request changes nothing stored. Every operation of the server's own OpenAPI document
// is called with generated path values, queries and bodies (valid-looking and hostile).

interface Operation {
  method: string;
  path: string;
}

let server: UnitTestServer;
let cookie: string;
let operations: Operation[];
let unitIds: string[];
const temp = tempDir();

beforeAll(async () => {
  server = await startUnitServer(`${temp.dir}/fuzz.db`, 60);
  cookie = await signIn(server, 'super_user');
  const openapi = (await call(server, 'openapi.json')).json as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(openapi.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path: path.replace(/^\/luc\/luc-core-web\/rest\//, '') })),
  ).filter((operation) => !operation.path.startsWith('auth/')); // signing out would end the fuzzing session
  unitIds = (await server.store.units.all()).filter((unit) => unit.groupId === GROUP).map((unit) => unit.uid);
});

afterAll(async () => {
  await server.close();
  temp.cleanup();
});

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '../../etc/passwd', '%00', "'; DROP TABLE units; --", '<script>', '\\', ';', '9'.repeat(400), '-1', '1e309', 'NaN'),
);
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom('name', 'comment', 'delay', 'totalKbps', 'cellularKbps', 'channels', 'port', 'mode', 'description', 'paths', 'files', 'virtualChannelName', 'targetVersion'), fc.jsonValue({ maxDepth: 2 })),
);

function fillPath(template: string, values: { unit: string; text: string }): string {
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    if (name === 'id' || name === 'uid' || name === 'unitId') return values.unit;
    if (name === 'inv' || name === 'inventoryId') return 'INV-NEWS';
    if (name === 'gid' || name === 'groupId') return GROUP;
    return encodeURIComponent(values.text || 'x');
  });
}

describe('every API operation against generated input', () => {
  it('lists enough operations to be worth fuzzing', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('never answers 5xx, names the problem in every 4xx, and a rejected call leaves the unit unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.nat(),
        hostileText,
        fc.option(jsonBody, { nil: undefined }),
        fc.boolean(),
        fc.boolean(),
        async (operationIndex, unitIndex, text, body, malformed, withGroup) => {
          const operation = operations[operationIndex % operations.length]!;
          const unit = unitIds[unitIndex % unitIds.length]!;
          const query = withGroup ? `?crnt_vcg_uid=${GROUP}&groupId=${GROUP}&limit=${encodeURIComponent(text)}` : `?searchValue=${encodeURIComponent(text)}`;
          const before = JSON.stringify(await server.store.units.get(unit));
          const sendsBody = operation.method !== 'GET' && operation.method !== 'DELETE';
          const result = await call(server, fillPath(operation.path, { unit, text }) + query, {
            method: operation.method,
            cookie,
            ...(sendsBody ? (malformed ? { rawBody: '{"broken": ' } : { body: body ?? {} }) : {}),
          });
          const where = `${operation.method} ${operation.path} → ${result.status} ${result.text.slice(0, 200)}`;
          expect(result.status, where).toBeLessThan(500);
          if (result.status >= 400) {
            expect(typeof result.json?.message, where).toBe('string');
            expect(result.json.message.length, where).toBeGreaterThan(0);
            expect(JSON.stringify(await server.store.units.get(unit)), `${where} changed the stored unit`).toBe(before);
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});
