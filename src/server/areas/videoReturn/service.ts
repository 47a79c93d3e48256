/**
 * The video return area's service (spec 001 §3, §4, §5, §7; spec 000 §7, §8 video return on a
 * unit): the stored channel (repo.ts) joined with its live state (the simulator's VideoReturnSim,
 * src/server/sim/videoReturn.ts), the configuration rules of src/domain/videoReturn.ts, the admin
 * CRUD with inventories and groups, and the facts a unit's video return start is checked against.
 * HTTP stays in routes.ts; refusals are HttpErrors with the spec's words on their field.
 */
import { randomUUID } from 'node:crypto';
import {
  hasVideoReturnLicence,
  SRT_MODES,
  VR_INPUT_TYPES,
  VR_MESSAGES,
  VR_START_MESSAGES,
  videoReturnStartRefusal,
  vrChannelFormErrors,
  vrStreamingAddresses,
  type SrtMode,
  type VrChannelForm,
  type VrInputType,
} from '../../../domain/videoReturn.ts';
import { vrChannelRemovalRefusal } from '../../../domain/inventories.ts';
import { SRT_PASSPHRASE_CHARS } from '../../../domain/validation/destinations.ts';
import { NON_ZERO_PORT_RANGE } from '../../../domain/validation/ports.ts';
import { ERRORS } from '../../../domain/errors.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { NewVrChannel, VrReceiverUnit, VrChannelAdminChanges, VrChannelUpdate, VrChannelView, VrSearchKey, VrSortKey } from '../../../protocol/rest/videoReturn.ts';
import { badRequest, conflict, HttpError, notFound, refuseFields } from '../../http/errors.ts';
import { inventoryFilter, seesInventory, type Tenancy } from '../../http/tenancy.ts';
import type { VrLiveState, VrReceiver } from '../../sim/videoReturn.ts';
import { constraintKind } from '../../store/database.ts';
import type { RouteDeps } from '../deps.ts';
import type { StoredUnit } from '../units/repo.ts';
import type { StoredVrChannel, VrChannelRecord } from './repo.ts';

type VrDeps = Pick<RouteDeps, 'store' | 'fleet' | 'now'>;

const shown = (id: string): string => id.slice(0, 64);

/** Ours: most units one channel sends to at once (point to multipoint; spec 001 §3 p2MPStreamingStatuses). */
export const VR_MAX_RECEIVERS = 8;

/** The unknown-channel answer of the operating calls (spec 002 §8: the console only logs it on update). */
export const unknownVrChannel = (): HttpError => notFound(VR_MESSAGES.unknownChannel);

/** What the admin screens say of a channel that is not the caller's (same 404 for unknown and foreign ids). */
export const vrChannelNotFound = (id: string): HttpError => notFound(`Video return channel '${shown(id)}' not found`);

/** The stored fields as the domain's form sees them (the passphrase as stored). */
function formOf(channel: StoredVrChannel): VrChannelForm {
  return {
    name: channel.name,
    description: channel.description,
    inputType: channel.inputType,
    srtMode: channel.srtMode,
    url: channel.url,
    passphrase: channel.passphrase,
    destinationPort: channel.destinationPort,
    internalIp: channel.internalIp,
    externalIp: channel.externalIp,
  };
}

/** A port as typed (a number, its text or empty) → the stored number; call after the rules passed. */
function portOf(value: number | string | null): number | null {
  if (value === null) return null;
  const text = String(value).trim();
  return text === '' ? null : Number(text);
}

export class VideoReturnService {
  constructor(private readonly deps: VrDeps) {}

  // ── Live state ──

  /** Every unit receiving video return, by channel (one pass over the fleet); empty without a fleet. */
  private receivers(): ReadonlyMap<string, VrReceiver[]> {
    return this.deps.fleet.get()?.fleet.videoReturn.receivers() ?? new Map();
  }

  /** The live state of a stored channel; without a running simulator: offline without a server, else idle. */
  async live(channel: StoredVrChannel, receivers: ReadonlyMap<string, VrReceiver[]> = this.receivers()): Promise<VrLiveState> {
    const sim = this.deps.fleet.get()?.fleet.videoReturn;
    if (sim === undefined) return { state: channel.serverId === null ? 'offline' : 'idle', uptimeS: null, inputStandard: null, inputParameters: null, receivers: [] };
    return sim.observe(
      { id: channel.id, serverId: channel.serverId, inputType: channel.inputType, srtMode: channel.srtMode, url: channel.url, destinationPort: channel.destinationPort },
      receivers,
    );
  }

  async view(channel: StoredVrChannel, receivers?: ReadonlyMap<string, VrReceiver[]>): Promise<VrChannelView> {
    const live = await this.live(channel, receivers);
    return {
      uniqueId: channel.id,
      name: channel.name,
      description: channel.description,
      inventoryId: channel.inventoryId,
      inventoryName: channel.inventoryName,
      serverId: channel.serverId,
      serverName: channel.serverName,
      inputType: channel.inputType,
      srtMode: channel.srtMode,
      url: channel.url,
      hasPassphrase: channel.passphrase !== '',
      destinationPort: channel.destinationPort,
      internalIp: channel.internalIp,
      externalIp: channel.externalIp,
      serialNumber: channel.serialNumber,
      status: live.state,
      uptime: live.uptimeS,
      inputStandard: live.inputStandard,
      inputParameters: live.inputParameters === null ? null : { ...live.inputParameters },
      p2MPStreamingStatuses: live.receivers.map((r) => ({ ...r })),
      urlData: vrStreamingAddresses(formOf(channel)),
      updatedAt: channel.updatedAt,
    };
  }

  private views(channels: readonly StoredVrChannel[]): Promise<VrChannelView[]> {
    const receivers = this.receivers();
    return Promise.all(channels.map((channel) => this.view(channel, receivers)));
  }

  async viewOf(id: string): Promise<VrChannelView> {
    const channel = await this.deps.store.vrChannels.get(id);
    if (channel === undefined) throw vrChannelNotFound(id);
    return this.view(channel);
  }

  // ── Operating (spec 001 §7, the group's channels) ──

  async groupChannels(groupId: string): Promise<VrChannelView[]> {
    return this.views(await this.deps.store.vrChannels.ofGroup(groupId));
  }

  /** The channel when the group holds it; 404 "Unknown video return channel" otherwise. */
  async ofGroup(groupId: string, id: string): Promise<StoredVrChannel> {
    const channel = await this.deps.store.vrChannels.get(id);
    if (channel === undefined || !(await this.deps.store.vrChannels.inGroup(id, groupId))) throw unknownVrChannel();
    return channel;
  }

  capabilities(channel: StoredVrChannel) {
    return {
      uniqueId: channel.id,
      inputTypes: channel.serverId === null ? (['disabled'] as VrInputType[]) : [...VR_INPUT_TYPES],
      srtModes: [...SRT_MODES],
      passphraseLength: { ...SRT_PASSPHRASE_CHARS },
      portRange: { ...NON_ZERO_PORT_RANGE },
      maxReceivers: VR_MAX_RECEIVERS,
      hevc: true,
    };
  }

  inputSources(channel: StoredVrChannel) {
    const sources: { id: string; inputType: VrInputType; srtMode: SrtMode | null; label: string }[] = [{ id: 'disabled', inputType: 'disabled', srtMode: null, label: 'Disabled' }];
    if (channel.serverId !== null) {
      sources.push(
        { id: 'sdi-1', inputType: 'sdi', srtMode: null, label: 'SDI in 1' },
        { id: 'srt-listener', inputType: 'srt', srtMode: 'listener', label: 'SRT listener' },
        { id: 'srt-caller', inputType: 'srt', srtMode: 'caller', label: 'SRT caller' },
      );
    }
    return {
      uniqueId: channel.id,
      current: { inputType: channel.inputType, srtMode: channel.srtMode, url: channel.url, hasPassphrase: channel.passphrase !== '', destinationPort: channel.destinationPort },
      sources,
    };
  }

  ips(channel: StoredVrChannel) {
    return { uniqueId: channel.id, internalIp: channel.internalIp, externalIp: channel.externalIp, urlData: vrStreamingAddresses(formOf(channel)) };
  }

  /**
   * Applies changes to a channel (operator: name, description, input, IPs; administrator: also its
   * server and serial number). The merged configuration must pass spec 001 §5's rules; a passphrase
   * left out stays, '' removes it; an input that is not SRT keeps no SRT mode.
   */
  async update(channel: StoredVrChannel, changes: VrChannelUpdate | VrChannelAdminChanges): Promise<VrChannelView> {
    const record = await this.checked(channel, changes);
    if ('serverId' in changes && changes.serverId !== undefined && changes.serverId !== null) await this.checkServer(changes.serverId, channel.inventoryId);
    await this.unique(() => this.deps.store.vrChannels.update(channel.id, record, this.deps.now()));
    return this.viewOf(channel.id);
  }

  /** The record a change writes, after the rules (400 with every failing field). */
  private async checked(channel: StoredVrChannel | null, changes: VrChannelUpdate | VrChannelAdminChanges): Promise<Partial<VrChannelRecord>> {
    const base: VrChannelForm = channel === null ? { name: '', description: '', inputType: 'disabled', srtMode: null, url: '', passphrase: '', destinationPort: null, internalIp: '', externalIp: '' } : formOf(channel);
    const inputType = changes.inputType ?? base.inputType;
    const form: VrChannelForm = {
      name: changes.name?.trim() ?? base.name,
      description: changes.description ?? base.description,
      inputType,
      srtMode: inputType === 'srt' ? (changes.srtMode !== undefined ? changes.srtMode : base.srtMode) : null,
      url: (changes.url ?? base.url).trim(),
      passphrase: changes.passphrase ?? base.passphrase,
      destinationPort: changes.destinationPort !== undefined ? changes.destinationPort : base.destinationPort,
      internalIp: (changes.internalIp ?? base.internalIp).trim(),
      externalIp: (changes.externalIp ?? base.externalIp).trim(),
    };
    const taken = await this.deps.store.vrChannels.otherNames(channel?.id ?? null);
    refuseFields(vrChannelFormErrors(form, taken));
    return {
      name: form.name,
      description: form.description,
      inputType: form.inputType,
      srtMode: form.srtMode,
      url: form.url,
      passphrase: form.passphrase,
      destinationPort: portOf(form.destinationPort),
      internalIp: form.internalIp,
      externalIp: form.externalIp,
      ...('serverId' in changes && changes.serverId !== undefined ? { serverId: changes.serverId } : {}),
      ...('serialNumber' in changes && changes.serialNumber !== undefined ? { serialNumber: changes.serialNumber.trim() } : {}),
    };
  }

  /** A channel runs on a video return server of its own inventory (400 on serverId otherwise). */
  private async checkServer(serverId: string, inventoryId: string): Promise<void> {
    const server = await this.deps.store.servers.get(serverId);
    if (server === undefined || server.type !== 'videoReturn' || server.inventoryId !== inventoryId) {
      const message = `Video return server '${shown(serverId)}' not found in this inventory`;
      throw badRequest(message, { fields: { serverId: message } });
    }
  }

  /** A unique name violation (a race past the rules' check) → 409 on name. */
  private async unique(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (constraintKind(error) === 'unique') throw conflict(MESSAGES.nameTaken, { fields: { name: MESSAGES.nameTaken } });
      throw error;
    }
  }

  // ── Administration (spec 001 §7 v2/admin/vrChannels) ──

  async page(tenancy: Tenancy, request: PageRequest<VrSearchKey, VrSortKey>, inventoryId?: string) {
    const { total, items } = await this.deps.store.vrChannels.page({ inventoryIds: inventoryId !== undefined ? [inventoryId] : inventoryFilter(tenancy), ...request });
    return { total, limit: request.limit, offset: request.offset, items: await this.views(items) };
  }

  async create(tenancy: Tenancy, input: NewVrChannel): Promise<VrChannelView> {
    const inventory = await this.deps.store.inventories.get(input.inventoryId);
    if (inventory === undefined || !seesInventory(tenancy, inventory.id)) {
      const message = `Inventory '${shown(input.inventoryId)}' not found`;
      throw new HttpError(404, message, { fields: { inventoryId: message } });
    }
    const record = await this.checked(null, input);
    if (input.serverId !== undefined && input.serverId !== null) await this.checkServer(input.serverId, inventory.id);
    const groupIds = [...new Set(input.groupIds ?? [])];
    for (const groupId of groupIds) {
      const group = await this.deps.store.groups.get(groupId);
      if (group === undefined || group.inventoryId !== inventory.id) {
        const message = `Group '${shown(groupId)}' not found in this inventory`;
        throw badRequest(message, { fields: { groupIds: message } });
      }
    }
    const id = `VRC-${randomUUID()}`;
    await this.unique(() =>
      this.deps.store.transaction(async (tx) => {
        await tx.vrChannels.insert(
          id,
          {
            name: record.name ?? '',
            description: record.description ?? '',
            inventoryId: inventory.id,
            serverId: record.serverId ?? null,
            inputType: record.inputType ?? 'disabled',
            srtMode: record.srtMode ?? null,
            url: record.url ?? '',
            passphrase: record.passphrase ?? '',
            destinationPort: record.destinationPort ?? null,
            internalIp: record.internalIp ?? '',
            externalIp: record.externalIp ?? '',
            serialNumber: record.serialNumber ?? '',
          },
          this.deps.now(),
        );
        for (const groupId of groupIds) await tx.groups.setVrChannel(groupId, id, true);
      }),
    );
    return this.viewOf(id);
  }

  /** Deletes a channel no group holds (409 with the inventories area's words otherwise). */
  async remove(channel: StoredVrChannel): Promise<{ removed: number }> {
    const refusal = vrChannelRemovalRefusal((await this.deps.store.vrChannels.groupIds(channel.id)).length);
    if (refusal !== null) throw conflict(refusal);
    const removed = await this.deps.store.vrChannels.delete(channel.id);
    await this.deps.fleet.get()?.fleet.videoReturn.forget(channel.id);
    return { removed: removed ? 1 : 0 };
  }

  async servers(inventoryId: string) {
    return (await this.deps.store.servers.listByInventory(inventoryId, 'videoReturn')).map((s) => ({ id: s.id, name: s.name }));
  }

  // ── Video return to a unit (spec 000 §7, §8) ──

  /** Units listed at most by the portal (a group holds a few hundred). */
  static readonly RECEIVERS_MAX = 1000;

  /** The group's units as the portal shows them, by name (their live state from the simulator). */
  async receiverUnits(groupId: string): Promise<VrReceiverUnit[]> {
    const { units } = await this.deps.store.units.list({ groupIds: [groupId], searchKey: 'name', searchValue: '', sortBy: 'name', sortDir: 'asc', limit: VideoReturnService.RECEIVERS_MAX, offset: 0 });
    const fleet = this.deps.fleet.get()?.fleet;
    return units.map((unit) => {
      const live = fleet?.unit(unit.uid);
      const app = live?.applications.videoReturn as { state?: unknown; channelId?: unknown } | undefined;
      const selected = unit.settings['vrChannelSelected'];
      return {
        uid: unit.uid,
        name: unit.name,
        type: unit.type,
        online: live !== undefined && live.state !== 'offline',
        licensed: hasVideoReturnLicence(unit.type),
        selectedChannelId: typeof selected === 'string' ? selected : null,
        receiving: app === undefined ? null : { channelId: typeof app.channelId === 'string' ? app.channelId : null, state: typeof app.state === 'string' ? app.state : 'connecting' },
      };
    });
  }

  /**
   * Checks a unit's channel choice: null clears it; a channel must be a video return channel of
   * the unit's group (404 "Unknown video return channel" for an unknown id; 400 "The selected
   * channel is an external channel." for another group's).
   */
  async checkUnitChoice(unit: StoredUnit, channelId: string | null): Promise<void> {
    if (channelId === null) return;
    if ((await this.deps.store.vrChannels.get(channelId)) === undefined) throw unknownVrChannel();
    if (unit.groupId === null || !(await this.deps.store.vrChannels.inGroup(channelId, unit.groupId))) {
      throw badRequest(ERRORS.videoReturn.externalChannel, { fields: { channelId: ERRORS.videoReturn.externalChannel } });
    }
  }

  /**
   * Why video return cannot start on the unit, as a 409 with the spec's words (spec 000 §8:
   * no licence, no channel selected, external channel, channel offline, no video), or nothing.
   */
  async checkStart(unit: StoredUnit, selectedChannelId: string | null): Promise<void> {
    let channelState: VrLiveState['state'] | undefined;
    if (selectedChannelId !== null && unit.groupId !== null) {
      const channel = await this.deps.store.vrChannels.get(selectedChannelId);
      if (channel !== undefined && (await this.deps.store.vrChannels.inGroup(channel.id, unit.groupId))) channelState = (await this.live(channel)).state;
    }
    const refusal = videoReturnStartRefusal({ unitType: unit.type, selectedChannelId, channelState });
    if (refusal !== null) throw conflict(VR_START_MESSAGES[refusal]);
  }
}
