/**
 * Unit listings with search, sort and paging (spec 000 §7 "GET v2/admin/units",
 * "GET v2/admin/inventories/{inv}/units"; §9 page size 50, default search key name), run in SQLite
 * so a 50,000-unit fleet pages without loading every row. Column names come from a whitelist
 * only; values are always bound parameters.
 */
import type Database from 'better-sqlite3';
import { parseJsonColumn } from '../store/db.ts';

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

export interface UnitListRow {
  uid: string;
  name: string;
  type: string;
  serial: string;
  comment: string;
  groupId: string | null;
  inventoryId: string | null;
  swVersion: string;
  lat: number | null;
  lng: number | null;
  ownedBy: string;
  settings: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

interface Row {
  uid: string;
  name: string;
  type: string;
  serial: string;
  comment: string;
  group_id: string | null;
  inventory_id: string | null;
  sw_version: string;
  lat: number | null;
  lng: number | null;
  owned_by: string;
  settings_json: string;
  created_at: number;
  updated_at: number;
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
      `SELECT uid, name, type, serial, comment, group_id, inventory_id, sw_version, lat, lng, owned_by, settings_json, created_at, updated_at
       FROM units ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
    ),
  };
  cache.set(key, entry);
  return entry;
}

export function listUnits(db: Database.Database, query: UnitListQuery): { total: number; units: UnitListRow[] } {
  const { count, page } = prepared(db, query);
  const bind: Record<string, unknown> = { groups: JSON.stringify(query.groupIds) };
  if (query.inventoryId !== undefined) bind['inventoryId'] = query.inventoryId;
  if (query.searchValue !== undefined && query.searchValue !== '') bind['pattern'] = likePattern(query.searchValue);
  const total = (count.get(bind) as { n: number } | undefined)?.n ?? 0;
  const rows = page.all({ ...bind, limit: query.limit, offset: query.offset }) as Row[];
  return {
    total,
    units: rows.map((r) => ({
      uid: r.uid,
      name: r.name,
      type: r.type,
      serial: r.serial,
      comment: r.comment,
      groupId: r.group_id,
      inventoryId: r.inventory_id,
      swVersion: r.sw_version,
      lat: r.lat,
      lng: r.lng,
      ownedBy: r.owned_by,
      settings: parseJsonColumn<Record<string, unknown>>(r.settings_json, {}),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
  };
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
