/**
 * Software Versions (/sw_version, admin set; spec 002 "Software version"): versions with their
 * description, release notes URL, supported devices and inventories, and the units with their
 * version and target version. The rules are the domain's (src/domain/softwareVersions.ts).
 *
 * Ours (the spec does not say who may change a version offered everywhere): a super user sees and
 * changes every version; another admin sees the versions offered to every inventory or to one of
 * theirs, adds versions for their own inventories only (at least one) and changes or removes only
 * versions all of whose inventories are theirs.
 */
import { randomUUID } from 'node:crypto';
import { newestFirst, softwareVersionFormErrors } from '../../../domain/softwareVersions.ts';
import { compareVersions } from '../../../domain/versions.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { SoftwareVersionChanges, SoftwareVersionFields, SoftwareVersionRow, SwVersionSearchKey, SwVersionSortKey, UnitVersionRow } from '../../../protocol/rest/softwareVersions.ts';
import { forbidden, HttpError, notFound, refuseFields } from '../../http/errors.ts';
import { unitVisible } from '../../http/scope.ts';
import { seesInventory, type Tenancy } from '../../http/tenancy.ts';
import { constraintKind } from '../../store/database.ts';
import type { RouteDeps } from '../deps.ts';
import { UpgradeRepo } from '../upgrade/repo.ts';
import { SoftwareVersionRepo, type StoredSoftwareVersion } from './repo.ts';

export const SOFTWARE_VERSION_REFUSALS = {
  everyInventory: 'Only a super user can change a version offered to every inventory.',
} as const;

const shown = (id: string): string => id.slice(0, 64);

function pageOf<T>(rows: readonly T[], page: { limit: number; offset: number }) {
  return { total: rows.length, limit: page.limit, offset: page.offset, items: rows.slice(page.offset, page.offset + page.limit) };
}

export class SoftwareVersionService {
  private readonly repo: SoftwareVersionRepo;
  private readonly upgrades: UpgradeRepo;

  constructor(private readonly deps: RouteDeps) {
    this.repo = new SoftwareVersionRepo(deps.store.db);
    this.upgrades = new UpgradeRepo(deps.store.db);
  }

  private sees(tenancy: Tenancy, version: StoredSoftwareVersion): boolean {
    return tenancy.all || version.inventoryIds.length === 0 || version.inventoryIds.some((id) => tenancy.inventoryIds.has(id));
  }

  private async visible(tenancy: Tenancy, id: string): Promise<StoredSoftwareVersion> {
    const version = await this.repo.get(id);
    if (version === undefined || !this.sees(tenancy, version)) throw notFound(`Software version '${shown(id)}' not found`);
    if (!tenancy.all && (version.inventoryIds.length === 0 || !version.inventoryIds.every((inv) => tenancy.inventoryIds.has(inv)))) {
      throw forbidden(SOFTWARE_VERSION_REFUSALS.everyInventory);
    }
    return version;
  }

  private async row(version: StoredSoftwareVersion, targets: Map<string, number>): Promise<SoftwareVersionRow> {
    const inventories = [];
    for (const id of version.inventoryIds) inventories.push({ id, name: (await this.deps.store.inventories.get(id))?.name ?? id });
    return {
      id: version.id,
      version: version.version,
      description: version.description,
      releaseNotesUrl: version.releaseNotesUrl,
      supportedDevices: version.supportedDevices,
      inventories,
      targetUnitCount: targets.get(version.version) ?? 0,
      createdAt: version.createdAt,
      updatedAt: version.updatedAt,
    };
  }

  /** How many visible units have each target version. */
  private async targetCounts(tenancy: Tenancy): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const unit of await this.deps.store.units.all()) {
      const target = unit.settings['targetSwVersion'];
      if (typeof target === 'string' && unitVisible(tenancy, unit)) counts.set(target, (counts.get(target) ?? 0) + 1);
    }
    return counts;
  }

  async page(tenancy: Tenancy, page: PageRequest<SwVersionSearchKey, SwVersionSortKey>) {
    const needle = page.searchValue.toLowerCase();
    let versions = (await this.repo.all()).filter((v) => this.sees(tenancy, v) && (needle === '' || v[page.searchKey].toLowerCase().includes(needle)));
    versions =
      page.sortBy === 'version'
        ? newestFirst(versions).reverse()
        : [...versions].sort((a, b) => (page.sortBy === 'createdAt' ? a.createdAt - b.createdAt : a.description.localeCompare(b.description, 'en')) || compareVersions(a.version, b.version));
    if (page.sortDir === 'desc') versions.reverse();
    const targets = await this.targetCounts(tenancy);
    const slice = pageOf(versions, page);
    const items = [];
    for (const v of slice.items) items.push(await this.row(v, targets));
    return { ...slice, items };
  }

  private async checkInventories(tenancy: Tenancy, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    for (const id of unique) {
      if (!seesInventory(tenancy, id) || (await this.deps.store.inventories.get(id)) === undefined) throw notFound(`Inventory '${shown(id)}' not found`);
    }
    if (!tenancy.all && unique.length === 0) refuseFields({ inventoryIds: MESSAGES.required });
    return unique;
  }

  private async checkForm(form: { version: string; description: string; releaseNotesUrl: string }, exceptId: string | null): Promise<void> {
    const taken = (await this.repo.all()).filter((v) => v.id !== exceptId).map((v) => v.version);
    const errors = softwareVersionFormErrors(form, taken);
    refuseFields(errors, errors.version === undefined ? 400 : errors.version === 'This version already exists' ? 409 : 400);
  }

  private async stored(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (constraintKind(error) === 'unique') throw new HttpError(409, 'This version already exists', { fields: { version: 'This version already exists' } });
      throw error;
    }
  }

  async create(tenancy: Tenancy, body: SoftwareVersionFields): Promise<SoftwareVersionRow> {
    const form = { version: body.version.trim(), description: body.description ?? '', releaseNotesUrl: (body.releaseNotesUrl ?? '').trim() };
    await this.checkForm(form, null);
    const inventoryIds = await this.checkInventories(tenancy, body.inventoryIds ?? []);
    const now = this.deps.now();
    const version: StoredSoftwareVersion = { id: `SWV-${randomUUID()}`, ...form, supportedDevices: [...new Set(body.supportedDevices ?? [])], inventoryIds, createdAt: now, updatedAt: now };
    await this.stored(() => this.repo.insert(version));
    return this.row(version, await this.targetCounts(tenancy));
  }

  async update(tenancy: Tenancy, id: string, body: SoftwareVersionChanges): Promise<SoftwareVersionRow> {
    const current = await this.visible(tenancy, id);
    const form = {
      version: (body.version ?? current.version).trim(),
      description: body.description ?? current.description,
      releaseNotesUrl: (body.releaseNotesUrl ?? current.releaseNotesUrl).trim(),
    };
    await this.checkForm(form, id);
    const inventoryIds = body.inventoryIds === undefined ? undefined : await this.checkInventories(tenancy, body.inventoryIds);
    await this.stored(() =>
      this.repo.update(
        id,
        { ...form, ...(body.supportedDevices !== undefined ? { supportedDevices: [...new Set(body.supportedDevices)] } : {}), ...(inventoryIds !== undefined ? { inventoryIds } : {}) },
        this.deps.now(),
      ),
    );
    const after = await this.repo.get(id);
    if (after === undefined) throw notFound(`Software version '${shown(id)}' not found`);
    return this.row(after, await this.targetCounts(tenancy));
  }

  async remove(tenancy: Tenancy, id: string): Promise<{ removed: number }> {
    await this.visible(tenancy, id);
    return { removed: (await this.repo.delete(id)) ? 1 : 0 };
  }

  /** The units the caller administers with version, target and last upgrade (searched and sorted in memory). */
  async units(tenancy: Tenancy, page: PageRequest<'name' | 'serial' | 'type' | 'swVersion', 'name' | 'serial' | 'type' | 'swVersion'>) {
    const fleet = this.deps.fleet.get()?.fleet;
    const groups = new Map((await this.deps.store.groups.list()).map((g) => [g.id, g.name]));
    const needle = page.searchValue.toLowerCase();
    const rows = (await this.deps.store.units.all())
      .filter((u) => unitVisible(tenancy, u))
      .map((u) => ({ unit: u, swVersion: fleet?.unit(u.uid)?.swVersion ?? u.swVersion }))
      .filter(({ unit, swVersion }) => needle === '' || (page.searchKey === 'swVersion' ? swVersion : unit[page.searchKey]).toLowerCase().includes(needle));
    const key = (r: (typeof rows)[number]) => (page.sortBy === 'swVersion' ? r.swVersion : r.unit[page.sortBy]);
    rows.sort((a, b) => (page.sortBy === 'swVersion' ? compareVersions(a.swVersion, b.swVersion) : key(a).localeCompare(key(b), 'en')) || a.unit.uid.localeCompare(b.unit.uid));
    if (page.sortDir === 'desc') rows.reverse();
    const slice = pageOf(rows, page);
    const last = await this.upgrades.lastJobs('unit', slice.items.map((r) => r.unit.uid));
    const items: UnitVersionRow[] = slice.items.map(({ unit, swVersion }) => {
      const job = last.get(unit.uid);
      const target = unit.settings['targetSwVersion'];
      return {
        uid: unit.uid,
        name: unit.name,
        type: unit.type,
        serial: unit.serial,
        groupName: unit.groupId === null ? '' : (groups.get(unit.groupId) ?? ''),
        swVersion,
        targetVersion: typeof target === 'string' ? target : null,
        upgradeState: job?.state ?? null,
        upgradeProgress: job === undefined ? null : job.progress,
      };
    });
    return { ...slice, items };
  }
}
