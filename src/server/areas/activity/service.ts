/**
 * The activity feed's service: who sees which entries (src/domain/activity.ts "Who sees what"),
 * the listing's defaults (the last 24 h, never before the 60 days kept, newest first) and the
 * filters' choices. The entries themselves are written by the route kit's hook
 * (src/server/http/activityHook.ts), never here.
 */
import { ACTIVITY_RETENTION_DAYS, ACTIVITY_RETENTION_MS } from '../../../domain/activity.ts';
import { inRoleSet } from '../../../domain/roles/roleSets.ts';
import { GRID_PAGE_SIZE } from '../../../domain/constants.ts';
import type { ActivityPage, ActivityQuery } from '../../../protocol/rest/activity.ts';
import type { RequestAuth } from '../../http/requestAuth.ts';
import type { Tenancy } from '../../http/tenancy.ts';
import type { Store } from '../../store/store.ts';
import { timeRange } from '../incidents/service.ts';
import type { ActivityVisibility } from './repo.ts';

/** A super user sees every entry; the admin set those of their inventories; everyone else their own. */
export function activityVisibility(auth: RequestAuth, tenancy: Tenancy): ActivityVisibility {
  if (tenancy.all) return { all: true };
  return { all: false, userId: auth.user.id, inventoryIds: inRoleSet(auth.roles, 'adminSet') ? [...tenancy.inventoryIds] : null };
}

export class ActivityService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  async page(auth: RequestAuth, tenancy: Tenancy, query: ActivityQuery): Promise<ActivityPage> {
    const { from, to } = timeRange(query, this.now(), ACTIVITY_RETENTION_DAYS);
    const limit = query.limit ?? GRID_PAGE_SIZE;
    const offset = query.offset ?? 0;
    const { total, capped, items } = await this.store.activity.page({
      visibility: activityVisibility(auth, tenancy),
      from,
      to,
      ...(query.area !== undefined ? { area: query.area } : {}),
      ...(query.userId !== undefined ? { userId: query.userId } : {}),
      ...(query.entityId !== undefined ? { entityId: query.entityId } : {}),
      ...(query.outcome !== undefined ? { outcome: query.outcome } : {}),
      searchKey: query.searchKey ?? 'any',
      searchValue: query.searchValue?.trim() ?? '',
      sortBy: query.sortBy ?? 'at',
      sortDir: query.sortDir ?? 'desc',
      limit,
      offset,
    });
    return { total, capped, limit, offset, items };
  }

  /** The areas and users of the entries the caller may see over the 60 days kept. */
  facets(auth: RequestAuth, tenancy: Tenancy) {
    const now = this.now();
    return this.store.activity.facets(activityVisibility(auth, tenancy), now - ACTIVITY_RETENTION_MS, now + 1);
  }

  /** Deletes entries older than the 60 days kept; answers how many went. */
  purge(now: number = this.now()): Promise<number> {
    return this.store.activity.purgeBefore(now - ACTIVITY_RETENTION_MS);
  }
}
