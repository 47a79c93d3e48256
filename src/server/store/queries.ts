/**
 * What every repository shares, written once for both engines: reading JSON and 0/1 columns,
 * transactions that nest, batched inserts, case-insensitive comparison and search, and the
 * classification of a refused write (a taken name, a missing parent row, a failed CHECK).
 *
 * Case without case: SQLite's NOCASE and lower() fold ASCII letters only. On PostgreSQL every text
 * column uses the "C" collation (migrations/0001_initial.ts), under which lower() also folds ASCII
 * only and ORDER BY is byte order like SQLite's BINARY, so both engines sort and compare alike.
 * Values are folded in JS the same way (`asciiLower`) before they meet lower(column).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, Flag } from './schema.ts';

export type Db = Kysely<Database>;

/** Text JSON column → value; a column that is not JSON (impossible with the CHECKs) reads as the fallback. */
export function parseJsonColumn<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const toFlag = (value: boolean): Flag => (value ? 1 : 0);

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` is already one (Kysely does
 * not nest transactions; the outer one then decides all or nothing).
 */
export async function inTransaction<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Most bound parameters one statement may carry on both engines: SQLite's limit (32,766 since
 * 3.32; PostgreSQL allows 65,535).
 */
export const MAX_BOUND_PARAMETERS = 32_766;

/** `rows` cut into slices small enough for one multi-row INSERT of `columnsPerRow` values each. */
export function insertBatches<T>(rows: readonly T[], columnsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columnsPerRow));
  const batches: T[][] = [];
  for (let i = 0; i < rows.length; i += size) batches.push(rows.slice(i, i + size));
  return batches;
}

/** ASCII letters to lower case, nothing else: what lower() does on both engines (see above). */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** lower(column), for comparing and sorting without case. */
export function lowerOf(column: string): RawBuilder<string> {
  return sql<string>`lower(${sql.ref(column)})`;
}

/**
 * True when the column's text contains `value`, without case: lower(cast(column as text)) LIKE
 * '%value%' with `%`, `_` and `\` of the value matching themselves (ESCAPE '\'). A number column
 * matches on its decimal digits.
 */
export function containsText(column: string, value: string): RawBuilder<boolean> {
  const pattern = `%${asciiLower(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(cast(${sql.ref(column)} as text)) like ${pattern} escape '\\'`;
}

/** How a constraint refused a write. */
export type ConstraintKind = 'unique' | 'foreignKey' | 'check';

/**
 * The constraint a driver error reports, for both engines: better-sqlite3's extended codes
 * (SQLITE_CONSTRAINT_*) and PostgreSQL's SQLSTATE (23505, 23503, 23514); null for anything else.
 * A primary key clash counts as unique.
 */
export function constraintKind(error: unknown): ConstraintKind | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
    case '23505':
      return 'unique';
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
    case '23503':
      return 'foreignKey';
    case 'SQLITE_CONSTRAINT_CHECK':
    case '23514':
      return 'check';
    default:
      return null;
  }
}

/**
 * Runs a write whose refusal by a constraint the caller answers (a taken name...). Inside a
 * transaction it runs under a savepoint: PostgreSQL aborts the whole transaction at a failed
 * statement, so the refused statement alone is rolled back and the transaction stays usable, as
 * it does on SQLite. Outside a transaction the statement is its own.
 */
export async function refusable<T>(db: Db, write: (db: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return write(db);
  await sql`savepoint refusable_write`.execute(db);
  try {
    const result = await write(db);
    await sql`release savepoint refusable_write`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback to savepoint refusable_write`.execute(db);
    await sql`release savepoint refusable_write`.execute(db);
    throw error;
  }
}
