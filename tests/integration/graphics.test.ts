/**
 * My Graphics against a started server: the six graphics calls of spec 002 §7 on the simulated
 * cloud (apps with their control app, templates, permissions, jobs whose status follows the
 * clock), the permission rule's inputs (§4), "Feature disabled" for an inventory whose service is
 * off, "Graphics communication error." while the cloud does not answer (§8), the role matrix and
 * another inventory's 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may } from '../../src/domain/roles/permissions.ts';
import { graphicsServiceEnabled } from '../../src/domain/graphics.ts';
import { JOB_DURATION_MS, JOB_QUEUED_MS } from '../../src/domain/graphicsCloud.ts';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';
const FEATURE_DISABLED = 'Feature disabled'; // spec 002 §8
const COMMUNICATION = 'Graphics communication error.'; // spec 002 §8 "graphics communication error"
const inv = (id: string) => `graphics/inventory/${id}`;

describe('My Graphics: the graphics calls of spec 002 §7 on the simulated cloud', () => {
  const tmp = tempDir();
  let server: TestServer;
  let regular: string;
  let superUser: string;
  /** The server's clock: the real one, unless the job test pins it (jobs follow it). */
  let pinned: number | null = null;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), units: 10, now: () => pinned ?? Date.now() });
    await server.store.inventories.insert({ id: 'INV-FOREIGN', name: 'Foreign', region: '', customer: 'Foreign', parentId: null, features: [], createdAt: Date.now() });
    regular = await signIn(server, 'luc_regular');
    superUser = await signIn(server, 'super_user');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('permissions: 200 with serviceEnabled true for an enabled inventory, false otherwise (the rule of §4 reads both)', async () => {
    const on = await call(server, `${inv('INV-NEWS')}/permissions`, { cookie: regular });
    expect([on.status, on.json]).toEqual([200, { serviceEnabled: true }]);
    expect(graphicsServiceEnabled(on.status, on.json)).toBe(true);
    const off = await call(server, `${inv('INV-EVENTS')}/permissions`, { cookie: regular });
    expect([off.status, off.json]).toEqual([200, { serviceEnabled: false }]);
    expect(graphicsServiceEnabled(off.status, off.json)).toBe(false);
  });

  it('templates of an enabled inventory; "Feature disabled" for the other calls of an inventory whose service is off', async () => {
    const templates = await call(server, `${inv('INV-NEWS')}/templates`, { cookie: regular });
    expect(templates.status).toBe(200);
    expect(templates.json.templates.map((t: { id: string }) => t.id)).toContain('tpl-lower-third');
    for (const [path, method, body] of [
      [`${inv('INV-EVENTS')}/templates`, 'GET', undefined],
      [`${inv('INV-EVENTS')}/mygraphics`, 'GET', undefined],
      ['graphics/singular', 'POST', { inventoryId: 'INV-EVENTS', name: 'X', templateId: 'tpl-clock' }],
      [`${inv('INV-EVENTS')}/app/GFX-NONE`, 'DELETE', undefined],
      ['graphics/job/status', 'POST', { inventoryId: 'INV-EVENTS', appId: 'GFX-NONE', action: 'start' }],
    ] as const) {
      const answer = await call(server, path, { method, cookie: regular, ...(body !== undefined ? { body } : {}) });
      expect([answer.status, answer.json.message], `${method} ${path}`).toEqual([403, FEATURE_DISABLED]);
    }
  });

  it('POST graphics/singular creates the app and its control app, in the region asked for or the inventory’s', async () => {
    const made = await call(server, 'graphics/singular', { cookie: regular, body: { inventoryId: 'INV-NEWS', name: 'Evening lower third', templateId: 'tpl-lower-third', region: 'eu-west' } });
    expect(made.status, made.text).toBe(201);
    expect(made.json.app).toMatchObject({ kind: 'singular', name: 'Evening lower third', templateName: 'Lower third', region: 'eu-west', appId: null, controlAppId: made.json.controlApp.id, createdBy: 'luc_regular' });
    expect(made.json.controlApp).toMatchObject({ kind: 'control', name: 'Evening lower third control', appId: made.json.app.id });
    const inRegion = await call(server, 'graphics/singular', { cookie: regular, body: { inventoryId: 'INV-NEWS', name: 'Ticker', templateId: 'tpl-ticker' } });
    expect(inRegion.json.app.region).toBe('us-east'); // Newsroom's region
    const mine = await call(server, `${inv('INV-NEWS')}/mygraphics`, { cookie: regular });
    expect(mine.status).toBe(200);
    expect(mine.json.inventoryRegion).toBe('us-east');
    expect(mine.json.apps.map((a: { name: string }) => a.name)).toEqual(['Evening lower third', 'Evening lower third control', 'Ticker', 'Ticker control']);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a blank name', { name: '  ', templateId: 'tpl-clock' }, 'name', 'This field is required'],
    ['an unknown template', { name: 'Odd', templateId: 'tpl-nope' }, 'templateId', 'Unknown template'],
  ])('refuses an app with %s (400, message on its field)', async (_label, body, field, message) => {
    const answer = await call(server, 'graphics/singular', { cookie: regular, body: { inventoryId: 'INV-NEWS', ...body } });
    expect(answer.status).toBe(400);
    expect(answer.json.fields[field]).toBe(message);
  });

  it('jobs: queued, then running, then done as the clock moves; a deleted app takes its control app and jobs with it', async () => {
    const made = await call(server, 'graphics/singular', { cookie: regular, body: { inventoryId: 'INV-NEWS', name: 'Scores', templateId: 'tpl-scoreboard' } });
    const appId = made.json.app.id;
    const job = await call(server, 'graphics/job/status', { cookie: regular, body: { inventoryId: 'INV-NEWS', appId, action: 'start' } });
    expect(job.status, job.text).toBe(201);
    expect(job.json).toMatchObject({ appId, appName: 'Scores', action: 'start', status: 'queued', progress: 0 });
    const statusAt = async (offset: number) => {
      pinned = job.json.startedAt + offset;
      const mine = await call(server, `${inv('INV-NEWS')}/mygraphics`, { cookie: regular });
      return mine.json.jobs.find((j: { id: string }) => j.id === job.json.id);
    };
    expect((await statusAt(JOB_QUEUED_MS - 1)).status).toBe('queued');
    expect(await statusAt(JOB_QUEUED_MS + JOB_DURATION_MS.start / 2)).toMatchObject({ status: 'running', progress: 50 });
    expect(await statusAt(JOB_QUEUED_MS + JOB_DURATION_MS.start)).toMatchObject({ status: 'done', progress: 100 });
    pinned = null;

    const unknown = await call(server, 'graphics/job/status', { cookie: regular, body: { inventoryId: 'INV-NEWS', appId: 'GFX-NONE', action: 'stop' } });
    expect([unknown.status, unknown.json.fields?.appId]).toEqual([400, 'Graphics app not found']);
    const control = await call(server, `${inv('INV-NEWS')}/app/${made.json.controlApp.id}`, { method: 'DELETE', cookie: regular });
    expect([control.status, control.json.message]).toEqual([409, 'A control app is deleted with its app']);
    const removed = await call(server, `${inv('INV-NEWS')}/app/${appId}`, { method: 'DELETE', cookie: regular });
    expect(removed.json).toEqual({ removed: 1 });
    const after = await call(server, `${inv('INV-NEWS')}/mygraphics`, { cookie: regular });
    expect(after.json.apps.some((a: { id: string }) => a.id === appId || a.id === made.json.controlApp.id)).toBe(false);
    expect(after.json.jobs.some((j: { id: string }) => j.id === job.json.id)).toBe(false);
    expect((await call(server, `${inv('INV-NEWS')}/app/${appId}`, { method: 'DELETE', cookie: regular })).status).toBe(404);
  });

  it('an unreachable cloud answers every call with 503 "Graphics communication error." (the permission rule then says not enabled)', async () => {
    expect((await call(server, 'graphics/simulation', { method: 'PUT', cookie: regular, body: { reachable: false } })).status).toBe(403);
    const down = await call(server, 'graphics/simulation', { method: 'PUT', cookie: superUser, body: { reachable: false } });
    expect(down.json).toEqual({ reachable: false });
    try {
      const permissions = await call(server, `${inv('INV-NEWS')}/permissions`, { cookie: regular });
      expect([permissions.status, permissions.json.message]).toEqual([503, COMMUNICATION]);
      expect(graphicsServiceEnabled(permissions.status, permissions.json)).toBe(false);
      const mine = await call(server, `${inv('INV-NEWS')}/mygraphics`, { cookie: regular });
      expect([mine.status, mine.json.message]).toEqual([503, COMMUNICATION]);
    } finally {
      await call(server, 'graphics/simulation', { method: 'PUT', cookie: superUser, body: { reachable: true } });
    }
    expect((await call(server, `${inv('INV-NEWS')}/permissions`, { cookie: regular })).status).toBe(200);
  });

  it('a super user switches an inventory’s service on and off', async () => {
    const on = await call(server, `${inv('INV-EVENTS')}/permissions`, { method: 'PUT', cookie: superUser, body: { serviceEnabled: true } });
    expect(on.json).toEqual({ serviceEnabled: true });
    expect((await call(server, `${inv('INV-EVENTS')}/mygraphics`, { cookie: regular })).status).toBe(200);
    await call(server, `${inv('INV-EVENTS')}/permissions`, { method: 'PUT', cookie: superUser, body: { serviceEnabled: false } });
    expect((await call(server, `${inv('INV-EVENTS')}/mygraphics`, { cookie: regular })).json.message).toBe(FEATURE_DISABLED);
  });

  it('another inventory is 404, by path and by body', async () => {
    expect((await call(server, `${inv('INV-FOREIGN')}/permissions`, { cookie: regular })).status).toBe(404);
    expect((await call(server, 'graphics/singular', { cookie: regular, body: { inventoryId: 'INV-FOREIGN', name: 'X', templateId: 'tpl-clock' } })).status).toBe(404);
  });

  it('role matrix: console users read; read-only users change nothing; only the super user drives the simulation', async () => {
    for (const type of USER_TYPES) {
      const cookie = await signIn(server, type);
      const read = await call(server, `${inv('INV-NEWS')}/permissions`, { cookie });
      const write = await call(server, 'graphics/singular', { cookie, body: { inventoryId: 'INV-NEWS', name: `By ${type}`, templateId: 'tpl-clock' } });
      const simulate = await call(server, 'graphics/simulation', { method: 'PUT', cookie, body: { reachable: true } });
      expect(read.status === 200, `${type} read`).toBe(may([type], 'graphics.read'));
      if (!may([type], 'graphics.read')) expect(read.json.message).toBe(NOT_ALLOWED);
      expect(write.status === 201, `${type} write`).toBe(may([type], 'graphics.use'));
      if (!may([type], 'graphics.use')) expect(write.json.message).toBe(NOT_ALLOWED);
      expect(simulate.status === 200, `${type} simulate`).toBe(type === 'super_user');
    }
    expect(may(['luc_read'], 'graphics.read')).toBe(true);
    expect(may(['luc_read'], 'graphics.use')).toBe(false);
  });
});
