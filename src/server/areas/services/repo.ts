/**
 * The services area's SQL (issue 14): managed services of an inventory, the users granted unit and
 * licence activation, and the activation listing (units of an inventory with their usage profile).
 */
import type { Selectable } from 'kysely';
import type { ManagedServicesTable } from '../../store/schema.ts';
import { containsText, lowerOf, parseJsonColumn, type Db } from '../../store/queries.ts';
import type { PlanKind, ServiceName, ServiceStateValue, StoredManagedService, TrialState, UsageKind } from '../../../domain/services.ts';
import type { ActivationSearchKey, ActivationSortKey } from '../../../protocol/rest/services.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { UsageProfileType } from '../../../domain/usageProfiles.ts';

const toService = (r: Selectable<ManagedServicesTable>): StoredManagedService => ({
  serviceName: r.service_name as ServiceName,
  planKind: r.plan_kind as PlanKind | null,
  state: r.state as ServiceStateValue,
  trialState: r.trial_state as TrialState | null,
  trialStartedAt: r.trial_started_at === null ? null : Number(r.trial_started_at),
  usage: { kind: r.usage_kind as UsageKind, used: Number(r.usage_used), limit: r.usage_limit === null ? null : Number(r.usage_limit) },
});

/** A unit of the activation listing, before its services are read from its settings. */
export interface ActivationUnitRow {
  id: string;
  name: string;
  type: string;
  serial: string;
  groupName: string | null;
  settings: Record<string, unknown>;
  usageProfileId: string | null;
  usageProfileName: string | null;
  usageProfileType: UsageProfileType | null;
}

const ONE_UNIT: PageRequest<ActivationSearchKey, ActivationSortKey> = { limit: 1, offset: 0, searchKey: 'name', searchValue: '', sortBy: 'name', sortDir: 'asc' };

const SEARCH_COLUMNS: Record<ActivationSearchKey, string> = { name: 'u.name', serial: 'u.serial', type: 'u.type' };

export class ServiceRepo {
  constructor(private readonly db: Db) {}

  async servicesOf(inventoryId: string): Promise<StoredManagedService[]> {
    const rows = await this.db.selectFrom('managed_services').selectAll().where('inventory_id', '=', inventoryId).execute();
    return rows.map(toService);
  }

  async save(inventoryId: string, service: StoredManagedService, now: number): Promise<void> {
    const values = {
      plan_kind: service.planKind,
      state: service.state,
      trial_state: service.trialState,
      trial_started_at: service.trialStartedAt,
      usage_kind: service.usage.kind,
      usage_used: service.usage.used,
      usage_limit: service.usage.limit,
      updated_at: now,
    };
    await this.db
      .insertInto('managed_services')
      .values({ inventory_id: inventoryId, service_name: service.serviceName, ...values })
      .onConflict((oc) => oc.columns(['inventory_id', 'service_name']).doUpdateSet(values))
      .execute();
  }

  /** The users granted activation in the inventory, by username. */
  async grants(inventoryId: string): Promise<Array<{ id: string; name: string }>> {
    return this.db
      .selectFrom('activation_grants as g')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .select(['u.id as id', 'u.username as name'])
      .where('g.inventory_id', '=', inventoryId)
      .orderBy(lowerOf('u.username'))
      .execute();
  }

  async isGranted(inventoryId: string, userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('activation_grants').select('user_id').where('inventory_id', '=', inventoryId).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  /** Replaces the inventory's grants (in the caller's transaction). */
  async replaceGrants(inventoryId: string, userIds: readonly string[], now: number): Promise<void> {
    await this.db.deleteFrom('activation_grants').where('inventory_id', '=', inventoryId).execute();
    if (userIds.length > 0) await this.db.insertInto('activation_grants').values(userIds.map((user_id) => ({ inventory_id: inventoryId, user_id, granted_at: now }))).execute();
  }

  /** One unit of the inventory as the activation listing shows it. */
  async activationUnit(inventoryId: string, uid: string): Promise<ActivationUnitRow | undefined> {
    return (await this.activationUnits(inventoryId, ONE_UNIT, uid)).items[0];
  }

  /** One page of the inventory's units with their group and usage profile. */
  async activationUnits(inventoryId: string, page: PageRequest<ActivationSearchKey, ActivationSortKey>, onlyUid?: string): Promise<{ total: number; items: ActivationUnitRow[] }> {
    const matching = this.db
      .selectFrom('units as u')
      .where('u.inventory_id', '=', inventoryId)
      .$if(onlyUid !== undefined, (qb) => qb.where('u.uid', '=', onlyUid ?? ''))
      .$if(page.searchValue !== '', (qb) => qb.where(containsText(SEARCH_COLUMNS[page.searchKey], page.searchValue)));
    const count = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await matching
      .leftJoin('groups as g', 'g.id', 'u.group_id')
      .leftJoin('unit_usage_profiles as up', 'up.unit_uid', 'u.uid')
      .leftJoin('usage_profiles as p', 'p.id', 'up.profile_id')
      .select(['u.uid as id', 'u.name as name', 'u.type as type', 'u.serial as serial', 'u.settings_json as settings', 'g.name as groupName', 'p.id as profileId', 'p.name as profileName', 'p.type as profileType'])
      .orderBy(lowerOf(SEARCH_COLUMNS[page.sortBy]), page.sortDir)
      .orderBy('u.uid')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return {
      total: Number(count?.n ?? 0),
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
        serial: r.serial,
        groupName: r.groupName ?? null,
        settings: parseJsonColumn<Record<string, unknown>>(r.settings, {}),
        usageProfileId: r.profileId ?? null,
        usageProfileName: r.profileName ?? null,
        usageProfileType: (r.profileType ?? null) as UsageProfileType | null,
      })),
    };
  }
}
