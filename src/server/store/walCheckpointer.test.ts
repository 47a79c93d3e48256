/**
 * WAL checkpoints on a thread of their own (walCheckpointer.ts), on real SQLite files: the
 * connection checkpoints only past the safety net while the thread runs, the thread's PASSIVE
 * checkpoints copy what the connection wrote, a thread that cannot start hands checkpoints back
 * to the connection (and says so), and a store on a file closes clean (its WAL checkpointed and
 * removed) with the thread stopped first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { SAFETY_NET_PAGES, SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES, startWalCheckpointer, type CheckpointResult } from './walCheckpointer.ts';
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

describe('the WAL checkpoint thread', () => {
  it('leaves the connection only the safety net, and copies into the file what the connection wrote', async () => {
    const file = tempFile();
    const db = walDatabase(file);
    const results: CheckpointResult[] = [];
    const checkpointer = startWalCheckpointer(db, file, { everyMs: 20, onCheckpoint: (result) => results.push(result), onProblem: (message) => expect.fail(message) });
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
    const checkpointer = startWalCheckpointer(db, join(file, 'missing.db'), { everyMs: 20, onProblem: (message) => problems.push(message) });
    await until(() => problems.some((p) => p.includes('ended; the connection checkpoints again')), 'the end is reported');
    expect(problems[0]).toContain('SQLite checkpoint thread of');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES);
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
