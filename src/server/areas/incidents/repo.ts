/**
 * The incident centre's rows (migration 0007): incidents, the users' thresholds and how far each
 * user has seen. SQL only, one code for SQLite and PostgreSQL. Listings always run within a time
 * range (60 days at most) and by index: time, group + id, user + id, unit + time.
 */
import { sql, type ExpressionBuilder, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { Database, IncidentsTable, ThresholdsTable } from '../../store/schema.ts';
import { containsText, inTransaction, lowerOf, toFlag, type Db } from '../../store/queries.ts';
import { createRowInserter } from '../../store/rowInserter.ts';
import type { BulkWriter } from '../../store/storeThread.ts';
import type { Incident, IncidentSearchKey, IncidentSortKey } from '../../../protocol/rest/incidents.ts';
import type { SortDirection } from '../../../protocol/rest/common.ts';
import { BELL_COUNT_CAP, BELL_SEVERITIES, INCIDENT_SEVERITIES, severityRank, type IncidentKind, type IncidentSeverity, type Threshold, type ThresholdKind } from '../../../domain/incidents.ts';

/** Listings count at most this many matches (then `capped`). */
export const INCIDENT_COUNT_CAP = 10_000;
/** Toasts handed out per news call at most (spec 002 §9: 5 toasts shown). */
export const NEWS_TOASTS_MAX = 5;

/** An incident to store: every column given (null for none), as the row inserter binds them. */
export type NewIncident = Required<Omit<Insertable<IncidentsTable>, 'id'>>;

/** The columns an incident is stored with, in the order they are bound. */
const INCIDENT_COLUMNS = ['at', 'kind', 'severity', 'code', 'message', 'unit_id', 'unit_name', 'group_id', 'inventory_id', 'user_id', 'toast', 'acknowledged_by', 'acknowledged_at'] as const satisfies readonly (keyof NewIncident)[];

/**
 * Which incidents a reader sees: the fleet's of their groups (an admin: also of their inventories;
 * a super user: all), and their own threshold incidents.
 */
export interface IncidentVisibility {
  readonly userId: string;
  readonly all: boolean;
  readonly groupIds: readonly string[];
  /** Inventories an admin sees the incidents of (empty for others). */
  readonly inventoryIds: readonly string[];
}

export interface IncidentListing {
  readonly visibility: IncidentVisibility;
  readonly from: number;
  readonly to: number;
  readonly kind?: IncidentKind;
  /** This severity or above. */
  readonly severity?: IncidentSeverity;
  readonly groupId?: string;
  readonly unitId?: string;
  readonly acknowledged: 'all' | 'open' | 'acknowledged';
  readonly searchKey: IncidentSearchKey;
  readonly searchValue: string;
  readonly sortBy: IncidentSortKey;
  readonly sortDir: SortDirection;
  readonly limit: number;
  readonly offset: number;
}

type Eb = ExpressionBuilder<Database & { i: IncidentsTable }, 'i'>;

const SEARCH_COLUMNS: Record<IncidentSearchKey, readonly string[]> = {
  any: ['i.unit_name', 'i.unit_id', 'i.message', 'i.code'],
  unit: ['i.unit_name', 'i.unit_id'],
  message: ['i.message', 'i.code'],
};

type IncidentRow = Selectable<IncidentsTable> & { group_name: string | null };

function toIncident(row: IncidentRow, readerId: string): Incident {
  return {
    id: Number(row.id),
    at: row.at,
    kind: row.kind as IncidentKind,
    severity: row.severity as IncidentSeverity,
    code: row.code,
    message: row.message,
    unitId: row.unit_id,
    unitName: row.unit_name,
    groupId: row.group_id,
    groupName: row.group_name ?? '',
    personal: row.user_id !== null && row.user_id === readerId,
    toast: row.toast === 1,
    acknowledged: row.acknowledged_at === null ? null : { by: row.acknowledged_by ?? '', at: row.acknowledged_at },
  };
}

export class IncidentRepo {
  /** The recorder stores ~16,000 incidents a second under the bench's 60,000 events/s: SQL compiled once per row count. */
  private readonly inserter = createRowInserter('incidents', INCIDENT_COLUMNS);

  /**
   * `bulkWriter`: a SQLite file's store thread (storeThread.ts). The recorder's flushes run there,
   * off the event loop, where SQLite's work on them was ~21 % of it at the bench's 60,000 events/s
   * (docs/performance.md §2 round p25); within a transaction, or once the thread has ended, they
   * run on the store's connection as before.
   */
  constructor(
    private readonly db: Db,
    private readonly bulkWriter?: BulkWriter,
  ) {}

  /** Stores a batch of incidents, in order, in one transaction (all or nothing). */
  async insertMany(incidents: readonly NewIncident[]): Promise<void> {
    if (incidents.length === 0) return;
    const thread = this.bulkWriter;
    if (thread !== undefined && thread.running && !this.db.isTransaction) {
      // The same statements as below (one SQL text per row count, values bound in column order).
      await thread.write(this.inserter.statements(this.db, incidents));
      return;
    }
    await inTransaction(this.db, (db) => this.inserter.insert(db, incidents));
  }

  private visible(visibility: IncidentVisibility, eb: Eb) {
    const fleet = visibility.all
      ? eb('i.user_id', 'is', null)
      : eb.and([
          eb('i.user_id', 'is', null),
          eb.or([
            ...(visibility.groupIds.length > 0 ? [eb('i.group_id', 'in', [...visibility.groupIds])] : []),
            ...(visibility.inventoryIds.length > 0 ? [eb('i.inventory_id', 'in', [...visibility.inventoryIds])] : []),
            // Never true, so an empty list of groups matches nothing (SQLite cannot bind a boolean).
            sql<SqlBool>`1 = 0`,
          ]),
        ]);
    return eb.or([fleet, eb('i.user_id', '=', visibility.userId)]);
  }

  private rows() {
    return this.db.selectFrom('incidents as i').leftJoin('groups as g', 'g.id', 'i.group_id').selectAll('i').select('g.name as group_name');
  }

  async page(listing: IncidentListing): Promise<{ total: number; capped: boolean; items: Incident[] }> {
    let base = this.db
      .selectFrom('incidents as i')
      .where('i.at', '>=', listing.from)
      .where('i.at', '<', listing.to)
      .where((eb) => this.visible(listing.visibility, eb as unknown as Eb));
    if (listing.kind !== undefined) base = base.where('i.kind', '=', listing.kind);
    if (listing.severity !== undefined) {
      const rank = severityRank(listing.severity);
      base = base.where('i.severity', 'in', INCIDENT_SEVERITIES.filter((s) => severityRank(s) >= rank));
    }
    if (listing.groupId !== undefined) base = base.where('i.group_id', '=', listing.groupId);
    if (listing.unitId !== undefined) base = base.where('i.unit_id', '=', listing.unitId);
    if (listing.acknowledged === 'open') base = base.where('i.acknowledged_at', 'is', null);
    if (listing.acknowledged === 'acknowledged') base = base.where('i.acknowledged_at', 'is not', null);
    if (listing.searchValue !== '') {
      const columns = SEARCH_COLUMNS[listing.searchKey];
      base = base.where((eb) => eb.or(columns.map((column) => containsText(column, listing.searchValue))));
    }
    const counted = await this.db
      .selectFrom(base.select('i.id').limit(INCIDENT_COUNT_CAP + 1).as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const dir = listing.sortDir;
    let sorted = base.leftJoin('groups as g', 'g.id', 'i.group_id').selectAll('i').select('g.name as group_name');
    switch (listing.sortBy) {
      case 'at':
        sorted = sorted.orderBy('i.at', dir);
        break;
      case 'unit':
        sorted = sorted.orderBy(lowerOf('i.unit_name'), dir).orderBy('i.at', 'desc');
        break;
      case 'severity':
        // info < warning < critical, whatever the text order.
        sorted = sorted.orderBy((eb) => eb.case().when('i.severity', '=', 'critical').then(2).when('i.severity', '=', 'warning').then(1).else(0).end(), dir).orderBy('i.at', 'desc');
        break;
      case 'kind':
        sorted = sorted.orderBy('i.kind', dir).orderBy('i.at', 'desc');
        break;
    }
    const rows = await sorted.orderBy('i.id', 'desc').limit(listing.limit).offset(listing.offset).execute();
    return { total: Math.min(total, INCIDENT_COUNT_CAP), capped: total > INCIDENT_COUNT_CAP, items: rows.map((row) => toIncident(row, listing.visibility.userId)) };
  }

  /** One incident if the reader may see it. */
  async visibleOne(id: number, visibility: IncidentVisibility): Promise<Incident | undefined> {
    const row = await this.rows()
      .where('i.id', '=', id)
      .where((eb) => this.visible(visibility, eb as unknown as Eb))
      .executeTakeFirst();
    return row && toIncident(row, visibility.userId);
  }

  /** Records the first acknowledgement; a later one changes nothing. */
  async acknowledge(id: number, by: string, at: number): Promise<void> {
    await this.db.updateTable('incidents').set({ acknowledged_by: by, acknowledged_at: at }).where('id', '=', id).where('acknowledged_at', 'is', null).execute();
  }

  /**
   * The bell (operating view: the user's groups and their own thresholds, not an admin's whole
   * inventories): unseen incidents of warning severity or above, counted up to the cap + 1; the
   * newest visible id; the user's toasting threshold incidents after `after`.
   */
  async news(userId: string, groupIds: readonly string[], after: number | undefined): Promise<{ unseen: number; latestId: number; toasts: Incident[] }> {
    const visibility: IncidentVisibility = { userId, all: false, groupIds, inventoryIds: [] };
    const seen = await this.seenUpTo(userId);
    const [counted, latest, toasts] = await Promise.all([
      this.db
        .selectFrom(
          this.db
            .selectFrom('incidents as i')
            .select('i.id')
            .where('i.id', '>', seen)
            .where('i.severity', 'in', [...BELL_SEVERITIES])
            .where((eb) => this.visible(visibility, eb as unknown as Eb))
            .limit(BELL_COUNT_CAP + 1)
            .as('unseen'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
      this.db
        .selectFrom('incidents as i')
        .select((eb) => eb.fn.max('i.id').as('id'))
        .where((eb) => this.visible(visibility, eb as unknown as Eb))
        .executeTakeFirst(),
      after === undefined
        ? Promise.resolve([] as IncidentRow[])
        : this.rows().where('i.user_id', '=', userId).where('i.toast', '=', 1).where('i.id', '>', after).orderBy('i.id', 'desc').limit(NEWS_TOASTS_MAX).execute(),
    ]);
    return {
      unseen: Number(counted?.n ?? 0),
      latestId: Number(latest?.id ?? 0),
      toasts: toasts.reverse().map((row) => toIncident(row, userId)),
    };
  }

  async seenUpTo(userId: string): Promise<number> {
    const row = await this.db.selectFrom('incident_reads').select('seen_up_to').where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.seen_up_to ?? 0);
  }

  /** Moves the user's mark forward (never back: two tabs may race). */
  async markSeen(userId: string, upTo: number, at: number): Promise<void> {
    const current = await this.seenUpTo(userId);
    if (upTo <= current) return;
    await this.db
      .insertInto('incident_reads')
      .values({ user_id: userId, seen_up_to: upTo, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_up_to: upTo, updated_at: at }))
      .execute();
  }

  async purgeBefore(before: number): Promise<number> {
    const result = await this.db.deleteFrom('incidents').where('at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

const toThreshold = (row: Selectable<ThresholdsTable>): Threshold => ({
  id: row.id,
  userId: row.user_id,
  groupId: row.group_id,
  kind: row.kind as ThresholdKind,
  enabled: row.enabled === 1,
  value: row.value,
  seconds: row.seconds,
  toast: row.toast === 1,
});

export class ThresholdRepo {
  constructor(private readonly db: Db) {}

  /** A user's thresholds for a group (the kinds they set). */
  async ofUserGroup(userId: string, groupId: string): Promise<{ thresholds: Threshold[]; updatedAt: number | null }> {
    const rows = await this.db.selectFrom('thresholds').selectAll().where('user_id', '=', userId).where('group_id', '=', groupId).execute();
    const updatedAt = rows.reduce<number | null>((max, r) => (max === null || r.updated_at > max ? r.updated_at : max), null);
    return { thresholds: rows.map(toThreshold), updatedAt };
  }

  /** Stores each threshold (one row per user, group and kind; the id stays across changes). */
  async upsert(thresholds: readonly Threshold[], at: number): Promise<void> {
    for (const t of thresholds) {
      await this.db
        .insertInto('thresholds')
        .values({ id: t.id, user_id: t.userId, group_id: t.groupId, kind: t.kind, enabled: toFlag(t.enabled), value: t.value, seconds: t.seconds, toast: toFlag(t.toast), updated_at: at })
        .onConflict((oc) =>
          oc.columns(['user_id', 'group_id', 'kind']).doUpdateSet({ enabled: toFlag(t.enabled), value: t.value, seconds: t.seconds, toast: toFlag(t.toast), updated_at: at }),
        )
        .execute();
    }
  }

  /** Every enabled threshold whose user still belongs to its group (what the watch applies). */
  async activeForWatch(): Promise<Threshold[]> {
    const rows = await this.db
      .selectFrom('thresholds as t')
      .innerJoin('user_groups as ug', (join) => join.onRef('ug.user_id', '=', 't.user_id').onRef('ug.group_id', '=', 't.group_id'))
      .innerJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .where('t.enabled', '=', 1)
      .where('u.active', '=', 1)
      .execute();
    return rows.map(toThreshold);
  }
}
