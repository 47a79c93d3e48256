/**
 * The support area's rows (migration 0015): grants of support access, remote actions, access
 * approvals. SQL only, one code for SQLite and PostgreSQL. States that follow from the time
 * (expired) are filtered here with the same rule as src/domain/support.ts: a request is active for
 * ACCESS_APPROVAL_ACTIVE_MS after requested_at.
 */
import { sql } from 'kysely';
import { ACCESS_APPROVAL_ACTIVE_MS, type AccessApprovalState, type DeviceKind, type RemoteActionName, type RemoteActionStatus, type StoredRemoteActionStatus } from '../../../domain/support.ts';
import type { SortDirection } from '../../../protocol/rest/common.ts';
import { containsText, lowerOf, type Db } from '../../store/queries.ts';

export interface StoredGrant {
  id: string;
  deviceKind: DeviceKind;
  deviceId: string;
  inventoryId: string | null;
  grantedBy: string;
  grantedAt: number;
  revokedBy: string | null;
  revokedAt: number | null;
}

export interface StoredRemoteAction {
  id: string;
  deviceKind: DeviceKind;
  deviceId: string;
  deviceName: string;
  inventoryId: string | null;
  inventoryName: string;
  action: RemoteActionName;
  note: string;
  requestedBy: string;
  requestedAt: number;
  status: StoredRemoteActionStatus;
  result: string;
  finishedAt: number | null;
  approvalId: string | null;
}

export interface StoredApproval {
  id: string;
  remoteActionId: string;
  deviceKind: DeviceKind;
  deviceId: string;
  inventoryId: string | null;
  requestedAt: number;
  decidedBy: string | null;
  usedAt: number | null;
  declinedAt: number | null;
}

/** Which rows a listing may show: null for every inventory (support), else these inventories' rows. */
export interface Reach {
  readonly inventoryIds: readonly string[] | null;
}

export interface ListPage<K extends string, S extends string> {
  readonly limit: number;
  readonly offset: number;
  readonly searchKey: K;
  readonly searchValue: string;
  readonly sortBy: S;
  readonly sortDir: SortDirection;
}

export interface DeviceFilter {
  readonly deviceKind?: DeviceKind | undefined;
  readonly deviceId?: string | undefined;
}

const ACTION_COLUMNS = { deviceName: 'a.device_name', inventoryName: 'i.name', requestedBy: 'a.requested_by', requestedAt: 'a.requested_at', action: 'a.action' } as const;

export class SupportRepo {
  constructor(private readonly db: Db) {}

  // ── Grants ──

  async insertGrant(grant: StoredGrant): Promise<void> {
    await this.db
      .insertInto('support_grants')
      .values({
        id: grant.id,
        device_kind: grant.deviceKind,
        device_id: grant.deviceId,
        inventory_id: grant.inventoryId,
        granted_by: grant.grantedBy,
        granted_at: grant.grantedAt,
        revoked_by: grant.revokedBy,
        revoked_at: grant.revokedAt,
      })
      .execute();
  }

  async revokeGrant(id: string, by: string, at: number): Promise<void> {
    await this.db.updateTable('support_grants').set({ revoked_by: by, revoked_at: at }).where('id', '=', id).execute();
  }

  /** The latest grant of each device named (kind, id) → grant. */
  async latestGrants(kind: DeviceKind, ids: readonly string[]): Promise<Map<string, StoredGrant>> {
    const latest = new Map<string, StoredGrant>();
    if (ids.length === 0) return latest;
    const rows = await this.db.selectFrom('support_grants').selectAll().where('device_kind', '=', kind).where('device_id', 'in', [...ids]).orderBy('granted_at').orderBy('id').execute();
    for (const r of rows) {
      latest.set(r.device_id, {
        id: r.id,
        deviceKind: r.device_kind as DeviceKind, // the CHECK admits DEVICE_KINDS only
        deviceId: r.device_id,
        inventoryId: r.inventory_id,
        grantedBy: r.granted_by,
        grantedAt: Number(r.granted_at),
        revokedBy: r.revoked_by,
        revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
      });
    }
    return latest;
  }

  async latestGrant(kind: DeviceKind, id: string): Promise<StoredGrant | null> {
    return (await this.latestGrants(kind, [id])).get(id) ?? null;
  }

  /** How many active approvals each device named has (now: the time that decides "active"). */
  async pendingCounts(kind: DeviceKind, ids: readonly string[], now: number): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (ids.length === 0) return counts;
    const rows = await this.db
      .selectFrom('access_approvals')
      .select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('device_kind', '=', kind)
      .where('device_id', 'in', [...ids])
      .where('used_at', 'is', null)
      .where('declined_at', 'is', null)
      .where('requested_at', '>', now - ACCESS_APPROVAL_ACTIVE_MS)
      .groupBy('device_id')
      .execute();
    for (const r of rows) counts.set(r.device_id, Number(r.n));
    return counts;
  }

  // ── Remote actions ──

  async insertRemoteAction(action: Omit<StoredRemoteAction, 'inventoryName'>): Promise<void> {
    await this.db
      .insertInto('remote_actions')
      .values({
        id: action.id,
        device_kind: action.deviceKind,
        device_id: action.deviceId,
        device_name: action.deviceName,
        inventory_id: action.inventoryId,
        action: action.action,
        note: action.note,
        requested_by: action.requestedBy,
        requested_at: action.requestedAt,
        status: action.status,
        result: action.result,
        finished_at: action.finishedAt,
        approval_id: action.approvalId,
      })
      .execute();
  }

  async finishRemoteAction(id: string, status: StoredRemoteActionStatus, result: string, at: number): Promise<void> {
    await this.db.updateTable('remote_actions').set({ status, result, finished_at: at }).where('id', '=', id).execute();
  }

  private actionRows() {
    return this.db
      .selectFrom('remote_actions as a')
      .leftJoin('inventories as i', 'i.id', 'a.inventory_id')
      .select([
        'a.id as id',
        'a.device_kind as deviceKind',
        'a.device_id as deviceId',
        'a.device_name as deviceName',
        'a.inventory_id as inventoryId',
        sql<string>`coalesce(${sql.ref('i.name')}, '')`.as('inventoryName'),
        'a.action as action',
        'a.note as note',
        'a.requested_by as requestedBy',
        'a.requested_at as requestedAt',
        'a.status as status',
        'a.result as result',
        'a.finished_at as finishedAt',
        'a.approval_id as approvalId',
      ]);
  }

  async remoteAction(id: string): Promise<StoredRemoteAction | undefined> {
    const row = await this.actionRows().where('a.id', '=', id).executeTakeFirst();
    return row && toAction(row);
  }

  /** A remote action of this kind on the device still waiting for an active approval. */
  async waitingAction(kind: DeviceKind, deviceId: string, action: RemoteActionName, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('remote_actions')
      .select('id')
      .where('device_kind', '=', kind)
      .where('device_id', '=', deviceId)
      .where('action', '=', action)
      .where('status', '=', 'awaitingApproval')
      .where('requested_at', '>', now - ACCESS_APPROVAL_ACTIVE_MS)
      .executeTakeFirst();
    return row !== undefined;
  }

  async remoteActionPage(
    reach: Reach,
    page: ListPage<keyof typeof ACTION_COLUMNS & ('deviceName' | 'inventoryName' | 'requestedBy'), 'requestedAt' | 'deviceName' | 'inventoryName' | 'action'>,
    filter: DeviceFilter & { readonly status?: RemoteActionStatus | undefined },
    now: number,
  ): Promise<{ total: number; items: StoredRemoteAction[] }> {
    if (reach.inventoryIds !== null && reach.inventoryIds.length === 0) return { total: 0, items: [] };
    let query = this.actionRows();
    if (reach.inventoryIds !== null) query = query.where('a.inventory_id', 'in', [...reach.inventoryIds]);
    if (filter.deviceKind !== undefined) query = query.where('a.device_kind', '=', filter.deviceKind);
    if (filter.deviceId !== undefined) query = query.where('a.device_id', '=', filter.deviceId);
    // 'expired' and 'awaitingApproval' split the stored awaitingApproval on the request's age.
    const cutoff = now - ACCESS_APPROVAL_ACTIVE_MS;
    if (filter.status === 'expired') query = query.where('a.status', '=', 'awaitingApproval').where('a.requested_at', '<=', cutoff);
    else if (filter.status === 'awaitingApproval') query = query.where('a.status', '=', 'awaitingApproval').where('a.requested_at', '>', cutoff);
    else if (filter.status !== undefined) query = query.where('a.status', '=', filter.status);
    if (page.searchValue !== '') query = query.where(containsText(ACTION_COLUMNS[page.searchKey], page.searchValue));
    const total = await this.db.selectFrom(query.as('listed')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const column = ACTION_COLUMNS[page.sortBy];
    const sorted = page.sortBy === 'requestedAt' || page.sortBy === 'action' ? query.orderBy(column, page.sortDir) : query.orderBy(lowerOf(column), page.sortDir);
    const rows = await sorted.orderBy('a.requested_at', 'desc').orderBy('a.id').limit(page.limit).offset(page.offset).execute();
    return { total: Number(total?.n ?? 0), items: rows.map(toAction) };
  }

  // ── Access approvals ──

  async insertApproval(approval: StoredApproval): Promise<void> {
    await this.db
      .insertInto('access_approvals')
      .values({
        id: approval.id,
        remote_action_id: approval.remoteActionId,
        device_kind: approval.deviceKind,
        device_id: approval.deviceId,
        inventory_id: approval.inventoryId,
        requested_at: approval.requestedAt,
        decided_by: approval.decidedBy,
        used_at: approval.usedAt,
        declined_at: approval.declinedAt,
      })
      .execute();
  }

  /** Marks the approval used or declined, only while nobody decided it (false when someone did first). */
  async decideApproval(id: string, by: string, decision: 'approved' | 'declined', at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('access_approvals')
      .set(decision === 'approved' ? { decided_by: by, used_at: at } : { decided_by: by, declined_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('declined_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async approval(id: string): Promise<StoredApproval | undefined> {
    const r = await this.db.selectFrom('access_approvals').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toApproval(r);
  }

  /** Approvals with their remote action, in one page; `state` filters with the domain's rule at `now`. */
  async approvalPage(
    reach: Reach,
    page: ListPage<'deviceName' | 'inventoryName' | 'requestedBy', 'requestedAt' | 'deviceName' | 'inventoryName'>,
    filter: DeviceFilter & { readonly state?: AccessApprovalState | undefined },
    now: number,
  ): Promise<{ total: number; items: { approval: StoredApproval; action: StoredRemoteAction }[] }> {
    if (reach.inventoryIds !== null && reach.inventoryIds.length === 0) return { total: 0, items: [] };
    let query = this.actionRows()
      .innerJoin('access_approvals as p', 'p.remote_action_id', 'a.id')
      .select(['p.id as pId', 'p.requested_at as pRequestedAt', 'p.decided_by as pDecidedBy', 'p.used_at as pUsedAt', 'p.declined_at as pDeclinedAt']);
    if (reach.inventoryIds !== null) query = query.where('p.inventory_id', 'in', [...reach.inventoryIds]);
    if (filter.deviceKind !== undefined) query = query.where('p.device_kind', '=', filter.deviceKind);
    if (filter.deviceId !== undefined) query = query.where('p.device_id', '=', filter.deviceId);
    const cutoff = now - ACCESS_APPROVAL_ACTIVE_MS;
    if (filter.state === 'used') query = query.where('p.used_at', 'is not', null);
    if (filter.state === 'active') query = query.where('p.used_at', 'is', null).where('p.declined_at', 'is', null).where('p.requested_at', '>', cutoff);
    if (filter.state === 'expired') query = query.where('p.used_at', 'is', null).where((eb) => eb.or([eb('p.declined_at', 'is not', null), eb('p.requested_at', '<=', cutoff)]));
    if (page.searchValue !== '') query = query.where(containsText(ACTION_COLUMNS[page.searchKey], page.searchValue));
    const total = await this.db.selectFrom(query.as('listed')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const column = ACTION_COLUMNS[page.sortBy];
    const sorted = page.sortBy === 'requestedAt' ? query.orderBy('p.requested_at', page.sortDir) : query.orderBy(lowerOf(column), page.sortDir);
    const rows = await sorted.orderBy('p.requested_at', 'desc').orderBy('p.id').limit(page.limit).offset(page.offset).execute();
    return {
      total: Number(total?.n ?? 0),
      items: rows.map((r) => ({
        action: toAction(r),
        approval: {
          id: r.pId,
          remoteActionId: r.id,
          deviceKind: r.deviceKind as DeviceKind,
          deviceId: r.deviceId,
          inventoryId: r.inventoryId,
          requestedAt: Number(r.pRequestedAt),
          decidedBy: r.pDecidedBy,
          usedAt: r.pUsedAt === null ? null : Number(r.pUsedAt),
          declinedAt: r.pDeclinedAt === null ? null : Number(r.pDeclinedAt),
        },
      })),
    };
  }
}

interface ActionRow {
  id: string;
  deviceKind: string;
  deviceId: string;
  deviceName: string;
  inventoryId: string | null;
  inventoryName: string;
  action: string;
  note: string;
  requestedBy: string;
  requestedAt: number;
  status: string;
  result: string;
  finishedAt: number | null;
  approvalId: string | null;
}

// The CHECKs of migration 0015 admit the kinds, actions and statuses of the domain only.
const toAction = (r: ActionRow): StoredRemoteAction => ({
  id: r.id,
  deviceKind: r.deviceKind as DeviceKind,
  deviceId: r.deviceId,
  deviceName: r.deviceName,
  inventoryId: r.inventoryId,
  inventoryName: r.inventoryName,
  action: r.action as RemoteActionName,
  note: r.note,
  requestedBy: r.requestedBy,
  requestedAt: Number(r.requestedAt),
  status: r.status as StoredRemoteActionStatus,
  result: r.result,
  finishedAt: r.finishedAt === null ? null : Number(r.finishedAt),
  approvalId: r.approvalId,
});

const toApproval = (r: {
  id: string;
  remote_action_id: string;
  device_kind: string;
  device_id: string;
  inventory_id: string | null;
  requested_at: number;
  decided_by: string | null;
  used_at: number | null;
  declined_at: number | null;
}): StoredApproval => ({
  id: r.id,
  remoteActionId: r.remote_action_id,
  deviceKind: r.device_kind as DeviceKind,
  deviceId: r.device_id,
  inventoryId: r.inventory_id,
  requestedAt: Number(r.requested_at),
  decidedBy: r.decided_by,
  usedAt: r.used_at === null ? null : Number(r.used_at),
  declinedAt: r.declined_at === null ? null : Number(r.declined_at),
});
