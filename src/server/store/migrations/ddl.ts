/**
 * The column types and constraint pieces the migrations write, per engine. Shipped migrations use
 * them, so what they produce must never change: add a new piece instead.
 *
 * - text: TEXT on SQLite; `text collate "C"` on PostgreSQL, so that ORDER BY is byte order and
 *   lower() folds ASCII letters only, as on SQLite (see store/queries.ts);
 * - time: ms since the epoch, INTEGER on SQLite, bigint on PostgreSQL;
 * - integer: counts and 0/1 flags; real: REAL / double precision;
 * - JSON stays text, checked with json_valid(): SQLite's own function, and on PostgreSQL the
 *   function of that name migration 0001 creates (it casts to jsonb).
 */
import { sql, type ColumnDataType, type Expression, type RawBuilder } from 'kysely';
import type { StoreDialect } from '../schema.ts';

export interface ColumnTypes {
  readonly text: ColumnDataType | Expression<unknown>;
  readonly time: ColumnDataType;
  readonly integer: ColumnDataType;
  readonly real: ColumnDataType;
}

export function columnTypes(dialect: StoreDialect): ColumnTypes {
  return dialect === 'postgres'
    ? { text: sql`text collate "C"`, time: 'bigint', integer: 'integer', real: 'double precision' }
    : { text: 'text', time: 'integer', integer: 'integer', real: 'real' };
}

/** CHECK (json_valid(column)). */
export function jsonValid(column: string): RawBuilder<unknown> {
  return sql`json_valid(${sql.ref(column)})`;
}

/** CHECK (column IN ('a', 'b')): values written into the DDL as literals (DDL takes no parameters). */
export function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

/** CHECK (length(column) <= max), in characters on both engines. */
export function maxLength(column: string, max: number): RawBuilder<unknown> {
  return sql`length(${sql.ref(column)}) <= ${sql.lit(max)}`;
}

/** CHECK (length(trim(column)) BETWEEN min AND max): required text of a bounded length. */
export function trimmedLength(column: string, min: number, max: number): RawBuilder<unknown> {
  return sql`length(trim(${sql.ref(column)})) between ${sql.lit(min)} and ${sql.lit(max)}`;
}

/** SQLite's collation that folds ASCII letters (the PostgreSQL migrations use unique indexes on lower(column) instead). */
export const NOCASE = sql`collate nocase`;

/** SQLite's clustered tables for pure link tables (no rowid); PostgreSQL has no such option. */
export const WITHOUT_ROWID = sql`without rowid`;
