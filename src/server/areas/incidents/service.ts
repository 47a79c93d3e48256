/**
 * The incident centre's service: who sees which incidents (src/domain/incidents.ts), the listing's
 * defaults (the last 24 h, at most the 60 days kept), acknowledgements, the bell, and the user's
 * thresholds (rules → repository → the recorder reloads them). HTTP stays in routes.ts; SQL in repo.ts.
 */
import { randomUUID } from 'node:crypto';
import { inRoleSet } from '../../../domain/roles/roleSets.ts';
import { DAY_MS } from '../../../domain/activity.ts';
import { defaultThresholds, INCIDENT_RETENTION_DAYS, thresholdErrors, type Threshold, type ThresholdSetting } from '../../../domain/incidents.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import { GRID_PAGE_SIZE } from '../../../domain/constants.ts';
import type { Incident, IncidentNews, IncidentPage, IncidentQuery } from '../../../protocol/rest/incidents.ts';
import { notFound, refuseFields } from '../../http/errors.ts';
import type { RequestAuth } from '../../http/requestAuth.ts';
import type { Tenancy } from '../../http/tenancy.ts';
import type { Store } from '../../store/store.ts';
import type { IncidentVisibility } from './repo.ts';

/** What the listing covers when the caller names no time (ms): the last day. */
export const DEFAULT_SPAN_MS = DAY_MS;

/** The thresholds service needs to tell the recorder (src/server/areas/incidents/recorder.ts). */
export interface ThresholdListener {
  reloadThresholds(raiseHeld: boolean): Promise<void>;
}

/** Who sees which incidents: their groups', an admin's inventories', all for a super user, and their own thresholds'. */
export function incidentVisibility(auth: RequestAuth, tenancy: Tenancy): IncidentVisibility {
  return {
    userId: auth.user.id,
    all: tenancy.all,
    groupIds: [...tenancy.groupIds],
    inventoryIds: inRoleSet(auth.roles, 'adminSet') ? [...tenancy.inventoryIds] : [],
  };
}

/** from/to of a listing: the caller's, else the last day; never before the 60 days kept. */
export function timeRange(query: { readonly from?: number; readonly to?: number }, now: number, retentionDays: number): { from: number; to: number } {
  const oldest = now - retentionDays * DAY_MS;
  const to = query.to ?? now + 1;
  const from = Math.max(oldest, query.from ?? to - DEFAULT_SPAN_MS);
  if (from >= to) refuseFields({ from: MESSAGES.invalidField });
  return { from, to };
}

export class IncidentService {
  constructor(
    private readonly store: Store,
    private readonly thresholdsChanged: ThresholdListener,
    private readonly now: () => number,
  ) {}

  async page(auth: RequestAuth, tenancy: Tenancy, query: IncidentQuery): Promise<IncidentPage> {
    const { from, to } = timeRange(query, this.now(), INCIDENT_RETENTION_DAYS);
    const limit = query.limit ?? GRID_PAGE_SIZE;
    const offset = query.offset ?? 0;
    const { total, capped, items } = await this.store.incidents.page({
      visibility: incidentVisibility(auth, tenancy),
      from,
      to,
      ...(query.kind !== undefined ? { kind: query.kind } : {}),
      ...(query.severity !== undefined ? { severity: query.severity } : {}),
      ...(query.groupId !== undefined ? { groupId: query.groupId } : {}),
      ...(query.unitId !== undefined ? { unitId: query.unitId } : {}),
      acknowledged: query.acknowledged ?? 'all',
      searchKey: query.searchKey ?? 'any',
      searchValue: query.searchValue?.trim() ?? '',
      sortBy: query.sortBy ?? 'at',
      sortDir: query.sortDir ?? 'desc',
      limit,
      offset,
    });
    return { total, capped, limit, offset, items };
  }

  async news(auth: RequestAuth, tenancy: Tenancy, after: number | undefined): Promise<IncidentNews> {
    return this.store.incidents.news(auth.user.id, [...tenancy.groupIds], after);
  }

  async markSeen(auth: RequestAuth, tenancy: Tenancy, upTo: number): Promise<IncidentNews> {
    await this.store.incidents.markSeen(auth.user.id, upTo, this.now());
    return this.news(auth, tenancy, undefined);
  }

  /** The first acknowledgement is kept (who, when); unknown and unseen incidents are the same 404. */
  async acknowledge(auth: RequestAuth, tenancy: Tenancy, idText: string): Promise<Incident> {
    const id = Number(idText);
    const visibility = incidentVisibility(auth, tenancy);
    const missing = () => notFound(`Incident '${idText.slice(0, 64)}' not found`);
    if (!Number.isSafeInteger(id) || id <= 0) throw missing();
    const incident = await this.store.incidents.visibleOne(id, visibility);
    if (incident === undefined) throw missing();
    if (incident.acknowledged === null) await this.store.incidents.acknowledge(id, auth.user.username, this.now());
    const after = await this.store.incidents.visibleOne(id, visibility);
    if (after === undefined) throw missing();
    return after;
  }

  /** The user's thresholds for a group: every kind, the stored ones over the defaults. */
  async thresholds(userId: string, groupId: string): Promise<{ groupId: string; thresholds: ThresholdSetting[]; updatedAt: number | null }> {
    const { thresholds, updatedAt } = await this.store.thresholds.ofUserGroup(userId, groupId);
    const stored = new Map(thresholds.map((t) => [t.kind, t] as const));
    return {
      groupId,
      thresholds: defaultThresholds().map((setting) => {
        const mine = stored.get(setting.kind);
        return mine === undefined ? setting : { kind: mine.kind, enabled: mine.enabled, value: mine.value, seconds: mine.seconds, toast: mine.toast };
      }),
      updatedAt,
    };
  }

  /** Stores the kinds given (numbers checked against THRESHOLD_BOUNDS), then the recorder applies them. */
  async setThresholds(userId: string, groupId: string, settings: readonly ThresholdSetting[]) {
    const kinds = settings.map((s) => s.kind);
    const repeated = kinds.find((kind, i) => kinds.indexOf(kind) !== i);
    if (repeated !== undefined) refuseFields({ [`${repeated}.kind`]: MESSAGES.mustBeUnique });
    refuseFields(thresholdErrors(settings));
    const current = await this.store.thresholds.ofUserGroup(userId, groupId);
    const idOf = new Map(current.thresholds.map((t) => [t.kind, t.id] as const));
    const rows: Threshold[] = settings.map((s) => ({ ...s, id: idOf.get(s.kind) ?? `T-${randomUUID()}`, userId, groupId }));
    await this.store.thresholds.upsert(rows, this.now());
    await this.thresholdsChanged.reloadThresholds(true);
    return this.thresholds(userId, groupId);
  }
}
