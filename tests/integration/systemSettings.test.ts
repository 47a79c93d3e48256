/**
 * System settings, what's new and the system-wide server list (issue 14 C1; spec 001 §3, §8,
 * 002 §2, §3, §6) against a started server: each call's answer, its refusals with their exact
 * texts, and the role matrix over the 14 demo users (whose username is their user type).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may } from '../../src/domain/roles/permissions.ts';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';
import { DEMO_MODEM_VENDORS } from '../../src/server/areas/systemSettings/demo.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';
const REQUIRED = 'This field is required';
const IN_USE = 'Modem vendor data could not be deleted. It may be tied to a modem';
const HEX = 'Must be 4 hexadecimal digits (0-9, A-F)';
const PAIR_TAKEN = 'This VID and PID pair already exists';
const LOCKED = 'The console’s own client application cannot be deactivated or deleted';
const RTMP = 'Must be an rtmp:// or rtmps:// address';
const VERSION = 'Must be a version such as 2.4 or 2.4.1';

const APPS = 'v2/admin/clientApplications';
const VENDORS = 'v2/admin/modemVendors';
const AI = 'v2/admin/aiSettings';
const NOTES = 'v2/admin/whatsNew';

describe('system settings, what’s new and system servers against a started server', () => {
  const tmp = tempDir();
  let server: TestServer;
  const cookies = new Map<string, string>();
  const as = (user: string) => cookies.get(user) as string;

  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db') });
    for (const type of USER_TYPES) cookies.set(type, await signIn(server, type));
  }, 120_000); // a server and 14 sign-ins (password hashing) on a shared machine
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  describe('client applications (the Application-Id registry)', () => {
    it('lists the console’s own application, marked built-in', async () => {
      const page = await call(server, `${APPS}?searchKey=applicationId&searchValue=luc-console`, { cookie: as('super_user') });
      expect(page.status).toBe(200);
      expect(page.json.items).toEqual([expect.objectContaining({ applicationId: 'luc-console', active: true, builtIn: true })]);
    });

    it('registers an application whose new id signs a real call; deactivated, the same call is refused; deleted, too', async () => {
      const created = await call(server, APPS, { cookie: as('staff'), body: { name: '  Newsroom bridge  ' } });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ name: 'Newsroom bridge', active: true, builtIn: false });
      const appId: string = created.json.applicationId;
      expect(appId).toMatch(/^[0-9a-f-]{36}$/);

      // A real call of another area, signed with the new id.
      const signed = await call(server, 'groups/fetch', { cookie: as('luc_regular'), appId });
      expect(signed.status).toBe(200);

      const off = await call(server, `${APPS}/${appId}`, { method: 'PUT', cookie: as('staff'), body: { active: false } });
      expect(off.status).toBe(200);
      expect(off.json.active).toBe(false);
      const refused = await call(server, 'groups/fetch', { cookie: as('luc_regular'), appId });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe(`Application-Id '${appId}' is not a registered active client application`);

      const renamed = await call(server, `${APPS}/${appId}`, { method: 'PUT', cookie: as('super_user'), body: { name: 'Bridge', active: true } });
      expect(renamed.json).toMatchObject({ name: 'Bridge', active: true });
      expect((await call(server, 'groups/fetch', { cookie: as('luc_regular'), appId })).status).toBe(200);

      const removed = await call(server, `${APPS}/${appId}`, { method: 'DELETE', cookie: as('super_user') });
      expect(removed.json).toEqual({ removed: 1 });
      expect((await call(server, 'groups/fetch', { cookie: as('luc_regular'), appId })).status).toBe(400);
      expect((await call(server, `${APPS}/${appId}`, { method: 'DELETE', cookie: as('super_user') })).status).toBe(404);
    });

    it('refuses a blank or too long name on the field, and keeps the console’s own application active', async () => {
      const blank = await call(server, APPS, { cookie: as('super_user'), body: { name: '   ' } });
      expect(blank.status).toBe(400);
      expect(blank.json.fields).toEqual({ name: REQUIRED });
      expect((await call(server, APPS, { cookie: as('super_user'), body: { name: 'x'.repeat(65) } })).status).toBe(400);

      const off = await call(server, `${APPS}/luc-console`, { method: 'PUT', cookie: as('super_user'), body: { active: false } });
      expect(off.status).toBe(409);
      expect(off.json.fields).toEqual({ active: LOCKED });
      const gone = await call(server, `${APPS}/luc-console`, { method: 'DELETE', cookie: as('super_user') });
      expect(gone.status).toBe(409);
      expect(gone.json.message).toBe(LOCKED);
      const renamed = await call(server, `${APPS}/luc-console`, { method: 'PUT', cookie: as('super_user'), body: { name: 'LUC Console' } });
      expect(renamed.json).toMatchObject({ name: 'LUC Console', active: true });
    });

    it('pages, searches and sorts', async () => {
      for (const name of ['Alpha feed', 'beta feed', 'Gamma']) await call(server, APPS, { cookie: as('super_user'), body: { name } });
      const page = await call(server, `${APPS}?searchValue=FEED&sortBy=name&sortDir=desc&limit=1`, { cookie: as('super_user') });
      expect(page.json.total).toBe(2);
      expect(page.json.items.map((a: { name: string }) => a.name)).toEqual(['beta feed']);
    });
  });

  describe('modem vendor / model', () => {
    it('lists the demo vendors with how many modems report each', async () => {
      const page = await call(server, `${VENDORS}?sortBy=vidName`, { cookie: as('super_user') });
      expect(page.status).toBe(200);
      expect(page.json.items.map((v: { vidName: string; modemCount: number }) => [v.vidName, v.modemCount])).toEqual([
        ['Quectel', 4],
        ['Sierra Wireless', 4],
        ['Telit', 0],
      ]);
    });

    it('adds a VID/PID pair in capitals, refuses bad hex and a taken pair, changes it', async () => {
      const created = await call(server, VENDORS, { cookie: as('staff'), body: { vid: '12d1', vidName: 'Huawei', pid: '15c1', pidName: 'ME906s' } });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ vid: '12D1', pid: '15C1', modemCount: 0 });

      const bad = await call(server, VENDORS, { cookie: as('staff'), body: { vid: '12G1', vidName: ' ', pid: '123', pidName: 'x' } });
      expect(bad.status).toBe(400);
      expect(bad.json.fields).toEqual({ vid: HEX, pid: HEX, vidName: REQUIRED });

      const taken = await call(server, VENDORS, { cookie: as('staff'), body: { vid: '12D1', vidName: 'Other', pid: '15c1', pidName: 'Other' } });
      expect(taken.status).toBe(409);
      expect(taken.json.fields).toEqual({ vid: PAIR_TAKEN, pid: PAIR_TAKEN });

      const changed = await call(server, `${VENDORS}/${created.json.id}`, { method: 'PUT', cookie: as('staff'), body: { vid: '12D1', vidName: 'Huawei Technologies', pid: '15C1', pidName: 'ME906s' } });
      expect(changed.json.vidName).toBe('Huawei Technologies');
      expect((await call(server, `${VENDORS}/${created.json.id}`, { method: 'DELETE', cookie: as('staff') })).json).toEqual({ removed: 1 });
    });

    it('refuses to delete a vendor a modem reports, with the spec’s text; deletes one no modem names', async () => {
      const inUse = await call(server, `${VENDORS}/${DEMO_MODEM_VENDORS[0].id}`, { method: 'DELETE', cookie: as('super_user') });
      expect(inUse.status).toBe(409);
      expect(inUse.json.message).toBe(IN_USE);
      expect((await call(server, `${VENDORS}/${DEMO_MODEM_VENDORS[2].id}`, { method: 'DELETE', cookie: as('super_user') })).json).toEqual({ removed: 1 });
      expect((await call(server, `${VENDORS}/${DEMO_MODEM_VENDORS[2].id}`, { method: 'DELETE', cookie: as('super_user') })).status).toBe(404);
    });
  });

  describe('AI settings (passwords write-only)', () => {
    it('starts empty, saves, never answers a password, keeps one left out and clears an empty one', async () => {
      const empty = await call(server, AI, { cookie: as('super_user') });
      expect(empty.json).toEqual({ username: '', passwordSet: false, rtmpUrl: '', rtmpUser: '', rtmpPasswordSet: false, updatedAt: null });

      const saved = await call(server, AI, {
        method: 'PUT',
        cookie: as('super_user'),
        body: { username: 'ai-bot', password: 's3cret!', rtmpUrl: 'rtmp://ai.example.com/live', rtmpUser: 'ingest', rtmpPassword: 'r-pass' },
      });
      expect(saved.status).toBe(200);
      expect(saved.json).toMatchObject({ username: 'ai-bot', passwordSet: true, rtmpUrl: 'rtmp://ai.example.com/live', rtmpUser: 'ingest', rtmpPasswordSet: true });
      expect(saved.text).not.toContain('s3cret!');
      expect(saved.text).not.toContain('r-pass');
      expect((await call(server, AI, { cookie: as('staff') })).text).not.toContain('s3cret!');

      const kept = await call(server, AI, { method: 'PUT', cookie: as('super_user'), body: { username: 'ai-bot-2', rtmpUrl: 'rtmps://ai.example.com/live', rtmpUser: 'ingest', rtmpPassword: '' } });
      expect(kept.json).toMatchObject({ username: 'ai-bot-2', passwordSet: true, rtmpPasswordSet: false });
      expect((await server.store.systemSettings.aiSettings())?.password).toBe('s3cret!');
    });

    it('refuses an RTMP url that is not rtmp(s):// on its field, and stores nothing', async () => {
      const bad = await call(server, AI, { method: 'PUT', cookie: as('super_user'), body: { username: 'x', rtmpUrl: 'http://ai.example.com', rtmpUser: '' } });
      expect(bad.status).toBe(400);
      expect(bad.json.fields).toEqual({ rtmpUrl: RTMP });
      expect((await call(server, AI, { cookie: as('super_user') })).json.username).toBe('ai-bot-2');
    });
  });

  describe('what’s new', () => {
    /** The running server's version (package.json) and one it does not run yet. */
    const running = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    const next = `${Number(running.split('.')[0]) + 1}.0.0`;
    it('shows a user the active note of the running version once; an inactive note never', async () => {
      const me = await call(server, 'v2/whatsNew', { cookie: as('luc_regular') });
      expect(me.json).toEqual({ serverVersion: running, notes: [] });

      const note = await call(server, NOTES, { cookie: as('super_user'), body: { version: running, text: 'Client applications can be registered.', active: true } });
      expect(note.status).toBe(201);
      await call(server, NOTES, { cookie: as('super_user'), body: { version: running, text: 'Hidden draft', active: false } });
      // A note for a version not yet running is not shown.
      await call(server, NOTES, { cookie: as('super_user'), body: { version: next, text: 'Next release', active: true } });

      const shown = await call(server, 'v2/whatsNew', { cookie: as('luc_regular') });
      expect(shown.json.notes.map((n: { text: string }) => n.text)).toEqual(['Client applications can be registered.']);
      expect((await call(server, 'v2/whatsNew/seen', { method: 'POST', cookie: as('luc_regular') })).json).toEqual({ seenVersion: running });
      expect((await call(server, 'v2/whatsNew', { cookie: as('luc_regular') })).json.notes).toEqual([]);
      // Another user still sees it.
      expect((await call(server, 'v2/whatsNew', { cookie: as('luc_admin') })).json.notes).toHaveLength(1);
    });

    it('after an upgrade, shows the notes newer than the version the user last closed, newest first', async () => {
      await call(server, NOTES, { cookie: as('super_user'), body: { version: `${running}.0.0`, text: 'Same version, written longer', active: true } });
      await call(server, NOTES, { cookie: as('super_user'), body: { version: '0.0.0.9', text: 'Older release', active: true } });
      await server.store.whatsNew.markSeen('USR-LUC_READ', '0.0.0.8', Date.now());
      const shown = await call(server, 'v2/whatsNew', { cookie: as('luc_read') });
      expect(shown.json.notes.map((n: { version: string }) => n.version)).toEqual([running, `${running}.0.0`, '0.0.0.9']);
    });

    it('edits, refuses a bad version and a blank text on their fields, deletes', async () => {
      const bad = await call(server, NOTES, { cookie: as('super_user'), body: { version: 'next', text: '  ', active: true } });
      expect(bad.status).toBe(400);
      expect(bad.json.fields).toEqual({ version: VERSION, text: REQUIRED });
      const page = await call(server, `${NOTES}?searchKey=text&searchValue=next release`, { cookie: as('super_user') });
      const id = page.json.items[0].id;
      const edited = await call(server, `${NOTES}/${id}`, { method: 'PUT', cookie: as('super_user'), body: { version: next, text: 'Next one', active: false } });
      expect(edited.json).toMatchObject({ text: 'Next one', active: false });
      expect((await call(server, `${NOTES}/${id}`, { method: 'DELETE', cookie: as('super_user') })).json).toEqual({ removed: 1 });
      const newestFirst = await call(server, `${NOTES}?searchKey=version&searchValue=${running}`, { cookie: as('super_user') });
      expect(newestFirst.json.items[0].version).toBe(`${running}.0.0`);
    });
  });

  describe('system-wide servers', () => {
    it('lists every server of a type with its inventory and channel count, and refuses an unknown type', async () => {
      const stored = (await server.store.servers.list()).filter((s) => s.type === 'mmh');
      const page = await call(server, 'v2/admin/servers?type=mmh_server&limit=500', { cookie: as('super_user') });
      expect(page.status).toBe(200);
      expect(page.json.total).toBe(stored.length);
      expect(page.json.items.every((s: { type: string }) => s.type === 'mmh')).toBe(true);
      expect((await call(server, 'v2/admin/servers?type=printer', { cookie: as('super_user') })).status).toBe(400);
    });
  });

  describe('role matrix', () => {
    const cases = [
      { path: APPS, action: 'systemSettings.admin' },
      { path: VENDORS, action: 'systemSettings.admin' },
      { path: AI, action: 'systemSettings.admin' },
      { path: NOTES, action: 'whatsNew.admin' },
      { path: 'v2/whatsNew', action: 'whatsNew.read' },
      { path: 'v2/admin/servers?type=vr_server', action: 'system.admin' },
    ] as const;
    for (const { path, action } of cases) {
      it(`GET ${path}: only the user types granted ${action}`, async () => {
        for (const type of USER_TYPES) {
          const result = await call(server, path, { cookie: as(type) });
          if (may([type], action)) expect(result.status, type).toBe(200);
          else {
            expect(result.status, type).toBe(403);
            expect(result.json.message).toBe(NOT_ALLOWED);
          }
        }
      });
    }

    it('refuses writes of the settings to an administrator', async () => {
      const refused = await call(server, APPS, { cookie: as('luc_admin'), body: { name: 'Mine' } });
      expect(refused.status).toBe(403);
      expect((await call(server, NOTES, { cookie: as('staff'), body: { version: '0.1.0', text: 'x', active: true } })).status).toBe(403);
    });
  });
});

describe('the activity feed names the settings it changed, never a password', () => {
  const tmp = tempDir();
  let server: TestServer;
  let superUser: string;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db') });
    superUser = await signIn(server, 'super_user');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it('records a new application under its id and AI settings redacted', async () => {
    const created = await call(server, APPS, { cookie: superUser, body: { name: 'Feed check' } });
    await call(server, AI, { method: 'PUT', cookie: superUser, body: { username: 'u', rtmpUrl: '', rtmpUser: '', password: 'feed-s3cret' } });
    const feed = await call(server, `v2/activity?limit=50&from=${Date.now() - 60_000}`, { cookie: superUser });
    const entries = feed.json.items as { operation: string; entity: { kind: string; id: string } | null; request: unknown }[];
    expect(entries.find((e) => e.operation === 'POST v2/admin/clientApplications')?.entity).toMatchObject({ kind: 'clientApplication', id: created.json.applicationId });
    expect(entries.find((e) => e.operation === 'PUT v2/admin/aiSettings')?.entity).toMatchObject({ kind: 'aiSettings' });
    expect(feed.text).not.toContain('feed-s3cret');
  });
});
