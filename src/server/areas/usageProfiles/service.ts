/**
 * Usage profiles and usage reports (issue 14; spec 002 §3, §5, §8, §9). Rules are the domain's
 * (src/domain/usageProfiles.ts): the form's errors, the deletion refusals, the report's rows.
 * - Profiles belong to an inventory; the default profiles (inventory null) are every inventory's,
 *   read-only and never deleted.
 * - A name is unique in its inventory and among the defaults, without case (409 on the field when
 *   two saves race past the check: the unique index answers).
 */
import { randomUUID } from 'node:crypto';
import {
  canDeleteUsageProfile,
  DEFAULT_PROFILE_READ_ONLY,
  monthsBetween,
  PROFILE_OF_OTHER_INVENTORY,
  shiftMonth,
  usageProfileFormErrors,
  usageReportRows,
  type UsageProfileType,
} from '../../../domain/usageProfiles.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { NewUsageProfile, UsageProfileChanges, UsageProfileRow, UsageProfileSearchKey, UsageProfileSortKey, UsageReport } from '../../../protocol/rest/usageProfiles.ts';
import { REPORT_MONTHS_MAX } from '../../../protocol/rest/usageProfiles.ts';
import { constraintKind } from '../../store/database.ts';
import { badRequest, conflict, HttpError, notFound, refuseFields } from '../../http/errors.ts';
import { inventoryFilter, seesInventory, type Tenancy } from '../../http/tenancy.ts';
import type { RouteDeps } from '../deps.ts';
import type { StoredUnit } from '../units/repo.ts';
import type { UsageProfileRecord } from './repo.ts';

const shown = (id: string): string => id.slice(0, 64);

/** Ours: a report runs from a month to a later one, REPORT_MONTHS_MAX months at most. */
export const REPORT_RANGE_MESSAGES = {
  order: 'The first month must not be after the last month.',
  tooLong: `A report covers at most ${REPORT_MONTHS_MAX} months.`,
} as const;

export class UsageProfileService {
  constructor(private readonly deps: RouteDeps) {}

  private get repo() {
    return this.deps.store.usageProfiles;
  }

  page(tenancy: Tenancy, page: PageRequest<UsageProfileSearchKey, UsageProfileSortKey>, inventoryId?: string) {
    if (inventoryId !== undefined && !seesInventory(tenancy, inventoryId)) throw notFound(`Inventory '${shown(inventoryId)}' not found`);
    const inventoryIds = inventoryId !== undefined ? [inventoryId] : inventoryFilter(tenancy);
    return this.repo.page({ ...page, inventoryIds }).then(({ total, items }) => ({ total, limit: page.limit, offset: page.offset, items }));
  }

  /** The profile a call names: a default one or one of the caller's inventories (404 otherwise). */
  async visible(tenancy: Tenancy, id: string): Promise<UsageProfileRecord> {
    const profile = await this.repo.get(id);
    if (profile === undefined || (profile.inventoryId !== null && !seesInventory(tenancy, profile.inventoryId))) throw notFound(`Usage profile '${shown(id)}' not found`);
    return profile;
  }

  private async row(id: string): Promise<UsageProfileRow> {
    const row = await this.repo.row(id);
    if (row === undefined) throw notFound(`Usage profile '${shown(id)}' not found`);
    return row;
  }

  async create(tenancy: Tenancy, body: NewUsageProfile): Promise<UsageProfileRow> {
    if (!seesInventory(tenancy, body.inventoryId) || (await this.deps.store.inventories.get(body.inventoryId)) === undefined) {
      throw badRequest(`Inventory '${shown(body.inventoryId)}' not found`, { fields: { inventoryId: `Inventory '${shown(body.inventoryId)}' not found` } });
    }
    const name = body.name.trim();
    refuseFields(usageProfileFormErrors({ name, type: body.type, value: body.value, resetDay: body.resetDay }, await this.repo.takenNames(body.inventoryId, null)));
    const id = `UP-${randomUUID()}`;
    await this.unique(() => this.repo.insert({ id, inventoryId: body.inventoryId, name, type: body.type, value: body.value, resetDay: body.resetDay, isDefault: false }, this.deps.now()));
    return this.row(id);
  }

  async update(tenancy: Tenancy, id: string, changes: UsageProfileChanges): Promise<UsageProfileRow> {
    const profile = await this.visible(tenancy, id);
    if (profile.isDefault || profile.inventoryId === null) throw conflict(DEFAULT_PROFILE_READ_ONLY);
    const next = {
      name: changes.name?.trim() ?? profile.name,
      type: (changes.type ?? profile.type) as UsageProfileType,
      value: changes.value ?? profile.value,
      resetDay: changes.resetDay ?? profile.resetDay,
    };
    refuseFields(usageProfileFormErrors(next, await this.repo.takenNames(profile.inventoryId, profile.id)));
    await this.unique(() => this.repo.update(id, next, this.deps.now()));
    return this.row(id);
  }

  /** Refused (409) for a default profile and a profile with devices (spec 002 §5 texts). */
  async remove(tenancy: Tenancy, id: string): Promise<number> {
    const profile = await this.visible(tenancy, id);
    const refusal = canDeleteUsageProfile({ isDefault: profile.isDefault || profile.inventoryId === null, associatedDeviceCount: await this.repo.deviceCount(id) });
    if (refusal !== null) throw conflict(refusal);
    return (await this.repo.delete(id)) ? 1 : 0;
  }

  /** A default profile or one of the unit's inventory (400 on profileId otherwise). */
  async setUnitProfile(tenancy: Tenancy, unit: StoredUnit, profileId: string | null) {
    if (profileId !== null) {
      const profile = await this.repo.get(profileId);
      if (profile === undefined || (profile.inventoryId !== null && !seesInventory(tenancy, profile.inventoryId))) {
        throw badRequest(`Usage profile '${shown(profileId)}' not found`, { fields: { profileId: `Usage profile '${shown(profileId)}' not found` } });
      }
      if (profile.inventoryId !== null && profile.inventoryId !== unit.inventoryId) throw badRequest(PROFILE_OF_OTHER_INVENTORY, { fields: { profileId: PROFILE_OF_OTHER_INVENTORY } });
    }
    await this.repo.setUnitProfile(unit.uid, profileId);
    return { uid: unit.uid, usageProfileId: profileId };
  }

  /** The usage of the inventory's units per usage period, from the recorded days. */
  async report(inventoryId: string, query: { from: string; to: string; unitId?: string; profileId?: string }): Promise<UsageReport> {
    if (query.from > query.to) throw badRequest(REPORT_RANGE_MESSAGES.order, { fields: { from: REPORT_RANGE_MESSAGES.order } });
    const months = monthsBetween(query.from, query.to);
    if (months.length > REPORT_MONTHS_MAX) throw badRequest(REPORT_RANGE_MESSAGES.tooLong, { fields: { to: REPORT_RANGE_MESSAGES.tooLong } });
    const units = await this.deps.store.usage.reportUnits(inventoryId, { ...(query.unitId !== undefined ? { unitId: query.unitId } : {}), ...(query.profileId !== undefined ? { profileId: query.profileId } : {}) });
    // A period named by month M may hold days up to the 30th of M+1 (reset day 31): read one month more each side.
    const days = await this.deps.store.usage.days(
      units.map((u) => u.unitId),
      `${query.from}-01`,
      `${shiftMonth(query.to, 1)}-31`,
    );
    return { inventoryId, from: query.from, to: query.to, months, rows: usageReportRows(units, days, query.from, query.to), asOf: this.deps.now() };
  }

  private async unique(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (constraintKind(error) === 'unique') throw new HttpError(409, MESSAGES.uniqueName, { fields: { name: MESSAGES.uniqueName } });
      throw error;
    }
  }
}
