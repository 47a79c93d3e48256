import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, tempDir } from './server-harness.ts';
import { addUnit, GROUP, idleUnit, listen, startUnitServer, status, until, type UnitTestServer } from './units-harness.ts';

const q = `?crnt_vcg_uid=${GROUP}`;
const ACCESS_REFUSED = 'You are not allowed to access this application.';

describe('unit administration and links (spec 000 §6, §7) against a started server', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let admin: string;
  let regular: string;
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'));
    admin = await signIn(server, 'luc_admin');
    regular = await signIn(server, 'luc_regular');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('creates a unit (unit.added on the bus) and refuses a taken name and a bad serial', async () => {
    const taken = (await server.store.units.all())[0]?.name ?? '';
    const dup = await call(server, `v2/admin/units${q}`, { cookie: admin, body: { name: taken, type: '800', serial: 'A1BCD1234', groupId: GROUP } });
    expect(dup.status).toBe(400);
    expect(dup.json.message).toBe('Please select a different name. The current name is already in use');
    const serial = await call(server, `v2/admin/units${q}`, { cookie: admin, body: { name: 'New-Unit-1', type: '800', serial: 'bad', groupId: GROUP } });
    expect(serial.status).toBe(400);
    expect(Object.keys(serial.json.fields)).toEqual(['serial']);
    const socket = await listen(server, admin, [`group:${GROUP}`]);
    const created = await call(server, `v2/admin/units${q}`, { cookie: admin, body: { uid: 'UNEW1', name: 'New-Unit-1', type: '800', serial: 'A1BCD1234', groupId: GROUP } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ uid: 'UNEW1', name: 'New-Unit-1', groupId: GROUP });
    await until(() => socket.events.some((e) => e.kind === 'unit.added' && e.id === 'UNEW1'));
    socket.close();
    const foreignGroup = await call(server, `v2/admin/units${q}`, { cookie: admin, body: { name: 'New-Unit-2', type: '800', serial: 'A1BCD1234', groupId: 'G-NOPE' } });
    expect(foreignGroup.status).toBe(404);
  });

  // spec 002 §3 "unit auto association": a unit created in an inventory, with no group named,
  // lands in the inventory's group that has it on (groupForNewUnit), or in no group.
  it('creates a unit in an inventory: it joins the unit auto-association group, or no group; the websocket authority follows', async () => {
    await server.store.groups.update('G-NEWS-REGIONAL', { unitAutoAssociation: true });
    const joined = await call(server, `v2/admin/units${q}`, { cookie: admin, body: { uid: 'UAUTO1', name: 'Auto-Unit-1', type: '800', serial: 'A1BCD1234', inventoryId: 'INV-NEWS' } });
    expect(joined.status, joined.text).toBe(201);
    expect(joined.json).toMatchObject({ uid: 'UAUTO1', groupId: 'G-NEWS-REGIONAL', inventoryId: 'INV-NEWS' });
    expect(server.built.authority.groupOfUnit('UAUTO1')).toBe('G-NEWS-REGIONAL');
    expect(server.fleet.unit('UAUTO1')).toBeDefined();

    const alone = await call(server, `v2/admin/units${q}`, { cookie: admin, body: { uid: 'UAUTO2', name: 'Auto-Unit-2', type: '800', serial: 'A1BCD1234', inventoryId: 'INV-SPORTS' } });
    expect(alone.status, alone.text).toBe(201);
    expect(alone.json).toMatchObject({ uid: 'UAUTO2', groupId: null, inventoryId: 'INV-SPORTS' });
    expect(server.built.authority.groupOfUnit('UAUTO2')).toBeUndefined();
    // reachable through its inventory
    expect((await call(server, `v2/admin/inventories/INV-SPORTS/units${q}&searchKey=uid&searchValue=UAUTO2`, { cookie: admin })).json.total).toBe(1);

    const nowhere = await call(server, `v2/admin/units${q}`, { cookie: admin, body: { name: 'Auto-Unit-3', type: '800', serial: 'A1BCD1234' } });
    expect(nowhere.status).toBe(400);
    expect(nowhere.json.fields).toEqual({ groupId: 'This field is required' });
    const foreign = await call(server, `v2/admin/units${q}`, { cookie: admin, body: { name: 'Auto-Unit-4', type: '800', serial: 'A1BCD1234', inventoryId: 'INV-NOPE' } });
    expect(foreign.status).toBe(404);
    await server.store.groups.update('G-NEWS-REGIONAL', { unitAutoAssociation: false });
  });

  it('refuses administration to a regular operator with the access message', async () => {
    const uid = await idleUnit(server);
    for (const [method, path, body] of [
      ['POST', 'v2/admin/units', { name: 'X-1', type: '800', serial: 'A1BCD1234', groupId: GROUP }],
      ['PUT', `v2/admin/units/${uid}`, { comment: 'x' }],
      ['DELETE', `v2/admin/units/${uid}`, undefined],
      ['PUT', `v2/admin/units/${uid}/targetSwVersion/8.5`, undefined],
      ['PUT', `v2/admin/groups/G-NEWS-REGIONAL/units/${uid}`, undefined],
    ] as const) {
      const result = await call(server, `${path}${q}`, { method, cookie: regular, ...(body !== undefined ? { body } : {}) });
      expect(result.status, path).toBe(403);
      expect(result.json.message).toBe(ACCESS_REFUSED);
    }
    expect((await call(server, `v2/admin/units/${uid}${q}`, { cookie: regular })).status).toBe(200);
  });

  it('sets a target version through the upgrade rules: allowed starts upgrading; refusals carry 6802 or 6810', async () => {
    const ok = await addUnit(server, 'UUPG1', '800', '8.0.0');
    const started = await call(server, `v2/admin/units/${ok}/targetSwVersion/8.5${q}`, { method: 'PUT', cookie: admin });
    expect(started.status, started.text).toBe(200);
    expect(started.json).toMatchObject({ uid: ok, targetVersion: '8.5' });
    expect(await status(server, admin, ok)).toBe('upgrading');
    expect((await call(server, `v2/devices/${ok}/targetversion${q}`, { cookie: admin })).json.targetVersion).toBe('8.5');

    const old = await addUnit(server, 'UUPG2', '800', '5.1.3');
    const tooOld = await call(server, `v2/admin/units/${old}/targetSwVersion/8.5${q}`, { method: 'PUT', cookie: admin });
    expect(tooOld.status).toBe(400);
    expect(tooOld.json).toMatchObject({ code: 6802, message: 'Units on version 5.1 or below cannot be upgraded.', codeMessage: 'The target version is not allowed.' });

    const solo = await addUnit(server, 'UUPG3', 'Solo', '8.0.0');
    const hardware = await call(server, `v2/admin/units/${solo}/targetSwVersion/8.5${q}`, { method: 'PUT', cookie: admin });
    expect(hardware.status).toBe(400);
    expect(hardware.json).toMatchObject({ code: 6810, codeMessage: 'The target version is not supported by the hardware configuration.' });

    const above = await addUnit(server, 'UUPG4', '800', '8.5.1');
    const serverBelow = await call(server, `v2/admin/units/${above}/targetSwVersion/9.0${q}`, { method: 'PUT', cookie: admin });
    expect(serverBelow.json).toMatchObject({ code: 6802, message: 'The server version must be at or above the unit version.' });

    // The same rules as the upgrade dialog (decideDeviceUpgrade): an excluded product type is refused before the version rules.
    const excluded = await addUnit(server, 'UUPG5', '700SV', '8.0.0');
    const refused = await call(server, `v2/admin/units/${excluded}/targetSwVersion/8.5${q}`, { method: 'PUT', cookie: admin });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 6810, message: 'This product type is excluded from software upgrades.', reason: 'excludedType' });
  });

  it('moves a unit to another group and back; its events follow it', async () => {
    const uid = await addUnit(server, 'UMOVE1', '800');
    const moved = await call(server, `v2/admin/groups/G-NEWS-REGIONAL/units/${uid}${q}`, { method: 'PUT', cookie: admin });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.groupId).toBe('G-NEWS-REGIONAL');
    expect(server.built.authority.groupOfUnit(uid)).toBe('G-NEWS-REGIONAL');
    const groups = await call(server, `v2/admin/units/${uid}/groups${q}`, { cookie: admin });
    expect(groups.json.items).toEqual([{ uid: 'G-NEWS-REGIONAL', name: 'News-Regional', inventoryId: 'INV-NEWS' }]);
    const ofInv = await call(server, `v2/admin/units/${uid}/groups/ofInventories${q}`, { cookie: admin });
    expect(ofInv.json.find((g: { uid: string }) => g.uid === 'G-NEWS-REGIONAL').linked).toBe(true);
    expect((await call(server, `v2/admin/units/${uid}/inventories${q}`, { cookie: admin })).json.items).toEqual([{ id: 'INV-NEWS', name: 'Newsroom' }]);
    const unlinked = await call(server, `v2/admin/groups/G-NEWS-REGIONAL/units/${uid}${q}`, { method: 'DELETE', cookie: admin });
    expect(unlinked.json.groupId).toBeNull();
    // an ungrouped unit stays reachable through its inventory
    expect((await call(server, `v2/admin/inventories/INV-NEWS/units${q}&searchKey=uid&searchValue=${uid}`, { cookie: admin })).json.total).toBe(1);
    expect((await call(server, `v2/admin/groups/${GROUP}/units/${uid}${q}`, { method: 'PUT', cookie: admin })).json.groupId).toBe(GROUP);
    expect((await call(server, `v2/admin/groups/G-NOPE/units/${uid}${q}`, { method: 'PUT', cookie: admin })).status).toBe(403);
    const toSports = await call(server, `v2/admin/inventories/INV-SPORTS/units/${uid}${q}`, { method: 'PUT', cookie: admin });
    expect(toSports.json).toMatchObject({ inventoryId: 'INV-SPORTS', groupId: null });
  });

  it('deletes a unit (unit.removed) and deregisters another', async () => {
    const uid = await addUnit(server, 'UDEL1', '800');
    const socket = await listen(server, admin, [`unit:${uid}`]);
    expect((await call(server, `v2/admin/units/${uid}${q}`, { method: 'DELETE', cookie: admin })).json).toEqual({ uid, deleted: true });
    await until(() => socket.events.some((e) => e.kind === 'unit.removed'));
    socket.close();
    expect((await call(server, `v2/admin/units/${uid}${q}`, { cookie: admin })).status).toBe(404);
    const dereg = await addUnit(server, 'UDEREG1', '800');
    const result = await call(server, `v2/admin/units/${dereg}/deregistration${q}`, { cookie: admin, body: {} });
    expect(result.status, result.text).toBe(200);
    expect(result.json).toMatchObject({ groupId: null, inventoryId: null });
    expect(server.fleet.unit(dereg)).toBeUndefined();
  });

  it('removes an ad-hoc LU-Smart unit and refuses a field unit', async () => {
    const smart = await addUnit(server, 'USMART1', 'Smart');
    const field = await addUnit(server, 'UFIELD1', '800');
    expect((await call(server, `groups/${GROUP}/adhoc/units/${field}/${q}`, { method: 'DELETE', cookie: regular })).status).toBe(409);
    expect((await call(server, `groups/${GROUP}/adhoc/units/${smart}/${q}`, { method: 'DELETE', cookie: regular })).json).toEqual({ uid: smart, removed: true });
  });

  it('keeps LU-Smart settings within 0 or 1000-20000 kbps', async () => {
    const smart = await addUnit(server, 'USMART2', 'Smart');
    expect((await call(server, `v2/admin/smartunit/${smart}${q}`, { cookie: admin })).json.bandwidthLimitKbps).toBe(0);
    const low = await call(server, `v2/admin/smartunit/${smart}${q}`, { method: 'PUT', cookie: admin, body: { bandwidthLimitKbps: 999 } });
    expect(low.json.message).toBe('Must be 1000 or more');
    const high = await call(server, `v2/admin/smartunit/${smart}${q}`, { method: 'PUT', cookie: admin, body: { bandwidthLimitKbps: 20001 } });
    expect(high.json.message).toBe('Must be 20000 or less');
    expect((await call(server, `v2/admin/smartunit/${smart}${q}`, { method: 'PUT', cookie: admin, body: { bandwidthLimitKbps: 20000 } })).json.bandwidthLimitKbps).toBe(20000);
    expect((await call(server, `v2/admin/smartunit/${await idleUnit(server, { types: ['800', '810', '600'] })}${q}`, { cookie: admin })).status).toBe(404);
  });

  it('answers SIP accounts, services, applications, gateways and inventory details', async () => {
    const uid = await idleUnit(server);
    expect((await call(server, `v2/units/${uid}/sipAccount${q}`, { cookie: regular })).json.sipAccount.username).toBe(`sip_${uid.toLowerCase()}`);
    expect((await call(server, `v2/admin/units/${uid}/sipAccount${q}`, { cookie: admin })).status).toBe(200);
    expect((await call(server, `v2/admin/units/${uid}/services${q}`, { cookie: admin })).json.services).toEqual([]);
    expect((await call(server, `v2/admin/applications${q}`, { cookie: admin })).json.map((a: { applicationId: string }) => a.applicationId)).toContain('luc-console');
    const gateway = await addUnit(server, 'UGW1', 'DataBridge Gateway');
    expect((await call(server, `v2/admin/units/${uid}/dbgateway${q}`, { cookie: admin })).json.gateways.map((g: { uid: string }) => g.uid)).toContain(gateway);
    expect((await call(server, `v2/admin/units/${uid}/dbgateway/selected${q}`, { method: 'PUT', cookie: admin, body: { gatewayId: uid } })).status).toBe(400);
    expect((await call(server, `v2/admin/units/${uid}/dbgateway/selected${q}`, { method: 'PUT', cookie: admin, body: { gatewayId: gateway } })).status).toBe(200);
    expect((await call(server, `v2/units/${uid}/dbgateway/selected${q}`, { cookie: regular })).json.gatewayId).toBe(gateway);
    const details = await call(server, `v2/internal/inventory-unit-details?groupId=${GROUP}`, { method: 'PUT', cookie: admin, body: { uid, ownedBy: 'lease' } });
    expect(details.status, details.text).toBe(200);
    expect(details.json.ownedBy).toBe('lease');
    const list = await call(server, `v2/internal/inventory-unit-details?groupId=${GROUP}`, { cookie: regular });
    expect(list.json.find((u: { uid: string }) => u.uid === uid).ownedBy).toBe('lease');
  });
});
