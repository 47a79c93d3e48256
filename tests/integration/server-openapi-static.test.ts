import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

describe('OpenAPI document', () => {
  const tmp = tempDir();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db') });
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('is served without a session or Application-Id and lists every REST route with its schemas', async () => {
    const result = await call(server, 'openapi.json', { appId: null });
    expect(result.status).toBe(200);
    expect(result.json.openapi).toBe('3.1.0');
    const paths = result.json.paths as Record<string, Record<string, any>>;
    const listed = Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    for (const route of [
      'POST /luc/luc-core-web/rest/auth/login',
      'POST /luc/luc-core-web/rest/auth/logout',
      'GET /luc/luc-core-web/rest/users/fetch_current_user_details',
      'POST /luc/luc-core-web/rest/users/update_current_user',
      'GET /luc/luc-core-web/rest/v2/client/configuration',
      'GET /luc/luc-core-web/rest/v2/client/application/urls',
      'GET /luc/luc-core-web/rest/userPreferences/vue',
      'PUT /luc/luc-core-web/rest/userPreferences/vue',
      'GET /luc/luc-core-web/rest/client_notifications/fetch',
      'GET /luc/luc-core-web/rest/groups/fetch',
      'GET /luc/luc-core-web/rest/v2/alerts/active',
    ]) {
      expect(listed).toContain(route);
    }
    expect(listed.some((r) => r.includes('openapi.json') || r.startsWith('HEAD'))).toBe(false);
    const login = paths['/luc/luc-core-web/rest/auth/login']?.['post'];
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(login.security).toEqual([{ applicationId: [] }]);
    const alerts = paths['/luc/luc-core-web/rest/v2/alerts/active']?.['get'];
    expect(alerts.parameters).toContainEqual(expect.objectContaining({ name: 'groupId', in: 'query', required: true }));
  });
});

describe('the built console and its security headers', () => {
  const tmp = tempDir();
  let server: TestServer;
  beforeAll(async () => {
    const dist = join(tmp.dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>LUC</title><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), distDir: dist });
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it.each(['/', '/list', '/map?ignoreRouteDefault=1', '/psg/system_entities/units'])('answers index.html to GET %s (SPA fallback)', async (path) => {
    const result = await call(server, path, { appId: null, headers: { accept: 'text/html' } });
    expect(result.status).toBe(200);
    expect(result.text).toContain('<title>LUC</title>');
  });

  it('serves hashed assets with a long cache and 404s a missing asset instead of index.html', async () => {
    const asset = await call(server, '/assets/app.js', { appId: null });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await call(server, '/assets/missing.js', { appId: null })).status).toBe(404);
  });

  it('sends a CSP with own scripts only, blob: workers, data: images and no upgrade of http', async () => {
    const result = await call(server, '/', { appId: null });
    const csp = result.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never serves a source map (issue 16 item 6)', async () => {
    const map = await call(server, '/assets/app.js.map', { appId: null });
    expect(map.status).toBe(404);
    expect(map.text).not.toContain('src/secret.ts');
  });

  it('forbids framing twice (X-Frame-Options DENY, frame-ancestors none) and keeps no copy of an API answer', async () => {
    const page = await call(server, '/', { appId: null });
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const cookie = await signIn(server, 'luc_regular');
    for (const [path, expected] of [['v2/about', 200], ['v2/admin/groups/NOPE', 404], ['v2/about?limit=x', 200]] as const) {
      const answer = await call(server, path, { cookie });
      expect(answer.status).toBe(expected);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect((await call(server, 'v2/about')).headers.get('cache-control')).toBe('no-store'); // 401 too
  });

  it('does not fall back to index.html under the back-end prefix', async () => {
    const result = await call(server, '/luc/other', { appId: null });
    expect(result.status).toBe(404);
    expect(result.json.error).toBe('Not Found');
  });
});

describe('without a build', () => {
  const tmp = tempDir();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), distDir: join(tmp.dir, 'missing-dist') });
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('answers a plain page saying to run the build', async () => {
    const result = await call(server, '/list', { appId: null });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(result.text).toContain('npm run build');
  });
});
