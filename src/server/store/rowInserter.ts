/**
 * Many rows of one table inserted without Kysely building and compiling a query per batch: for
 * the incident recorder, which stores ~16,000 rows a second while the simulator streams 60,000
 * events/s (docs/performance.md §2 round p22). Kysely's compile of a multi-row INSERT costs about
 * as much as SQLite's own work on the row (~6 µs a row each, measured on 2,340-row statements):
 * a node per value, then a walk over them, for SQL text that depends only on the number of rows.
 *
 * So the statement's SQL is compiled by Kysely once per row count, from a row of nulls, and kept;
 * each insert binds the rows' values in the columns' order, which is the order Kysely's own
 * compile binds them in (tests/property/rowInserter.test.ts checks both against Kysely's compile
 * of the same rows). Row counts are powers of two up to `chunkRows`: any number of rows is a few
 * full chunks and at most log2(chunkRows) smaller statements, so at most that many SQL texts are
 * ever kept per table. Works on both engines (the dialect's compiler writes the SQL): an inserter
 * keeps the SQL of the first engine it writes to, so each store (each repository) has its own.
 */
import { CompiledQuery, type Insertable } from 'kysely';
import type { Database } from './schema.ts';
import { MAX_BOUND_PARAMETERS, type Db } from './queries.ts';

/** Rows per statement at most: enough to make a statement's own cost small against its rows'. */
export const ROW_INSERTER_CHUNK_MAX = 512;

export interface RowInserter<Row> {
  /** Rows per full statement (a power of two). */
  readonly chunkRows: number;
  /** The statements that insert the rows, in order (what `insert` runs); throws on a row missing a column. */
  statements(db: Db, rows: readonly Row[]): CompiledQuery[];
  /** Inserts the rows in order, on `db` (a transaction when the caller wants all or nothing). */
  insert(db: Db, rows: readonly Row[]): Promise<void>;
}

/** The largest power of two ≤ n (n ≥ 1). */
function powerOfTwoAtMost(n: number): number {
  return 2 ** Math.floor(Math.log2(n));
}

/**
 * An inserter into `table` binding exactly `columns`, in that order. Every row must hold every
 * column (null for none): a missing one is a programming error and throws before anything is
 * written, naming the row and the column (Kysely would silently write the column's DEFAULT).
 */
export function createRowInserter<T extends keyof Database & string>(table: T, columns: readonly (keyof Insertable<Database[T]> & string)[]): RowInserter<Insertable<Database[T]>> {
  if (columns.length === 0) throw new Error(`createRowInserter(${table}): no columns`);
  const chunkRows = powerOfTwoAtMost(Math.min(ROW_INSERTER_CHUNK_MAX, Math.floor(MAX_BOUND_PARAMETERS / columns.length)));
  const nullRow = Object.fromEntries(columns.map((column) => [column, null]));
  /** SQL text per row count, in the engine of the store this inserter writes to. */
  const texts = new Map<number, string>();

  const sqlFor = (db: Db, rows: number): string => {
    let text = texts.get(rows);
    if (text === undefined) {
      const template = Array.from({ length: rows }, () => nullRow) as unknown as Insertable<Database[T]>[];
      text = db.insertInto(table).values(template as never).compile().sql;
      texts.set(rows, text);
    }
    return text;
  };

  /** The rows' values in the columns' order; a row missing a column throws, naming both. */
  const valuesOf = (rows: readonly Insertable<Database[T]>[], from: number, count: number): unknown[] => {
    const values = new Array<unknown>(count * columns.length);
    let at = 0;
    for (let r = from; r < from + count; r++) {
      const row = rows[r] as Record<string, unknown>;
      for (const column of columns) {
        const value = row[column];
        if (value === undefined) throw new Error(`${table}: row ${r} has no value for the column ${column} (null for none)`);
        values[at++] = value;
      }
    }
    return values;
  };

  const statements = (db: Db, rows: readonly Insertable<Database[T]>[]): CompiledQuery[] => {
    const out: CompiledQuery[] = [];
    for (let from = 0; from < rows.length; ) {
      const count = Math.min(chunkRows, powerOfTwoAtMost(rows.length - from));
      out.push(CompiledQuery.raw(sqlFor(db, count), valuesOf(rows, from, count)));
      from += count;
    }
    return out;
  };

  return {
    chunkRows,
    statements,
    async insert(db, rows) {
      // Every statement is built (every value read) before the first runs: a bad row writes nothing.
      for (const statement of statements(db, rows)) await db.executeQuery(statement);
    },
  };
}
