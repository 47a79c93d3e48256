import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

describe('bad input gets a 4xx naming the problem, never a stack trace', () => {
  const tmp = tempDir();
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db') });
    cookie = await signIn(server, 'luc_regular');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('answers 400 "body is not valid JSON" to malformed JSON', async () => {
    const result = await call(server, 'userPreferences/vue', { method: 'PUT', cookie, rawBody: '{"currentRoute": "/map",' });
    expect(result.status).toBe(400);
    expect(result.json.error).toBe('Bad Request');
    expect(result.json.message).toMatch(/^body is not valid JSON/);
    expect(result.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers 400 to an empty JSON body', async () => {
    const result = await call(server, 'auth/login', { rawBody: '' , headers: { 'content-type': 'application/json' } });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe("body is empty but content-type is 'application/json'");
  });

  // `message` names the field for an API user; `fields` gives a form the spec 002 §5 message of that field.
  it.each([
    ['a missing field', { username: 'luc_admin' }, 'body.password is required', { password: 'This field is required' }],
    ['a wrong type', { username: 123, password: 'x' }, 'body.username must be string', { username: 'Invalid field' }],
    ['an unknown field', { username: 'a', password: 'b', role: 'super_user' }, "body has an unknown field 'role'", { role: 'Invalid field' }],
    ['an empty username', { username: '', password: 'b' }, 'body.username must NOT have fewer than 1 characters', { username: 'This field is required' }],
  ])('answers 400 naming the field for %s', async (_name, body, message, fields) => {
    const result = await call(server, 'auth/login', { body });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ error: 'Bad Request', message, fields });
  });

  it('answers 400 naming the query parameter when a required one is missing', async () => {
    const result = await call(server, 'v2/alerts/active', { cookie });
    expect(result.status).toBe(400);
    expect(result.json.message).toBe('query.groupId is required');
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const big = JSON.stringify({ currentRoute: 'x'.repeat(1024 * 1024) });
    const result = await call(server, 'userPreferences/vue', { method: 'PUT', cookie, rawBody: big });
    expect(result.status).toBe(413);
    expect(result.json).toEqual({ error: 'Payload Too Large', message: 'body is larger than the 1 MiB limit' });
  });

  it('answers 415 to a body that is not JSON', async () => {
    const result = await call(server, 'auth/login', { rawBody: 'username=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(result.status).toBe(415);
    expect(result.json.error).toBe('Unsupported Media Type');
  });

  it('answers 404 naming the route for an unknown API path', async () => {
    const result = await call(server, 'v9/nothing/here', { cookie });
    expect(result.status).toBe(404);
    expect(result.json).toEqual({ error: 'Not Found', message: 'Route GET /luc/luc-core-web/rest/v9/nothing/here not found' });
  });

  it('refuses a prototype-polluting body without storing anything', async () => {
    const before = await call(server, 'userPreferences/vue', { cookie });
    const result = await call(server, 'userPreferences/vue', { method: 'PUT', cookie, rawBody: '{"__proto__": {"admin": true}}' });
    expect(result.status).toBe(400);
    expect((await call(server, 'userPreferences/vue', { cookie })).json).toEqual(before.json);
  });
});
