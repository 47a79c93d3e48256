import type { OrderByItemBuilder, Selectable } from 'kysely';
import type { UnitsTable } from '../../store/schema.ts';
import { asciiLower, constraintKind, containsText, inTransaction, insertBatches, lowerOf, parseJsonColumn, refusable, type Db } from '../../store/queries.ts';
import type { UnitListKey } from '../../../protocol/rest/units.ts';
import type { SortDirection } from '../../../protocol/rest/common.ts';

/**
 * What is stored of a unit (spec 000 §3): identity, placement and the settings a user sets.
 * Live state (status, links, battery, alerts...) lives in the simulator, not here.
 * Structurally a superset of the fleet helper's UnitSeed (src/server/sim/fleet.ts).
 */
export interface UnitSeedFields {
  uid: string;
  name: string;
  type: string;
  serial: string;
  groupId: string;
  inventoryId: string;
  lat: number;
  lng: number;
  swVersion: string;
}

export interface StoredUnit {
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
  alertsConfiguration: Record<string, unknown>;
  metadata: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

/** One unit an administrator creates: its group may be none (it is then only in its inventory). */
export interface NewUnitRecord extends Omit<UnitSeedFields, 'groupId'> {
  groupId: string | null;
  comment: string;
}

/** Fields a unit call may change; absent fields stay as stored. */
export interface UnitPatch {
  name?: string;
  comment?: string;
  groupId?: string | null;
  inventoryId?: string | null;
  swVersion?: string;
  settings?: Record<string, unknown>;
  alertsConfiguration?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

export type UnitUpdate = { ok: true; unit: StoredUnit } | { ok: false; reason: 'not-found' | 'name-taken' | 'invalid' };

/** A row of the units table (column names). */
export type UnitRow = Selectable<UnitsTable>;

/** The one mapping of a units row to a StoredUnit. */
export const unitFromRow = (r: UnitRow): StoredUnit => ({
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
  alertsConfiguration: parseJsonColumn<Record<string, unknown>>(r.alerts_config_json, {}),
  metadata: parseJsonColumn<Record<string, unknown>>(r.metadata_json, {}),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

// ------------------------------------------------------------------------------------------------
// Listings with search, sort and paging (spec 000 §7 "GET v2/admin/units",
// "GET v2/admin/inventories/{inv}/units"; §9 page size 50, default search key name), run in the
// database so a 50,000-unit fleet pages without loading every row. Columns come from this list
// only; values are always bound parameters.

/** Fields a listing may search and sort on (wire name of the contract's UNIT_LIST_KEYS → column). */
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
} as const satisfies Record<UnitListKey, string>;
export type UnitListField = UnitListKey;

/** Listing fields that sort as numbers; the others sort as text without case. */
const NUMERIC_LIST_FIELDS: ReadonlySet<UnitListField> = new Set(['createdAt']);

export interface UnitListQuery {
  /** Units of these groups (none: nothing is listed), or 'all' (a super user: every unit, grouped or not)... */
  groupIds: readonly string[] | 'all';
  /** ...or, when set, units of this inventory (in one of groupIds, or in no group). */
  inventoryId?: string;
  searchKey: UnitListField;
  searchValue?: string;
  sortBy: UnitListField;
  sortDir: SortDirection;
  limit: number;
  offset: number;
}

/** Columns of a listing: a listing leaves a unit's alert configuration and metadata out (they read as {}). */
const LISTED_COLUMNS = [
  'uid',
  'name',
  'type',
  'serial',
  'comment',
  'group_id',
  'inventory_id',
  'sw_version',
  'lat',
  'lng',
  'owned_by',
  'settings_json',
  'created_at',
  'updated_at',
] as const;

/** Values per inserted unit row (insertMany): uid ... updated_at. */
const INSERT_COLUMNS = 11;

export class UnitRepo {
  constructor(private readonly db: Db) {}

  /**
   * Inserts all seeds in one transaction (either every unit is stored or none), in multi-row
   * statements that stay under the engines' bound-parameter limit (50,000 demo units at first start).
   */
  async insertMany(seeds: readonly UnitSeedFields[], now: number): Promise<void> {
    if (seeds.length === 0) return;
    await inTransaction(this.db, async (db) => {
      for (const batch of insertBatches(seeds, INSERT_COLUMNS)) {
        await db
          .insertInto('units')
          .values(
            batch.map((s) => ({
              uid: s.uid,
              name: s.name,
              type: s.type,
              serial: s.serial,
              group_id: s.groupId,
              inventory_id: s.inventoryId,
              sw_version: s.swVersion,
              lat: s.lat,
              lng: s.lng,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
    });
  }

  /** Inserts one unit (an administrator's creation): in a group, or only in an inventory (groupId null). */
  async insert(unit: NewUnitRecord, now: number): Promise<void> {
    await this.db
      .insertInto('units')
      .values({
        uid: unit.uid,
        name: unit.name,
        type: unit.type,
        serial: unit.serial,
        comment: unit.comment,
        group_id: unit.groupId,
        inventory_id: unit.inventoryId,
        sw_version: unit.swVersion,
        lat: unit.lat,
        lng: unit.lng,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async get(uid: string): Promise<StoredUnit | undefined> {
    const row = await this.db.selectFrom('units').selectAll().where('uid', '=', uid).executeTakeFirst();
    return row && unitFromRow(row);
  }

  /** The group owning a unit, or undefined for an unknown uid or a unit in no group. */
  async groupOf(uid: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('units').select('group_id').where('uid', '=', uid).executeTakeFirst();
    return row?.group_id ?? undefined;
  }

  async listByGroup(groupId: string, limit: number, offset: number): Promise<{ total: number; units: StoredUnit[] }> {
    const count = await this.db.selectFrom('units').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', groupId).executeTakeFirst();
    const rows = await this.db.selectFrom('units').selectAll().where('group_id', '=', groupId).orderBy('name').limit(limit).offset(offset).execute();
    return { total: Number(count?.n ?? 0), units: rows.map(unitFromRow) };
  }

  /** One page of a listing (see UnitListQuery), and how many units match in all. */
  async list(query: UnitListQuery): Promise<{ total: number; units: StoredUnit[] }> {
    const every = query.groupIds === 'all';
    const groups = every ? [] : [...query.groupIds];
    const inventoryId = query.inventoryId;
    // `group_id IN ()` is not SQL: with no groups only an inventory's units in no group can match.
    if (!every && groups.length === 0 && inventoryId === undefined) return { total: 0, units: [] };
    const searching = query.searchValue !== undefined && query.searchValue !== '';
    const matching = this.db
      .selectFrom('units')
      .$if(!every, (qb) =>
        qb.where((eb) => {
          const inGroups = groups.length > 0 ? eb('group_id', 'in', groups) : eb('group_id', 'is', null);
          return inventoryId !== undefined ? eb.and([eb('inventory_id', '=', inventoryId), groups.length > 0 ? eb.or([eb('group_id', 'is', null), inGroups]) : inGroups]) : inGroups;
        }),
      )
      .$if(every && inventoryId !== undefined, (qb) => qb.where('inventory_id', '=', inventoryId ?? ''))
      .$if(searching, (qb) => qb.where(containsText(UNIT_LIST_FIELDS[query.searchKey], query.searchValue ?? '')));
    const count = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const column = UNIT_LIST_FIELDS[query.sortBy];
    const key = NUMERIC_LIST_FIELDS.has(query.sortBy) ? column : lowerOf(column);
    // Nulls (no group, no inventory) sort first ascending and last descending, on both engines.
    const direction = (ob: OrderByItemBuilder): OrderByItemBuilder => (query.sortDir === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsFirst());
    const rows = await matching
      .select(LISTED_COLUMNS)
      .orderBy(key, direction)
      .orderBy('uid', 'asc')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return {
      total: Number(count?.n ?? 0),
      units: rows.map((r) => unitFromRow({ ...r, alerts_config_json: '{}', metadata_json: '{}' })),
    };
  }

  /**
   * The names of other units equal to `name` without case (at most one, as names are unique):
   * what the unit-name rule (spec 000 §5, unitNameErrors) needs, without loading every name.
   * `exceptUid` leaves the unit being renamed out; null compares with every unit.
   */
  async takenNames(name: string | null | undefined, exceptUid: string | null): Promise<string[]> {
    const wanted = (name ?? '').trim();
    if (wanted === '') return [];
    let query = this.db.selectFrom('units').select('name').where(lowerOf('name'), '=', asciiLower(wanted));
    if (exceptUid !== null) query = query.where('uid', '!=', exceptUid);
    const rows = await query.execute();
    return rows.map((r) => r.name);
  }

  async all(): Promise<StoredUnit[]> {
    const rows = await this.db.selectFrom('units').selectAll().orderBy('uid').execute();
    return rows.map(unitFromRow);
  }

  /** uid → group id of every unit in a group (for the websocket's topic authority cache). */
  async groupIndex(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('units').select(['uid', 'group_id']).where('group_id', 'is not', null).execute();
    const index = new Map<string, string>();
    for (const r of rows) if (r.group_id !== null) index.set(r.uid, r.group_id);
    return index;
  }

  /** Applies the patch in one statement; a duplicate name, a comment over 100 characters or an unknown group changes nothing. */
  async update(uid: string, patch: UnitPatch, now: number): Promise<UnitUpdate> {
    const current = await this.get(uid);
    if (!current) return { ok: false, reason: 'not-found' };
    const next = { ...current, ...patch };
    try {
      await refusable(this.db, (db) =>
        db
          .updateTable('units')
          .set({
            name: next.name,
            comment: next.comment,
            group_id: next.groupId,
            inventory_id: next.inventoryId,
            sw_version: next.swVersion,
            settings_json: JSON.stringify(next.settings),
            alerts_config_json: JSON.stringify(next.alertsConfiguration),
            metadata_json: JSON.stringify(next.metadata),
            updated_at: now,
          })
          .where('uid', '=', uid)
          .execute(),
      );
    } catch (error) {
      const refused = constraintKind(error);
      if (refused === 'unique') return { ok: false, reason: 'name-taken' };
      if (refused === 'check' || refused === 'foreignKey') return { ok: false, reason: 'invalid' };
      throw error;
    }
    const unit = await this.get(uid);
    return unit ? { ok: true, unit } : { ok: false, reason: 'not-found' };
  }

  async delete(uid: string): Promise<boolean> {
    const result = await this.db.deleteFrom('units').where('uid', '=', uid).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('units').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
