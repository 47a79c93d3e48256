/**
 * The repository contract: the same cases against the store on SQLite (always) and on PostgreSQL
 * (a throwaway cluster, tests/integration/postgres.ts, when its binaries are here; otherwise the
 * PostgreSQL half is reported as skipped, with the reason in its name). Each case gets a freshly
 * migrated, empty store. Adoption of legacy SQLite files is SQLite-only: src/server/store/store.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { constraintKind } from '../../src/server/store/database.ts';
import type { Store } from '../../src/server/store/store.ts';
import { MAX_BOUND_PARAMETERS } from '../../src/server/store/queries.ts';
import { CONSOLE_APPLICATION_ID } from '../../src/server/areas/clientApplications/repo.ts';
import type { NewUser, PasswordHash } from '../../src/server/areas/users/repo.ts';
import type { UnitListQuery, UnitSeedFields } from '../../src/server/areas/units/repo.ts';
import type { StoryForm } from '../../src/domain/stories.ts';
import type { SharePartyFields } from '../../src/domain/shares.ts';
import { describeOnBothEngines } from './bothEngines.ts';

/** Times well above 2^31 ms (bigint on PostgreSQL), read back as JS numbers. */
const NOW = 1_700_000_000_000;

const HASH: PasswordHash = { hash: 'ab', salt: 'cd', params: { algorithm: 'scrypt', N: 16384, r: 8, p: 1, keyLength: 64 } };

function newUser(id: string, username: string, email: string | null, extra: Partial<NewUser> = {}): NewUser {
  return {
    id,
    username,
    firstName: 'First',
    lastName: 'Last',
    email,
    userLabel: '',
    userType: 'luc_admin',
    active: true,
    sso: false,
    isDemo: false,
    password: HASH,
    passwordChangedAt: NOW,
    passwordExpiresAt: null,
    forcePasswordChange: false,
    createdAt: NOW,
    ...extra,
  };
}

function seed(uid: string, name: string, groupId = 'G-A1', inventoryId = 'INV-A'): UnitSeedFields {
  return { uid, name, type: '800', serial: `S-${uid}`, groupId, inventoryId, lat: 48.5, lng: 2.25, swVersion: '8.5.0' };
}

const story = (slugline: string, extra: Partial<StoryForm> = {}): StoryForm => ({
  slugline,
  crewName: '',
  usageTerms: '',
  provider: '',
  reporter: '',
  keywords: '',
  comments: '',
  ...extra,
});

function party(id: string, name: string, shareKey: string, inventoryId = 'INV-A'): SharePartyFields {
  return { id, inventoryId, name, shareKey, description: '', groupId: null, createdOn: NOW, createdBy: 'test' };
}

/** Two inventories, three groups (G-A1, G-A2 in Alpha; G-B1 in Beta). */
async function seedTenancy(store: Store): Promise<void> {
  await store.inventories.insert({ id: 'INV-A', name: 'Alpha', region: 'eu', customer: 'C', parentId: null, features: ['map', 'lux'], createdAt: NOW });
  await store.inventories.insert({ id: 'INV-B', name: 'Beta', region: '', customer: '', parentId: 'INV-A', features: [], createdAt: NOW });
  await store.groups.insert({ id: 'G-A1', name: 'News', inventoryId: 'INV-A', autoAssociation: true, unitAutoAssociation: false, createdAt: NOW });
  await store.groups.insert({ id: 'G-A2', name: 'Arts', inventoryId: 'INV-A', autoAssociation: false, unitAutoAssociation: true, createdAt: NOW });
  await store.groups.insert({ id: 'G-B1', name: 'Sport', inventoryId: 'INV-B', autoAssociation: false, unitAutoAssociation: false, createdAt: NOW });
}

/** The refusal's kind, or a failure when the promise did not reject. */
async function refusal(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
  } catch (error) {
    return constraintKind(error) ?? `unclassified: ${String(error)}`;
  }
  throw new Error('the write was not refused');
}

function contract(open: () => Promise<Store>): void {
  let store: Store;
  beforeEach(async () => {
    store = await open();
    await seedTenancy(store);
  });
  afterEach(async () => {
    await store.close();
  });

  describe('inventories and groups', () => {
    it('inserts, gets, lists by name and counts', async () => {
      expect(await store.inventories.get('INV-B')).toEqual({ id: 'INV-B', name: 'Beta', region: '', customer: '', parentId: 'INV-A', features: [], createdAt: NOW });
      expect((await store.inventories.list()).map((i) => i.id)).toEqual(['INV-A', 'INV-B']);
      expect(await store.inventories.count()).toBe(2);
      expect(await store.inventories.get('nope')).toBeUndefined();
      expect(await store.groups.get('G-A1')).toEqual({ id: 'G-A1', name: 'News', inventoryId: 'INV-A', autoAssociation: true, unitAutoAssociation: false, createdAt: NOW });
      expect((await store.groups.list()).map((g) => g.name)).toEqual(['Arts', 'News', 'Sport']);
    });

    it('answers unique for a taken name and foreignKey for an unknown inventory', async () => {
      expect(await refusal(store.inventories.insert({ id: 'INV-C', name: 'Alpha', region: '', customer: '', parentId: null, features: [], createdAt: NOW }))).toBe('unique');
      expect(await refusal(store.groups.insert({ id: 'G-X', name: 'X', inventoryId: 'INV-NOPE', autoAssociation: false, unitAutoAssociation: false, createdAt: NOW }))).toBe('foreignKey');
      expect(await refusal(store.groups.insert({ id: 'G-A1', name: 'Other', inventoryId: 'INV-A', autoAssociation: false, unitAutoAssociation: false, createdAt: NOW }))).toBe('unique');
    });
  });

  describe('users', () => {
    beforeEach(async () => {
      await store.users.insert(newUser('U-ADA', 'Ada', 'ada@example.com', { isDemo: true }), ['G-A1', 'G-B1']);
      await store.users.insert(newUser('U-BOB', 'bob', null, { isDemo: true, active: false }), ['G-A2']);
    });

    it('stores a user with its groups; sign-in finds the username without case', async () => {
      expect(await store.users.get('U-ADA')).toMatchObject({ username: 'Ada', email: 'ada@example.com', active: true, isDemo: true, passwordChangedAt: NOW, passwordExpiresAt: null });
      expect(await store.users.credentials('aDA')).toEqual({ user: await store.users.get('U-ADA'), password: HASH });
      expect(await store.users.credentials('nobody')).toBeUndefined();
      expect(await store.users.groupIds('U-ADA')).toEqual(['G-A1', 'G-B1']);
      expect(await store.users.inventoryIdsOfUser('U-ADA')).toEqual(['INV-A', 'INV-B']);
      expect(await store.groups.forUser('U-ADA')).toEqual([
        { uid: 'G-A1', name: 'News', inventoryId: 'INV-A', inventoryName: 'Alpha' },
        { uid: 'G-B1', name: 'Sport', inventoryId: 'INV-B', inventoryName: 'Beta' },
      ]);
      expect(await store.users.count()).toBe(2);
      expect((await store.users.demoUsers()).map((u) => u.username)).toEqual(['Ada', 'bob']);
    });

    it('refuses a username taken in another case, and stores neither the user nor its groups', async () => {
      expect(await refusal(store.users.insert(newUser('U-ADA2', 'ADA', null), ['G-A2']))).toBe('unique');
      expect(await store.users.get('U-ADA2')).toBeUndefined();
      expect(await store.users.groupIds('U-ADA2')).toEqual([]);
    });

    it('adds groups once, sets passwords, and updates the profile (a taken e-mail in any case changes nothing)', async () => {
      await store.users.addToGroups('U-BOB', ['G-A2', 'G-A1']);
      await store.users.addToGroups('U-BOB', ['G-A1']);
      expect(await store.users.groupIds('U-BOB')).toEqual(['G-A1', 'G-A2']);
      const next: PasswordHash = { hash: 'ff', salt: 'ee', params: { ...HASH.params, N: 2 } };
      await store.users.setPassword('U-BOB', next, NOW + 1, NOW + 2);
      expect((await store.users.credentials('BOB'))?.password).toEqual(next);
      expect(await store.users.get('U-BOB')).toMatchObject({ passwordChangedAt: NOW + 1, passwordExpiresAt: NOW + 2 });
      expect(await store.users.updateProfile('U-BOB', { email: 'ADA@example.com', lastName: 'Changed' })).toEqual({ ok: false, reason: 'email-taken' });
      expect(await store.users.get('U-BOB')).toMatchObject({ email: null, lastName: 'Last' });
      const updated = await store.users.updateProfile('U-BOB', { email: 'bob@example.com', userLabel: 'desk' });
      expect(updated).toMatchObject({ ok: true, user: { email: 'bob@example.com', userLabel: 'desk', firstName: 'First' } });
      expect(await store.users.updateProfile('U-NOPE', { lastName: 'x' })).toEqual({ ok: false, reason: 'not-found' });
    });

    it('answers email-taken inside a transaction and the transaction goes on', async () => {
      await store.transaction(async (tx) => {
        expect(await tx.users.updateProfile('U-BOB', { email: 'ada@EXAMPLE.com' })).toEqual({ ok: false, reason: 'email-taken' });
        await tx.users.setPassword('U-BOB', HASH, NOW + 5, null);
      });
      expect((await store.users.get('U-BOB'))?.passwordChangedAt).toBe(NOW + 5);
    });
  });

  describe('sessions and preferences', () => {
    beforeEach(async () => {
      await store.users.insert(newUser('U-ADA', 'Ada', null), []);
    });

    it('inserts, gets, touches, deletes and purges expired sessions', async () => {
      const session = { id: 'S1', userId: 'U-ADA', createdAt: NOW, lastSeenAt: NOW, expiresAt: NOW + 100, absoluteExpiresAt: NOW + 1000 };
      await store.sessions.insert(session);
      await store.sessions.insert({ ...session, id: 'S2', expiresAt: NOW + 5000, absoluteExpiresAt: NOW + 500 });
      await store.sessions.insert({ ...session, id: 'S3', expiresAt: NOW + 5000, absoluteExpiresAt: NOW + 5000 });
      expect(await store.sessions.get('S1')).toEqual(session);
      await store.sessions.touch('S1', NOW + 50, NOW + 900);
      expect(await store.sessions.get('S1')).toMatchObject({ lastSeenAt: NOW + 50, expiresAt: NOW + 900 });
      expect(await store.sessions.purgeExpired(NOW + 600)).toBe(1); // S2 past its absolute expiry
      expect(await store.sessions.delete('S1')).toBe(true);
      expect(await store.sessions.delete('S1')).toBe(false);
      expect(await store.sessions.get('S3')).toBeDefined();
      expect(await refusal(store.sessions.insert({ ...session, id: 'S4', userId: 'U-NOPE' }))).toBe('foreignKey');
    });

    it('reads null before the first save, then the saved document; a save replaces it', async () => {
      expect(await store.preferences.get('U-ADA')).toBeNull();
      await store.preferences.put('U-ADA', { theme: 'dark', columns: ['name', 'status'] }, NOW);
      await store.preferences.put('U-ADA', { theme: 'light' }, NOW + 1);
      expect(await store.preferences.get('U-ADA')).toEqual({ theme: 'light' });
    });
  });

  describe('units', () => {
    beforeEach(async () => {
      await store.units.insertMany([seed('U1', 'Cam-1'), seed('U2', 'cam-2'), seed('U3', 'Cam-3', 'G-A2'), seed('U4', 'Bike-1', 'G-B1', 'INV-B')], NOW);
    });

    it('inserts, gets (numbers as numbers), finds the group, lists a group by name with its total', async () => {
      const unit = await store.units.get('U1');
      expect(unit).toEqual({
        uid: 'U1',
        name: 'Cam-1',
        type: '800',
        serial: 'S-U1',
        comment: '',
        groupId: 'G-A1',
        inventoryId: 'INV-A',
        swVersion: '8.5.0',
        lat: 48.5,
        lng: 2.25,
        ownedBy: 'inventory',
        settings: {},
        alertsConfiguration: {},
        metadata: {},
        createdAt: NOW,
        updatedAt: NOW,
      });
      expect(typeof unit?.createdAt).toBe('number');
      expect(await store.units.groupOf('U3')).toBe('G-A2');
      expect(await store.units.groupOf('nope')).toBeUndefined();
      const page = await store.units.listByGroup('G-A1', 1, 1);
      expect(page.total).toBe(2);
      expect(page.units.map((u) => u.uid)).toEqual(['U2']); // 'Cam-1' < 'cam-2' in byte order
      expect((await store.units.all()).map((u) => u.uid)).toEqual(['U1', 'U2', 'U3', 'U4']);
      expect(await store.units.groupIndex()).toEqual(new Map([['U1', 'G-A1'], ['U2', 'G-A1'], ['U3', 'G-A2'], ['U4', 'G-B1']]));
      expect(await store.units.count()).toBe(4);
    });

    it('updates; refuses a taken name, a comment over 100 characters and an unknown group, keeping the row', async () => {
      const result = await store.units.update('U1', { comment: 'x'.repeat(100), settings: { a: 1 }, metadata: { k: 'v' } }, NOW + 10);
      expect(result).toMatchObject({ ok: true, unit: { comment: 'x'.repeat(100), settings: { a: 1 }, metadata: { k: 'v' }, updatedAt: NOW + 10 } });
      expect(await store.units.update('U2', { name: 'Cam-1', comment: 'changed' }, NOW)).toEqual({ ok: false, reason: 'name-taken' });
      expect(await store.units.update('U2', { comment: 'x'.repeat(101) }, NOW)).toEqual({ ok: false, reason: 'invalid' });
      expect(await store.units.update('U2', { groupId: 'G-NOPE' }, NOW)).toEqual({ ok: false, reason: 'invalid' });
      expect(await store.units.update('U-NOPE', { comment: '' }, NOW)).toEqual({ ok: false, reason: 'not-found' });
      expect(await store.units.get('U2')).toMatchObject({ name: 'cam-2', comment: '', groupId: 'G-A1' });
      expect(await store.units.delete('U2')).toBe(true);
      expect(await store.units.delete('U2')).toBe(false);
    });

    it('refuses a JSON column that is not JSON as a check', async () => {
      expect(await refusal(store.db.updateTable('units').set({ settings_json: '{bad' }).where('uid', '=', 'U1').execute())).toBe('check');
      expect((await store.units.get('U1'))?.settings).toEqual({});
    });

    it('finds a taken unit name without case, leaving out the unit being renamed', async () => {
      expect(await store.units.takenNames('CAM-1', null)).toEqual(['Cam-1']);
      expect(await store.units.takenNames(' cam-1 ', 'U2')).toEqual(['Cam-1']);
      expect(await store.units.takenNames('cam-1', 'U1')).toEqual([]);
      expect(await store.units.takenNames('Cam-9', null)).toEqual([]);
      expect(await store.units.takenNames('', null)).toEqual([]);
    });

    it('stores all seeds of a batch or none', async () => {
      await expect(store.units.insertMany([seed('U5', 'Cam-5'), seed('U6', 'Cam-1')], NOW)).rejects.toThrow();
      expect(await store.units.get('U5')).toBeUndefined();
      expect(await store.units.count()).toBe(4);
    });

    it('inserts more units than one statement may carry, in batches, all in one transaction', async () => {
      const many = Array.from({ length: Math.ceil(MAX_BOUND_PARAMETERS / 11) * 2 + 7 }, (_, i) => seed(`M${String(i).padStart(5, '0')}`, `Many-${i}`, 'G-A2'));
      await store.units.insertMany(many, NOW);
      expect((await store.units.listByGroup('G-A2', 1, 0)).total).toBe(many.length + 1);
      const broken = [...many.map((s) => ({ ...s, uid: `N${s.uid}`, name: `N${s.name}` })), seed('N-LAST', 'Cam-1')];
      await expect(store.units.insertMany(broken, NOW)).rejects.toThrow();
      expect(await store.units.count()).toBe(many.length + 4);
    });
  });

  describe('unit listing: scope, search, sort, paging', () => {
    const base: UnitListQuery = { groupIds: ['G-A1', 'G-A2'], searchKey: 'name', sortBy: 'name', sortDir: 'asc', limit: 50, offset: 0 };
    const uids = async (query: Partial<UnitListQuery>) => (await store.units.list({ ...base, ...query })).units.map((u) => u.uid);

    beforeEach(async () => {
      await store.units.insertMany(
        [seed('A', 'bravo_1'), seed('B', 'Alpha%2'), seed('C', 'charlie', 'G-A2'), seed('D', 'ALPHA-3'), seed('E', 'delta', 'G-B1', 'INV-B')],
        NOW,
      );
      await store.units.update('B', { comment: 'Needs 50% more' }, NOW + 9);
      await store.units.update('C', { groupId: null }, NOW + 10);
      await store.db.updateTable('units').set({ created_at: NOW + 9 }).where('uid', '=', 'D').execute();
      await store.db.updateTable('units').set({ created_at: NOW + 10 }).where('uid', '=', 'A').execute();
    });

    it('lists the units of the given groups only; none for no group', async () => {
      expect(await uids({})).toEqual(['B', 'D', 'A']);
      expect(await store.units.list({ ...base, groupIds: [] })).toEqual({ total: 0, units: [] });
    });

    it('lists an inventory: its units in the caller’s groups or in no group', async () => {
      expect(await uids({ inventoryId: 'INV-A' })).toEqual(['B', 'D', 'A', 'C']);
      expect(await uids({ inventoryId: 'INV-A', groupIds: [] })).toEqual(['C']);
      expect(await uids({ inventoryId: 'INV-B', groupIds: ['G-A1'] })).toEqual([]);
    });

    it('searches without case, with %, _ and \\ matching themselves, and numbers by their digits', async () => {
      expect(await uids({ searchValue: 'alpha' })).toEqual(['B', 'D']);
      expect(await uids({ searchValue: 'A%2' })).toEqual(['B']);
      expect(await uids({ searchValue: 'O_1' })).toEqual(['A']);
      expect(await uids({ searchValue: '_' })).toEqual(['A']);
      expect(await uids({ searchValue: '\\' })).toEqual([]);
      expect(await uids({ searchKey: 'comment', searchValue: '50%' })).toEqual(['B']);
      expect(await uids({ searchKey: 'createdAt', searchValue: String(NOW + 10).slice(-3) })).toEqual(['A']);
      expect(await uids({ searchKey: 'groupId', searchValue: 'g-a', inventoryId: 'INV-A' })).toEqual(['B', 'D', 'A']);
    });

    it('sorts text without case, numbers as numbers, ties by uid, nulls first ascending', async () => {
      expect(await uids({ sortDir: 'desc' })).toEqual(['A', 'D', 'B']);
      expect(await uids({ sortBy: 'createdAt' })).toEqual(['B', 'D', 'A']);
      expect(await uids({ sortBy: 'createdAt', sortDir: 'desc' })).toEqual(['A', 'D', 'B']);
      expect(await uids({ sortBy: 'type' })).toEqual(['A', 'B', 'D']);
      expect(await uids({ sortBy: 'groupId', inventoryId: 'INV-A' })).toEqual(['C', 'A', 'B', 'D']);
      expect(await uids({ sortBy: 'groupId', sortDir: 'desc', inventoryId: 'INV-A' })).toEqual(['A', 'B', 'D', 'C']);
    });

    it('pages with the total of every match, and leaves alerts configuration and metadata out', async () => {
      await store.units.update('B', { metadata: { k: 'v' }, alertsConfiguration: { battery: {} } }, NOW);
      const page = await store.units.list({ ...base, limit: 2, offset: 1 });
      expect(page.total).toBe(3);
      expect(page.units.map((u) => u.uid)).toEqual(['D', 'A']);
      const first = (await store.units.list({ ...base, limit: 1 })).units[0];
      expect(first).toMatchObject({ uid: 'B', metadata: {}, alertsConfiguration: {}, comment: 'Needs 50% more', createdAt: NOW });
    });
  });

  describe('servers, channels, notifications, client applications', () => {
    beforeEach(async () => {
      await store.servers.insert({ id: 'MMH-1', name: 'MMH-01', type: 'mmh', serial: 'S', swVersion: '8.5.0', alias: 'a', inventoryId: 'INV-A', maxChannels: 16, cloudRegion: 'eu', config: { x: 1 }, createdAt: NOW });
      await store.servers.insert({ id: 'VR-1', name: 'VR-01', type: 'videoReturn', serial: '', swVersion: '', alias: '', inventoryId: null, maxChannels: 8, cloudRegion: '', config: {}, createdAt: NOW });
      for (const [id, name, groupId] of [['CH-2', 'News-Output', 'G-A2'], ['CH-1', 'News-Preview', 'G-A1'], ['CH-3', 'Loose', null]] as const) {
        await store.channels.insert({ id, name, type: 'preview', serverId: 'MMH-1', groupId, inventoryId: 'INV-A', config: {}, createdAt: NOW });
      }
    });

    it('reads servers and channels; a server answers the first group of its channels', async () => {
      expect(await store.servers.get('MMH-1')).toMatchObject({ type: 'mmh', maxChannels: 16, config: { x: 1 }, createdAt: NOW });
      expect((await store.servers.list()).map((s) => s.id)).toEqual(['MMH-1', 'VR-1']);
      expect(await store.servers.groupOf('MMH-1')).toBe('G-A1');
      expect(await store.servers.groupOf('VR-1')).toBeUndefined();
      expect((await store.channels.list()).map((c) => c.id)).toEqual(['CH-3', 'CH-2', 'CH-1']);
      expect((await store.channels.listByGroup('G-A1')).map((c) => c.id)).toEqual(['CH-1']);
      expect(await store.channels.get('CH-2')).toMatchObject({ name: 'News-Output', serverId: 'MMH-1', groupId: 'G-A2' });
      expect(await store.channels.groupOf('CH-3')).toBeUndefined();
    });

    it('answers check for a type outside the list', async () => {
      expect(await refusal(store.db.insertInto('servers').values({ id: 'X', name: 'X', type: 'toaster', created_at: NOW }).execute())).toBe('check');
    });

    it('lists active notifications, soonest expiry first', async () => {
      await store.notifications.insert({ id: 'N1', globalNotification: 'later', expireDate: NOW + 2000, createdAt: NOW });
      await store.notifications.insert({ id: 'N2', globalNotification: 'sooner', expireDate: NOW + 1000, createdAt: NOW });
      await store.notifications.insert({ id: 'N3', globalNotification: 'gone', expireDate: NOW, createdAt: NOW });
      expect((await store.notifications.active(NOW)).map((n) => n.id)).toEqual(['N2', 'N1']);
    });

    it('has the console’s application; upserts others', async () => {
      expect(await store.clientApplications.isActive(CONSOLE_APPLICATION_ID)).toBe(true);
      await store.clientApplications.upsert({ applicationId: 'tool', name: 'Tool', active: false, createdAt: NOW });
      expect(await store.clientApplications.isActive('tool')).toBe(false);
      await store.clientApplications.upsert({ applicationId: 'tool', name: 'Tool 2', active: true, createdAt: NOW + 1 });
      expect(await store.clientApplications.list()).toEqual([
        { applicationId: CONSOLE_APPLICATION_ID, name: 'LUC console', active: true, createdAt: 0 },
        { applicationId: 'tool', name: 'Tool 2', active: true, createdAt: NOW },
      ]);
    });
  });

  describe('ad-hoc registrations and invitations', () => {
    it('saves and replaces registrations; lists invitations newest first', async () => {
      expect(await store.adhoc.adhoc('G-A1', 'smart')).toBeUndefined();
      const registration = { groupId: 'G-A1', kind: 'smart' as const, period: '1day' as const, code: 'C1', expiresAt: NOW + 1, updatedAt: NOW };
      await store.adhoc.saveAdhoc(registration);
      await store.adhoc.saveAdhoc({ ...registration, period: '1week', code: 'C2' });
      await store.adhoc.saveAdhoc({ ...registration, kind: 'lite', code: 'L1' });
      expect(await store.adhoc.adhoc('G-A1', 'smart')).toEqual({ ...registration, period: '1week', code: 'C2' });
      expect((await store.adhoc.adhoc('G-A1', 'lite'))?.code).toBe('L1');
      const permanent = { groupId: 'G-A1', kind: 'smart' as const, key: 'K1', regeneration: 'never' as const, usageReset: 'never' as const, usageResetSince: NOW, regeneratedAt: NOW, updatedAt: NOW };
      await store.adhoc.savePermanent(permanent);
      await store.adhoc.savePermanent({ ...permanent, key: 'K2', regeneration: 'daily' });
      expect(await store.adhoc.permanent('G-A1')).toEqual({ ...permanent, key: 'K2', regeneration: 'daily' });
      const invitation = { id: 'I1', groupId: 'G-A1', channel: 'email' as const, recipients: ['a@example.com'], deviceName: 'Phone', kind: 'smart' as const, guest: true, period: null, link: 'l', createdBy: null, createdAt: NOW };
      await store.adhoc.recordInvitation(invitation);
      await store.adhoc.recordInvitation({ ...invitation, id: 'I2', channel: 'sms', guest: false, period: '3days', createdAt: NOW + 1 });
      expect(await store.adhoc.invitations('G-A1')).toEqual([{ ...invitation, id: 'I2', channel: 'sms', guest: false, period: '3days', createdAt: NOW + 1 }, invitation]);
      expect((await store.adhoc.invitations('G-A1', 1)).map((i) => i.id)).toEqual(['I2']);
      expect(await refusal(store.adhoc.saveAdhoc({ ...registration, period: 'forever' as never }))).toBe('check');
    });
  });

  describe('shares', () => {
    beforeEach(async () => {
      await store.units.insertMany([seed('U1', 'Cam-1')], NOW);
      await store.shares.insertPublisher(party('P2', 'zulu', 'pub-key-2'));
      await store.shares.insertPublisher(party('P1', 'Alpha', 'pub-key-1'));
      await store.shares.insertSubscriber(party('S2', 'north', 'sub-key-2'));
      await store.shares.insertSubscriber(party('S1', 'East', 'sub-key-1'));
      await store.shares.insertSubscriber(party('S3', 'East', 'sub-key-3', 'INV-B'));
    });

    it('lists publishers and subscribers of an inventory by name without case', async () => {
      expect((await store.shares.publishers('INV-A')).map((p) => p.id)).toEqual(['P1', 'P2']);
      expect((await store.shares.subscribers('INV-A')).map((p) => p.id)).toEqual(['S1', 'S2']);
      expect(await store.shares.subscribers('INV-B')).toEqual([{ ...party('S3', 'East', 'sub-key-3', 'INV-B'), folderId: null }]); // filed nowhere: the root folder (migration 0013)
    });

    it('refuses a subscriber name or share key taken in the inventory, in any case', async () => {
      expect(await refusal(store.shares.insertSubscriber(party('S4', 'NORTH', 'other-key')))).toBe('unique');
      expect(await refusal(store.shares.insertSubscriber(party('S5', 'West', 'SUB-KEY-1')))).toBe('unique');
      expect(await refusal(store.shares.insertPublisher(party('P3', ' ', 'k')))).toBe('check');
    });

    it('replaces a unit’s subscribers in one transaction', async () => {
      await store.shares.setUnitSubscribers('U1', ['S2', 'S1']);
      expect((await store.shares.unitSubscribers('U1')).map((s) => s.id)).toEqual(['S1', 'S2']);
      await expect(store.shares.setUnitSubscribers('U1', ['S1', 'S-NOPE'])).rejects.toThrow();
      expect((await store.shares.unitSubscribers('U1')).map((s) => s.id)).toEqual(['S1', 'S2']);
      await store.shares.setUnitSubscribers('U1', []);
      expect(await store.shares.unitSubscribers('U1')).toEqual([]);
    });
  });

  describe('stories', () => {
    beforeEach(async () => {
      await store.units.insertMany([seed('U1', 'Cam-1')], NOW);
      await store.stories.insert('ST-1', 'INV-A', story('floods', { keywords: '100%_sure' }), NOW + 3);
      await store.stories.insert('ST-2', 'INV-A', story('Election'), NOW + 1);
      await store.stories.insert('ST-3', 'INV-A', story('MARATHON', { reporter: 'Chen' }), NOW + 2);
      await store.stories.insert('ST-4', 'INV-B', story('elsewhere'), NOW);
    });

    it('inserts, gets, updates and deletes within an inventory', async () => {
      expect(await store.stories.get('ST-1')).toMatchObject({ storyId: 'ST-1', inventoryId: 'INV-A', slugline: 'floods', lastModified: NOW + 3 });
      expect(await store.stories.update('ST-1', 'INV-B', story('moved'), NOW)).toBeUndefined();
      expect(await store.stories.update('ST-1', 'INV-A', story('Floods 2'), NOW + 9)).toMatchObject({ slugline: 'Floods 2', keywords: '', lastModified: NOW + 9 });
      expect(await store.stories.delete('ST-1', 'INV-B')).toBe(false);
      expect(await store.stories.delete('ST-1', 'INV-A')).toBe(true);
      expect(await store.stories.get('ST-1')).toBeUndefined();
      expect(await refusal(store.stories.insert('ST-5', 'INV-A', story('   '), NOW))).toBe('check');
      expect(await refusal(store.stories.insert('ST-6', 'INV-A', story('ok', { comments: 'x'.repeat(1025) }), NOW))).toBe('check');
    });

    it('searches without case, sorts the slugline without case and by time, pages with the total', async () => {
      const list = async (query: Partial<Parameters<Store['stories']['list']>[0]>) => {
        const answer = await store.stories.list({ inventoryId: 'INV-A', searchKey: 'slugline', sortBy: 'slugline', sortDir: 'asc', limit: 50, offset: 0, ...query });
        return { total: answer.total, ids: answer.stories.map((s) => s.storyId) };
      };
      expect(await list({})).toEqual({ total: 3, ids: ['ST-2', 'ST-1', 'ST-3'] });
      expect(await list({ sortDir: 'desc', limit: 1, offset: 1 })).toEqual({ total: 3, ids: ['ST-1'] });
      expect(await list({ sortBy: 'lastModified' })).toEqual({ total: 3, ids: ['ST-2', 'ST-3', 'ST-1'] });
      expect(await list({ searchValue: 'ELECT' })).toEqual({ total: 1, ids: ['ST-2'] });
      expect(await list({ searchKey: 'keywords', searchValue: '0%_' })).toEqual({ total: 1, ids: ['ST-1'] });
      expect(await list({ searchKey: 'keywords', searchValue: '0%x' })).toEqual({ total: 0, ids: [] });
      expect(await list({ searchKey: 'storyId', searchValue: 'st-3' })).toEqual({ total: 1, ids: ['ST-3'] });
      expect(await list({ searchKey: 'reporter', searchValue: 'chen' })).toEqual({ total: 1, ids: ['ST-3'] });
    });

    it('selects a story for a unit, replaces and clears it; deleting the story clears it too', async () => {
      expect(await store.stories.selectedFor('U1')).toBeUndefined();
      await store.stories.select('U1', 'ST-1', NOW);
      await store.stories.select('U1', 'ST-2', NOW + 1);
      expect((await store.stories.selectedFor('U1'))?.storyId).toBe('ST-2');
      await store.stories.select('U1', null, NOW);
      expect(await store.stories.selectedFor('U1')).toBeUndefined();
      await store.stories.select('U1', 'ST-3', NOW);
      await store.stories.delete('ST-3', 'INV-A');
      expect(await store.stories.selectedFor('U1')).toBeUndefined();
      expect(await refusal(store.stories.select('U1', 'ST-NOPE', NOW))).toBe('foreignKey');
    });
  });

  describe('transactions', () => {
    it('stores every write of a transaction, or none when it throws', async () => {
      await expect(
        store.transaction(async (tx) => {
          await tx.inventories.insert({ id: 'INV-T', name: 'T', region: '', customer: '', parentId: null, features: [], createdAt: NOW });
          await tx.units.insertMany([seed('T1', 'T-1', 'G-A1', 'INV-T')], NOW);
          expect(await tx.inventories.get('INV-T')).toBeDefined();
          throw new Error('stop here');
        }),
      ).rejects.toThrow('stop here');
      expect(await store.inventories.get('INV-T')).toBeUndefined();
      expect(await store.units.get('T1')).toBeUndefined();
      const answer = await store.transaction(async (tx) => {
        await tx.inventories.insert({ id: 'INV-T', name: 'T', region: '', customer: '', parentId: null, features: [], createdAt: NOW });
        // A nested transaction joins the outer one.
        await tx.transaction(async (inner) => inner.units.insertMany([seed('T1', 'T-1', 'G-A1', 'INV-T')], NOW));
        return 'done';
      });
      expect(answer).toBe('done');
      expect(await store.units.groupOf('T1')).toBe('G-A1');
    });

    it('rolls back a transaction that a constraint refused, and the store goes on', async () => {
      await expect(
        store.transaction(async (tx) => {
          await tx.units.insertMany([seed('T1', 'T-1')], NOW);
          await tx.units.insertMany([seed('T2', 'T-1')], NOW);
        }),
      ).rejects.toThrow();
      expect(await store.units.get('T1')).toBeUndefined();
      expect(await store.isEmpty()).toBe(false);
    });

    it('keeps a transaction usable after a refused unit update (name-taken, invalid) inside it', async () => {
      await store.units.insertMany([seed('T1', 'T-1'), seed('T2', 'T-2')], NOW);
      await store.transaction(async (tx) => {
        expect(await tx.units.update('T2', { name: 'T-1' }, NOW)).toEqual({ ok: false, reason: 'name-taken' });
        expect(await tx.units.update('T2', { groupId: 'G-NOPE' }, NOW)).toEqual({ ok: false, reason: 'invalid' });
        expect((await tx.units.update('T2', { comment: 'kept' }, NOW)).ok).toBe(true);
      });
      expect(await store.units.get('T2')).toMatchObject({ name: 'T-2', comment: 'kept', groupId: 'G-A1' });
    });
  });

  describe('event outbox and shared sign-in limits (issue 18, migration 0017)', () => {
    it('keeps outbox rows in id order with their JSON, only when the transaction commits, and deletes the given ids', async () => {
      await store.transaction(async (tx) => {
        await tx.outbox.add('channel.config', 'CH-1', { name: 'one', n: 1 }, NOW);
        await tx.outbox.add('channel.config', 'CH-2', { name: 'two', nested: { ok: true } }, NOW + 1);
      });
      await expect(
        store.transaction(async (tx) => {
          await tx.outbox.add('channel.config', 'CH-X', {}, NOW);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const rows = await store.outbox.oldest(10);
      expect(rows.map((r) => [r.entityId, r.data, r.createdAt])).toEqual([
        ['CH-1', { name: 'one', n: 1 }, NOW],
        ['CH-2', { name: 'two', nested: { ok: true } }, NOW + 1],
      ]);
      expect((rows[0]?.id ?? 0) < (rows[1]?.id ?? 0)).toBe(true);
      expect(await store.outbox.oldest(1)).toHaveLength(1);
      expect(await store.outbox.remove([rows[0]?.id ?? -1])).toBe(1);
      expect((await store.outbox.oldest(10)).map((r) => r.entityId)).toEqual(['CH-2']);
      expect(await store.outbox.count()).toBe(1);
    });

    it('counts rate-limit hits in a fixed window with one upsert, starting over once it ended', async () => {
      expect(await store.signInLimits.hit('login', '10.0.0.1|bob', 60_000, NOW)).toEqual({ hits: 1, startedAt: NOW });
      expect(await store.signInLimits.hit('login', '10.0.0.1|bob', 60_000, NOW + 10)).toEqual({ hits: 2, startedAt: NOW });
      expect(await store.signInLimits.hit('login', '10.0.0.1|ann', 60_000, NOW + 20)).toEqual({ hits: 1, startedAt: NOW + 20 });
      expect(await store.signInLimits.hit('login', '10.0.0.1|bob', 60_000, NOW + 60_000)).toEqual({ hits: 1, startedAt: NOW + 60_000 });
      const together = await Promise.all(Array.from({ length: 5 }, () => store.signInLimits.hit('login', 'k', 60_000, NOW)));
      expect(together.map((r) => r.hits).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5]);
    });

    it('keeps failed sign-ins per address, newest first within the window, and purges the old ones', async () => {
      for (const at of [NOW, NOW + 1_000, NOW + 2_000]) await store.signInLimits.addFailure('10.0.0.1', at);
      await store.signInLimits.addFailure('10.0.0.2', NOW);
      expect(await store.signInLimits.recentFailures('10.0.0.1', NOW, 10)).toEqual([NOW + 2_000, NOW + 1_000]);
      expect(await store.signInLimits.recentFailures('10.0.0.1', NOW - 1, 2)).toEqual([NOW + 2_000, NOW + 1_000]);
      await store.signInLimits.hit('login', 'k', 60_000, NOW);
      // Failures at or before NOW + 1 s, and windows that ended by NOW + 60 s, go.
      expect(await store.signInLimits.purge(NOW + 1_000, NOW + 60_000)).toBe(4);
      expect(await store.signInLimits.recentFailures('10.0.0.1', 0, 10)).toEqual([NOW + 2_000]);
    });
  });

  it('is empty before any inventory or user, and runs portable raw expressions', async () => {
    const empty = await open();
    try {
      expect(await empty.isEmpty()).toBe(true);
    } finally {
      await empty.close();
    }
    expect(await store.isEmpty()).toBe(false);
    const row = (await sql<{ folded: string }>`select lower(${'ÀB-C'}) as folded`.execute(store.db)).rows[0];
    expect(row?.folded.endsWith('b-c')).toBe(true);
  });
}

describeOnBothEngines('store contract', (open) => contract(open));
