/**
 * The store thread (storeThread.ts), on real SQLite files: the connection checkpoints only past
 * the safety net while the thread runs, the thread's PASSIVE checkpoints copy what the connection
 * wrote, a thread that cannot start hands checkpoints back to the connection (and says so), and a
 * store on a file closes clean (its WAL checkpointed and removed) with the thread stopped first.
 * Its writes: each call all or nothing and in order, an error naming SQLite's; the incidents'
 * flushes go through it on a file store and stay on the connection inside a transaction; the
 * connection's transactions begin IMMEDIATE, so one that read before the thread committed still writes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { SAFETY_NET_PAGES, SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES, startStoreThread, type CheckpointResult } from './storeThread.ts';
import { openStore } from './database.ts';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'luc-wal-'));
  dirs.push(dir);
  return join(dir, 'luc.db');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function walDatabase(file: string): BetterSqlite.Database {
  const db = new BetterSqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  return db;
}

const until = async (holds: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 400 && !holds(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(holds(), what).toBe(true);
};

describe('the store thread: checkpoints', () => {
  it('leaves the connection only the safety net, and copies into the file what the connection wrote', async () => {
    const file = tempFile();
    const db = walDatabase(file);
    const results: CheckpointResult[] = [];
    const checkpointer = startStoreThread(db, file, { everyMs: 20, onCheckpoint: (result) => results.push(result), onProblem: (message) => expect.fail(message) });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SAFETY_NET_PAGES);
    const insert = db.prepare('INSERT INTO t (text) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 5_000; i++) insert.run(`row ${i} ${'x'.repeat(100)}`);
    })();
    await until(() => results.some((r) => r.busy === 0 && r.log > 0 && r.checkpointed === r.log), 'a checkpoint copied every frame of the WAL');
    await checkpointer.stop();
    // Stopping as the store closes leaves the connection's setting as it was.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SAFETY_NET_PAGES);
    db.close();
  });

  it('hands checkpoints back to the connection, and says so, when the thread cannot run', async () => {
    const file = tempFile();
    const db = walDatabase(file);
    const problems: string[] = [];
    // A file the thread cannot open (it must exist): the thread fails at once.
    const checkpointer = startStoreThread(db, join(file, 'missing.db'), { everyMs: 20, onProblem: (message) => problems.push(message) });
    await until(() => problems.some((p) => p.includes('ended; the connection checkpoints and writes again')), 'the end is reported');
    expect(problems[0]).toContain('SQLite store thread of');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES);
    // Its writers are told to write on the connection, and a write handed over anyway is refused.
    expect(checkpointer.running).toBe(false);
    await expect(checkpointer.write([{ sql: 'INSERT INTO t (text) VALUES (?)', parameters: ['x'] }])).rejects.toThrow('is not running');
    await checkpointer.stop();
    db.close();
  });

  it('closes a store on a file clean: the thread stopped, the WAL checkpointed and removed', async () => {
    const file = tempFile();
    const store = await openStore(file);
    const incident = { at: 1_700_000_000_000, kind: 'transition', severity: 'warning', code: 'onlineToOffline', message: 'went offline', unit_id: 'U1', unit_name: 'Cam 1', group_id: null, inventory_id: null, user_id: null, toast: 0, acknowledged_by: null, acknowledged_at: null } as const;
    await store.incidents.insertMany([incident]);
    expect(existsSync(`${file}-wal`)).toBe(true);
    await store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    // And it opens again with what was written.
    const again = await openStore(file);
    expect(await again.db.selectFrom('incidents').select(['unit_id', 'message']).execute()).toEqual([{ unit_id: 'U1', message: 'went offline' }]);
    await again.close();
  });
});

const incidentAt = (at: number, unit: string) =>
  ({ at, kind: 'transition', severity: 'warning', code: 'onlineToOffline', message: `${unit} went offline`, unit_id: unit, unit_name: unit, group_id: null, inventory_id: null, user_id: null, toast: 0, acknowledged_by: null, acknowledged_at: null }) as const;

describe('the store thread: writes', () => {
  it('stores each call in one transaction, in the order of the calls; a failing call stores nothing and names the error', async () => {
    const file = tempFile();
    const db = walDatabase(file);
    const thread = startStoreThread(db, file, { onProblem: (message) => expect.fail(message) });
    const insert = (text: string | null) => ({ sql: 'INSERT INTO t (text) VALUES (?)', parameters: [text] });
    const first = thread.write([insert('a'), insert('b')]);
    const failing = thread.write([insert('c'), insert(null)]); // text is NOT NULL: the second statement fails
    const third = thread.write([insert('d')]);
    await first;
    await expect(failing).rejects.toThrow(/nothing of it stored: NOT NULL constraint failed: t\.text/);
    await third;
    expect(db.prepare('SELECT text FROM t ORDER BY id').pluck().all()).toEqual(['a', 'b', 'd']);
    await thread.stop();
    expect(thread.running).toBe(false);
    db.close();
  });

  it("takes a file store's incident flushes, not the ones inside a transaction, and stores the same rows", async () => {
    const file = tempFile();
    const store = await openStore(file);
    const thread = store.bulkWriter;
    if (thread === undefined) throw new Error('a file store has a store thread');
    const write = vi.spyOn(thread, 'write');
    await store.incidents.insertMany([incidentAt(1, 'U1'), incidentAt(2, 'U2'), incidentAt(3, 'U3')]);
    expect(write).toHaveBeenCalledTimes(1);
    // Inside a transaction the rows go with it, on the connection: rolled back with it here.
    await expect(
      store.transaction(async (tx) => {
        await tx.incidents.insertMany([incidentAt(4, 'U4')]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(write).toHaveBeenCalledTimes(1);
    await store.transaction((tx) => tx.incidents.insertMany([incidentAt(5, 'U5')]));
    expect(write).toHaveBeenCalledTimes(1);
    expect(await store.db.selectFrom('incidents').select(['at', 'unit_id', 'message', 'toast']).orderBy('at').execute()).toEqual([
      { at: 1, unit_id: 'U1', message: 'U1 went offline', toast: 0 },
      { at: 2, unit_id: 'U2', message: 'U2 went offline', toast: 0 },
      { at: 3, unit_id: 'U3', message: 'U3 went offline', toast: 0 },
      { at: 5, unit_id: 'U5', message: 'U5 went offline', toast: 0 },
    ]);
    await store.close();
  });

  it("lets the connection's transaction that read before the thread's write still write (it begins IMMEDIATE)", async () => {
    const file = tempFile();
    const store = await openStore(file);
    let threadWrite: Promise<void> | undefined;
    await store.transaction(async (tx) => {
      expect(await tx.db.selectFrom('incidents').select('id').execute()).toEqual([]);
      // The thread writes while this transaction is open; deferred, it would commit first and this
      // transaction's write below would fail with SQLITE_BUSY_SNAPSHOT.
      threadWrite = store.incidents.insertMany([incidentAt(1, 'thread')]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.incidents.insertMany([incidentAt(2, 'connection')]);
    });
    await threadWrite;
    expect(await store.db.selectFrom('incidents').select('unit_id').orderBy('at').execute()).toEqual([{ unit_id: 'thread' }, { unit_id: 'connection' }]);
    await store.close();
  });
});
