/**
 * The activity feed's rows (migration 0007): one per write through the API. SQL only, one code for
 * SQLite and PostgreSQL. Reads are always within a time range (the 60 days kept at most) and by
 * index: time, actor, inventory, entity.
 */
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { ActivityTable, Database } from '../../store/schema.ts';
import { containsText, lowerOf, parseJsonColumn, type Db } from '../../store/queries.ts';
import type { ActivityEntry, ActivitySearchKey, ActivitySortKey } from '../../../protocol/rest/activity.ts';
import type { ActivityOutcome } from '../../../domain/activity.ts';
import type { SortDirection } from '../../../protocol/rest/common.ts';

/** Listings count at most this many matches (then `capped`); beyond it a search narrows the feed. */
export const ACTIVITY_COUNT_CAP = 10_000;

export type NewActivity = Omit<Insertable<ActivityTable>, 'id'>;

/** Whose entries a reader sees (src/domain/activity.ts "Who sees what"). */
export type ActivityVisibility =
  | { readonly all: true }
  | { readonly all: false; readonly userId: string; /** The admin's inventories; null for a user who sees only their own. */ readonly inventoryIds: readonly string[] | null };

export interface ActivityListing {
  readonly visibility: ActivityVisibility;
  readonly from: number;
  readonly to: number;
  readonly area?: string;
  readonly userId?: string;
  readonly entityId?: string;
  readonly outcome?: ActivityOutcome;
  readonly searchKey: ActivitySearchKey;
  readonly searchValue: string;
  readonly sortBy: ActivitySortKey;
  readonly sortDir: SortDirection;
  readonly limit: number;
  readonly offset: number;
}

type Eb = ExpressionBuilder<Database, 'activity'>;

const SEARCH_COLUMNS: Record<Exclude<ActivitySearchKey, 'any'>, readonly string[]> = {
  username: ['actor_name'],
  entity: ['entity_name', 'entity_id'],
  summary: ['summary', 'operation'],
};
const ANY_COLUMNS = ['actor_name', 'entity_name', 'entity_id', 'summary', 'operation', 'area', 'message'];

function toEntry(row: Selectable<ActivityTable>): ActivityEntry {
  const json = (text: string | null): unknown => (text === null ? null : parseJsonColumn<unknown>(text, null));
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, username: row.actor_name, userType: row.actor_type },
    applicationId: row.application_id,
    area: row.area,
    operation: row.operation,
    summary: row.summary,
    method: row.method as ActivityEntry['method'],
    status: row.status,
    outcome: row.outcome as ActivityOutcome,
    message: row.message,
    entity: { kind: row.entity_kind, id: row.entity_id, name: row.entity_name },
    inventoryId: row.inventory_id,
    groupId: row.group_id,
    request: json(row.request_json),
    before: json(row.before_json),
    after: json(row.after_json),
    changed: parseJsonColumn<string[]>(row.changed_json, []),
  };
}

export class ActivityRepo {
  constructor(private readonly db: Db) {}

  async insert(entry: NewActivity): Promise<number> {
    const row = await this.db.insertInto('activity').values(entry).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The visibility and filter conditions of a listing. */
  private filtered(listing: Omit<ActivityListing, 'sortBy' | 'sortDir' | 'limit' | 'offset'>) {
    let query = this.db.selectFrom('activity').where('at', '>=', listing.from).where('at', '<', listing.to);
    const v = listing.visibility;
    if (!v.all) {
      const inventories = v.inventoryIds;
      query =
        inventories === null || inventories.length === 0
          ? query.where('actor_id', '=', v.userId)
          : query.where((eb: Eb) =>
              eb.or([
                eb('actor_id', '=', v.userId),
                eb('inventory_id', 'in', [...inventories]),
                eb('actor_id', 'in', eb.selectFrom('user_inventories').select('user_id').where('inventory_id', 'in', [...inventories])),
              ]),
            );
    }
    if (listing.area !== undefined) query = query.where('area', '=', listing.area);
    if (listing.userId !== undefined) query = query.where('actor_id', '=', listing.userId);
    if (listing.entityId !== undefined) query = query.where('entity_id', '=', listing.entityId);
    if (listing.outcome !== undefined) query = query.where('outcome', '=', listing.outcome);
    if (listing.searchValue !== '') {
      const columns = listing.searchKey === 'any' ? ANY_COLUMNS : SEARCH_COLUMNS[listing.searchKey];
      query = query.where((eb: Eb) => eb.or(columns.map((column) => containsText(column, listing.searchValue))));
    }
    return query;
  }

  /** One page, sorted (ties: newest first), with the number of matches up to the cap. */
  async page(listing: ActivityListing): Promise<{ total: number; capped: boolean; items: ActivityEntry[] }> {
    const base = this.filtered(listing);
    const counted = await this.db
      .selectFrom(base.select('id').limit(ACTIVITY_COUNT_CAP + 1).as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const dir = listing.sortDir;
    let sorted = base.selectAll();
    switch (listing.sortBy) {
      case 'at':
        sorted = sorted.orderBy('at', dir);
        break;
      case 'username':
        sorted = sorted.orderBy(lowerOf('actor_name'), dir);
        break;
      case 'area':
        sorted = sorted.orderBy('area', dir);
        break;
      case 'entity':
        sorted = sorted.orderBy(lowerOf('entity_name'), dir).orderBy('entity_id', dir);
        break;
      case 'status':
        sorted = sorted.orderBy('status', dir);
        break;
    }
    const rows = await sorted.orderBy('id', 'desc').limit(listing.limit).offset(listing.offset).execute();
    return { total: Math.min(total, ACTIVITY_COUNT_CAP), capped: total > ACTIVITY_COUNT_CAP, items: rows.map(toEntry) };
  }

  /** The areas and users of the entries a reader may see since `from`. */
  async facets(visibility: ActivityVisibility, from: number, to: number): Promise<{ areas: string[]; users: { id: string; username: string }[] }> {
    const base = this.filtered({ visibility, from, to, searchKey: 'any', searchValue: '' });
    const [areas, users] = await Promise.all([
      base.select('area').distinct().orderBy('area').execute(),
      base.select(['actor_id', 'actor_name']).distinct().where('actor_id', 'is not', null).orderBy('actor_name').limit(500).execute(),
    ]);
    return {
      areas: areas.map((r) => r.area),
      users: users.flatMap((r) => (r.actor_id === null ? [] : [{ id: r.actor_id, username: r.actor_name }])),
    };
  }

  /** Deletes entries older than `before` (ms); answers how many went. */
  async purgeBefore(before: number): Promise<number> {
    const result = await this.db.deleteFrom('activity').where('at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
