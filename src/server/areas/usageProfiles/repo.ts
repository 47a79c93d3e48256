/**
 * Usage profiles and recorded usage (issue 14): SQL only. A listing covers the default profiles
 * (inventory_id null) and those of the caller's inventories.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, InventoriesTable, UsageProfilesTable } from '../../store/schema.ts';
import { containsText, insertBatches, lowerOf, type Db } from '../../store/queries.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { UsageProfileRow, UsageProfileSearchKey, UsageProfileSortKey } from '../../../protocol/rest/usageProfiles.ts';
import type { DailyUsage, ReportUnit, UsageProfileType } from '../../../domain/usageProfiles.ts';
import { addDailyUsage } from '../../../domain/usageProfiles.ts';

export interface UsageProfileRecord {
  id: string;
  inventoryId: string | null;
  name: string;
  type: UsageProfileType;
  value: number;
  resetDay: number;
  isDefault: boolean;
}

export interface UsageProfileListing extends PageRequest<UsageProfileSearchKey, UsageProfileSortKey> {
  /** The inventories listed beside the defaults; null = every inventory (super user). */
  inventoryIds: readonly string[] | null;
}

const SORT_COLUMNS: Record<UsageProfileSortKey, string> = {
  name: 'p.name',
  type: 'p.type',
  value: 'p.value',
  resetDay: 'p.reset_day',
  deviceCount: 'deviceCount',
  inventoryName: 'i.name',
  createdAt: 'p.created_at',
};
/** The listing's tables: profiles `p`, their inventory `i`. */
type ListingEb = ExpressionBuilder<Database & { p: UsageProfilesTable; i: InventoriesTable }, 'p' | 'i'>;

const TEXT_SORTS = new Set<UsageProfileSortKey>(['name', 'type', 'inventoryName']);
const SEARCH_COLUMNS: Record<UsageProfileSearchKey, string> = { name: 'p.name', inventoryName: 'i.name' };

export class UsageProfileRepo {
  constructor(private readonly db: Db) {}

  private rows() {
    return this.db
      .selectFrom('usage_profiles as p')
      .leftJoin('inventories as i', 'i.id', 'p.inventory_id')
      .select((eb) => [
        'p.id as id',
        'p.name as name',
        'p.type as type',
        'p.value as value',
        'p.reset_day as resetDay',
        'p.is_default as isDefault',
        'p.inventory_id as inventoryId',
        'i.name as inventoryName',
        'p.created_at as createdAt',
        eb.selectFrom('unit_usage_profiles as up').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('up.profile_id', '=', 'p.id').as('deviceCount'),
      ]);
  }

  private static toRow(r: { id: string; name: string; type: string; value: number; resetDay: number; isDefault: number; inventoryId: string | null; inventoryName: string | null; createdAt: number; deviceCount: number | null }): UsageProfileRow {
    return {
      id: r.id,
      name: r.name,
      type: r.type as UsageProfileType,
      value: Number(r.value),
      resetDay: Number(r.resetDay),
      isDefault: Number(r.isDefault) === 1,
      inventoryId: r.inventoryId,
      inventoryName: r.inventoryName ?? null,
      deviceCount: Number(r.deviceCount ?? 0),
      createdAt: Number(r.createdAt),
    };
  }

  async page(listing: UsageProfileListing): Promise<{ total: number; items: UsageProfileRow[] }> {
    const inventories = listing.inventoryIds;
    const filter = (eb: ListingEb) => {
      const visible = inventories === null ? eb.lit(true) : inventories.length === 0 ? eb('p.inventory_id', 'is', null) : eb.or([eb('p.inventory_id', 'is', null), eb('p.inventory_id', 'in', [...inventories])]);
      return listing.searchValue === '' ? visible : eb.and([visible, containsText(SEARCH_COLUMNS[listing.searchKey], listing.searchValue)]);
    };
    const scoped = this.rows().where((eb) => filter(eb as unknown as ListingEb));
    const count = await this.db
      .selectFrom('usage_profiles as p')
      .leftJoin('inventories as i', 'i.id', 'p.inventory_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => filter(eb as unknown as ListingEb))
      .executeTakeFirst();
    const column = SORT_COLUMNS[listing.sortBy];
    const rows = await scoped
      .orderBy(TEXT_SORTS.has(listing.sortBy) ? lowerOf(column) : sql.ref(column), listing.sortDir)
      .orderBy('p.id')
      .limit(listing.limit)
      .offset(listing.offset)
      .execute();
    return { total: Number(count?.n ?? 0), items: rows.map(UsageProfileRepo.toRow) };
  }

  async row(id: string): Promise<UsageProfileRow | undefined> {
    const r = await this.rows().where('p.id', '=', id).executeTakeFirst();
    return r === undefined ? undefined : UsageProfileRepo.toRow(r);
  }

  async get(id: string): Promise<UsageProfileRecord | undefined> {
    const r = await this.db.selectFrom('usage_profiles').selectAll().where('id', '=', id).executeTakeFirst();
    return r === undefined
      ? undefined
      : { id: r.id, inventoryId: r.inventory_id, name: r.name, type: r.type as UsageProfileType, value: Number(r.value), resetDay: Number(r.reset_day), isDefault: Number(r.is_default) === 1 };
  }

  /** Names a profile of the inventory may not take: the inventory's other profiles and the defaults. */
  async takenNames(inventoryId: string, exceptId: string | null): Promise<string[]> {
    const rows = await this.db
      .selectFrom('usage_profiles')
      .select(['id', 'name'])
      .where((eb) => eb.or([eb('inventory_id', '=', inventoryId), eb('inventory_id', 'is', null)]))
      .execute();
    return rows.filter((r) => r.id !== exceptId).map((r) => r.name);
  }

  async insert(profile: UsageProfileRecord, now: number): Promise<void> {
    await this.db
      .insertInto('usage_profiles')
      .values({ id: profile.id, inventory_id: profile.inventoryId, name: profile.name, type: profile.type, value: profile.value, reset_day: profile.resetDay, is_default: profile.isDefault ? 1 : 0, created_at: now, updated_at: now })
      .execute();
  }

  async update(id: string, patch: Partial<Pick<UsageProfileRecord, 'name' | 'type' | 'value' | 'resetDay'>>, now: number): Promise<void> {
    await this.db
      .updateTable('usage_profiles')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.type !== undefined ? { type: patch.type } : {}),
        ...(patch.value !== undefined ? { value: patch.value } : {}),
        ...(patch.resetDay !== undefined ? { reset_day: patch.resetDay } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('usage_profiles').where('id', '=', id).where('is_default', '=', 0).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deviceCount(id: string): Promise<number> {
    const r = await this.db.selectFrom('unit_usage_profiles').select((eb) => eb.fn.countAll<number>().as('n')).where('profile_id', '=', id).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async profileOfUnit(uid: string): Promise<string | null> {
    const r = await this.db.selectFrom('unit_usage_profiles').select('profile_id').where('unit_uid', '=', uid).executeTakeFirst();
    return r?.profile_id ?? null;
  }

  /** Sets (or clears, null) the unit's profile. */
  async setUnitProfile(uid: string, profileId: string | null): Promise<void> {
    if (profileId === null) {
      await this.db.deleteFrom('unit_usage_profiles').where('unit_uid', '=', uid).execute();
      return;
    }
    await this.db
      .insertInto('unit_usage_profiles')
      .values({ unit_uid: uid, profile_id: profileId })
      .onConflict((oc) => oc.column('unit_uid').doUpdateSet({ profile_id: profileId }))
      .execute();
  }
}

/** Each unit's recorded use per day (the usage recorder writes, the reports read). */
export class UsageRepo {
  constructor(private readonly db: Db) {}

  /** Adds each figure to its unit's day (multi-row upserts, in the caller's transaction). Units no longer stored are skipped. */
  async add(rows: readonly DailyUsage[]): Promise<void> {
    if (rows.length === 0) return;
    // Multi-row upserts, not one statement per unit: a flush of a 10,000-unit fleet was 10,000
    // statements compiled and run back to back (better-sqlite3 is synchronous, so the awaits between
    // them never let the event loop in), a block of up to ~0.4 s every USAGE_FLUSH_EVERY_MS in which
    // no request was answered (the 10k flush in one transaction: ~310 ms before, ~50 ms now). The
    // units are looked up in batches too: one `IN (…)` of every id was refused by SQLite past 32,766
    // ids ("too many SQL variables") and a 50,000-unit fleet's whole flush was lost. Summed per unit
    // and day first: one statement may not name a row twice (PostgreSQL refuses "ON CONFLICT DO
    // UPDATE command cannot affect row a second time").
    const summed = new Map<string, DailyUsage>();
    for (const row of rows) addDailyUsage(summed, row);
    const known = new Set<string>();
    for (const ids of insertBatches([...new Set(rows.map((r) => r.unitId))], 1)) {
      for (const { uid } of await this.db.selectFrom('units').select('uid').where('uid', 'in', ids).execute()) known.add(uid);
    }
    const stored = [...summed.values()].filter((row) => known.has(row.unitId)).map((row) => ({ unit_uid: row.unitId, day: row.day, data_mb: row.dataMb, seconds: row.seconds }));
    for (const batch of insertBatches(stored, 4)) {
      await this.db
        .insertInto('unit_usage_daily')
        .values(batch)
        .onConflict((oc) =>
          oc.columns(['unit_uid', 'day']).doUpdateSet({
            data_mb: sql<number>`unit_usage_daily.data_mb + excluded.data_mb`,
            seconds: sql<number>`unit_usage_daily.seconds + excluded.seconds`,
          }),
        )
        .execute();
    }
  }

  /** The units of an inventory with their profile (a report's rows), optionally one unit or one profile's units. */
  async reportUnits(inventoryId: string, filter: { unitId?: string; profileId?: string }): Promise<ReportUnit[]> {
    const rows = await this.db
      .selectFrom('units as u')
      .leftJoin('unit_usage_profiles as up', 'up.unit_uid', 'u.uid')
      .leftJoin('usage_profiles as p', 'p.id', 'up.profile_id')
      .select(['u.uid as unitId', 'u.name as unitName', 'p.id as profileId', 'p.name as profileName', 'p.type as profileType', 'p.value as value', 'p.reset_day as resetDay'])
      .where('u.inventory_id', '=', inventoryId)
      .$if(filter.unitId !== undefined, (qb) => qb.where('u.uid', '=', filter.unitId ?? ''))
      .$if(filter.profileId !== undefined, (qb) => qb.where('p.id', '=', filter.profileId ?? ''))
      .execute();
    return rows.map((r) => ({
      unitId: r.unitId,
      unitName: r.unitName,
      profile:
        r.profileId === null || r.profileId === undefined
          ? null
          : { id: r.profileId, name: r.profileName ?? '', type: (r.profileType ?? 'data') as UsageProfileType, value: Number(r.value ?? 0), resetDay: Number(r.resetDay ?? 1) },
    }));
  }

  /** The recorded days of these units from fromDay to toDay (both included, 'YYYY-MM-DD'). */
  async days(unitIds: readonly string[], fromDay: string, toDay: string): Promise<DailyUsage[]> {
    if (unitIds.length === 0) return [];
    const result: DailyUsage[] = [];
    // In slices: SQLite binds at most 32,766 parameters per statement.
    for (let i = 0; i < unitIds.length; i += 5_000) {
      const rows = await this.db
        .selectFrom('unit_usage_daily')
        .select(['unit_uid', 'day', 'data_mb', 'seconds'])
        .where('unit_uid', 'in', unitIds.slice(i, i + 5_000))
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .execute();
      for (const r of rows) result.push({ unitId: r.unit_uid, day: r.day, dataMb: Number(r.data_mb), seconds: Number(r.seconds) });
    }
    return result;
  }
}
