/**
 * The inventories area's service: the rules (src/domain/inventories.ts) → the repositories in one
 * transaction → nothing to announce (an inventory is deleted only once it holds no groups, units
 * or users, so no ownership changes). HTTP stays in routes.ts; SQL stays in repo.ts. Refusals are
 * HttpErrors with the spec's words on their field.
 */
import { roomInUse } from '../../../domain/audioRooms.ts';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import {
  applyFeatureChanges,
  autoGroupOf,
  autoGroupTakenMessage,
  inventoryDeletionRefusal,
  inventoryFormErrors,
  onFeatureFlags,
  propertyErrors,
  setVersions,
  vrChannelRemovalRefusal,
  type PropertyRow,
} from '../../../domain/inventories.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type {
  InventoryChanges,
  InventoryDetails,
  InventoryProperties,
  InventoryRow,
  InventorySearchKey,
  InventorySortKey,
  InventoryVrChannel,
  NewInventory,
  ServiceableDevice,
} from '../../../protocol/rest/inventories.ts';
import { conflict, HttpError, notFound, refuseFields } from '../../http/errors.ts';
import { inventoryFilter, type Tenancy } from '../../http/tenancy.ts';
import type { FleetSlot } from '../deps.ts';
import type { Store } from '../../store/store.ts';
import { constraintKind, refusable } from '../../store/queries.ts';
import { rowOf, type Inventory, type InventoryPatch } from './repo.ts';

export interface Paged<T> {
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly items: T[];
}

const shown = (id: string): string => id.slice(0, 64);


/** Properties as the domain's rows (the order of the object's keys). */
const rowsOf = (properties: InventoryProperties): PropertyRow[] => Object.entries(properties).map(([key, value]) => ({ key, value }));

/** Properties as stored: keys and values trimmed of surrounding blanks. */
const cleanProperties = (properties: InventoryProperties): Record<string, string> =>
  Object.fromEntries(Object.entries(properties).map(([key, value]) => [key.trim(), value.trim()]));

export class InventoryService {
  constructor(
    private readonly store: Store,
    private readonly fleet: FleetSlot,
    private readonly now: () => number,
  ) {}

  /** Inventories the caller administers (all for a super user), one page, with every detail. */
  async page(tenancy: Tenancy, request: PageRequest<InventorySearchKey, InventorySortKey>): Promise<Paged<InventoryDetails>> {
    const { total, items } = await this.store.inventories.page({ inventoryIds: inventoryFilter(tenancy), ...request });
    return { total, limit: request.limit, offset: request.offset, items };
  }

  /** The same page as list rows (v2/admin/inventories). */
  async rowPage(tenancy: Tenancy, request: PageRequest<InventorySearchKey, InventorySortKey>): Promise<Paged<InventoryRow>> {
    const page = await this.page(tenancy, request);
    return { ...page, items: page.items.map(rowOf) };
  }

  async count(tenancy: Tenancy, searchKey: InventorySearchKey, searchValue: string): Promise<{ count: number }> {
    return { count: await this.store.inventories.countMatching({ inventoryIds: inventoryFilter(tenancy), searchKey, searchValue: searchValue.trim() }) };
  }

  async details(id: string): Promise<InventoryDetails> {
    const details = await this.store.inventories.details(id);
    if (details === undefined) throw notFound(`Inventory '${shown(id)}' not found`);
    return details;
  }

  async row(id: string): Promise<InventoryRow> {
    return rowOf(await this.details(id));
  }

  /**
   * spec 001 §3, 002 §3, §5: a new inventory; with `autoGroup`, a group named after it with both
   * auto associations on is created in the same transaction (both or neither).
   */
  async create(input: NewInventory): Promise<InventoryDetails> {
    const name = input.name.trim();
    const parentId = input.parentId ?? null;
    refuseFields(
      inventoryFormErrors(
        {
          name,
          region: input.region ?? '',
          customer: input.customer ?? '',
          parentId,
          sipServer: input.sipServer ?? '',
          identityProvider: input.identityProvider ?? '',
          userLicences: input.userLicences ?? null,
          defaultSwVersions: input.defaultSwVersions ?? {},
          properties: rowsOf(input.properties ?? {}),
        },
        { currentId: null, parentOf: new Map() },
      ),
    );
    const id = `INV-${randomUUID()}`;
    await this.store.transaction(async (tx) => {
      if (parentId !== null) await this.existingParent(tx, parentId);
      await this.nameFree(tx, name, null);
      await this.uniqueName(() =>
        refusable(tx.db, () =>
          tx.inventories.insert({
            id,
            name,
            region: (input.region ?? '').trim(),
            customer: (input.customer ?? '').trim(),
            parentId,
            features: onFeatureFlags(input.features ?? {}),
            createdAt: this.now(),
            autoGroup: input.autoGroup ?? false,
            sipServer: (input.sipServer ?? '').trim(),
            identityProvider: (input.identityProvider ?? '').trim(),
            userLicences: input.userLicences ?? null,
            properties: cleanProperties(input.properties ?? {}),
            defaultSwVersions: setVersions(input.defaultSwVersions ?? {}),
          }),
        ),
      );
      if (input.autoGroup === true) await this.createAutoGroup(tx, id, name);
    });
    return this.details(id);
  }

  async update(inventory: Inventory, changes: InventoryChanges): Promise<InventoryDetails> {
    const stored = await this.details(inventory.id);
    const merged = {
      name: changes.name?.trim() ?? stored.name,
      region: changes.region ?? stored.region,
      customer: changes.customer ?? stored.customer,
      parentId: changes.parentId !== undefined ? changes.parentId : stored.parentId,
      sipServer: changes.sipServer ?? stored.sipServer,
      identityProvider: changes.identityProvider ?? stored.identityProvider,
      userLicences: changes.userLicences !== undefined ? changes.userLicences : stored.userLicences,
      defaultSwVersions: changes.defaultSwVersions ?? stored.defaultSwVersions,
      properties: rowsOf(changes.properties ?? stored.properties),
    };
    await this.store.transaction(async (tx) => {
      // The loop check reads every parent link inside the transaction that writes the new one.
      const parentOf = await tx.inventories.parentMap();
      refuseFields(inventoryFormErrors(merged, { currentId: inventory.id, parentOf }));
      if (changes.parentId !== undefined && changes.parentId !== null) await this.existingParent(tx, changes.parentId);
      if (changes.name !== undefined) await this.nameFree(tx, merged.name, inventory.id);
      const patch: InventoryPatch = {
        ...(changes.name !== undefined ? { name: merged.name } : {}),
        ...(changes.region !== undefined ? { region: changes.region.trim() } : {}),
        ...(changes.customer !== undefined ? { customer: changes.customer.trim() } : {}),
        ...(changes.parentId !== undefined ? { parentId: changes.parentId } : {}),
        ...(changes.sipServer !== undefined ? { sipServer: changes.sipServer.trim() } : {}),
        ...(changes.identityProvider !== undefined ? { identityProvider: changes.identityProvider.trim() } : {}),
        ...(changes.userLicences !== undefined ? { userLicences: changes.userLicences } : {}),
        ...(changes.features !== undefined ? { features: applyFeatureChanges(inventory.features, changes.features) } : {}),
        ...(changes.properties !== undefined ? { properties: cleanProperties(changes.properties) } : {}),
        ...(changes.defaultSwVersions !== undefined ? { defaultSwVersions: setVersions(changes.defaultSwVersions) } : {}),
      };
      await this.uniqueName(() => refusable(tx.db, () => tx.inventories.update(inventory.id, patch)));
    });
    return this.details(inventory.id);
  }

  /** spec 001 §8: refused while it has overlays or an active audio room; ours: while it holds groups, units or users. */
  async remove(inventory: Inventory): Promise<{ removed: number }> {
    await this.store.transaction(async (tx) => {
      const holdings = await tx.inventories.holdings(inventory.id);
      // Overlays are counted in the store; a room is active while a unit's intercom talks in it (live).
      const overlayCount = await tx.overlays.countOfInventory(inventory.id);
      const sessions = this.fleet.get()?.fleet.intercomSessions() ?? [];
      const activeAudioRoomCount = (await tx.audioRooms.idsOfInventory(inventory.id)).filter((id) => roomInUse(id, sessions)).length;
      const refusal = inventoryDeletionRefusal({ overlayCount, activeAudioRoomCount, ...holdings });
      if (refusal !== null) throw conflict(refusal);
      await tx.inventories.delete(inventory.id);
    });
    return { removed: 1 };
  }

  async properties(inventory: Inventory): Promise<{ inventoryId: string; properties: InventoryProperties }> {
    return { inventoryId: inventory.id, properties: (await this.store.inventories.properties(inventory.id)) ?? {} };
  }

  /** Replaces every property (keys of letters, digits, dashes, underscores; unique without case). */
  async setProperties(inventory: Inventory, properties: InventoryProperties): Promise<{ inventoryId: string; properties: InventoryProperties }> {
    refuseFields(propertyErrors(rowsOf(properties)));
    const cleaned = cleanProperties(properties);
    await this.store.inventories.update(inventory.id, { properties: cleaned });
    return { inventoryId: inventory.id, properties: cleaned };
  }

  /**
   * Ours (spec 001 §7 "devices serviceable" shows no rule): the units of the inventory support may
   * act on now, i.e. those the fleet reports online (a remote action or support session needs a
   * unit that answers). Without a running fleet, none is.
   */
  async serviceable(inventory: Inventory, limit: number, offset: number): Promise<Paged<ServiceableDevice>> {
    const fleet = this.fleet.get()?.fleet;
    const online = (await this.store.inventories.units(inventory.id)).flatMap((unit) => {
      const live = fleet?.unit(unit.id);
      return live !== undefined && live.state === 'online' ? [{ ...unit, swVersion: live.swVersion || unit.swVersion }] : [];
    });
    return { total: online.length, limit, offset, items: online.slice(offset, offset + limit) };
  }

  /**
   * Ours (docs/domain.md "Inventories"): a video return channel belongs to exactly one inventory.
   * PUT moves it here; it leaves the groups of its former inventory.
   */
  async linkVrChannel(inventory: Inventory, channelId: string): Promise<InventoryVrChannel> {
    return this.store.transaction(async (tx) => {
      const channel = await tx.inventories.vrChannel(channelId);
      if (channel === undefined) throw notFound(`Video return channel '${shown(channelId)}' not found`);
      if (channel.inventoryId !== inventory.id) await tx.inventories.moveVrChannel(channelId, inventory.id);
      const moved = await tx.inventories.vrChannel(channelId);
      if (moved === undefined) throw notFound(`Video return channel '${shown(channelId)}' not found`);
      return moved;
    });
  }

  /**
   * DELETE takes the channel out of its only inventory, so the channel goes (as DELETE
   * v2/admin/vrChannels/{id} will when the video return issue adds it); refused while groups use it.
   */
  async unlinkVrChannel(inventory: Inventory, channelId: string): Promise<{ removed: number }> {
    await this.store.transaction(async (tx) => {
      const channel = await tx.inventories.vrChannel(channelId);
      if (channel === undefined || channel.inventoryId !== inventory.id) throw notFound(`Video return channel '${shown(channelId)}' not found in this inventory`);
      const refusal = vrChannelRemovalRefusal(channel.groupCount);
      if (refusal !== null) throw conflict(refusal);
      await tx.inventories.deleteVrChannel(channelId);
    });
    return { removed: 1 };
  }

  /** The parent must be an inventory that exists (a super user sees every one). */
  private async existingParent(tx: Store, parentId: string): Promise<void> {
    if ((await tx.inventories.get(parentId)) === undefined) {
      const message = `Inventory '${shown(parentId)}' not found`;
      throw new HttpError(400, message, { fields: { parentId: message } });
    }
  }

  /** A group named after the inventory, both auto associations on; a taken group name refuses the whole creation. */
  private async createAutoGroup(tx: Store, inventoryId: string, inventoryName: string): Promise<void> {
    const group = autoGroupOf(inventoryName);
    try {
      await refusable(tx.db, () => tx.groups.insert({ id: `G-${randomUUID()}`, inventoryId, createdAt: this.now(), ...group }));
    } catch (error) {
      if (constraintKind(error) === 'unique') {
        const message = autoGroupTakenMessage(group.name);
        throw new HttpError(409, message, { fields: { autoGroup: message } });
      }
      throw error;
    }
  }

  /**
   * Names are unique without case (SQLite's unique index compares bytes): checked in the
   * transaction that writes, and the unique index still catches an exact clash (uniqueName).
   */
  private async nameFree(tx: Store, name: string, exceptId: string | null): Promise<void> {
    if (await tx.inventories.nameTaken(name, exceptId)) throw new HttpError(409, MESSAGES.nameTaken, { fields: { name: MESSAGES.nameTaken } });
  }

  /** A name taken by another inventory is refused on the name field (spec 002 §5 "Name is already taken..."). */
  private async uniqueName(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (constraintKind(error) === 'unique') throw new HttpError(409, MESSAGES.nameTaken, { fields: { name: MESSAGES.nameTaken } });
      throw error;
    }
  }
}
