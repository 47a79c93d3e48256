/** Software Versions (/sw_version, admin set; spec 002 "Software version") against a started server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';
import { SOFTWARE_VERSION_MESSAGES } from '../../src/domain/softwareVersions.ts';
import { SOFTWARE_VERSION_REFUSALS } from '../../src/server/areas/softwareVersions/service.ts';

const ACCESS_REFUSED = 'You are not allowed to access this application.';

describe('software versions against a started server', () => {
  const tmp = tempDir();
  let server: TestServer;
  let superUser: string;
  let admin: string;
  let regular: string;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), units: 20 });
    superUser = await signIn(server, 'super_user');
    admin = await signIn(server, 'luc_admin');
    regular = await signIn(server, 'luc_regular');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('lists the versions sorted as dotted numbers, searched', async () => {
    const list = await call(server, 'v2/admin/sw_versions?sortBy=version&sortDir=desc', { cookie: admin });
    expect(list.status, list.text).toBe(200);
    expect(list.json.items.map((v: { version: string }) => v.version)).toEqual(['9.0.0', '8.5.1', '8.0.4', '7.8.2', '7.5.1', '6.4.2']);
    const found = await call(server, 'v2/admin/sw_versions?searchKey=description&searchValue=overlay', { cookie: admin });
    expect(found.json.items.map((v: { version: string }) => v.version)).toEqual(['8.0.4']);
  });

  it('creates, edits and removes a version; refuses bad numbers, URLs, a taken number and foreign inventories', async () => {
    const created = await call(server, 'v2/admin/sw_versions', {
      cookie: superUser,
      body: { version: '8.6', description: 'Pilot', releaseNotesUrl: 'https://notes.example/8.6', supportedDevices: ['800', 'mmh'], inventoryIds: ['INV-NEWS'] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ version: '8.6', supportedDevices: ['800', 'mmh'], inventories: [{ id: 'INV-NEWS', name: 'Newsroom' }], targetUnitCount: 0 });
    for (const [body, status, fields] of [
      [{ version: '3.4' }, 400, { version: SOFTWARE_VERSION_MESSAGES.versionRange }],
      [{ version: '9.1' }, 400, { version: SOFTWARE_VERSION_MESSAGES.versionRange }],
      [{ version: 'eight' }, 400, { version: 'Must match the pattern: N.N or N.N.N' }],
      [{ version: '8.6.0' }, 409, { version: SOFTWARE_VERSION_MESSAGES.versionTaken }],
      [{ version: '8.7', releaseNotesUrl: 'ftp://x' }, 400, { releaseNotesUrl: SOFTWARE_VERSION_MESSAGES.releaseNotesUrl }],
    ] as const) {
      const refused = await call(server, 'v2/admin/sw_versions', { cookie: superUser, body });
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.json.fields).toEqual(fields);
    }
    const edited = await call(server, `v2/admin/sw_versions/${created.json.id}`, { method: 'PUT', cookie: superUser, body: { description: 'Pilot, wider', inventoryIds: [] } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ description: 'Pilot, wider', inventories: [] });
    // an admin may not change a version offered to every inventory
    const notMine = await call(server, `v2/admin/sw_versions/${created.json.id}`, { method: 'PUT', cookie: admin, body: { description: 'x' } });
    expect(notMine.status).toBe(403);
    expect(notMine.json.message).toBe(SOFTWARE_VERSION_REFUSALS.everyInventory);
    // an admin adds versions for their own inventories only
    const noInventory = await call(server, 'v2/admin/sw_versions', { cookie: admin, body: { version: '8.7' } });
    expect(noInventory.status).toBe(400);
    expect(noInventory.json.fields).toEqual({ inventoryIds: 'This field is required' });
    const removed = await call(server, `v2/admin/sw_versions/${created.json.id}`, { method: 'DELETE', cookie: superUser });
    expect(removed.json).toEqual({ removed: 1 });
    expect((await call(server, `v2/admin/sw_versions/${created.json.id}`, { method: 'DELETE', cookie: superUser })).status).toBe(404);
  });

  it('lists the units with their version and target version', async () => {
    const units = await call(server, 'v2/admin/sw_versions/units?sortBy=name', { cookie: admin });
    expect(units.status, units.text).toBe(200);
    expect(units.json.total).toBeGreaterThan(0);
    expect(units.json.items[0]).toMatchObject({ targetVersion: null, upgradeState: null });
  });

  it('is for the admin set only', async () => {
    for (const [method, path, body] of [
      ['GET', 'v2/admin/sw_versions', undefined],
      ['POST', 'v2/admin/sw_versions', { version: '8.8' }],
      ['GET', 'v2/admin/sw_versions/units', undefined],
    ] as const) {
      const result = await call(server, path, { method, cookie: regular, ...(body !== undefined ? { body } : {}) });
      expect(result.status, path).toBe(403);
      expect(result.json.message).toBe(ACCESS_REFUSED);
    }
  });
});
