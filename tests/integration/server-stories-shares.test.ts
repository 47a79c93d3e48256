/**
 * Stories (spec 001 §3, §6, §7, §9) and shares (spec 002 §3, §5) against a started server: the
 * inventory's story list with search and count, story writes with the spec's messages and the user
 * types that may not write, a unit's selected story, the inventory's publishers and subscribers,
 * and a unit's sharing options. Scoping: another group's unit and another inventory are 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, tempDir } from './server-harness.ts';
import { addForeignUnit, GROUP, startUnitServer, type UnitTestServer } from './units-harness.ts';

const q = `?crnt_vcg_uid=${GROUP}`;
const INV = 'INV-NEWS'; // the inventory of GROUP
const stories = (inv = INV) => `v2/admin/inventories/${inv}/stories`;
const REQUIRED = 'This field is required'; // spec 002 §5
const MAX_1024 = 'Must have at most 1024 characters'; // spec 001 §9 "Story fields max 1024" in 002 §5 words
const REFUSED = 'Your user type cannot add, delete or configure stories'; // ours, spec 001 §6

describe('stories and shares (spec 001 §3 §6 §7 §9, 002 §3 §5) against a started server', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let regular: string;
  let freelancer: string;
  let reader: string;
  let mediaAdmin: string;
  const used = new Set<string>();
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 60);
    regular = await signIn(server, 'luc_regular');
    freelancer = await signIn(server, 'luc_freelancer');
    reader = await signIn(server, 'luc_read');
    mediaAdmin = await signIn(server, 'luc_media_group_admin');
  });
  /** A unit of GROUP not yet used by this file (stories and sharing need no live state). */
  const groupUnit = async (): Promise<string> => {
    const unit = (await server.store.units.all()).find((u) => u.groupId === GROUP && !used.has(u.uid));
    if (unit === undefined) throw new Error('no unused unit in the group');
    used.add(unit.uid);
    return unit.uid;
  };
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  describe('the inventory’s stories ("stories and count", 001 §7)', () => {
    it('lists the demo stories with every entity field of 001 §3, searches by slugline, counts', async () => {
      const all = await call(server, `${stories()}${q}`, { cookie: reader });
      expect(all.status, all.text).toBe(200);
      expect(all.json.total).toBeGreaterThanOrEqual(4);
      expect(Object.keys(all.json.stories[0]).sort()).toEqual(
        ['comments', 'crewName', 'inventoryId', 'keywords', 'lastModified', 'provider', 'reporter', 'slugline', 'storyId', 'usageTerms'].sort(),
      );
      const found = await call(server, `${stories()}${q}&searchValue=flood`, { cookie: reader });
      expect(found.json.stories.map((s: { slugline: string }) => s.slugline)).toEqual(['FLOODS-RIVERSIDE']);
      const byReporter = await call(server, `${stories()}${q}&searchKey=reporter&searchValue=okafor`, { cookie: reader });
      expect(byReporter.json.total).toBe(1);
      const count = await call(server, `${stories()}/count${q}&searchValue=flood`, { cookie: reader });
      expect(count.json).toEqual({ count: 1 });
      const page = await call(server, `${stories()}${q}&limit=2&offset=1`, { cookie: reader });
      expect(page.json).toMatchObject({ limit: 2, offset: 1, total: all.json.total });
      expect(page.json.stories).toHaveLength(2);
      expect(page.json.stories[0].storyId).toBe(all.json.stories[1].storyId);
    });

    it('treats % and _ in a search as themselves', async () => {
      const wild = await call(server, `${stories()}${q}&searchValue=%25`, { cookie: reader });
      expect(wild.json.total).toBe(0);
    });

    it('answers 404 for an inventory outside the caller’s groups, like an unknown one', async () => {
      await server.store.inventories.insert({ id: 'INV-ELSEWHERE', name: 'Elsewhere', region: '', customer: '', parentId: null, features: [], createdAt: Date.now() });
      for (const inv of ['INV-ELSEWHERE', 'INV-NOPE']) {
        const answer = await call(server, `${stories(inv)}${q}`, { cookie: regular });
        expect(answer.status).toBe(404);
        expect(answer.json.message).toBe(`Inventory '${inv}' not found`);
        expect((await call(server, `${stories(inv)}${q}`, { cookie: regular, method: 'POST', body: { slugline: 'X' } })).status).toBe(404);
      }
    });

    it('names a bad query parameter', async () => {
      const bad = await call(server, `${stories()}${q}&searchKey=password`, { cookie: reader });
      expect(bad.status).toBe(400);
      expect(bad.json.message).toMatch(/^query\.searchKey /);
    });
  });

  describe('story writes (001 §9 "Story fields max 1024, slugline required"; §6 some user types cannot)', () => {
    it('adds, changes and deletes a story as luc_regular', async () => {
      const added = await call(server, `${stories()}${q}`, { cookie: regular, body: { slugline: '  STORM-COAST ', reporter: 'K. Ito', comments: 'c'.repeat(1024) } });
      expect(added.status, added.text).toBe(200);
      expect(added.json).toMatchObject({ slugline: 'STORM-COAST', reporter: 'K. Ito', inventoryId: INV, crewName: '' });
      const id = added.json.storyId as string;
      const changed = await call(server, `${stories()}/${id}${q}`, { cookie: regular, method: 'PUT', body: { keywords: 'weather' } });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.json).toMatchObject({ slugline: 'STORM-COAST', reporter: 'K. Ito', keywords: 'weather' });
      expect(changed.json.lastModified).toBeGreaterThanOrEqual(added.json.lastModified);
      const deleted = await call(server, `${stories()}/${id}${q}`, { cookie: regular, method: 'DELETE' });
      expect(deleted.json).toEqual({ storyId: id, deleted: true });
      expect((await call(server, `${stories()}/${id}${q}`, { cookie: regular, method: 'DELETE' })).status).toBe(404);
    });

    it.each([
      [{}, { slugline: REQUIRED }],
      [{ slugline: '   ' }, { slugline: REQUIRED }],
      [{ slugline: 's'.repeat(1025) }, { slugline: MAX_1024 }],
      [{ slugline: 'OK', usageTerms: 'u'.repeat(1025), comments: 'c'.repeat(1025) }, { usageTerms: MAX_1024, comments: MAX_1024 }],
    ])('refuses the new story %# naming every failing field with the spec’s words', async (body, fields) => {
      const before = (await server.store.stories.list({ inventoryId: INV, searchKey: 'slugline', sortBy: 'slugline', sortDir: 'asc', limit: 500, offset: 0 })).total;
      const answer = await call(server, `${stories()}${q}`, { cookie: regular, body });
      expect(answer.status).toBe(400);
      expect(answer.json.fields).toEqual(fields);
      expect(answer.json.message).toBe(Object.values(fields)[0]);
      expect((await server.store.stories.list({ inventoryId: INV, searchKey: 'slugline', sortBy: 'slugline', sortDir: 'asc', limit: 500, offset: 0 })).total).toBe(before);
    });

    it('refuses wrong types and unknown fields naming them, and a change that breaks a rule keeps the stored story', async () => {
      expect((await call(server, `${stories()}${q}`, { cookie: regular, body: { slugline: 7 } })).json.message).toBe('body.slugline must be string');
      expect((await call(server, `${stories()}${q}`, { cookie: regular, body: { slugline: 'A', storyId: 'mine' } })).json.message).toMatch(/storyId/);
      const before = await server.store.stories.get('STY-NEWS-2');
      const bad = await call(server, `${stories()}/STY-NEWS-2${q}`, { cookie: regular, method: 'PUT', body: { slugline: '', reporter: 'Changed' } });
      expect(bad.status).toBe(400);
      expect(bad.json.fields).toEqual({ slugline: REQUIRED });
      expect(await server.store.stories.get('STY-NEWS-2')).toEqual(before);
    });

    it.each(['luc_freelancer', 'luc_read'])('refuses %s any story write with 403 and stores nothing', async (user) => {
      const cookie = user === 'luc_freelancer' ? freelancer : reader;
      const before = await server.store.stories.get('STY-NEWS-3');
      const add = await call(server, `${stories()}${q}`, { cookie, body: { slugline: 'NOT-MINE' } });
      expect(add.status).toBe(403);
      expect(add.json.message).toBe(REFUSED);
      // refused before the body is looked at: a bad body is still 403
      expect((await call(server, `${stories()}${q}`, { cookie, body: { nope: 1 } })).status).toBe(403);
      expect((await call(server, `${stories()}/STY-NEWS-3${q}`, { cookie, method: 'PUT', body: { slugline: 'X' } })).status).toBe(403);
      expect((await call(server, `${stories()}/STY-NEWS-3${q}`, { cookie, method: 'DELETE' })).status).toBe(403);
      expect(await server.store.stories.get('STY-NEWS-3')).toEqual(before);
      expect((await call(server, `${stories()}${q}&searchValue=NOT-MINE`, { cookie: regular })).json.total).toBe(0);
    });

    it('cannot reach another inventory’s story through its own inventory', async () => {
      const answer = await call(server, `${stories()}/STY-SPORTS-1${q}`, { cookie: regular, method: 'PUT', body: { slugline: 'HIJACK' } });
      expect(answer.status).toBe(404);
      expect((await server.store.stories.get('STY-SPORTS-1'))?.slugline).toBe('FLOODS-RIVERSIDE');
    });
  });

  describe('a unit’s selected story (v2/units/{id}/story, ours)', () => {
    it('selects a story, answers it, lets a freelancer pick one, clears on null and when the story is deleted', async () => {
      const uid = await groupUnit();
      expect((await call(server, `v2/units/${uid}/story${q}`, { cookie: regular })).json).toEqual({ uid, inventoryId: INV, storyId: null, story: null });
      const put = await call(server, `v2/units/${uid}/story${q}`, { cookie: regular, method: 'PUT', body: { storyId: 'STY-NEWS-1' } });
      expect(put.status, put.text).toBe(200);
      expect(put.json).toMatchObject({ uid, storyId: 'STY-NEWS-1', story: { slugline: 'FLOODS-RIVERSIDE' } });
      const picked = await call(server, `v2/units/${uid}/story${q}`, { cookie: freelancer, method: 'PUT', body: { storyId: 'STY-NEWS-4' } });
      expect(picked.json.storyId).toBe('STY-NEWS-4');
      expect((await call(server, `v2/units/${uid}/story${q}`, { cookie: reader })).json.story.slugline).toBe('MARKET-OPEN');
      expect((await call(server, `v2/units/${uid}/story${q}`, { cookie: regular, method: 'PUT', body: { storyId: null } })).json.storyId).toBeNull();
      const temp = await call(server, `${stories()}${q}`, { cookie: regular, body: { slugline: 'SHORT-LIVED' } });
      await call(server, `v2/units/${uid}/story${q}`, { cookie: regular, method: 'PUT', body: { storyId: temp.json.storyId } });
      await call(server, `${stories()}/${temp.json.storyId}${q}`, { cookie: regular, method: 'DELETE' });
      expect((await call(server, `v2/units/${uid}/story${q}`, { cookie: regular })).json.storyId).toBeNull();
    });

    it('refuses a story of another inventory or an unknown one, keeping the selection', async () => {
      const uid = await groupUnit();
      await call(server, `v2/units/${uid}/story${q}`, { cookie: regular, method: 'PUT', body: { storyId: 'STY-NEWS-2' } });
      for (const storyId of ['STY-SPORTS-1', 'STY-NOPE']) {
        const answer = await call(server, `v2/units/${uid}/story${q}`, { cookie: regular, method: 'PUT', body: { storyId } });
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({ message: "The story is not in this unit's inventory", fields: { storyId: "The story is not in this unit's inventory" } });
      }
      expect((await call(server, `v2/units/${uid}/story${q}`, { cookie: regular, method: 'PUT', body: {} })).json.message).toBe('body.storyId is required');
      expect((await server.store.stories.selectedFor(uid))?.storyId).toBe('STY-NEWS-2');
    });

    it('answers 404 for another group’s unit and 403 to a read-only user’s change', async () => {
      const foreign = await addForeignUnit(server, 'USTORYFOREIGN');
      expect((await call(server, `v2/units/${foreign}/story${q}`, { cookie: regular })).status).toBe(404);
      expect((await call(server, `v2/units/${foreign}/story${q}`, { cookie: regular, method: 'PUT', body: { storyId: 'STY-NEWS-1' } })).status).toBe(404);
      expect(await server.store.stories.selectedFor(foreign)).toBeUndefined();
      const uid = await groupUnit();
      expect((await call(server, `v2/units/${uid}/story${q}`, { cookie: reader, method: 'PUT', body: { storyId: 'STY-NEWS-1' } })).status).toBe(403);
      expect(await server.store.stories.selectedFor(uid)).toBeUndefined();
    });
  });

  describe('shares (002 §3 publisher: name, share key, description, group, createdOn, createdBy)', () => {
    it('lists publishers and subscribers of the inventory; share keys only for the media group set', async () => {
      const pubs = await call(server, `v2/admin/inventories/${INV}/publishers${q}`, { cookie: mediaAdmin });
      expect(pubs.status, pubs.text).toBe(200);
      expect(pubs.json.publishers).toHaveLength(2);
      expect(Object.keys(pubs.json.publishers[0]).sort()).toEqual(['createdBy', 'createdOn', 'description', 'folderId', 'groupId', 'id', 'inventoryId', 'name', 'shareKey']);
      const subs = await call(server, `v2/admin/inventories/${INV}/subscribers${q}`, { cookie: regular });
      expect(subs.json.subscribers.map((s: { name: string }) => s.name)).toEqual(['Affiliate-North', 'Affiliate-South', 'Partner-Network']);
      expect(subs.json.subscribers[0].shareKey).toBeUndefined();
      expect((await call(server, `v2/admin/inventories/INV-NOPE/subscribers${q}`, { cookie: regular })).status).toBe(404);
    });

    it('shares a unit’s stream with subscribers, replaces and clears the list', async () => {
      const uid = await groupUnit();
      const empty = await call(server, `v2/units/${uid}/sharing${q}`, { cookie: regular });
      expect(empty.json).toMatchObject({ uid, inventoryId: INV, subscriberIds: [], subscribers: [] });
      expect(empty.json.available).toHaveLength(3);
      const put = await call(server, `v2/units/${uid}/sharing${q}`, { cookie: regular, method: 'PUT', body: { subscriberIds: ['SUB-NEWS-3', 'SUB-NEWS-1'] } });
      expect(put.status, put.text).toBe(200);
      expect(put.json.subscriberIds).toEqual(['SUB-NEWS-1', 'SUB-NEWS-3']);
      expect((await call(server, `v2/units/${uid}/sharing${q}`, { cookie: reader })).json.subscriberIds).toEqual(['SUB-NEWS-1', 'SUB-NEWS-3']);
      expect((await call(server, `v2/units/${uid}/sharing${q}`, { cookie: regular, method: 'PUT', body: { subscriberIds: [] } })).json.subscriberIds).toEqual([]);
    });

    it.each([
      [{ subscriberIds: ['SUB-SPORTS-1'] }, "Subscriber 'SUB-SPORTS-1' is not in this unit's inventory"],
      [{ subscriberIds: ['SUB-NEWS-1', 'SUB-NEWS-1'] }, "Subscriber 'SUB-NEWS-1' is listed twice"],
      [{ subscriberIds: 'SUB-NEWS-1' }, 'body.subscriberIds must be array'],
      [{}, 'body.subscriberIds is required'],
    ])('refuses the sharing body %j with "%s" and keeps the stored list', async (body, message) => {
      const uid = await groupUnit();
      await call(server, `v2/units/${uid}/sharing${q}`, { cookie: regular, method: 'PUT', body: { subscriberIds: ['SUB-NEWS-2'] } });
      const answer = await call(server, `v2/units/${uid}/sharing${q}`, { cookie: regular, method: 'PUT', body });
      expect(answer.status).toBe(400);
      expect(answer.json.message).toBe(message);
      expect((await server.store.shares.unitSubscribers(uid)).map((s) => s.id)).toEqual(['SUB-NEWS-2']);
    });

    it('answers 404 for another group’s unit and 403 to a read-only user’s change', async () => {
      const foreign = await addForeignUnit(server, 'USHAREFOREIGN');
      expect((await call(server, `v2/units/${foreign}/sharing${q}`, { cookie: regular })).status).toBe(404);
      expect((await call(server, `v2/units/${foreign}/sharing${q}`, { cookie: regular, method: 'PUT', body: { subscriberIds: ['SUB-NEWS-1'] } })).status).toBe(404);
      expect(await server.store.shares.unitSubscribers(foreign)).toEqual([]);
      const uid = await groupUnit();
      expect((await call(server, `v2/units/${uid}/sharing${q}`, { cookie: reader, method: 'PUT', body: { subscriberIds: ['SUB-NEWS-1'] } })).status).toBe(403);
      expect(await server.store.shares.unitSubscribers(uid)).toEqual([]);
    });
  });

  it('keeps stories, selections and sharing across a restart', async () => {
    const uid = await groupUnit();
    await call(server, `v2/units/${uid}/story${q}`, { cookie: regular, method: 'PUT', body: { storyId: 'STY-NEWS-3' } });
    await call(server, `v2/units/${uid}/sharing${q}`, { cookie: regular, method: 'PUT', body: { subscriberIds: ['SUB-NEWS-2'] } });
    const dbFile = server.dbFile;
    await server.close();
    server = await startUnitServer(dbFile, 60);
    regular = await signIn(server, 'luc_regular');
    expect((await call(server, `v2/units/${uid}/story${q}`, { cookie: regular })).json.storyId).toBe('STY-NEWS-3');
    expect((await call(server, `v2/units/${uid}/sharing${q}`, { cookie: regular })).json.subscriberIds).toEqual(['SUB-NEWS-2']);
  });
});
