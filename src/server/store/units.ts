import type Database from 'better-sqlite3';
import { isUniqueViolation, parseJsonColumn } from './db.ts';

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
export interface UnitRow {
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
  alerts_config_json: string;
  metadata_json: string;
  created_at: number;
  updated_at: number;
}

/** The one mapping of a units row to a StoredUnit (the repo and the listings of routes/unitQueries.ts). */
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

export class UnitRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly byGroupStmt;
  private readonly countByGroupStmt;
  private readonly allStmt;
  private readonly groupIndexStmt;
  private readonly updateStmt;
  private readonly deleteStmt;
  private readonly countStmt;

  constructor(private readonly db: Database.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO units (uid, name, type, serial, group_id, inventory_id, sw_version, lat, lng, created_at, updated_at)
       VALUES (@uid, @name, @type, @serial, @groupId, @inventoryId, @swVersion, @lat, @lng, @now, @now)`,
    );
    this.getStmt = db.prepare<[string], UnitRow>('SELECT * FROM units WHERE uid = ?');
    this.byGroupStmt = db.prepare<[string, number, number], UnitRow>(
      'SELECT * FROM units WHERE group_id = ? ORDER BY name LIMIT ? OFFSET ?',
    );
    this.countByGroupStmt = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM units WHERE group_id = ?');
    this.allStmt = db.prepare<[], UnitRow>('SELECT * FROM units ORDER BY uid');
    this.groupIndexStmt = db.prepare<[], { uid: string; group_id: string | null }>('SELECT uid, group_id FROM units');
    this.updateStmt = db.prepare(
      `UPDATE units SET name = @name, comment = @comment, group_id = @groupId, inventory_id = @inventoryId,
         sw_version = @swVersion, settings_json = @settings, alerts_config_json = @alerts, metadata_json = @metadata,
         updated_at = @now
       WHERE uid = @uid`,
    );
    this.deleteStmt = db.prepare('DELETE FROM units WHERE uid = ?');
    this.countStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM units');
  }

  /** Inserts all seeds in one transaction: either every unit is stored or none. */
  insertMany(seeds: readonly UnitSeedFields[], now: number): void {
    this.db.transaction(() => {
      for (const s of seeds) this.insertStmt.run({ ...s, now });
    })();
  }

  get(uid: string): StoredUnit | undefined {
    const row = this.getStmt.get(uid);
    return row && unitFromRow(row);
  }

  /** The group owning a unit, or undefined for an unknown uid or a unit in no group. */
  groupOf(uid: string): string | undefined {
    return this.getStmt.get(uid)?.group_id ?? undefined;
  }

  listByGroup(groupId: string, limit: number, offset: number): { total: number; units: StoredUnit[] } {
    return {
      total: this.countByGroupStmt.get(groupId)?.n ?? 0,
      units: this.byGroupStmt.all(groupId, limit, offset).map(unitFromRow),
    };
  }

  all(): StoredUnit[] {
    return this.allStmt.all().map(unitFromRow);
  }

  /** uid → group id of every unit (for the websocket's topic authority cache). */
  groupIndex(): Map<string, string> {
    const index = new Map<string, string>();
    for (const r of this.groupIndexStmt.iterate()) if (r.group_id !== null) index.set(r.uid, r.group_id);
    return index;
  }

  /** Applies the patch in one statement; a duplicate name or a comment over 100 characters changes nothing. */
  update(uid: string, patch: UnitPatch, now: number): UnitUpdate {
    const current = this.get(uid);
    if (!current) return { ok: false, reason: 'not-found' };
    const next = { ...current, ...patch };
    try {
      this.updateStmt.run({
        uid,
        name: next.name,
        comment: next.comment,
        groupId: next.groupId,
        inventoryId: next.inventoryId,
        swVersion: next.swVersion,
        settings: JSON.stringify(next.settings),
        alerts: JSON.stringify(next.alertsConfiguration),
        metadata: JSON.stringify(next.metadata),
        now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'name-taken' };
      const code = (error as { code?: unknown }).code;
      if (code === 'SQLITE_CONSTRAINT_CHECK' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return { ok: false, reason: 'invalid' };
      throw error;
    }
    const unit = this.get(uid);
    return unit ? { ok: true, unit } : { ok: false, reason: 'not-found' };
  }

  delete(uid: string): boolean {
    return this.deleteStmt.run(uid).changes > 0;
  }

  count(): number {
    return this.countStmt.get()?.n ?? 0;
  }
}
