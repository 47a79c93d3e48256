/**
 * Managed services, trials and unit and licence activation (issue 14; spec 001 §3, §4, §6, §7,
 * §9). Rules are the domain's (src/domain/services.ts); this holds the store and the refusals.
 * - A trial starts once per service and inventory (go plan and smart plan 30 days, graphics 10
 *   hours within 30 days); its end is the clock's business: the view reads it as expiredTrial.
 * - Activation (a service on a unit) writes the unit's services, the same record as
 *   v2/units/{id}/services, so the unit page and this screen agree.
 * - Who may activate: the admin set of the inventory, or a user its admins granted it (activation
 *   grants); anyone else gets 403 ACTIVATION_NOT_GRANTED.
 */
import { ACTIVATION_NOT_GRANTED, managedServiceView, SERVICE_NAMES, startedTrial, trialRefusal, type ManagedServiceView, type ServiceName, type StoredManagedService } from '../../../domain/services.ts';
import { inRoleSet, type Roles } from '../../../domain/roles/roleSets.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { ActivationSearchKey, ActivationSortKey, ActivationUnit } from '../../../protocol/rest/services.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { RouteDeps } from '../deps.ts';
import type { Inventory } from '../inventories/repo.ts';
import { addService, removeService, servicesOf } from '../units/settings.ts';
import type { ActivationUnitRow } from './repo.ts';

/** Ours: a grant names users of the inventory. */
export const GRANT_NOT_OF_INVENTORY = 'The user is not a user of this inventory.';

const shown = (id: string): string => id.slice(0, 64);

export class ServicesService {
  constructor(private readonly deps: RouteDeps) {}

  private get repo() {
    return this.deps.store.services;
  }

  /** Every service of the inventory as shown now, in the spec's order. */
  async views(inventoryId: string): Promise<ManagedServiceView[]> {
    const stored = new Map((await this.repo.servicesOf(inventoryId)).map((s) => [s.serviceName, s] as const));
    const now = this.deps.now();
    return SERVICE_NAMES.map((name) => managedServiceView(name, stored.get(name), now));
  }

  async inventoryServices(inventory: Inventory) {
    return { inventoryId: inventory.id, inventoryName: inventory.name, services: (await this.views(inventory.id)).map(toAnswer) };
  }

  async statuses(inventoryId: string, names?: readonly ServiceName[]) {
    const views = await this.views(inventoryId);
    return views.filter((v) => names === undefined || names.includes(v.serviceName)).map((v) => ({ serviceName: v.serviceName, serviceStatus: v.displayStatus }));
  }

  /** Starts the free trial (409 with the reason when it may not start). */
  async startTrial(inventoryId: string, service: ServiceName) {
    const view = (await this.views(inventoryId)).find((v) => v.serviceName === service)!;
    const refusal = trialRefusal(view);
    if (refusal !== null) throw conflict(refusal, { fields: { serviceName: refusal } });
    const now = this.deps.now();
    const started: StoredManagedService = startedTrial(service, now);
    await this.repo.save(inventoryId, started, now);
    return toAnswer(managedServiceView(service, started, now));
  }

  // ── Activation ──

  /** 403 unless the caller is of the admin set (and administers the inventory: the scope) or was granted it. */
  async requireActivation(inventoryId: string, userId: string, roles: Roles): Promise<void> {
    if (inRoleSet(roles, 'adminSet')) return;
    if (!(await this.repo.isGranted(inventoryId, userId))) throw forbidden(ACTIVATION_NOT_GRANTED);
  }

  async activationUnits(inventoryId: string, page: PageRequest<ActivationSearchKey, ActivationSortKey>) {
    const { total, items } = await this.repo.activationUnits(inventoryId, page);
    return { total, limit: page.limit, offset: page.offset, items: items.map(toActivationUnit) };
  }

  async setActivation(inventoryId: string, uid: string, service: ServiceName, active: boolean): Promise<ActivationUnit> {
    const unit = await this.deps.store.units.get(uid);
    if (unit === undefined || unit.inventoryId !== inventoryId) throw notFound(`Unit '${shown(uid)}' not found`);
    const has = servicesOf(unit).some((s) => s.name === service);
    if (active && !has) await addService(this.deps, unit, service);
    if (!active && has) await removeService(this.deps, unit, service);
    const row = await this.repo.activationUnit(inventoryId, uid);
    if (row === undefined) throw notFound(`Unit '${shown(uid)}' not found`);
    return toActivationUnit(row);
  }

  async grants(inventoryId: string, userId: string, roles: Roles) {
    const admin = inRoleSet(roles, 'adminSet');
    return {
      inventoryId,
      users: await this.repo.grants(inventoryId),
      mayUse: admin || (await this.repo.isGranted(inventoryId, userId)),
      mayGrant: admin,
    };
  }

  /** Replaces the grants; every user must be a user of the inventory (400 on userIds.<i>). */
  async setGrants(inventoryId: string, userIds: readonly string[], userId: string, roles: Roles) {
    const unique = [...new Set(userIds)];
    for (const [i, id] of unique.entries()) {
      const inventories = await this.deps.store.users.inventoryIdsOfUser(id);
      if (!inventories.includes(inventoryId)) throw badRequest(GRANT_NOT_OF_INVENTORY, { fields: { [`userIds.${i}`]: GRANT_NOT_OF_INVENTORY } });
    }
    await this.deps.store.transaction(async (tx) => tx.services.replaceGrants(inventoryId, unique, this.deps.now()));
    return this.grants(inventoryId, userId, roles);
  }
}

function toAnswer(view: ManagedServiceView) {
  return {
    serviceName: view.serviceName,
    planKind: view.planKind,
    state: view.state,
    trialState: view.trialState,
    trialStartedAt: view.trialStartedAt,
    trialEndsAt: view.trialEndsAt,
    trialAvailable: view.trialAvailable,
    usage: view.usage,
    displayStatus: view.displayStatus,
  };
}

function toActivationUnit(row: ActivationUnitRow): ActivationUnit {
  const services = Array.isArray(row.settings['services']) ? (row.settings['services'] as Array<{ name?: unknown }>) : [];
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    serial: row.serial,
    groupName: row.groupName,
    services: SERVICE_NAMES.filter((name) => services.some((s) => s.name === name)),
    usageProfileId: row.usageProfileId,
    usageProfileName: row.usageProfileName,
    usageProfileType: row.usageProfileType,
  };
}

/** Ranks a status for the client configuration: a service in use anywhere shows as in use. */
const IN_USE_RANK: Record<string, number> = { overUsage: 5, purchased: 4, onTrial: 3, expired: 2, trialExpired: 1, notEnabled: 0 };

/**
 * The client configuration's managed services (spec 002 §3 "managed services (serviceName,
 * serviceStatus)"): each service with its most in-use status across the user's inventories.
 */
export async function managedServicesOfInventories(deps: RouteDeps, inventoryIds: Iterable<string>) {
  const service = new ServicesService(deps);
  const best = new Map<string, string>();
  for (const inventoryId of new Set(inventoryIds)) {
    for (const { serviceName, serviceStatus } of await service.statuses(inventoryId)) {
      const known = best.get(serviceName);
      if (known === undefined || (IN_USE_RANK[serviceStatus] ?? 0) > (IN_USE_RANK[known] ?? 0)) best.set(serviceName, serviceStatus);
    }
  }
  return [...best.entries()].map(([serviceName, serviceStatus]) => ({ serviceName, serviceStatus }));
}
