/**
 * The demo shows tenancy (issue 16 item 7): the demo's second broadcaster (Bayside,
 * src/server/demoSecondBroadcaster.ts) and the first one's demo users see none of each other's
 * units, groups or channels, over REST and on the websocket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import WebSocket from 'ws';
import { EventBus } from '../../src/server/live/bus.ts';
import { BAYSIDE_GROUPS, BAYSIDE_UNIT_COUNT, seedSecondBroadcaster } from '../../src/server/demoSecondBroadcaster.ts';
import { DEMO_GROUPS } from '../../src/server/demo.ts';
import { makeUnitSeeds } from '../../src/server/sim/seeds.ts';
import { call, DEMO_PASSWORD, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

const BAYSIDE = BAYSIDE_GROUPS[0].id;
const NEWS = DEMO_GROUPS[0].id;

describe('the demo shows tenancy: two broadcasters see none of each other’s data (issue 16 item 7)', () => {
  const tmp = tempDir();
  const bus = new EventBus();
  let server: TestServer;
  let regular: string;
  let bayside: string;

  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), bus });
    await seedSecondBroadcaster(server.store, { password: DEMO_PASSWORD, seed: 7, makeUnitSeeds, now: Date.now() });
    for (const unit of await server.store.units.all()) if (unit.uid.startsWith('B')) await server.built.authority.refreshUnit(unit.uid);
    regular = await signIn(server, 'luc_regular');
    bayside = await signIn(server, 'bayside_regular');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  const unitIds = async (cookie: string): Promise<string[]> => {
    const page = await call(server, 'v2/admin/units?limit=500', { cookie });
    expect(page.status).toBe(200);
    return (page.json.units as { uid: string }[]).map((u) => u.uid);
  };
  const groupIds = async (cookie: string): Promise<string[]> => ((await call(server, 'users/fetch_current_user_details', { cookie })).json.groups as { uid: string }[]).map((g) => g.uid);

  it('the super user’s unit list holds every unit of both broadcasters, grouped or not (tenancy all)', async () => {
    const superUser = await signIn(server, 'super_user');
    const page = await call(server, 'v2/admin/units?limit=500', { cookie: superUser });
    expect(page.status).toBe(200);
    const stored = await server.store.units.all();
    expect(stored.length).toBeLessThanOrEqual(500); // one page holds them all
    expect(page.json.total).toBe(stored.length);
    expect(new Set((page.json.units as { uid: string }[]).map((u) => u.uid))).toEqual(new Set(stored.map((u) => u.uid)));
    expect((page.json.units as { uid: string }[]).some((u) => u.uid.startsWith('B'))).toBe(true);
    const searched = await call(server, `v2/admin/units?limit=500&searchValue=BAY_`, { cookie: superUser });
    expect((searched.json.units as { name: string }[]).every((u) => u.name.includes('BAY_'))).toBe(true);
    expect(searched.json.total).toBe(stored.filter((u) => u.name.includes('BAY_')).length);
  });

  it('over REST: each regular user lists only their broadcaster’s units and groups; the other’s are 404/403', async () => {
    const ours = await unitIds(regular);
    const theirs = await unitIds(bayside);
    expect(theirs).toHaveLength(BAYSIDE_UNIT_COUNT);
    expect(theirs.every((uid) => uid.startsWith('B'))).toBe(true);
    expect(ours.some((uid) => uid.startsWith('B'))).toBe(false);
    expect(ours.length).toBeGreaterThan(0);
    expect(await groupIds(bayside)).toEqual(BAYSIDE_GROUPS.map((g) => g.id));
    expect((await groupIds(regular)).some((g) => g.startsWith('G-BAYSIDE'))).toBe(false);
    // Naming the other's unit, group or channel is answered as an unknown one.
    expect((await call(server, `v2/units/${theirs[0]}?crnt_vcg_uid=${NEWS}`, { cookie: regular })).status).toBe(404);
    expect((await call(server, `v2/units/${ours[0]}?crnt_vcg_uid=${BAYSIDE}`, { cookie: bayside })).status).toBe(404);
    expect((await call(server, `devices/fetch?crnt_vcg_uid=${BAYSIDE}`, { cookie: regular })).status).toBe(403);
    expect((await call(server, `channels/fetch?crnt_vcg_uid=${NEWS}`, { cookie: bayside })).status).toBe(403);
    const channels = await call(server, `channels/fetch?crnt_vcg_uid=${BAYSIDE}`, { cookie: bayside });
    expect((channels.json as { id: string }[]).every((c) => c.id.startsWith('CH-BAYSIDE'))).toBe(true);
  });

  /** A socket subscribed to both broadcasters' group topics; answers the frames it got after a ping round trip. */
  async function subscribeBoth(cookie: string): Promise<{ frames: Record<string, unknown>[]; settle(): Promise<void>; close(): void }> {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/luc/luc-core-web/ws`, { headers: { cookie, origin: server.url } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const frames: Record<string, unknown>[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    const settle = () =>
      new Promise<void>((resolve) => {
        ws.once('pong', () => resolve());
        ws.ping();
      });
    ws.send(JSON.stringify({ op: 'subscribe', topics: [`group:${NEWS}`, `group:${BAYSIDE}`] }));
    await settle();
    return { frames, settle, close: () => ws.close() };
  }

  it('on the websocket: the other broadcaster’s group topic is denied and none of its units’ events arrive', async () => {
    const mine = await subscribeBoth(regular);
    const theirs = await subscribeBoth(bayside);
    const newsUnit = (await server.store.units.all()).find((u) => u.groupId === NEWS)?.uid ?? '';
    const baysideUnit = (await server.store.units.all()).find((u) => u.groupId === BAYSIDE)?.uid ?? '';
    bus.publish('unit.status', newsUnit, { state: 'online' });
    bus.publish('unit.status', baysideUnit, { state: 'online' });
    await mine.settle();
    await theirs.settle();
    const events = (frames: Record<string, unknown>[]) => frames.filter((f) => typeof f['seq'] === 'number').map((f) => f['entityId'] ?? f['id'] ?? JSON.stringify(f));
    expect(mine.frames).toContainEqual({ op: 'denied', topics: [`group:${BAYSIDE}`] });
    expect(theirs.frames).toContainEqual({ op: 'denied', topics: [`group:${NEWS}`] });
    expect(JSON.stringify(events(mine.frames))).toContain(newsUnit);
    expect(JSON.stringify(events(mine.frames))).not.toContain(baysideUnit);
    expect(JSON.stringify(events(theirs.frames))).toContain(baysideUnit);
    expect(JSON.stringify(events(theirs.frames))).not.toContain(newsUnit);
    mine.close();
    theirs.close();
  });
});
