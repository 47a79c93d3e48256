import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import WebSocket from 'ws';
import { EventBus } from '../../src/server/live/bus.ts';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

function open(server: TestServer, cookie: string, origin = server.url): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/luc/luc-core-web/ws`, { headers: { cookie, origin } });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('the websocket as wired by buildApp', () => {
  const tmp = tempDir();
  let server: TestServer;
  const testBus = new EventBus();
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), bus: testBus });
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('opens for a signed-in session from the server’s own origin', async () => {
    const cookie = await signIn(server, 'luc_regular');
    const { ws } = await open(server, cookie);
    ws.close();
  });

  it('refuses an upgrade from another origin and one without a session', async () => {
    const cookie = await signIn(server, 'luc_regular');
    await expect(open(server, cookie, 'https://evil.example.com')).rejects.toThrow('upgrade refused: 403');
    await expect(open(server, '')).rejects.toThrow('upgrade refused: 401');
  });

  it('closes the session’s sockets on logout, and only that session’s', async () => {
    const mine = await signIn(server, 'luc_admin');
    const other = await signIn(server, 'luc_admin');
    const a = await open(server, mine);
    const b = await open(server, other);
    expect((await call(server, 'auth/logout', { method: 'POST', cookie: mine })).status).toBe(204);
    expect(await a.closed).toBe(4401);
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
    b.ws.close();
  });

  it('follows a user removed from a group over REST: after the answer, 0 events of that group and a denied frame naming its topic (issue 16)', async () => {
    const regular = await signIn(server, 'luc_regular');
    const admin = await signIn(server, 'super_user');
    const user = (await server.store.users.credentials('luc_regular'))?.user;
    const unit = (await server.store.units.all()).find((u) => u.groupId !== null);
    if (user === undefined || unit === undefined || unit.groupId === null) throw new Error('demo data has no regular user or grouped unit');
    const group = unit.groupId;
    const { ws } = await open(server, regular);
    const frames: Record<string, unknown>[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    ws.send(JSON.stringify({ op: 'subscribe', topics: [`group:${group}`] }));
    await new Promise<void>((resolve) => {
      ws.once('pong', () => resolve());
      ws.ping();
    });
    const removed = await call(server, `v2/admin/groups/${group}/users/${user.id}`, { method: 'DELETE', cookie: admin });
    expect(removed.status).toBe(200);
    testBus.publish('unit.status', unit.uid, { state: 'online' });
    await new Promise<void>((resolve) => {
      ws.once('pong', () => resolve());
      ws.ping();
    });
    expect(frames.filter((f) => typeof f['seq'] === 'number')).toEqual([]);
    expect(frames).toContainEqual({ op: 'denied', topics: [`group:${group}`] });
    ws.close();
  });
});

describe('shutting down', () => {
  const tmp = tempDir();
  it('closes every open socket with 1001 (going away) when the server closes', async () => {
    const server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), bus: new EventBus() });
    const cookie = await signIn(server, 'luc_regular');
    const sockets = await Promise.all([open(server, cookie), open(server, cookie)]);
    await server.close();
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual([1001, 1001]);
    tmp.cleanup();
  });
});
