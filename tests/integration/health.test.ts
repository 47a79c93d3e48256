import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { startServer, tempDir, type TestServer } from './server-harness.ts';

describe('GET /healthz (for a load balancer, docs/scale-out.md)', () => {
  const tmp = tempDir();
  let healthy: TestServer;
  let busDown: TestServer;
  beforeAll(async () => {
    healthy = await startServer({ dbFile: join(tmp.dir, 'a.db') });
    busDown = await startServer({ dbFile: join(tmp.dir, 'b.db'), healthChecks: [() => 'bus: NATS disconnected'] });
  }, 60_000);
  afterAll(async () => {
    await healthy.built.app.close(); // its store was closed by the last test
    await busDown.close();
    tmp.cleanup();
  }, 30_000);

  it('answers 200 without a session or Application-Id while the store answers', async () => {
    const response = await fetch(`${healthy.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 naming what it cannot reach', async () => {
    const response = await fetch(`${busDown.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', problems: ['bus: NATS disconnected'] });
  });

  it('answers 503 naming the store once the store is closed', async () => {
    await healthy.store.close();
    const response = await fetch(`${healthy.url}/healthz`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { problems: string[] };
    expect(body.problems[0]).toMatch(/^store: /);
  });
});
