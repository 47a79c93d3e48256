/**
 * Unit listings with search, sort and paging (spec 000 §7 "GET v2/admin/units",
 * "GET v2/admin/inventories/{inv}/units"; §9 page size 50, default search key name), run in SQLite
 * so a 50,000-unit fleet pages without loading every row. Column names come from a whitelist
 * only; values are always bound parameters. Rows map through the store's own mapper; a listing
 * leaves a unit's alert configuration and metadata out (they read as {}).
 */
import type Database from 'better-sqlite3';
import { unitFromRow, type StoredUnit, type UnitRow } from '../store/units.ts';

/** Fields a listing may search and sort on (wire name → column). */
export const UNIT_LIST_FIELDS = {
  name: 'name',
  uid: 'uid',
  serial: 'serial',
  type: 'type',
  swVersion: 'sw_version',
  comment: 'comment',
  groupId: 'group_id',
  inventoryId: 'inventory_id',
  createdAt: 'created_at',
} as const;
export type UnitListField = keyof typeof UNIT_LIST_FIELDS;
export const UNIT_LIST_FIELD_NAMES = Object.keys(UNIT_LIST_FIELDS) as UnitListField[];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface UnitListQuery {
  /** Units of these groups... */
  groupIds: readonly string[];
  /** ...or, when set, units of this inventory (in one of groupIds, or in no group). */
  inventoryId?: string;
  searchKey: UnitListField;
  searchValue?: string;
  sortBy: UnitListField;
  sortDir: SortDirection;
  limit: number;
  offset: number;
}

/** `%`, `_` and the escape character itself are literal in a search value. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const statements = new WeakMap<Database.Database, Map<string, { count: Database.Statement; page: Database.Statement }>>();

function prepared(db: Database.Database, query: UnitListQuery): { count: Database.Statement; page: Database.Statement } {
  let cache = statements.get(db);
  if (cache === undefined) {
    cache = new Map();
    statements.set(db, cache);
  }
  const searching = query.searchValue !== undefined && query.searchValue !== '';
  const key = `${query.inventoryId !== undefined}|${searching ? query.searchKey : ''}|${query.sortBy}|${query.sortDir}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const scope =
    query.inventoryId !== undefined
      ? `inventory_id = @inventoryId AND (group_id IS NULL OR group_id IN (SELECT value FROM json_each(@groups)))`
      : `group_id IN (SELECT value FROM json_each(@groups))`;
  const search = searching ? ` AND CAST(${UNIT_LIST_FIELDS[query.searchKey]} AS TEXT) LIKE @pattern ESCAPE '\\' COLLATE NOCASE` : '';
  const order = `${UNIT_LIST_FIELDS[query.sortBy]} COLLATE NOCASE ${query.sortDir === 'desc' ? 'DESC' : 'ASC'}, uid ASC`;
  const where = `WHERE ${scope}${search}`;
  const entry = {
    count: db.prepare(`SELECT COUNT(*) AS n FROM units ${where}`),
    page: db.prepare(
      `SELECT uid, name, type, serial, comment, group_id, inventory_id, sw_version, lat, lng, owned_by, settings_json,
         '{}' AS alerts_config_json, '{}' AS metadata_json, created_at, updated_at
       FROM units ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
    ),
  };
  cache.set(key, entry);
  return entry;
}

export function listUnits(db: Database.Database, query: UnitListQuery): { total: number; units: StoredUnit[] } {
  const { count, page } = prepared(db, query);
  const bind: Record<string, unknown> = { groups: JSON.stringify(query.groupIds) };
  if (query.inventoryId !== undefined) bind['inventoryId'] = query.inventoryId;
  if (query.searchValue !== undefined && query.searchValue !== '') bind['pattern'] = likePattern(query.searchValue);
  const total = (count.get(bind) as { n: number } | undefined)?.n ?? 0;
  const rows = page.all({ ...bind, limit: query.limit, offset: query.offset }) as UnitRow[];
  return { total, units: rows.map(unitFromRow) };
}

const nameStatements = new WeakMap<Database.Database, Database.Statement>();

/** The names of every other unit (for the unit-name uniqueness rule, spec 000 §5). */
export function otherUnitNames(db: Database.Database, uid: string | null): string[] {
  let stmt = nameStatements.get(db);
  if (stmt === undefined) {
    stmt = db.prepare('SELECT name FROM units WHERE uid IS NOT @uid');
    nameStatements.set(db, stmt);
  }
  return (stmt.all({ uid }) as { name: string }[]).map((r) => r.name);
}
