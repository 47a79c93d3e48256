import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate, MIGRATIONS, CONSOLE_APPLICATION_ID } from './migrations.ts';
import { Store } from './store.ts';
import { openDatabase } from './db.ts';

function freshStore(): Store {
  const store = new Store(openDatabase(':memory:'));
  const now = 1_000;
  store.inventories.insert({ id: 'I1', name: 'Inv', region: '', customer: '', parentId: null, features: [], createdAt: now });
  store.groups.insert({ id: 'G1', name: 'Grp', inventoryId: 'I1', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
  store.units.insertMany(
    [
      { uid: 'U1', name: 'Unit-1', type: '800', serial: 'S1', groupId: 'G1', inventoryId: 'I1', lat: 1, lng: 2, swVersion: '8.5.0' },
      { uid: 'U2', name: 'Unit-2', type: '800', serial: 'S2', groupId: 'G1', inventoryId: 'I1', lat: 1, lng: 2, swVersion: '8.5.0' },
    ],
    now,
  );
  return store;
}

describe('migrations', () => {
  it('applies every migration once and records it in schema_version', () => {
    const db = new Database(':memory:');
    expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    expect(db.prepare('SELECT version FROM schema_version').all()).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
  });

  it('registers the console’s own client application', () => {
    const store = new Store(openDatabase(':memory:'));
    expect(store.clientApplications.isActive(CONSOLE_APPLICATION_ID)).toBe(true);
    expect(store.clientApplications.isActive('other')).toBe(false);
  });

  it('refuses a database written by a newer schema', () => {
    const db = new Database(':memory:');
    migrate(db);
    db.prepare('INSERT INTO schema_version (version, name, applied_at) VALUES (999, ?, 0)').run('future');
    const latest = Math.max(...MIGRATIONS.map((m) => m.version));
    expect(() => migrate(db)).toThrow(`database schema version 999 is newer than this server knows (${latest})`);
  });

  it('rolls back a failing migration entirely', () => {
    const db = new Database(':memory:');
    migrate(db);
    const latest = Math.max(...MIGRATIONS.map((m) => m.version));
    const bad = [...MIGRATIONS, { version: latest + 1, name: 'broken', sql: 'CREATE TABLE t2 (x INTEGER); SELECT * FROM no_such_table;' }];
    expect(() => migrate(db, bad)).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 't2'").get()).toBeUndefined();
    expect(db.prepare('SELECT MAX(version) AS v FROM schema_version').get()).toEqual({ v: latest });
  });
});

describe('unit rows never corrupted by bad writes', () => {
  it('refuses a duplicate unit name and keeps the stored row', () => {
    const store = freshStore();
    expect(store.units.update('U2', { name: 'Unit-1', comment: 'changed' }, 2_000)).toEqual({ ok: false, reason: 'name-taken' });
    expect(store.units.get('U2')).toMatchObject({ name: 'Unit-2', comment: '' });
  });

  it('refuses a comment of 101 characters (spec 000 §5: max 100) and accepts 100', () => {
    const store = freshStore();
    expect(store.units.update('U1', { comment: 'x'.repeat(101) }, 2_000)).toEqual({ ok: false, reason: 'invalid' });
    expect(store.units.get('U1')?.comment).toBe('');
    expect(store.units.update('U1', { comment: 'x'.repeat(100) }, 2_000).ok).toBe(true);
  });

  it('refuses a group that does not exist (foreign key) and keeps the stored group', () => {
    const store = freshStore();
    expect(store.units.update('U1', { groupId: 'G-NOPE' }, 2_000)).toEqual({ ok: false, reason: 'invalid' });
    expect(store.units.groupOf('U1')).toBe('G1');
  });

  it('stores all seeds of a batch or none', () => {
    const store = freshStore();
    const batch = [
      { uid: 'U3', name: 'Unit-3', type: '800', serial: 'S3', groupId: 'G1', inventoryId: 'I1', lat: 0, lng: 0, swVersion: '8.5.0' },
      { uid: 'U4', name: 'Unit-1', type: '800', serial: 'S4', groupId: 'G1', inventoryId: 'I1', lat: 0, lng: 0, swVersion: '8.5.0' },
    ];
    expect(() => store.units.insertMany(batch, 3_000)).toThrow();
    expect(store.units.get('U3')).toBeUndefined();
    expect(store.units.count()).toBe(2);
  });

  it('refuses JSON columns that are not JSON at the database level', () => {
    const store = freshStore();
    expect(() => store.db.prepare("UPDATE units SET settings_json = '{bad' WHERE uid = 'U1'").run()).toThrow(/CHECK constraint/);
  });
});
