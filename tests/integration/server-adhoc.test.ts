/**
 * Ad-hoc and permanent LU-Smart / LU-Lite registration, invitations and unit expiration against a
 * started server (spec 002 §7 "Groups (legacy)": GET/PUT groups/{groupId}/adhoc with crnt_vcg_uid
 * and mode, GET/PUT groups/{groupId}/permanent with regenerate and crnt_vcg_uid, POST
 * groups/{groupId}/email and groups/{groupId}/sms; "Group services (v2)": GET v2/groups/{gid}/units/
 * {unitId}/expiration, PUT the same to reset it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, tempDir } from './server-harness.ts';
import { addForeignUnit, addUnit, GROUP, listen, startUnitServer, until, type UnitTestServer } from './units-harness.ts';

const q = `?crnt_vcg_uid=${GROUP}`;
const DAY = 86_400_000;
const ACCESS_REFUSED = 'You are not allowed to access this application.';
// spec 002 §5 shared messages, word for word.
const REQUIRED = 'This field is required';
const UNIQUE = 'Name field has to be unique';
const NUMERIC = 'Must only contain numeric characters';
const INVALID_EMAIL = 'Invalid email address';

describe('group ad-hoc / permanent registration (spec 002 §4, §5, §7)', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let regular: string;
  let reader: string;
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 60);
    regular = await signIn(server, 'luc_regular');
    reader = await signIn(server, 'luc_read');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  const adhoc = (cookie: string, mode = 'smart') => call(server, `groups/${GROUP}/adhoc${q}&mode=${mode}`, { cookie });
  const putAdhoc = (cookie: string, body: unknown) => call(server, `groups/${GROUP}/adhoc${q}`, { method: 'PUT', cookie, body });

  it('answers the ad-hoc registration of each kind, made on the first ask and the same after (plan kinds of 001 §3)', async () => {
    const first = await adhoc(regular);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ groupId: GROUP, mode: 'smart', planKind: 'ADHOC_SMART', period: '1day' });
    expect(first.json.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(first.json.joinLink).toBe(`lu-smart://join?group=${GROUP}&code=${first.json.code}`);
    expect((await adhoc(regular)).json.code).toBe(first.json.code);
    const lite = await adhoc(regular, 'lite');
    expect(lite.json).toMatchObject({ mode: 'lite', planKind: 'ADHOC_LITE' });
    expect(lite.json.code).not.toBe(first.json.code);
    expect((await adhoc(regular, 'tablet')).status).toBe(400);
  });

  it('changes the registration period: the expiry is the period from now (1 day, 3 days, 1 week, 1 month)', async () => {
    for (const [period, days] of [['3days', 3], ['1week', 7], ['1month', 30], ['1day', 1]] as const) {
      const before = Date.now();
      const result = await putAdhoc(regular, { mode: 'smart', period });
      const after = Date.now();
      expect(result.status, result.text).toBe(200);
      expect(result.json.registration.period).toBe(period);
      expect(result.json.registration.expiresAt).toBeGreaterThanOrEqual(before + days * DAY);
      expect(result.json.registration.expiresAt).toBeLessThanOrEqual(after + days * DAY);
    }
    const bad = await putAdhoc(regular, { mode: 'smart', period: '2days' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('period');
  });

  it('refuses a device without a name or with a taken name, with the spec’s messages, and stores nothing', async () => {
    const count = await server.store.units.count();
    const empty = await putAdhoc(regular, { mode: 'smart', deviceName: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ message: REQUIRED, fields: { deviceName: REQUIRED } });
    const taken = (await server.store.units.all())[0]?.name ?? '';
    const dup = await putAdhoc(regular, { mode: 'smart', deviceName: taken.toUpperCase() });
    expect(dup.status).toBe(400);
    expect(dup.json.message).toBe(UNIQUE);
    expect(await server.store.units.count()).toBe(count);
  });

  it('registers a named LU-Smart device: a new unit of the group in devices/fetch, announced on the bus, expiring after the period', async () => {
    const socket = await listen(server, regular, [`group:${GROUP}`]);
    const before = Date.now();
    const created = await putAdhoc(regular, { mode: 'smart', deviceName: 'Guest-Phone-1', period: '1week' });
    expect(created.status, created.text).toBe(201);
    expect(created.json.unit).toMatchObject({ name: 'Guest-Phone-1', type: 'Smart', groupId: GROUP });
    const uid = created.json.unit.uid as string;
    await until(() => socket.events.some((e) => e.kind === 'unit.added' && e.id === uid));
    socket.close();
    const snapshot = await call(server, `devices/fetch${q}`, { cookie: regular });
    expect(snapshot.json.units.some((u: { unit: { uid: string } }) => u.unit.uid === uid)).toBe(true);

    const expiration = await call(server, `v2/groups/${GROUP}/units/${uid}/expiration${q}`, { cookie: regular });
    expect(expiration.status, expiration.text).toBe(200);
    expect(expiration.json).toMatchObject({ uid, kind: 'smart', period: '1week', expired: false });
    expect(expiration.json.expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY);
    // The smart-unit settings call shows the same period (spec 000 §7 v2/admin/smartunit).
    const smart = await call(server, `v2/admin/smartunit/${uid}${q}`, { cookie: await signIn(server, 'luc_admin') });
    expect(smart.json.expiration).toBe('1week');

    // Registering the same name again is refused now that the unit holds it.
    expect((await putAdhoc(regular, { mode: 'lite', deviceName: 'guest-phone-1' })).json.message).toBe(UNIQUE);

    // An LU-Lite device gets the Lite type.
    const lite = await putAdhoc(regular, { mode: 'lite', deviceName: 'Lite-Cam-1' });
    expect(lite.json.unit).toMatchObject({ type: 'Lite' });

    // The existing ad-hoc removal (spec 000 §7) removes it again.
    const removed = await call(server, `groups/${GROUP}/adhoc/units/${uid}/${q}`, { method: 'DELETE', cookie: regular });
    expect(removed.json).toEqual({ uid, removed: true });
  });

  it('resets a unit’s expiration to the period from now; refuses units that are not LU-Smart / LU-Lite', async () => {
    const uid = await addUnit(server, 'USMARTX1', 'Smart');
    const none = await call(server, `v2/groups/${GROUP}/units/${uid}/expiration${q}`, { cookie: regular });
    expect(none.json).toMatchObject({ period: null, expiresAt: null, expired: false });
    const before = Date.now();
    const reset = await call(server, `v2/groups/${GROUP}/units/${uid}/expiration${q}`, { method: 'PUT', cookie: regular, body: { period: '3days' } });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json.period).toBe('3days');
    expect(reset.json.expiresAt).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(reset.json.expiresAt).toBeLessThanOrEqual(Date.now() + 3 * DAY);
    // No body: the unit's own period again.
    const again = await call(server, `v2/groups/${GROUP}/units/${uid}/expiration${q}`, { method: 'PUT', cookie: regular });
    expect(again.json.period).toBe('3days');

    const encoder = await addUnit(server, 'UENC1', '800');
    const refused = await call(server, `v2/groups/${GROUP}/units/${encoder}/expiration${q}`, { cookie: regular });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Only LU-Smart and LU-Lite units have an expiration');
    // A unit of the caller's other group named under this group: not found.
    const other = await addUnit(server, 'USMARTX2', 'Lite', '8.5.0', 'G-NEWS-REGIONAL');
    expect((await call(server, `v2/groups/${GROUP}/units/${other}/expiration${q}`, { cookie: regular })).status).toBe(404);
  });

  it('answers the permanent key; regenerate=true issues a new one; PUT sets regeneration and usage reset', async () => {
    const first = await call(server, `groups/${GROUP}/permanent${q}`, { cookie: regular });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ planKind: 'PERMANENT_SMART', keyRegeneration: 'never', usageReset: 'never', nextRegenerationAt: null, nextUsageResetAt: null });
    expect((await call(server, `groups/${GROUP}/permanent${q}`, { cookie: regular })).json.key).toBe(first.json.key);
    const regenerated = await call(server, `groups/${GROUP}/permanent${q}&regenerate=true`, { cookie: regular });
    expect(regenerated.json.key).not.toBe(first.json.key);

    const set = await call(server, `groups/${GROUP}/permanent${q}`, { method: 'PUT', cookie: regular, body: { kind: 'lite', keyRegeneration: 'weekly', usageReset: '6months' } });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ kind: 'lite', planKind: 'PERMANENT_LITE', keyRegeneration: 'weekly', usageReset: '6months', key: regenerated.json.key });
    expect(set.json.nextRegenerationAt).toBe(set.json.regeneratedAt + 7 * DAY);
    expect(set.json.nextUsageResetAt).toBeGreaterThan(Date.now() + 180 * DAY);
    expect(set.json.nextUsageResetAt).toBeLessThan(Date.now() + 185 * DAY);

    const bad = await call(server, `groups/${GROUP}/permanent${q}`, { method: 'PUT', cookie: regular, body: { keyRegeneration: 'hourly' } });
    expect(bad.status).toBe(400);
    const empty = await call(server, `groups/${GROUP}/permanent${q}`, { method: 'PUT', cookie: regular, body: {} });
    expect(empty.status).toBe(400);
    expect((await call(server, `groups/${GROUP}/permanent${q}`, { cookie: regular })).json.keyRegeneration).toBe('weekly');
  });

  it('regenerates a due key on the next read (policy daily, key a day old)', async () => {
    const repo = server.store.adhoc;
    const stored = await repo.permanent(GROUP);
    if (stored === undefined) throw new Error('no permanent registration');
    await repo.savePermanent({ ...stored, regeneration: 'daily', regeneratedAt: Date.now() - DAY });
    const read = await call(server, `groups/${GROUP}/permanent${q}`, { cookie: regular });
    expect(read.json.key).not.toBe(stored.key);
    expect(read.json.regeneratedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records e-mail and SMS invitations, and says no transport is configured', async () => {
    const mail = await call(server, `groups/${GROUP}/email${q}`, { cookie: regular, body: { to: 'ops@example.com, desk@example.org', deviceName: 'Field-Phone-9', mode: 'smart' } });
    expect(mail.status, mail.text).toBe(201);
    expect(mail.json).toMatchObject({ channel: 'email', to: ['ops@example.com', 'desk@example.org'], recorded: true, delivered: false, transport: 'none configured' });
    expect(mail.json.link).toMatch(/^lu-smart:\/\/join\?group=G-NEWS-NATIONAL&code=/);
    const sms = await call(server, `groups/${GROUP}/sms${q}`, { cookie: regular, body: { to: '447700900123', deviceName: 'Field-Phone-9', mode: 'lite' } });
    expect(sms.status, sms.text).toBe(201);
    expect(sms.json.link).toMatch(/^lu-lite:/);
    const stored = await server.store.adhoc.invitations(GROUP);
    expect(stored.map((i) => [i.channel, i.recipients])).toEqual(expect.arrayContaining([['email', ['ops@example.com', 'desk@example.org']], ['sms', ['447700900123']]]));
  });

  it('refuses bad invitations with the spec’s messages (invalid e-mail, digits only, required, unique guest name)', async () => {
    const before = (await server.store.adhoc.invitations(GROUP)).length;
    const cases = [
      ['email', { to: 'ops@example', deviceName: 'Dev-1' }, INVALID_EMAIL, 'to'],
      ['email', { to: '', deviceName: 'Dev-1' }, REQUIRED, 'to'],
      ['sms', { to: '+44 7700', deviceName: 'Dev-1' }, NUMERIC, 'to'],
      ['sms', { to: '4477', deviceName: '' }, REQUIRED, 'deviceName'],
      ['sms', { to: '4477', deviceName: (await server.store.units.all())[0]?.name ?? '', guest: true }, UNIQUE, 'deviceName'],
    ] as const;
    for (const [channel, body, message, field] of cases) {
      const result = await call(server, `groups/${GROUP}/${channel}${q}`, { cookie: regular, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.json.message).toBe(message);
      expect(Object.keys(result.json.fields)).toEqual([field]);
    }
    expect(await server.store.adhoc.invitations(GROUP)).toHaveLength(before);
    // A guest with a free name is invited for the period asked.
    const guest = await call(server, `groups/${GROUP}/email${q}`, { cookie: regular, body: { to: 'guest@example.com', deviceName: 'Guest-Anna', guest: true, period: '3days' } });
    expect(guest.json).toMatchObject({ guest: true, period: '3days', mode: 'smart' });
  });

  it('keeps to the caller’s groups and refuses every write to read-only users', async () => {
    await addForeignUnit(server);
    for (const path of ['groups/G-FOREIGN/adhoc', 'groups/G-FOREIGN/permanent']) {
      const foreign = await call(server, `${path}?crnt_vcg_uid=${GROUP}`, { cookie: regular });
      expect(foreign.status, path).toBe(403);
      expect(foreign.json.message).toBe("Group 'G-FOREIGN' is not one of your groups");
    }
    expect((await call(server, `v2/groups/G-FOREIGN/units/UFOREIGN1/expiration${q}`, { cookie: regular })).status).toBe(404);
    expect((await adhoc(reader)).status).toBe(200);
    for (const [method, path, body] of [
      ['PUT', `groups/${GROUP}/adhoc`, { mode: 'smart', deviceName: 'Read-1' }],
      ['PUT', `groups/${GROUP}/permanent`, { usageReset: 'never' }],
      ['GET', `groups/${GROUP}/permanent?regenerate=true`, undefined],
      ['POST', `groups/${GROUP}/email`, { to: 'a@b.co', deviceName: 'Read-1' }],
      ['POST', `groups/${GROUP}/sms`, { to: '123', deviceName: 'Read-1' }],
      ['PUT', `v2/groups/${GROUP}/units/USMARTX1/expiration`, {}],
    ] as const) {
      const url = path.includes('?') ? path.replace('?', `${q}&`) : `${path}${q}`;
      const result = await call(server, url, { method, cookie: reader, ...(body !== undefined ? { body } : {}) });
      expect(result.status, `${method} ${path}`).toBe(403);
      expect(result.json.message).toBe(ACCESS_REFUSED);
    }
    expect((await server.store.units.all()).some((u) => u.name === 'Read-1')).toBe(false);
  });
});
