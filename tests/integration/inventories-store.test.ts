/**
 * The inventories repository (src/server/areas/inventories/repo.ts) on both engines: the same
 * answers on SQLite and on a throwaway PostgreSQL cluster (skipped, and said so, when PostgreSQL
 * cannot start here). Its listing counts users through two links (user_inventories and the
 * inventory's groups) and sorts a missing parent as '', both in SQL written once for both.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Store } from '../../src/server/store/store.ts';
import type { InventoryListing } from '../../src/server/areas/inventories/repo.ts';
import { describeOnBothEngines } from './bothEngines.ts';
import { testUser } from './testUsers.ts';

/** Times well above 2^31 ms (bigint on PostgreSQL), read back as JS numbers. */
const NOW = 1_700_000_000_000;
const user = (id: string) => testUser(id, NOW);

const listing = (changes: Partial<InventoryListing> = {}): InventoryListing => ({
  inventoryIds: null,
  limit: 50,
  offset: 0,
  searchKey: 'name',
  searchValue: '',
  sortBy: 'name',
  sortDir: 'asc',
  ...changes,
});

/**
 * alpha (top), Beta (under alpha), Gamma (under Beta): alpha has 2 groups, 2 units, 3 users
 * (one linked directly, one through a group, one both ways: counted once); Beta has 1 group.
 */
async function seed(store: Store): Promise<void> {
  await store.inventories.insert({ id: 'INV-A', name: 'alpha', region: 'eu-west', customer: 'Zeta Media', parentId: null, features: ['lux'], createdAt: NOW });
  await store.inventories.insert({ id: 'INV-B', name: 'Beta', region: 'us-east', customer: 'acme', parentId: 'INV-A', features: [], createdAt: NOW + 1, sipServer: '10.0.0.1', userLicences: 5 });
  await store.inventories.insert({ id: 'INV-C', name: 'Gamma', region: '', customer: 'Acme', parentId: 'INV-B', features: [], createdAt: NOW + 2, properties: { site: 'north' }, defaultSwVersions: { fieldUnits: '8.5' } });
  await store.groups.insert({ id: 'G-A1', name: 'A1', inventoryId: 'INV-A', autoAssociation: false, unitAutoAssociation: false, createdAt: NOW });
  await store.groups.insert({ id: 'G-A2', name: 'A2', inventoryId: 'INV-A', autoAssociation: false, unitAutoAssociation: false, createdAt: NOW });
  await store.groups.insert({ id: 'G-B1', name: 'B1', inventoryId: 'INV-B', autoAssociation: false, unitAutoAssociation: false, createdAt: NOW });
  await store.units.insertMany(
    [
      { uid: 'U1', name: 'cam-2', type: '800', serial: 'S1', groupId: 'G-A1', inventoryId: 'INV-A', lat: 0, lng: 0, swVersion: '8.5.0' },
      { uid: 'U2', name: 'Cam-1', type: 'Smart', serial: 'S2', groupId: 'G-A2', inventoryId: 'INV-A', lat: 0, lng: 0, swVersion: '7.0' },
    ],
    NOW,
  );
  await store.users.insert(user('USR-DIRECT'));
  await store.db.insertInto('user_inventories').values({ user_id: 'USR-DIRECT', inventory_id: 'INV-A' }).execute();
  await store.users.insert(user('USR-GROUP'), ['G-A1']);
  await store.users.insert(user('USR-BOTH'), ['G-A1', 'G-A2']); // also gets user_inventories INV-A
  await store.db.insertInto('vr_channels').values({ id: 'VR-1', name: 'VR-1', inventory_id: 'INV-A', created_at: NOW }).execute();
  await store.db.insertInto('group_vr_channels').values({ group_id: 'G-A1', vr_channel_id: 'VR-1' }).execute();
}

function contract(open: () => Promise<Store>): void {
  let store: Store;
  beforeEach(async () => {
    store = await open();
    await seed(store);
  });
  afterEach(async () => {
    await store.close();
  });

  it('lists every detail with the parent’s name and what each holds (users counted once)', async () => {
    const page = await store.inventories.page(listing());
    expect(page.total).toBe(3);
    expect(page.items.map((i) => [i.name, i.parentName, i.groupCount, i.unitCount, i.userCount])).toEqual([
      ['alpha', null, 2, 2, 3],
      ['Beta', 'alpha', 1, 0, 0],
      ['Gamma', 'Beta', 0, 0, 0],
    ]);
    expect(page.items[1]).toMatchObject({ sipServer: '10.0.0.1', userLicences: 5, identityProvider: '', autoGroup: false, createdAt: NOW + 1 });
    expect(page.items[2]).toMatchObject({ properties: { site: 'north' }, defaultSwVersions: { fieldUnits: '8.5' } });
    expect(page.items[0]?.features).toMatchObject({ lux: true, mapView: false });
    expect(await store.inventories.holdings('INV-A')).toEqual({ groupCount: 2, unitCount: 2, userCount: 3 });
  });

  it.each([
    [{ sortBy: 'name', sortDir: 'desc' }, ['Gamma', 'Beta', 'alpha']],
    [{ sortBy: 'customer' }, ['Beta', 'Gamma', 'alpha']], // acme = Acme, then by name; Zeta last
    [{ sortBy: 'region' }, ['Gamma', 'alpha', 'Beta']], // '' first
    [{ sortBy: 'parentName' }, ['alpha', 'Beta', 'Gamma']], // no parent as ''
    [{ sortBy: 'parentName', sortDir: 'desc' }, ['Gamma', 'Beta', 'alpha']],
    [{ sortBy: 'groupCount', sortDir: 'desc' }, ['alpha', 'Beta', 'Gamma']],
    [{ sortBy: 'userCount' }, ['Beta', 'Gamma', 'alpha']],
    [{ sortBy: 'createdAt', sortDir: 'desc' }, ['Gamma', 'Beta', 'alpha']],
    [{ searchKey: 'customer', searchValue: 'ACME' }, ['Beta', 'Gamma']],
    [{ searchKey: 'region', searchValue: '-' }, ['alpha', 'Beta']],
    [{ searchValue: '_' }, []],
    [{ inventoryIds: ['INV-B', 'INV-C'] }, ['Beta', 'Gamma']],
    [{ inventoryIds: [] }, []],
    [{ limit: 1, offset: 1 }, ['Beta']],
  ] as const)('%j lists %j', async (changes, names) => {
    const page = await store.inventories.page(listing(changes as Partial<InventoryListing>));
    expect(page.items.map((i) => i.name)).toEqual(names);
  });

  it('counts what matches and finds taken names without case', async () => {
    expect(await store.inventories.countMatching({ inventoryIds: null, searchKey: 'customer', searchValue: 'acme' })).toBe(2);
    expect(await store.inventories.countMatching({ inventoryIds: ['INV-A'], searchKey: 'name', searchValue: '' })).toBe(1);
    expect(await store.inventories.nameTaken(' ALPHA ', null)).toBe(true);
    expect(await store.inventories.nameTaken('alpha', 'INV-A')).toBe(false);
    expect(await store.inventories.nameTaken('Delta', null)).toBe(false);
  });

  it('updates the given fields only and deletes (children become top-level)', async () => {
    await store.inventories.update('INV-B', { region: 'ap-south', userLicences: null, properties: { a: '1' }, features: ['gauge'] });
    expect(await store.inventories.details('INV-B')).toMatchObject({ name: 'Beta', region: 'ap-south', userLicences: null, properties: { a: '1' }, sipServer: '10.0.0.1' });
    expect((await store.inventories.get('INV-B'))?.features).toEqual(['gauge']);
    expect(await store.groups.delete('G-B1')).toBe(true); // a group keeps its inventory (ON DELETE RESTRICT)
    expect(await store.inventories.delete('INV-B')).toBe(true);
    expect(await store.inventories.details('INV-C')).toMatchObject({ parentId: null, parentName: null });
    expect(await store.inventories.parentMap()).toEqual(new Map([['INV-A', null], ['INV-C', null]]));
  });

  it('lists an inventory’s units by name without case, with their group', async () => {
    expect(await store.inventories.units('INV-A')).toEqual([
      { id: 'U2', name: 'Cam-1', type: 'Smart', serial: 'S2', swVersion: '7.0', groupId: 'G-A2', groupName: 'A2' },
      { id: 'U1', name: 'cam-2', type: '800', serial: 'S1', swVersion: '8.5.0', groupId: 'G-A1', groupName: 'A1' },
    ]);
  });

  it('moves a video return channel to another inventory, out of the former one’s groups, and deletes it', async () => {
    expect(await store.inventories.vrChannel('VR-1')).toEqual({ id: 'VR-1', name: 'VR-1', inventoryId: 'INV-A', groupCount: 1 });
    await store.transaction((tx) => tx.inventories.moveVrChannel('VR-1', 'INV-B'));
    expect(await store.inventories.vrChannel('VR-1')).toEqual({ id: 'VR-1', name: 'VR-1', inventoryId: 'INV-B', groupCount: 0 });
    expect(await store.inventories.deleteVrChannel('VR-1')).toBe(true);
    expect(await store.inventories.vrChannel('VR-1')).toBeUndefined();
  });

  // The usage repository rides on this harness: both engines, units seeded.
  it('adds recorded usage per unit and day in multi-row upserts: a day given twice summed, a stored day added to, a unit no longer stored skipped', async () => {
    await store.transaction((tx) =>
      tx.usage.add([
        { unitId: 'U1', day: '2026-01-20', dataMb: 5, seconds: 5 },
        { unitId: 'GONE', day: '2026-01-20', dataMb: 9, seconds: 9 },
        { unitId: 'U1', day: '2026-01-20', dataMb: 2.5, seconds: 1 },
        { unitId: 'U2', day: '2026-01-21', dataMb: 1, seconds: 2 },
        { unitId: 'U1', day: '2026-01-21', dataMb: 0.5, seconds: 0.5 },
      ]),
    );
    await store.transaction((tx) => tx.usage.add([{ unitId: 'U1', day: '2026-01-20', dataMb: 1, seconds: 1 }]));
    const rows = await store.db.selectFrom('unit_usage_daily').selectAll().orderBy('unit_uid').orderBy('day').execute();
    expect(rows.map((r) => [r.unit_uid, r.day, Number(r.data_mb), Number(r.seconds)])).toEqual([
      ['U1', '2026-01-20', 8.5, 7],
      ['U1', '2026-01-21', 0.5, 0.5],
      ['U2', '2026-01-21', 1, 2],
    ]);
  });

  it('adds a flush that names more units than one statement may bind (SQLite: 32,766 parameters), unknown ones skipped', async () => {
    // A 50,000-unit fleet's usage in one flush: the units were looked up in one `IN (…)` of every id,
    // which SQLite refused ("too many SQL variables"), and the whole flush was lost.
    const gone = Array.from({ length: 33_000 }, (_, i) => ({ unitId: `GONE-${i}`, day: '2026-01-20', dataMb: 1, seconds: 1 }));
    await store.transaction((tx) => tx.usage.add([...gone, { unitId: 'U2', day: '2026-01-20', dataMb: 3, seconds: 4 }]));
    const rows = await store.db.selectFrom('unit_usage_daily').selectAll().execute();
    expect(rows.map((r) => [r.unit_uid, r.day, Number(r.data_mb), Number(r.seconds)])).toEqual([['U2', '2026-01-20', 3, 4]]);
  });
}

describeOnBothEngines('inventories repository', (open) => contract(open));
