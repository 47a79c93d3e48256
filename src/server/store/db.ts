import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';

/**
 * Opens (and creates on first start) the SQLite file: WAL journal so readers never wait for the
 * writer, foreign keys enforced, a 5 s busy timeout, then applies pending migrations.
 */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL'); // WAL + NORMAL: durable at each checkpoint, no fsync per commit
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000'); // ms
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Text JSON column → value; a column that is not JSON (impossible with the CHECKs) reads as the fallback. */
export function parseJsonColumn<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** True for SQLite's UNIQUE constraint failure (a duplicate name, username, email...). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}
