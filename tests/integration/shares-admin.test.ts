/**
 * My Publishers and My Subscribers (spec 002 §2 /publishers, /subscribers for the media group set;
 * §3 Publisher fields; §5 Shares rules) against a started server: the paged lists, create / change
 * / delete of both kinds with the spec's messages, folders (unique names, root folders cannot be
 * edited), the role matrix, another inventory's 404, and the unit sharing modal's call using a
 * subscriber a user created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may } from '../../src/domain/roles/permissions.ts';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

const INV = 'INV-NEWS';
const REQUIRED = 'This field is required'; // spec 002 §5
const MAX_32 = 'Must have at most 32 characters'; // spec 002 §5 "names 1-32" in the shared words
const UNIQUE_NAME = 'Name field has to be unique'; // spec 002 §5
const MUST_BE_UNIQUE = 'This field must be unique'; // spec 002 §5
const ROOT_FIXED = 'Root folders cannot be edited'; // spec 002 §5 rule, our words
const NOT_ALLOWED = 'You are not allowed to access this application.';

const kinds = ['publishers', 'subscribers'] as const;
const page = (kind: string, query = '') => `v2/admin/shares/${kind}?inventoryId=${INV}${query}`;
const parties = (kind: string, inv = INV) => `v2/admin/inventories/${inv}/${kind}`;
const folders = (inv = INV) => `v2/admin/inventories/${inv}/share-folders`;

describe('My Publishers, My Subscribers and share folders (spec 002 §2 §3 §5)', () => {
  const tmp = tempDir();
  let server: TestServer;
  let media: string;
  let superUser: string;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), units: 10 });
    await server.store.inventories.insert({ id: 'INV-FOREIGN', name: 'Foreign', region: '', customer: 'Foreign', parentId: null, features: [], createdAt: Date.now() });
    media = await signIn(server, 'luc_media_group_admin');
    superUser = await signIn(server, 'super_user');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it.each(kinds)('%s: lists the demo parties of the inventory with keys, folder (the root) and group names', async (kind) => {
    const answer = await call(server, page(kind), { cookie: media });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.total).toBe(kind === 'publishers' ? 2 : 3);
    const row = answer.json.items[0];
    expect(row).toMatchObject({ inventoryId: INV, inventoryName: 'Newsroom', folderName: kind === 'publishers' ? 'All publishers' : 'All subscribers', groupName: expect.any(String) });
    expect(row.shareKey.length).toBeGreaterThan(0);
    const searched = await call(server, page(kind, '&searchValue=affiliate-n'), { cookie: media });
    expect(searched.json.total).toBe(kind === 'subscribers' ? 1 : 0);
    const sorted = await call(server, page(kind, '&sortBy=name&sortDir=desc'), { cookie: media });
    const names = sorted.json.items.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.toLowerCase().localeCompare(a.toLowerCase())));
  });

  it.each(kinds)('%s: create (a share key is drawn when none is typed), change and delete', async (kind) => {
    const created = await call(server, parties(kind), { cookie: media, body: { name: `New-${kind}`, description: 'Made by a test', groupId: 'G-NEWS-NATIONAL' } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ name: `New-${kind}`, description: 'Made by a test', groupId: 'G-NEWS-NATIONAL', createdBy: 'luc_media_group_admin' });
    expect(created.json.shareKey).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const id = created.json.id;
    const changed = await call(server, `${parties(kind)}/${id}`, { method: 'PUT', cookie: media, body: { name: `Renamed-${kind}`, shareKey: 'typed_key-123', groupId: null } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ name: `Renamed-${kind}`, shareKey: 'typed_key-123', groupId: null });
    const removed = await call(server, `${parties(kind)}/${id}`, { method: 'DELETE', cookie: media });
    expect(removed.json).toEqual({ removed: 1 });
    expect((await call(server, `${parties(kind)}/${id}`, { method: 'DELETE', cookie: media })).status).toBe(404);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an empty name', { name: '   ' }, 'name', REQUIRED],
    ['a 33-character name', { name: 'x'.repeat(33) }, 'name', MAX_32],
    ['a short share key', { name: 'Short-key', shareKey: 'abc' }, 'shareKey', 'Must have at least 8 characters'],
    ['a share key with spaces', { name: 'Spaced-key', shareKey: 'has spaces in' }, 'shareKey', 'Should contain only alpha-numeric characters, dashes and underscores'],
    ['a group of another inventory', { name: 'Wrong-group', groupId: 'G-SPORTS-FOOTBALL' }, 'groupId', 'Group not found in this inventory'],
    ['an unknown folder', { name: 'Wrong-folder', folderId: 'SFD-NOPE' }, 'folderId', 'Folder not found in this inventory'],
  ])('refuses %s with 400 and the message on its field', async (_label, body, field, message) => {
    const answer = await call(server, parties('publishers'), { cookie: media, body });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.fields[field]).toBe(message);
  });

  it('subscriber name and share key are unique per inventory (spec 002 §5), not across inventories', async () => {
    const name = await call(server, parties('subscribers'), { cookie: media, body: { name: 'affiliate-north' } });
    expect(name.status).toBe(400);
    expect(name.json.fields.name).toBe(UNIQUE_NAME);
    const key = await call(server, parties('subscribers'), { cookie: media, body: { name: 'Fresh-sub', shareKey: 'SUB-NEWS-KEY-1' } });
    expect(key.status).toBe(400);
    expect(key.json.fields.shareKey).toBe(MUST_BE_UNIQUE);
    const elsewhere = await call(server, parties('subscribers', 'INV-SPORTS'), { cookie: media, body: { name: 'Affiliate-North-2', shareKey: 'sub-news-key-1' } });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    // Publishers have no uniqueness rule in the spec.
    const twin = await call(server, parties('publishers'), { cookie: media, body: { name: 'Newsroom-Main' } });
    expect(twin.status).toBe(201);
  });

  it('folders: the root first, unique names, a party filed in one, roots cannot be edited, a non-empty folder is kept', async () => {
    const list = await call(server, `${folders()}?kind=subscribers`, { cookie: media });
    expect(list.status, list.text).toBe(200);
    const root = list.json.folders[0];
    expect(root).toMatchObject({ isRoot: true, parentId: null, name: 'All subscribers', kind: 'subscribers' });
    expect(root.count).toBeGreaterThanOrEqual(3);

    const made = await call(server, folders(), { cookie: media, body: { kind: 'subscribers', name: 'Affiliates' } });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ parentId: root.id, isRoot: false, count: 0 });
    const twin = await call(server, folders(), { cookie: media, body: { kind: 'subscribers', name: 'AFFILIATES' } });
    expect(twin.status).toBe(400);
    expect(twin.json.fields.name).toBe(UNIQUE_NAME);
    const blank = await call(server, folders(), { cookie: media, body: { kind: 'subscribers', name: ' ' } });
    expect(blank.json.fields.name).toBe(REQUIRED);

    const filed = await call(server, parties('subscribers'), { cookie: media, body: { name: 'Filed-sub', folderId: made.json.id } });
    expect(filed.json).toMatchObject({ folderId: made.json.id, folderName: 'Affiliates' });
    const inFolder = await call(server, page('subscribers', `&folderId=${made.json.id}`), { cookie: media });
    expect(inFolder.json.items.map((r: { name: string }) => r.name)).toEqual(['Filed-sub']);
    // A publisher cannot be filed in a subscribers folder.
    const wrongTree = await call(server, parties('publishers'), { cookie: media, body: { name: 'Wrong-tree', folderId: made.json.id } });
    expect(wrongTree.json.fields.folderId).toBe('Folder not found in this inventory');

    const renameRoot = await call(server, `${folders()}/${root.id}`, { method: 'PUT', cookie: media, body: { name: 'Everything' } });
    expect(renameRoot.status).toBe(400);
    expect(renameRoot.json.fields.name).toBe(ROOT_FIXED);
    const deleteRoot = await call(server, `${folders()}/${root.id}`, { method: 'DELETE', cookie: media });
    expect(deleteRoot.status).toBe(409);
    expect(deleteRoot.json.message).toBe(ROOT_FIXED);

    const full = await call(server, `${folders()}/${made.json.id}`, { method: 'DELETE', cookie: media });
    expect(full.status).toBe(409);
    expect(full.json.message).toBe('A folder that holds publishers, subscribers or folders cannot be deleted');
    const renamed = await call(server, `${folders()}/${made.json.id}`, { method: 'PUT', cookie: media, body: { name: 'Regional' } });
    expect(renamed.json).toMatchObject({ name: 'Regional', count: 1 });
    // Back to the root, then the empty folder goes.
    await call(server, `${parties('subscribers')}/${filed.json.id}`, { method: 'PUT', cookie: media, body: { folderId: null } });
    const gone = await call(server, `${folders()}/${made.json.id}`, { method: 'DELETE', cookie: media });
    expect(gone.json).toEqual({ removed: 1 });
  });

  it('a subscriber a user created is offered by the unit sharing modal, and its deletion stops the share', async () => {
    const created = await call(server, parties('subscribers'), { cookie: media, body: { name: 'Sharing-target' } });
    const unit = (await server.store.units.all()).find((u) => u.inventoryId === INV && u.groupId !== null);
    if (unit === undefined) throw new Error('no unit in the inventory');
    const shared = await call(server, `v2/units/${unit.uid}/sharing`, { method: 'PUT', cookie: superUser, body: { subscriberIds: [created.json.id] } });
    expect(shared.status, shared.text).toBe(200);
    expect(shared.json.subscribers.map((s: { name: string }) => s.name)).toEqual(['Sharing-target']);
    await call(server, `${parties('subscribers')}/${created.json.id}`, { method: 'DELETE', cookie: media });
    const after = await call(server, `v2/units/${unit.uid}/sharing`, { cookie: superUser });
    expect(after.json.subscriberIds).toEqual([]);
  });

  it('another inventory is 404 for a media group admin who does not hold it', async () => {
    expect((await call(server, `v2/admin/shares/publishers?inventoryId=INV-FOREIGN`, { cookie: media })).status).toBe(404);
    expect((await call(server, parties('publishers', 'INV-FOREIGN'), { cookie: media, body: { name: 'x' } })).status).toBe(404);
    expect((await call(server, `${folders('INV-FOREIGN')}?kind=publishers`, { cookie: media })).status).toBe(404);
    // A party id of another inventory named under ours is 404 too.
    const sports = await call(server, `v2/admin/shares/publishers?inventoryId=INV-SPORTS`, { cookie: media });
    const foreignId = sports.json.items[0].id;
    expect((await call(server, `${parties('publishers')}/${foreignId}`, { method: 'PUT', cookie: media, body: { name: 'Stolen' } })).status).toBe(404);
  });

  it('role matrix: only the media group set (super user, media group admin) manages shares (spec 002 §2)', async () => {
    for (const type of USER_TYPES) {
      const cookie = await signIn(server, type);
      const read = await call(server, page('subscribers'), { cookie });
      const write = await call(server, folders(), { cookie, body: { kind: 'publishers', name: `By-${type}`.slice(0, 32) } });
      if (may([type], 'shares.admin')) {
        expect(read.status, type).toBe(200);
        expect(write.status, type).toBe(201);
      } else {
        expect([read.status, read.json.message], type).toEqual([403, NOT_ALLOWED]);
        expect([write.status, write.json.message], type).toEqual([403, NOT_ALLOWED]);
      }
    }
    expect(USER_TYPES.filter((type) => may([type], 'shares.admin'))).toEqual(['super_user', 'luc_media_group_admin']);
  });
});
