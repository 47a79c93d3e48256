import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, APP_ID, DEMO_PASSWORD, startServer, tempDir, type TestServer } from './server-harness.ts';

// docs/api.md: a console served from another origin listed in LUC_ALLOWED_ORIGINS may call the
// REST API with its session cookie; any other origin gets no CORS headers.

const CONSOLE_ORIGIN = 'http://console.example.test:5173';
let server: TestServer;
const temp = tempDir();

beforeAll(async () => {
  server = await startServer({ dbFile: `${temp.dir}/cors.db`, settings: { allowedOrigins: [CONSOLE_ORIGIN] } });
});
afterAll(async () => {
  await server.close();
  temp.cleanup();
});

describe('cross-origin REST for a console on another origin', () => {
  it('answers the preflight of an allowed origin without Application-Id or session', async () => {
    const response = await fetch(`${server.url}${API}/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: CONSOLE_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'application-id, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toContain('Application-Id');
  });

  it('lets an allowed origin sign in and read its answer', async () => {
    const response = await fetch(`${server.url}${API}/auth/login`, {
      method: 'POST',
      headers: { origin: CONSOLE_ORIGIN, 'content-type': 'application/json', 'application-id': APP_ID },
      body: JSON.stringify({ username: 'luc_regular', password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
  });

  it('gives any other origin no CORS headers, so its browser cannot read the answer', async () => {
    const response = await fetch(`${server.url}${API}/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.test', 'access-control-request-method': 'POST' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
