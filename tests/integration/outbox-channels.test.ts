/**
 * channel.config through the event outbox in the embedded deployment (issue 18): an edit over REST
 * stores the event in the edit's transaction; the relay, woken by the commit, publishes it to the
 * in-process bus and a console's websocket receives it; the table is empty afterwards; a refused
 * edit stores no event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, tempDir } from './server-harness.ts';
import { GROUP, listen, startUnitServer, until, type UnitTestServer } from './units-harness.ts';

const PREVIEW = 'CH-NEWS-NATIONAL-PREVIEW';

describe('channel.config through the event outbox (embedded)', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 10);
    admin = await signIn(server, 'luc_admin');
  }, 180_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('publishes channel.config with the whole aspect after an edit commits; a refused edit publishes nothing', async () => {
    const watcher = await listen(server, admin, [`group:${GROUP}`]);
    try {
      const seen: string[] = [];
      const stop = server.bus.subscribe((event) => {
        if (event.kind === 'channel.config' && event.id === PREVIEW) seen.push(String((event.data as { name?: unknown }).name));
      });
      const refused = await call(server, `channels/${PREVIEW}/configuration`, { method: 'PUT', body: { name: 'has space' }, cookie: admin });
      expect(refused.status).toBe(400);
      const saved = await call(server, `channels/${PREVIEW}/configuration`, { method: 'PUT', body: { name: 'News-National-Preview-Outbox' }, cookie: admin });
      expect(saved.status, saved.text).toBe(200);
      await until(() => seen.length > 0, 30_000);
      expect(seen).toEqual(['News-National-Preview-Outbox']);
      await until(() => watcher.events.some((e) => e.kind === 'channel.config' && e.id === PREVIEW), 30_000);
      const event = watcher.events.find((e) => e.kind === 'channel.config' && e.id === PREVIEW);
      expect(event?.data).toMatchObject({ name: 'News-National-Preview-Outbox', type: 'preview', groupId: GROUP });
      expect(await server.store.outbox.count()).toBe(0);
      stop();
    } finally {
      watcher.close();
    }
  }, 120_000);
});
