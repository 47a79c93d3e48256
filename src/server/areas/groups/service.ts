/**
 * The groups area's service: the rules (src/domain/groups.ts) → the repositories in one
 * transaction → ownership events after the commit (src/server/ownership.ts). HTTP stays in
 * routes.ts; SQL stays in repo.ts. Refusals are HttpErrors with the spec's words on their field.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import { defaultConfigurationErrors, GROUP_MESSAGES, groupDeletionRefusal, groupFormErrors } from '../../../domain/groups.ts';
import { multiChannelStatus, parseChannelStatus, sortMultiCameraChannels, type ChannelStatus } from '../../../domain/channels.ts';
import { INVENTORY_FEATURE_FLAG_NAMES } from '../../../domain/roles/roleSets.ts';
import type { PageRequest, Ref } from '../../../protocol/rest/common.ts';
import type { AlertsConfiguration } from '../../../protocol/rest/alerts.ts';
import type { GroupChanges, GroupDefaultConfiguration, GroupRow, GroupSearchKey, GroupSortKey, NewGroup } from '../../../protocol/rest/groups.ts';
import { badRequest, conflict, HttpError, notFound, refuseFields } from '../../http/errors.ts';
import { inventoryFilter, seesInventory, type Tenancy } from '../../http/tenancy.ts';
import type { OwnershipEvents } from '../../ownership.ts';
import type { LiveQueries } from '../deps.ts';
import type { Store } from '../../store/store.ts';
import { constraintKind } from '../../store/database.ts';
import type { Group } from './repo.ts';

export interface GroupPageAnswer {
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly items: GroupRow[];
}

const shown = (id: string): string => id.slice(0, 64);

export class GroupService {
  constructor(
    private readonly store: Store,
    private readonly ownership: OwnershipEvents,
    private readonly live: LiveQueries,
    private readonly now: () => number,
  ) {}

  /** Groups the caller administers (or of one inventory of theirs), one page. */
  async page(tenancy: Tenancy, request: PageRequest<GroupSearchKey, GroupSortKey>, inventoryId?: string): Promise<GroupPageAnswer> {
    const { total, items } = await this.store.groups.page({ inventoryIds: inventoryId !== undefined ? [inventoryId] : inventoryFilter(tenancy), ...request });
    return { total, limit: request.limit, offset: request.offset, items };
  }

  async row(id: string): Promise<GroupRow> {
    const row = await this.store.groups.row(id);
    if (row === undefined) throw notFound(`Group '${shown(id)}' not found`);
    return row;
  }

  /** spec 002 §5: name of letters, numbers, underscores, hyphens, unique; in one of the caller's inventories. */
  async create(tenancy: Tenancy, input: NewGroup): Promise<GroupRow> {
    const name = input.name.trim();
    refuseFields(groupFormErrors({ name, inventoryId: input.inventoryId }, []));
    const inventory = await this.store.inventories.get(input.inventoryId);
    if (inventory === undefined || !seesInventory(tenancy, inventory.id)) {
      throw new HttpError(404, `Inventory '${shown(input.inventoryId)}' not found`, { fields: { inventoryId: `Inventory '${shown(input.inventoryId)}' not found` } });
    }
    const id = `G-${randomUUID()}`;
    await this.unique(() =>
      this.store.groups.insert({
        id,
        name,
        inventoryId: inventory.id,
        autoAssociation: input.autoAssociation ?? false,
        unitAutoAssociation: input.unitAutoAssociation ?? false,
        createdAt: this.now(),
      }),
    );
    return this.row(id);
  }

  async update(group: Group, changes: GroupChanges): Promise<GroupRow> {
    const name = changes.name?.trim();
    if (name !== undefined) refuseFields(groupFormErrors({ name, inventoryId: group.inventoryId }, []));
    await this.unique(() =>
      this.store.groups.update(group.id, {
        ...(name !== undefined ? { name } : {}),
        ...(changes.autoAssociation !== undefined ? { autoAssociation: changes.autoAssociation } : {}),
        ...(changes.unitAutoAssociation !== undefined ? { unitAutoAssociation: changes.unitAutoAssociation } : {}),
      }),
    );
    return this.row(group.id);
  }

  /** Deletes groups that hold no units or channels: all of them or none. */
  async remove(tenancy: Tenancy, ids: readonly string[]): Promise<number> {
    const members = await this.store.transaction(async (tx) => {
      const left: string[] = [];
      for (const id of new Set(ids)) {
        const group = await tx.groups.get(id);
        if (group === undefined || !(tenancy.all || tenancy.groupIds.has(id) || tenancy.inventoryIds.has(group.inventoryId))) throw notFound(`Group '${shown(id)}' not found`);
        const counts = await tx.groups.contents(id);
        const refusal = groupDeletionRefusal(counts);
        if (refusal !== null) throw conflict(ids.length > 1 ? `${group.name}: ${refusal}` : refusal);
        left.push(...(await tx.groups.userIds(id)));
        await tx.groups.delete(id);
      }
      return left;
    });
    for (const id of new Set(ids)) this.ownership.emit({ kind: 'group-removed', groupId: id });
    for (const userId of new Set(members)) this.ownership.emit({ kind: 'user', userId });
    return new Set(ids).size;
  }

  async units(group: Group, limit: number, offset: number) {
    const { total, items } = await this.store.groups.units(group.id, limit, offset);
    return { total, limit, offset, items };
  }

  async channels(group: Group, limit: number, offset: number) {
    const { total, items } = await this.store.groups.channels(group.id, limit, offset);
    return { total, limit, offset, items };
  }

  async vrChannels(group: Group, limit: number, offset: number) {
    const { total, items } = await this.store.groups.vrChannels(group.id, limit, offset);
    return { total, limit, offset, items };
  }

  async users(group: Group, limit: number, offset: number) {
    const { total, items } = await this.store.groups.users(group.id, limit, offset);
    return { total, limit, offset, items };
  }

  /** Moves a channel of the group's inventory into the group, or out of it (it stays in its inventory). */
  async linkChannel(group: Group, channelId: string, linked: boolean): Promise<{ group: GroupRow }> {
    const channel = await this.store.channels.get(channelId);
    if (channel === undefined || channel.inventoryId !== group.inventoryId) {
      if (channel !== undefined && channel.inventoryId !== null && linked) throw badRequest(`Channel '${shown(channelId)}': ${GROUP_MESSAGES.otherInventory}`);
      throw notFound(`Channel '${shown(channelId)}' not found`);
    }
    if (!linked && channel.groupId !== group.id) return { group: await this.row(group.id) };
    const groupId = linked ? group.id : null;
    await this.store.channels.setGroup(channelId, groupId);
    this.ownership.emit({ kind: 'channel', id: channelId, groupId });
    return { group: await this.row(group.id) };
  }

  async linkVrChannel(group: Group, vrChannelId: string, linked: boolean): Promise<{ group: GroupRow }> {
    const channel = await this.store.groups.vrChannel(vrChannelId);
    if (channel === undefined || channel.inventoryId !== group.inventoryId) throw notFound(`Video return channel '${shown(vrChannelId)}' not found`);
    await this.store.groups.setVrChannel(group.id, vrChannelId, linked);
    return { group: await this.row(group.id) };
  }

  /** Adds a user of the group's inventory to the group, or removes them. */
  async linkUser(group: Group, userId: string, linked: boolean): Promise<{ group: GroupRow }> {
    const user = await this.store.users.get(userId);
    if (user === undefined) throw notFound(`User '${shown(userId)}' not found`);
    const inventories = await this.store.users.inventoryIdsOfUser(userId);
    if (linked && !inventories.includes(group.inventoryId)) throw badRequest(`User '${user.username}': ${GROUP_MESSAGES.otherInventory}`);
    if (linked) await this.store.users.addToGroups(userId, [group.id]);
    else await this.store.users.removeFromGroup(userId, group.id);
    this.ownership.emit({ kind: 'user', userId });
    return { group: await this.row(group.id) };
  }

  /** spec 000 §6 feature flags of the group's inventory (a flag is on only when the inventory says true). */
  async features(group: Group) {
    const inventory = await this.store.inventories.get(group.inventoryId);
    const on = new Set(inventory?.features ?? []);
    return {
      uid: group.id,
      inventoryId: group.inventoryId,
      features: Object.fromEntries(INVENTORY_FEATURE_FLAG_NAMES.map((flag) => [flag, on.has(flag)])) as Record<(typeof INVENTORY_FEATURE_FLAG_NAMES)[number], boolean>,
    };
  }

  async defaultConfiguration(group: Group) {
    const stored = await this.store.groups.defaultConfiguration(group.id);
    if (stored === undefined) throw notFound(GROUP_MESSAGES.configurationUnavailable);
    return { groupId: group.id, ...stored };
  }

  /** POST: the first time only (409 "Inventory configuration already exists"); PUT: only once one exists. */
  async setDefaultConfiguration(group: Group, configuration: GroupDefaultConfiguration, mode: 'create' | 'update') {
    refuseFields(defaultConfigurationErrors(configuration));
    const existing = await this.store.groups.defaultConfiguration(group.id);
    if (mode === 'create' && existing !== undefined) throw conflict(GROUP_MESSAGES.configurationExists);
    if (mode === 'update' && existing === undefined) throw notFound(GROUP_MESSAGES.configurationUnavailable);
    const updatedAt = this.now();
    await this.store.groups.setDefaultConfiguration(group.id, configuration, updatedAt);
    return { groupId: group.id, configuration, updatedAt };
  }

  async alertsConfiguration(group: Group): Promise<{ groupId: string; configuration: AlertsConfiguration }> {
    return { groupId: group.id, configuration: (await this.store.groups.alertsConfiguration(group.id)) ?? {} };
  }

  /** The given parts replace the stored ones (spec 000 §9 alerts: battery %, camera, e-mails). */
  async setAlertsConfiguration(group: Group, changes: AlertsConfiguration, emailCheck: (address: string) => string | null) {
    const fields: Record<string, string | null> = {};
    (changes.emails ?? []).forEach((address, i) => (fields[`emails[${i}]`] = emailCheck(address)));
    refuseFields(fields);
    const configuration = { ...((await this.store.groups.alertsConfiguration(group.id)) ?? {}), ...changes };
    await this.store.groups.setAlertsConfiguration(group.id, configuration);
    return { groupId: group.id, configuration };
  }

  /**
   * spec 001 §3, §4 multi-camera channels: one per media server of the group's channels, its status
   * offline if any sub-channel is offline, else collecting if any collects, else idle; sorted by
   * status then name. Live statuses come from the fleet (a channel it does not know is offline).
   */
  async multiChannels(group: Group) {
    const channels = await this.store.channels.listByGroup(group.id);
    const byServer = new Map<string, { name: string; sdi: boolean; channels: { uniqueId: string; name: string; status: ChannelStatus }[] }>();
    for (const channel of channels) {
      if (channel.serverId === null) continue;
      const entry = byServer.get(channel.serverId) ?? { name: '', sdi: false, channels: [] };
      if (entry.name === '') entry.name = (await this.store.servers.get(channel.serverId))?.name ?? channel.serverId;
      const status: ChannelStatus = parseChannelStatus(this.live.channelStatus(channel.id)?.status ?? 'offline') ?? 'offline';
      entry.channels.push({ uniqueId: channel.id, name: channel.name, status });
      entry.sdi ||= typeof channel.config['sdiNo'] === 'number';
      byServer.set(channel.serverId, entry);
    }
    return sortMultiCameraChannels(
      [...byServer].map(([serverId, entry]) => {
        const status = multiChannelStatus(entry.channels.map((c) => c.status));
        return { uniqueId: serverId, name: entry.name, status, busy: status === 'collecting', sdi: entry.sdi, channels: entry.channels };
      }),
    );
  }

  /** The unit's group, as a list (a unit is in at most one group). */
  async groupsOfUnit(groupId: string | null): Promise<Ref[]> {
    if (groupId === null) return [];
    const group = await this.store.groups.get(groupId);
    return group === undefined ? [] : [{ id: group.id, name: group.name }];
  }

  /** A name taken by another group is refused on the name field (spec 002 §5 "Name is already taken..."). */
  private async unique(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (constraintKind(error) === 'unique') throw new HttpError(409, MESSAGES.nameTaken, { fields: { name: MESSAGES.nameTaken } });
      throw error;
    }
  }
}
