/**
 * Device support access, remote actions and access approvals (spec 000 §6, 001 §4, 002 §9; issue
 * 12 item 7, issue 14 items 5-6) against a started server with a running fleet: every call's happy
 * path, the refusals with their exact texts, another customer's devices, the role matrix, and the
 * 8 hours decided from stored times (the rows are aged in the database, as a restart would find
 * them: no timer is involved).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may } from '../../src/domain/roles/permissions.ts';
import { REMOTE_ACTION_DONE_RESULTS, SUPPORT_ACCESS_MS } from '../../src/domain/support.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { call, DEMO_PASSWORD, signIn, startServer, tempDir } from './server-harness.ts';
import { addUnit, startUnitServer, type UnitTestServer } from './units-harness.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';
const HOUR = 3_600_000;

describe('support access, remote actions, access approvals against a started server', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  const cookies = new Map<string, string>();
  let outsider: string;
  let added = 0;
  /** A new online, idle unit of the demo group (the demo fleet's own units churn). */
  const freshUnit = () => addUnit(server, `USUPPORT${(added += 1)}`, '800');
  const FOREIGN_UNIT = 'USUPPORTFOREIGN';

  const as = (user: string) => cookies.get(user) ?? '';
  const post = (path: string, cookie: string, body: unknown = {}) => call(server, path, { method: 'POST', cookie, body });
  const request = (cookie: string, deviceId: string, action = 'reboot', deviceKind = 'unit') => post('v2/support/remote_actions', cookie, { deviceKind, deviceId, action });
  /** Moves every stored time of the device's support rows back by `ms` (as if that much time passed). */
  async function age(deviceId: string, ms: number): Promise<void> {
    const db = server.store.db;
    const grants = await db.selectFrom('support_grants').select(['id', 'granted_at', 'revoked_at']).where('device_id', '=', deviceId).execute();
    for (const g of grants) await db.updateTable('support_grants').set({ granted_at: Number(g.granted_at) - ms, revoked_at: g.revoked_at === null ? null : Number(g.revoked_at) - ms }).where('id', '=', g.id).execute();
    const actions = await db.selectFrom('remote_actions').select(['id', 'requested_at']).where('device_id', '=', deviceId).execute();
    for (const a of actions) await db.updateTable('remote_actions').set({ requested_at: Number(a.requested_at) - ms }).where('id', '=', a.id).execute();
    const approvals = await db.selectFrom('access_approvals').select(['id', 'requested_at']).where('device_id', '=', deviceId).execute();
    for (const p of approvals) await db.updateTable('access_approvals').set({ requested_at: Number(p.requested_at) - ms }).where('id', '=', p.id).execute();
  }

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 40);
    const now = Date.now();
    await server.store.inventories.insert({ id: 'INV-OTHER', name: 'Other-Broadcaster', region: 'eu', customer: 'Other', parentId: null, features: [], createdAt: now });
    await server.store.groups.insert({ id: 'G-OTHER', name: 'Other-Desk', inventoryId: 'INV-OTHER', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    await server.store.units.insertMany([{ uid: FOREIGN_UNIT, name: 'Other-Cam', type: '800', serial: 'X1', groupId: 'G-OTHER', inventoryId: 'INV-OTHER', lat: 0, lng: 0, swVersion: '8.5.0' }], now);
    await server.store.users.insert(
      { id: 'USR-OUTSIDER', username: 'outsider_admin', firstName: 'Out', lastName: 'Sider', email: null, userLabel: '', userType: 'luc_admin', active: true, sso: false, isDemo: false, password: await hashPassword(DEMO_PASSWORD), passwordChangedAt: now, passwordExpiresAt: null, forcePasswordChange: false, createdAt: now },
      ['G-OTHER'],
    );
    for (const type of USER_TYPES) cookies.set(type, await signIn(server, type));
    outsider = await signIn(server, 'outsider_admin');
  }, 120_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('lists the devices a customer admin reaches with their support access (none yet), units and servers', async () => {
    const units = await call(server, 'v2/support/devices?kind=unit&limit=500', { cookie: as('luc_admin') });
    expect(units.status).toBe(200);
    expect(units.json.total).toBeGreaterThan(0);
    expect(units.json.items.every((d: { kind: string }) => d.kind === 'unit')).toBe(true);
    // The demo's one grant (src/server/areas/support/demo.ts); every other unit has none.
    const granted = units.json.items.filter((d: { access: { status: string } }) => d.access.status !== 'none');
    expect(granted.map((d: { access: { status: string; grantedBy: string } }) => [d.access.status, d.access.grantedBy])).toEqual([['active', 'luc_admin']]);
    expect(units.json.items.filter((d: { pendingApprovals: number }) => d.pendingApprovals > 0)).toHaveLength(1);
    expect(units.json.items[0].actions).toEqual(['reboot', 'sendLogs']);
    expect(units.json.items.some((d: { id: string }) => d.id === FOREIGN_UNIT)).toBe(false);
    const servers = await call(server, 'v2/support/devices?kind=server', { cookie: as('luc_admin') });
    expect(servers.status).toBe(200);
    for (const s of servers.json.items) expect(s.actions).toEqual([]);
    // Support (super user) reaches every customer's devices, the other customer's too.
    const all = await call(server, 'v2/support/devices?kind=unit&limit=500&searchKey=name&searchValue=Other-Cam', { cookie: as('super_user') });
    expect(all.json.items.map((d: { id: string }) => d.id)).toEqual([FOREIGN_UNIT]);
  });

  it('without support access a remote action waits for the customer: an active access approval; a second one is refused', async () => {
    const uid = await freshUnit();
    const asked = await request(as('super_user'), uid);
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({ deviceId: uid, action: 'reboot', status: 'awaitingApproval', requestedBy: 'super_user', result: '', finishedAt: null });
    expect(asked.json.approvalId).toMatch(/^AA-/);
    const again = await request(as('super_user'), uid);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("A request to reboot this device is already waiting for the customer's approval");

    const picture = await call(server, `v2/support/devices/unit/${uid}`, { cookie: as('luc_admin') });
    expect(picture.json.device.pendingApprovals).toBe(1);
    expect(picture.json.approvals).toHaveLength(1);
    expect(picture.json.approvals[0]).toMatchObject({ state: 'active', action: 'reboot', requestedBy: 'super_user', decision: null, remoteActionStatus: 'awaitingApproval' });
    expect(picture.json.approvals[0].expiresAt - picture.json.approvals[0].requestedAt).toBe(SUPPORT_ACCESS_MS);
  });

  it('the customer approves: the action runs on the unit, the approval is used and cannot be used twice', async () => {
    const uid = await freshUnit();
    const asked = await request(as('luc_partner'), uid);
    expect(asked.json.status).toBe('awaitingApproval');
    const approved = await post(`v2/support/access_approvals/${asked.json.approvalId}/approve`, as('luc_admin'));
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ state: 'used', decision: 'approved', decidedBy: 'luc_admin', remoteActionStatus: 'done', remoteActionResult: REMOTE_ACTION_DONE_RESULTS.reboot });
    expect(server.fleet.unit(uid)?.flow).toBe('reboot');
    const twice = await post(`v2/support/access_approvals/${asked.json.approvalId}/approve`, as('luc_admin'));
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('This access approval was already used');
    const usedOnes = await call(server, `v2/support/access_approvals?state=used&deviceKind=unit&deviceId=${uid}`, { cookie: as('staff') });
    expect(usedOnes.json.items.map((a: { id: string }) => a.id)).toEqual([asked.json.approvalId]);
  });

  it('the customer declines: the approval closes (expired) and the action is declined', async () => {
    const uid = await freshUnit();
    const asked = await request(as('super_user'), uid, 'sendLogs');
    const declined = await post(`v2/support/access_approvals/${asked.json.approvalId}/decline`, as('luc_media_group_admin'));
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ state: 'expired', decision: 'declined', decidedBy: 'luc_media_group_admin', remoteActionStatus: 'declined' });
    const after = await post(`v2/support/access_approvals/${asked.json.approvalId}/approve`, as('luc_admin'));
    expect(after.status).toBe(409);
    expect(after.json.message).toBe('This access approval has expired');
    expect(server.fleet.unit(uid)?.applications.fetchlogs).toBeUndefined();
  });

  it('an approval nobody answers expires after 8 hours: it can no longer be approved, and its action reads expired', async () => {
    const uid = await freshUnit();
    const asked = await request(as('super_user'), uid);
    await age(uid, SUPPORT_ACCESS_MS - 60_000); // a minute before the 8 hours end
    expect((await call(server, `v2/support/devices/unit/${uid}`, { cookie: as('luc_admin') })).json.approvals[0].state).toBe('active');
    await age(uid, 60_000);
    const late = await post(`v2/support/access_approvals/${asked.json.approvalId}/approve`, as('luc_admin'));
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('This access approval has expired');
    const expired = await call(server, `v2/support/remote_actions?status=expired&deviceKind=unit&deviceId=${uid}`, { cookie: as('super_user') });
    expect(expired.json.items.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([[asked.json.id, 'expired']]);
    const approvals = await call(server, `v2/support/access_approvals?state=expired&deviceId=${uid}`, { cookie: as('luc_admin') });
    expect(approvals.json.items[0]).toMatchObject({ state: 'expired', decision: null });
    expect(server.fleet.unit(uid)?.flow).toBeNull();
    // Once expired, support may ask again.
    expect((await request(as('super_user'), uid)).json.status).toBe('awaitingApproval');
  });

  it('a customer admin grants support access for 8 hours: remote actions then run at once; after 8 hours they need approval again', async () => {
    const uid = await freshUnit();
    const granted = await post(`v2/support/devices/unit/${uid}/access`, as('luc_admin'));
    expect(granted.status).toBe(200);
    expect(granted.json.device.access).toMatchObject({ status: 'active', grantedBy: 'luc_admin', remainingMs: SUPPORT_ACCESS_MS, revokedBy: null });
    expect(granted.json.device.access.endsAt - granted.json.device.access.grantedAt).toBe(SUPPORT_ACCESS_MS);

    const ran = await request(as('luc_partner'), uid, 'sendLogs');
    expect(ran.status).toBe(201);
    expect(ran.json).toMatchObject({ status: 'done', result: REMOTE_ACTION_DONE_RESULTS.sendLogs, approvalId: null });
    expect(server.fleet.unit(uid)?.applications.fetchlogs).toBeDefined();

    await age(uid, 7 * HOUR);
    const later = await call(server, `v2/support/devices/unit/${uid}`, { cookie: as('super_user') });
    expect(later.json.device.access.status).toBe('active');
    expect(later.json.device.access.remainingMs).toBeLessThanOrEqual(HOUR);
    await age(uid, HOUR);
    const over = await call(server, `v2/support/devices/unit/${uid}`, { cookie: as('super_user') });
    expect(over.json.device.access).toMatchObject({ status: 'expired', remainingMs: 0 });
    const blocked = await request(as('super_user'), uid);
    expect(blocked.json.status).toBe('awaitingApproval');
    const listed = await call(server, 'v2/support/devices?access=expired&limit=500', { cookie: as('luc_admin') });
    expect(listed.json.items.some((d: { id: string }) => d.id === uid)).toBe(true);
  });

  it('a unit that refuses the action (offline) fails with the unit’s message, stored as the result', async () => {
    const uid = await freshUnit();
    await post(`v2/support/devices/unit/${uid}/access`, as('luc_contractor'));
    server.fleet.unit(uid)!.state = 'offline';
    const failed = await request(as('super_user'), uid, 'sendLogs');
    expect(failed.status).toBe(201);
    expect(failed.json.status).toBe('failed');
    expect(failed.json.result.length).toBeGreaterThan(0);
    const listed = await call(server, `v2/support/remote_actions?status=failed&deviceId=${uid}`, { cookie: as('luc_contractor') });
    expect(listed.json.items[0]).toMatchObject({ id: failed.json.id, result: failed.json.result });
  });

  it('revokes an active access early; revoking again is refused', async () => {
    const uid = await freshUnit();
    await post(`v2/support/devices/unit/${uid}/access`, as('luc_admin'));
    const revoked = await call(server, `v2/support/devices/unit/${uid}/access`, { method: 'DELETE', cookie: as('luc_admin') });
    expect(revoked.status).toBe(200);
    expect(revoked.json.device.access).toMatchObject({ status: 'revoked', revokedBy: 'luc_admin', remainingMs: 0 });
    const again = await call(server, `v2/support/devices/unit/${uid}/access`, { method: 'DELETE', cookie: as('luc_admin') });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Support access to this device is not active');
    expect((await request(as('super_user'), uid)).json.status).toBe('awaitingApproval');
  });

  it('refuses bad input naming what is wrong', async () => {
    const uid = await freshUnit();
    const unknownAction = await request(as('super_user'), uid, 'format');
    expect(unknownAction.status).toBe(400);
    expect(Object.keys(unknownAction.json.fields ?? {})).toContain('action');
    const longNote = await post('v2/support/remote_actions', as('super_user'), { deviceKind: 'unit', deviceId: uid, action: 'reboot', note: 'x'.repeat(501) });
    expect(longNote.status).toBe(400);
    expect(Object.keys(longNote.json.fields ?? {})).toContain('note');
    const servers = await server.store.servers.list();
    if (servers[0] !== undefined) {
      const onServer = await request(as('super_user'), servers[0].id, 'reboot', 'server');
      expect(onServer.status).toBe(400);
      expect(onServer.json.message).toBe('Reboot is not a remote action of a server');
    }
    const unknownDevice = await request(as('super_user'), 'UNKNOWN-UNIT');
    expect(unknownDevice.status).toBe(404);
    expect(unknownDevice.json.message).toBe("Unit 'UNKNOWN-UNIT' not found");
    const badKind = await call(server, `v2/support/devices/camera/${uid}`, { cookie: as('luc_admin') });
    expect(badKind.status).toBe(400);
    const unknownApproval = await post('v2/support/access_approvals/AA-NONE/approve', as('luc_admin'));
    expect(unknownApproval.status).toBe(404);
    expect(unknownApproval.json.message).toBe("Access approval 'AA-NONE' not found");
  });

  it('another customer’s admin neither sees nor decides our devices and approvals (404, as unknown ones)', async () => {
    const uid = await freshUnit();
    const asked = await request(as('super_user'), uid);
    expect((await call(server, `v2/support/devices/unit/${uid}`, { cookie: outsider })).status).toBe(404);
    expect((await post(`v2/support/devices/unit/${uid}/access`, outsider)).status).toBe(404);
    expect((await post(`v2/support/access_approvals/${asked.json.approvalId}/approve`, outsider)).status).toBe(404);
    expect((await post(`v2/support/access_approvals/${asked.json.approvalId}/decline`, outsider)).status).toBe(404);
    const theirs = await call(server, 'v2/support/access_approvals', { cookie: outsider });
    expect(theirs.json.total).toBe(0);
    const theirActions = await call(server, 'v2/support/remote_actions', { cookie: outsider });
    expect(theirActions.json.total).toBe(0);
    const theirDevices = await call(server, 'v2/support/devices?limit=500', { cookie: outsider });
    expect(theirDevices.json.items.map((d: { id: string }) => d.id)).toEqual([FOREIGN_UNIT]);
    // And our customer admins do not reach the other customer's unit.
    expect((await call(server, `v2/support/devices/unit/${FOREIGN_UNIT}`, { cookie: as('luc_admin') })).status).toBe(404);
    expect((await request(as('luc_partner'), FOREIGN_UNIT)).status).toBe(404);
    expect((await request(as('super_user'), FOREIGN_UNIT)).status).toBe(201);
  });

  it.each(USER_TYPES.map((type) => [type]))('%s: each call is refused exactly where the permissions table refuses it', async (type) => {
    const uid = await freshUnit();
    const cookie = as(type);
    const reads = [await call(server, 'v2/support/devices', { cookie }), await call(server, 'v2/support/remote_actions', { cookie }), await call(server, 'v2/support/access_approvals', { cookie })];
    for (const answer of reads) {
      expect(answer.status === 403 && answer.json.message === NOT_ALLOWED).toBe(!may([type], 'support.read'));
      if (may([type], 'support.read')) expect(answer.status).toBe(200);
    }
    const asked = await request(cookie, uid);
    if (may([type], 'support.request')) expect(asked.status).toBe(201);
    else expect([asked.status, asked.json.message]).toEqual([403, NOT_ALLOWED]);
    const granted = await post(`v2/support/devices/unit/${uid}/access`, cookie);
    if (may([type], 'support.approve')) expect(granted.status).toBe(200);
    else expect([granted.status, granted.json.message]).toEqual([403, NOT_ALLOWED]);
  });
});

describe('support access survives a restart: the server decides from stored times', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('a grant made before a restart is active after it, and blocked once the restarted server’s clock passes the 8 hours', async () => {
    const dbFile = join(tmp.dir, 'restart.db');
    let clock = Date.now();
    const first = await startServer({ dbFile, units: 5, now: () => clock });
    const uid = (await first.store.units.all())[0]!.uid;
    const admin = await signIn(first, 'luc_admin');
    const granted = await call(first, `v2/support/devices/unit/${uid}/access`, { method: 'POST', cookie: admin, body: {} });
    expect(granted.json.device.access.status).toBe('active');
    await first.close();

    clock += 7 * HOUR; // the server was down for 7 hours
    const second = await startServer({ dbFile, units: 5, now: () => clock });
    const supportUser = await signIn(second, 'super_user');
    const after = await call(second, `v2/support/devices/unit/${uid}`, { cookie: supportUser });
    expect(after.json.device.access).toMatchObject({ status: 'active', grantedBy: 'luc_admin', remainingMs: HOUR });
    clock += HOUR; // nothing runs at the 8 hours: the next call finds them passed
    const blocked = await call(second, `v2/support/devices/unit/${uid}`, { cookie: supportUser });
    expect(blocked.json.device.access).toMatchObject({ status: 'expired', remainingMs: 0 });
    const asked = await call(second, 'v2/support/remote_actions', { method: 'POST', cookie: supportUser, body: { deviceKind: 'unit', deviceId: uid, action: 'reboot' } });
    expect(asked.json.status).toBe('awaitingApproval');
    await second.close();
  }, 120_000);
});
