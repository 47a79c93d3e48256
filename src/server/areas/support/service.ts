/**
 * Device support access, remote actions and access approvals (src/domain/support.ts for the
 * rules). Every state is decided from stored times at the moment of the call (deps.now), so the
 * 8 hours end on time without a timer and across a restart.
 *
 * Reach: super users and staff reach every device; everyone else the devices of their
 * inventories (a unit also through its group). A device out of reach is 404, the same as an
 * unknown one, so other customers' ids leak nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  accessApprovalState,
  approvalDecisionRefusal,
  approvalExpiresAt,
  REMOTE_ACTION_DONE_RESULTS,
  REMOTE_ACTIONS_OF,
  remoteActionNeedsApproval,
  remoteActionStatus,
  SUPPORT_MESSAGES,
  supportAccessEndsAt,
  supportAccessRemainingMs,
  supportAccessStatus,
  supportReachesEverywhere,
  type DeviceKind,
  type RemoteActionName,
  type StoredRemoteActionStatus,
} from '../../../domain/support.ts';
import type { Roles } from '../../../domain/roles/roleSets.ts';
import type { AccessApproval, DeviceSupport, NewRemoteAction, RemoteAction, SupportAccess, SupportDevice } from '../../../protocol/rest/support.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import type { Tenancy } from '../../http/tenancy.ts';
import type { RouteDeps } from '../deps.ts';
import { runCommand } from '../units/live.ts';
import { sendLogs } from '../unitControl/storage.ts';
import { SupportRepo, type ListPage, type Reach, type StoredApproval, type StoredGrant, type StoredRemoteAction } from './repo.ts';

/** Who calls: their types, their tenancy and the name written into the history. */
export interface Caller {
  readonly roles: Roles;
  readonly tenancy: Tenancy;
  readonly username: string;
}

/** A device as support sees it, before its access is read. */
interface Device {
  readonly kind: DeviceKind;
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly inventoryId: string | null;
  readonly groupId: string | null;
}

/** How many of a device's latest remote actions its support picture shows. */
const RECENT_ACTIONS = 10;

export class SupportService {
  constructor(private readonly deps: RouteDeps) {}

  private get repo(): SupportRepo {
    return this.deps.store.support;
  }

  // ── Reach ──

  private reach(caller: Caller): Reach {
    return { inventoryIds: supportReachesEverywhere(caller.roles) || caller.tenancy.all ? null : [...caller.tenancy.inventoryIds] };
  }

  private reaches(caller: Caller, device: Pick<Device, 'inventoryId' | 'groupId'>): boolean {
    if (supportReachesEverywhere(caller.roles) || caller.tenancy.all) return true;
    if (device.inventoryId !== null && caller.tenancy.inventoryIds.has(device.inventoryId)) return true;
    return device.groupId !== null && caller.tenancy.groupIds.has(device.groupId);
  }

  private async loadDevice(kind: DeviceKind, id: string): Promise<Device | undefined> {
    if (kind === 'unit') {
      const unit = await this.deps.store.units.get(id);
      return unit && { kind, id: unit.uid, name: unit.name, type: unit.type, inventoryId: unit.inventoryId, groupId: unit.groupId };
    }
    const server = await this.deps.store.servers.get(id);
    return server && { kind, id: server.id, name: server.name, type: server.type, inventoryId: server.inventoryId, groupId: null };
  }

  /** The device the call names, when the caller reaches it; 404 otherwise (unknown and foreign alike). */
  async device(caller: Caller, kind: DeviceKind, id: string): Promise<Device> {
    const device = await this.loadDevice(kind, id);
    if (device === undefined || !this.reaches(caller, device)) throw notFound(SUPPORT_MESSAGES.deviceNotFound(kind, id));
    return device;
  }

  private async inventoryNames(): Promise<Map<string, string>> {
    return new Map((await this.deps.store.inventories.list()).map((inv) => [inv.id, inv.name]));
  }

  private access(grant: StoredGrant | null, now: number): SupportAccess {
    return {
      status: supportAccessStatus(grant, now),
      grantedAt: grant?.grantedAt ?? null,
      grantedBy: grant?.grantedBy ?? null,
      endsAt: grant === null ? null : supportAccessEndsAt(grant),
      revokedBy: grant?.revokedBy ?? null,
      remainingMs: supportAccessRemainingMs(grant, now),
    };
  }

  private async rows(devices: readonly Device[], now: number): Promise<SupportDevice[]> {
    const names = await this.inventoryNames();
    const out: SupportDevice[] = [];
    for (const kind of ['unit', 'server'] as const) {
      const ids = devices.filter((d) => d.kind === kind).map((d) => d.id);
      const grants = await this.repo.latestGrants(kind, ids);
      const pending = await this.repo.pendingCounts(kind, ids, now);
      for (const d of devices.filter((x) => x.kind === kind)) {
        out.push({
          kind,
          id: d.id,
          name: d.name,
          type: d.type,
          inventoryId: d.inventoryId,
          inventoryName: d.inventoryId === null ? '' : (names.get(d.inventoryId) ?? ''),
          access: this.access(grants.get(d.id) ?? null, now),
          pendingApprovals: pending.get(d.id) ?? 0,
          actions: [...REMOTE_ACTIONS_OF[kind]],
        });
      }
    }
    return out;
  }

  // ── Devices ──

  /**
   * The devices the caller reaches with their support access: read whole and paged here (a
   * customer's fleet is hundreds of devices; the access of each is computed at `now`).
   */
  async devicePage(
    caller: Caller,
    page: ListPage<'name' | 'inventoryName', 'name' | 'inventoryName' | 'kind'>,
    filter: { kind?: DeviceKind | undefined; access?: SupportAccess['status'] | undefined },
  ): Promise<{ total: number; limit: number; offset: number; items: SupportDevice[] }> {
    const now = this.deps.now();
    const devices: Device[] = [];
    if (filter.kind !== 'server') {
      for (const u of await this.deps.store.units.all()) {
        const d: Device = { kind: 'unit', id: u.uid, name: u.name, type: u.type, inventoryId: u.inventoryId, groupId: u.groupId };
        if (this.reaches(caller, d)) devices.push(d);
      }
    }
    if (filter.kind !== 'unit') {
      for (const s of await this.deps.store.servers.list()) {
        const d: Device = { kind: 'server', id: s.id, name: s.name, type: s.type, inventoryId: s.inventoryId, groupId: null };
        if (this.reaches(caller, d)) devices.push(d);
      }
    }
    let rows = await this.rows(devices, now);
    if (filter.access !== undefined) rows = rows.filter((r) => r.access.status === filter.access);
    const needle = page.searchValue.toLowerCase();
    if (needle !== '') rows = rows.filter((r) => r[page.searchKey].toLowerCase().includes(needle));
    const direction = page.sortDir === 'asc' ? 1 : -1;
    rows.sort((a, b) => direction * a[page.sortBy].toLowerCase().localeCompare(b[page.sortBy].toLowerCase()) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return { total: rows.length, limit: page.limit, offset: page.offset, items: rows.slice(page.offset, page.offset + page.limit) };
  }

  async deviceSupport(caller: Caller, kind: DeviceKind, id: string): Promise<DeviceSupport> {
    const device = await this.device(caller, kind, id);
    return this.picture(device);
  }

  /** now: the time that decides every state (a write's own time, so its answer says what it did). */
  private async picture(device: Device, now = this.deps.now()): Promise<DeviceSupport> {
    const [row] = await this.rows([device], now);
    const everywhere: Reach = { inventoryIds: null };
    const filter = { deviceKind: device.kind, deviceId: device.id };
    const approvals = await this.repo.approvalPage(everywhere, { limit: 50, offset: 0, searchKey: 'deviceName', searchValue: '', sortBy: 'requestedAt', sortDir: 'desc' }, { ...filter, state: 'active' }, now);
    const actions = await this.repo.remoteActionPage(everywhere, { limit: RECENT_ACTIONS, offset: 0, searchKey: 'deviceName', searchValue: '', sortBy: 'requestedAt', sortDir: 'desc' }, filter, now);
    return {
      device: row!, // rows answers one row per device given
      approvals: approvals.items.map(({ approval, action }) => this.approvalAnswer(approval, action, now)),
      recentActions: actions.items.map((a) => this.actionAnswer(a, null, now)),
    };
  }

  /** A customer admin grants support access for 8 hours from now (a new grant while active starts the 8 hours again). */
  async grant(caller: Caller, kind: DeviceKind, id: string): Promise<DeviceSupport> {
    const device = await this.device(caller, kind, id);
    const now = this.deps.now();
    await this.repo.insertGrant({
      id: `SG-${randomUUID()}`,
      deviceKind: kind,
      deviceId: device.id,
      inventoryId: device.inventoryId,
      grantedBy: caller.username,
      grantedAt: now,
      revokedBy: null,
      revokedAt: null,
    });
    return this.picture(device, now);
  }

  /** Revokes the active access; 409 when there is none to revoke. */
  async revoke(caller: Caller, kind: DeviceKind, id: string): Promise<DeviceSupport> {
    const device = await this.device(caller, kind, id);
    const now = this.deps.now();
    const grant = await this.repo.latestGrant(kind, device.id);
    if (grant === null || supportAccessStatus(grant, now) !== 'active') throw conflict(SUPPORT_MESSAGES.accessNotActive);
    await this.repo.revokeGrant(grant.id, caller.username, now);
    return this.picture(device, now);
  }

  // ── Remote actions ──

  /**
   * Support asks for a remote action: it runs at once while the device's support access is
   * active; otherwise it waits for the customer in a new access approval (spec 000 §6).
   */
  async request(caller: Caller, body: NewRemoteAction): Promise<RemoteAction> {
    const device = await this.device(caller, body.deviceKind, body.deviceId);
    if (!REMOTE_ACTIONS_OF[device.kind].includes(body.action)) {
      throw new HttpError(400, SUPPORT_MESSAGES.actionNotForDevice(body.action, device.kind), { fields: { action: SUPPORT_MESSAGES.actionNotForDevice(body.action, device.kind) } });
    }
    const now = this.deps.now();
    const grant = await this.repo.latestGrant(device.kind, device.id);
    const needsApproval = remoteActionNeedsApproval(supportAccessStatus(grant, now));
    if (needsApproval && (await this.repo.waitingAction(device.kind, device.id, body.action, now))) throw conflict(SUPPORT_MESSAGES.alreadyWaiting(body.action));
    const id = `RA-${randomUUID()}`;
    const approvalId = needsApproval ? `AA-${randomUUID()}` : null;
    const base = {
      id,
      deviceKind: device.kind,
      deviceId: device.id,
      deviceName: device.name,
      inventoryId: device.inventoryId,
      action: body.action,
      note: body.note?.trim() ?? '',
      requestedBy: caller.username,
      requestedAt: now,
      approvalId,
    };
    if (approvalId !== null) {
      await this.deps.store.transaction(async (tx) => {
        await tx.support.insertRemoteAction({ ...base, status: 'awaitingApproval', result: '', finishedAt: null });
        await tx.support.insertApproval({ id: approvalId, remoteActionId: id, deviceKind: device.kind, deviceId: device.id, inventoryId: device.inventoryId, requestedAt: now, decidedBy: null, usedAt: null, declinedAt: null });
      });
    } else {
      const outcome = await this.perform(device, body.action);
      await this.repo.insertRemoteAction({ ...base, ...outcome, finishedAt: this.deps.now() });
    }
    const stored = await this.repo.remoteAction(id);
    return this.actionAnswer(stored!, null, now); // inserted just above
  }

  /** Runs the action on the device through the unit's own command path; a refusal is the action's result. */
  private async perform(device: Device, action: RemoteActionName): Promise<{ status: StoredRemoteActionStatus; result: string }> {
    try {
      if (device.kind !== 'unit') throw new HttpError(400, SUPPORT_MESSAGES.actionNotForDevice(action, device.kind));
      if (action === 'reboot') await runCommand(this.deps, device.id, { type: 'reboot' });
      else {
        const unit = await this.deps.store.units.get(device.id);
        if (unit === undefined) throw notFound(SUPPORT_MESSAGES.deviceNotFound('unit', device.id));
        await sendLogs(this.deps, unit, {});
      }
      return { status: 'done', result: REMOTE_ACTION_DONE_RESULTS[action] };
    } catch (error) {
      if (error instanceof HttpError) return { status: 'failed', result: error.message };
      throw error;
    }
  }

  async actionPage(
    caller: Caller,
    page: ListPage<'deviceName' | 'inventoryName' | 'requestedBy', 'requestedAt' | 'deviceName' | 'inventoryName' | 'action'>,
    filter: { status?: RemoteAction['status'] | undefined; deviceKind?: DeviceKind | undefined; deviceId?: string | undefined },
  ) {
    const now = this.deps.now();
    const result = await this.repo.remoteActionPage(this.reach(caller), page, filter, now);
    const approvals = new Map<string, StoredApproval>();
    for (const a of result.items) {
      if (a.approvalId === null) continue;
      const approval = await this.repo.approval(a.approvalId);
      if (approval !== undefined) approvals.set(a.id, approval);
    }
    return { total: result.total, limit: page.limit, offset: page.offset, items: result.items.map((a) => this.actionAnswer(a, approvals.get(a.id) ?? null, now)) };
  }

  private actionAnswer(a: StoredRemoteAction, approval: StoredApproval | null, now: number): RemoteAction {
    // A waiting action's approval was requested with it, at the same time.
    const facts = approval ?? (a.status === 'awaitingApproval' ? { requestedAt: a.requestedAt, usedAt: null, declinedAt: null } : null);
    return {
      id: a.id,
      deviceKind: a.deviceKind,
      deviceId: a.deviceId,
      deviceName: a.deviceName,
      inventoryId: a.inventoryId,
      inventoryName: a.inventoryName,
      action: a.action,
      note: a.note,
      requestedBy: a.requestedBy,
      requestedAt: a.requestedAt,
      status: remoteActionStatus(a.status, facts, now),
      result: a.result,
      finishedAt: a.finishedAt,
      approvalId: a.approvalId,
    };
  }

  // ── Access approvals ──

  async approvalPage(
    caller: Caller,
    page: ListPage<'deviceName' | 'inventoryName' | 'requestedBy', 'requestedAt' | 'deviceName' | 'inventoryName'>,
    filter: { state?: AccessApproval['state'] | undefined; deviceKind?: DeviceKind | undefined; deviceId?: string | undefined },
  ) {
    const now = this.deps.now();
    const result = await this.repo.approvalPage(this.reach(caller), page, filter, now);
    return { total: result.total, limit: page.limit, offset: page.offset, items: result.items.map(({ approval, action }) => this.approvalAnswer(approval, action, now)) };
  }

  private approvalAnswer(approval: StoredApproval, action: StoredRemoteAction, now: number): AccessApproval {
    const decidedAt = approval.usedAt ?? approval.declinedAt;
    return {
      id: approval.id,
      state: accessApprovalState(approval, now),
      deviceKind: approval.deviceKind,
      deviceId: approval.deviceId,
      deviceName: action.deviceName,
      inventoryId: approval.inventoryId,
      inventoryName: action.inventoryName,
      action: action.action,
      note: action.note,
      requestedBy: action.requestedBy,
      requestedAt: approval.requestedAt,
      expiresAt: approvalExpiresAt(approval.requestedAt),
      decidedBy: approval.decidedBy,
      decidedAt,
      decision: approval.usedAt !== null ? 'approved' : approval.declinedAt !== null ? 'declined' : null,
      remoteActionId: action.id,
      remoteActionStatus: remoteActionStatus(action.status, approval, now),
      remoteActionResult: action.result,
    };
  }

  /** The approval the call names, when the caller reaches its device (404 otherwise). */
  private async reachedApproval(caller: Caller, id: string): Promise<{ approval: StoredApproval; device: Device }> {
    const approval = await this.repo.approval(id);
    if (approval === undefined || !this.reaches(caller, { inventoryId: approval.inventoryId, groupId: null })) throw notFound(SUPPORT_MESSAGES.approvalNotFound(id));
    const device = (await this.loadDevice(approval.deviceKind, approval.deviceId)) ?? null;
    if (device === null) throw notFound(SUPPORT_MESSAGES.deviceNotFound(approval.deviceKind, approval.deviceId));
    return { approval, device };
  }

  private async decide(caller: Caller, id: string, decision: 'approved' | 'declined'): Promise<AccessApproval> {
    const { approval, device } = await this.reachedApproval(caller, id);
    const now = this.deps.now();
    const refusal = approvalDecisionRefusal(approval, now);
    if (refusal !== null) throw conflict(refusal);
    // Only one decision wins: the update holds while nobody decided (a second click finds it used).
    if (!(await this.repo.decideApproval(approval.id, caller.username, decision, now))) throw conflict(SUPPORT_MESSAGES.approvalUsed);
    const action = await this.repo.remoteAction(approval.remoteActionId);
    if (action === undefined) throw notFound(SUPPORT_MESSAGES.approvalNotFound(id));
    if (decision === 'declined') await this.repo.finishRemoteAction(action.id, 'declined', '', now);
    else {
      const outcome = await this.perform(device, action.action);
      await this.repo.finishRemoteAction(action.id, outcome.status, outcome.result, this.deps.now());
    }
    const [fresh, freshAction] = await Promise.all([this.repo.approval(approval.id), this.repo.remoteAction(action.id)]);
    return this.approvalAnswer(fresh!, freshAction!, this.deps.now()); // both stored, read just after the write
  }

  approve(caller: Caller, id: string): Promise<AccessApproval> {
    return this.decide(caller, id, 'approved');
  }

  decline(caller: Caller, id: string): Promise<AccessApproval> {
    return this.decide(caller, id, 'declined');
  }
}
