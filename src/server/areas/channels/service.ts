/**
 * The channels area's service (spec 001 §3 Channel, §4 live status, §5 rules, §7 "Channels"): the
 * domain's rules (src/domain/channelConfig.ts, channels.ts, validation/destinations.ts) → the
 * repositories → channel.config on the bus after the write, so the console's worker re-derives the
 * channel's type, flags and counters (docs/protocol.md). HTTP stays in routes.ts, SQL in repo.ts.
 *
 * A channel's configuration is one JSON document (channelConfig.ts ChannelConfig); every write reads
 * the whole stored document with the domain's defaults, changes one section, checks that section's
 * rules with the facts of the channel's server (version gates, output licence, SMPTE bounds, audio
 * interface limit: live.ts) and stores the whole document again.
 */
import { randomUUID } from 'node:crypto';
import {
  audioInterfacesErrors,
  bwLimitError,
  channelEntity,
  defaultChannelConfig,
  ffmpegErrors,
  forcedGeneral,
  generalErrors,
  ifbDelayMs,
  isOutputConfig,
  multipointErrors,
  ndiErrors,
  overlayErrors,
  smpteConfigured,
  smpteErrors,
  storedTypeOf,
  tallyErrors,
  type AudioInterface,
  type ChannelConfig,
} from '../../../domain/channelConfig.ts';
import { channelCounters, groupChannelStatus, type ChannelType } from '../../../domain/channels.ts';
import { hasFeature } from '../../../domain/versions.ts';
import { ERRORS } from '../../../domain/errors.ts';
import { entityNameError } from '../../../domain/validation/names.ts';
import { destinationErrors } from '../../../domain/validation/destinations.ts';
import { IFB_MODE_BLOCK_MESSAGES, ifbModeChangeBlocks, type IfbMode } from '../../../domain/servers.ts';
import { STREAMING_MEDIA_PROFILES } from '../../../domain/streamingProfiles.ts';
import { TURN_CREDENTIAL_LIFETIME_MS } from '../../../domain/stunTurn.ts';
import { MULTIPOINT_SERVERS_LIST_LIMIT } from '../../../domain/constants.ts';
import type { PageRequest, Ref } from '../../../protocol/rest/common.ts';
import type {
  ChannelAdminRow,
  ChannelCapabilities,
  ChannelChanges,
  ChannelDetails,
  ChannelSearchKey,
  ChannelSortKey,
  Destination,
  DestinationInput,
  NewChannel,
} from '../../../protocol/rest/channels.ts';
import { badRequest, conflict, HttpError, notFound, refuseFields } from '../../http/errors.ts';
import { inventoryFilter, seesInventory, type Tenancy } from '../../http/tenancy.ts';
import { channelAdministered } from '../../http/scope.ts';
import type { RouteDeps } from '../deps.ts';
import type { Store } from '../../store/store.ts';
import type { ChannelRow, StoredChannel } from './repo.ts';
import type { StoredDestination } from './destinationRepo.ts';
import {
  announceConfig,
  channelBusy,
  configOf,
  detailsOf,
  ifbLinesOf,
  ifbModeOf,
  liveStatusOf,
  maxAudioInterfacesOf,
  outputLicenceOf,
  PTP_DOMAIN_BOUNDS,
  serverIps,
  SMPTE_PORT_BOUNDS,
  supports4kOf,
} from './live.ts';
import { createHash } from 'node:crypto';
import type { LogPhase } from '../../sim/channels.ts';

const shown = (id: string): string => id.slice(0, 64);
const SMPTE_BOUNDS = { port: SMPTE_PORT_BOUNDS, ptpDomain: PTP_DOMAIN_BOUNDS };

/** spec 001 §8 / 000 §8: a channel in use is not deleted, nor freed from its ingest server. */
export const CHANNEL_NOT_IDLE = ERRORS.social.channelNotIdle;
/** Ours: a channel's destination or overlay named by id that the channel cannot use. */
export const DESTINATION_NOT_FOUND = 'Streaming destination not found';
export const OVERLAY_NOT_FOUND = 'Overlay not found in the channel’s inventory';
/** Ours: the ingest allocation names a server that is not an ingest server of the channel's inventory. */
export const INGEST_SERVER_NOT_FOUND = 'Ingest server not found in this inventory';
/** Ours: a channel created on a server that is not a media server of the caller's inventories. */
export const SERVER_NOT_FOUND = (id: string): string => `Server '${shown(id)}' not found`;
/** Ours: a channel's group must belong to the channel's inventory. */
export const GROUP_OF_OTHER_INVENTORY = 'The group belongs to another inventory';
/** The spec's log refusals (001 §8, 000 §8 "Send logs"). */
const LOG_REFUSALS = {
  unknownChannel: ERRORS.sendLogs.channelOffline,
  channelOffline: ERRORS.sendLogs.channelOffline,
  otherChannelFetching: ERRORS.sendLogs.oneChannelAtATime,
} as const;

/** Every field of a destination as answered, from the stored one (credentials only as flags). */
function destinationOf(stored: StoredDestination, flags: { hasPassword: boolean; hasPassphrase: boolean } | undefined, activeId: string | null): Destination {
  const d = stored.details;
  const text = (key: string): string => (typeof d[key] === 'string' ? (d[key] as string) : '');
  const int = (key: string): number | null => (typeof d[key] === 'number' ? (d[key] as number) : null);
  const bool = (key: string): boolean => d[key] === true;
  return {
    id: stored.id,
    channelId: stored.channelId,
    name: stored.name,
    provider: (text('provider') || 'Custom') as Destination['provider'],
    link: text('link'),
    secondaryLink: text('secondaryLink'),
    streamType: (text('streamType') || 'rtmp') as Destination['streamType'],
    streamId: text('streamId'),
    username: text('username'),
    hasPassword: flags?.hasPassword ?? false,
    videoProfile: (typeof d['videoProfile'] === 'string' ? d['videoProfile'] : null) as Destination['videoProfile'],
    bitrateKbps: int('bitrateKbps'),
    resolution: (typeof d['resolution'] === 'string' ? d['resolution'] : null) as Destination['resolution'],
    maxFrameRate: int('maxFrameRate'),
    srtMode: typeof d['srtMode'] === 'string' ? (d['srtMode'] as string) : null,
    hasPassphrase: flags?.hasPassphrase ?? false,
    latencyMs: int('latencyMs'),
    sourcePort: int('sourcePort'),
    transparent: bool('transparent'),
    ffmpegOverride: bool('ffmpegOverride'),
    ffmpegCommand: text('ffmpegCommand'),
    mpegTsIp: text('mpegTsIp'),
    mpegTsPort: int('mpegTsPort'),
    mpegTsVideoBitrate: int('mpegTsVideoBitrate'),
    active: stored.id === activeId,
  };
}

/** The stored details of a destination input: every answered field but the credentials. */
function detailsOfInput(input: DestinationInput): Record<string, unknown> {
  const { name: _name, password: _password, passphrase: _passphrase, ...rest } = input;
  return rest;
}

/** A channel's row as `store` (a transaction's, or the root) reads it; 404 when it is gone. */
async function rowIn(store: Store, id: string): Promise<ChannelRow> {
  const row = await store.channels.row(id);
  if (row === undefined) throw notFound(`Channel '${shown(id)}' not found`);
  return row;
}

export class ChannelService {
  constructor(private readonly deps: RouteDeps) {}

  private get store() {
    return this.deps.store;
  }

  /** The channels simulator when the fleet runs. */
  private sim() {
    return this.deps.fleet.get()?.fleet;
  }

  async row(id: string): Promise<ChannelRow> {
    const row = await this.store.channels.row(id);
    if (row === undefined) throw notFound(`Channel '${shown(id)}' not found`);
    return row;
  }

  details(row: ChannelRow): ChannelDetails {
    return detailsOf(this.deps, row);
  }

  // ── Reads ──

  async ofGroup(groupId: string): Promise<ChannelDetails[]> {
    return (await this.store.channels.rowsOfGroup(groupId)).map((row) => this.details(row));
  }

  /** spec 001 §4: the group pseudo-channel and the channel counters, from the channels' facts now. */
  async groupDetails(groupId: string) {
    const channels = await this.ofGroup(groupId);
    const entities = channels.map((c) => channelEntity({ id: c.id, name: c.name, status: c.status, config: c.config, liveuVersion: c.liveuVersion }));
    return { groupId, groupStatus: groupChannelStatus(channels.map((c) => c.status)), counters: channelCounters(entities), channels };
  }

  async page(tenancy: Tenancy, request: PageRequest<ChannelSearchKey, ChannelSortKey>) {
    const { total, items } = await this.store.channels.page({ inventoryIds: inventoryFilter(tenancy), ...request });
    return { total, limit: request.limit, offset: request.offset, items: items.map(adminRowOf) };
  }

  /** Every channel the caller operates (its groups' channels, and the group-less ones of its inventories), by name. */
  async visible(tenancy: Tenancy): Promise<ChannelDetails[]> {
    const all = await this.store.channels.list();
    const ids = all.filter((c) => visibleTo(tenancy, c)).map((c) => c.id);
    return (await this.store.channels.rowsByIds(ids)).map((row) => this.details(row));
  }

  /**
   * A channel the caller administers (any of their groups or inventories), or one on a media server
   * of their inventories (a channel taken out of its inventory stays theirs to link again); else the
   * same 404 as an unknown one.
   */
  async administered(tenancy: Tenancy, id: string): Promise<ChannelRow> {
    const row = await this.store.channels.row(id);
    const server = row?.channel.serverId == null ? undefined : await this.store.servers.get(row.channel.serverId);
    if (row === undefined || !(channelAdministered(tenancy, row.channel) || seesInventory(tenancy, server?.inventoryId))) throw notFound(`Channel '${shown(id)}' not found`);
    return row;
  }

  isSdi(channel: StoredChannel): boolean {
    return configOf(channel).general.sdiNo !== null;
  }

  /** Output channels, distributors included (spec 001 §4: a distributor is forced to output). */
  isOutput(channel: StoredChannel): boolean {
    return isOutputConfig(configOf(channel));
  }

  isRecording(channel: StoredChannel): boolean {
    return configOf(channel).general.recording;
  }

  // ── Administration ──

  async create(tenancy: Tenancy, input: NewChannel): Promise<ChannelDetails> {
    const name = input.name.trim();
    const server = await this.store.servers.get(input.serverId);
    if (server === undefined || server.inventoryId === null || !seesInventory(tenancy, server.inventoryId)) {
      throw new HttpError(404, SERVER_NOT_FOUND(input.serverId), { fields: { serverId: SERVER_NOT_FOUND(input.serverId) } });
    }
    const type: ChannelType = input.type;
    const config = defaultChannelConfig(type);
    const others = await this.store.channels.listByServer(server.id);
    refuseFields(
      generalErrors(name, config.general, {
        liveuVersion: server.swVersion === '' ? null : server.swVersion,
        otherOutputs: others.filter((c) => isOutputConfig(configOf(c))).length,
        outputLicence: outputLicenceOf(server),
        takenNames: await this.store.channels.namesExcept(null),
        forceOutputBefore: true, // the type implies it: a new output channel is forced by its type, not by an edit
      }),
    );
    const groupId = input.groupId ?? null;
    if (groupId !== null) await this.checkGroup(tenancy, groupId, server.inventoryId);
    const id = `CH-${randomUUID()}`;
    const row = await this.deps.outbox.write(this.store, async (tx) => {
      await tx.channels.insert({ id, name, type, serverId: server.id, groupId, inventoryId: server.inventoryId, config: config as unknown as Record<string, unknown>, createdAt: this.deps.now() });
      const created = await rowIn(tx, id);
      await announceConfig(this.deps, tx, created);
      return created;
    });
    await this.sim()?.channels.add({ id, groupId: groupId ?? '', serverId: server.id });
    this.deps.ownership.emit({ kind: 'channel', id, groupId });
    return this.details(row);
  }

  private async checkGroup(tenancy: Tenancy, groupId: string, inventoryId: string | null): Promise<void> {
    const group = await this.store.groups.get(groupId);
    if (group === undefined || !(tenancy.all || tenancy.groupIds.has(group.id) || tenancy.inventoryIds.has(group.inventoryId))) {
      throw new HttpError(404, `Group '${shown(groupId)}' not found`, { fields: { groupId: `Group '${shown(groupId)}' not found` } });
    }
    if (group.inventoryId !== inventoryId) throw badRequest(GROUP_OF_OTHER_INVENTORY, { fields: { groupId: GROUP_OF_OTHER_INVENTORY } });
  }

  /** The admin edit: the group (checked), then the tabs as the operator's editor saves them. */
  async update(tenancy: Tenancy, row: ChannelRow, changes: ChannelChanges): Promise<ChannelDetails> {
    if (changes.groupId !== undefined) {
      if (changes.groupId !== null) await this.checkGroup(tenancy, changes.groupId, row.channel.inventoryId);
      await this.store.channels.setGroup(row.channel.id, changes.groupId);
      this.deps.ownership.emit({ kind: 'channel', id: row.channel.id, groupId: changes.groupId });
    }
    const { groupId: _groupId, ...configuration } = changes;
    return this.configure(await this.row(row.channel.id), configuration);
  }

  async remove(row: ChannelRow): Promise<number> {
    if (channelBusy(this.deps, row.channel.id)) throw conflict(CHANNEL_NOT_IDLE);
    const removed = await this.store.channels.remove(row.channel.id);
    await this.sim()?.channels.remove(row.channel.id);
    this.deps.ownership.emit({ kind: 'channel', id: row.channel.id, groupId: null, removed: true });
    return removed;
  }

  async link(row: ChannelRow, inventoryId: string | null): Promise<ChannelAdminRow> {
    const after = await this.deps.outbox.write(this.store, async (tx) => {
      await tx.channels.update(row.channel.id, { inventoryId, groupId: null });
      const linked = await rowIn(tx, row.channel.id);
      await announceConfig(this.deps, tx, linked);
      return linked;
    });
    this.deps.ownership.emit({ kind: 'channel', id: row.channel.id, groupId: null });
    return adminRowOf(after);
  }

  // ── The editor's tabs ──

  /** The other facts the General tab's rules need: the server, its other outputs, the names taken. */
  private async generalContext(row: ChannelRow, before: ChannelConfig) {
    const server = row.channel.serverId === null ? undefined : await this.store.servers.get(row.channel.serverId);
    const others = row.channel.serverId === null ? [] : (await this.store.channels.listByServer(row.channel.serverId)).filter((c) => c.id !== row.channel.id);
    return {
      liveuVersion: row.serverVersion,
      otherOutputs: others.filter((c) => isOutputConfig(configOf(c))).length,
      outputLicence: outputLicenceOf(server),
      takenNames: await this.store.channels.namesExcept(row.channel.id),
      forceOutputBefore: before.general.forceOutput,
    };
  }

  /** Saves the General, NDI and Graphics Overlay tabs, the active destination and the name; each with its rules. */
  async configure(
    row: ChannelRow,
    changes: { name?: string; general?: ChannelConfig['general']; ndi?: ChannelConfig['ndi']; overlay?: ChannelConfig['overlay']; streaming?: { activeDestinationId: string | null } },
  ): Promise<ChannelDetails> {
    const before = configOf(row.channel);
    const name = changes.name?.trim() ?? row.channel.name;
    const general = changes.general !== undefined ? forcedGeneral(changes.general) : before.general;
    const errors: Record<string, string | undefined> = {};
    if (changes.name !== undefined || changes.general !== undefined) {
      const context = await this.generalContext(row, before);
      // Unchanged output flags stay allowed (a channel over the licence before an upgrade is not locked).
      const gen = generalErrors(name, general, context);
      if (changes.general === undefined || (isOutputConfig({ ...before, general }) && isOutputConfig(before))) delete gen.output;
      if (changes.name === undefined) delete gen.name;
      Object.assign(errors, gen);
    }
    if (changes.ndi !== undefined) Object.assign(errors, ndiErrors(changes.ndi));
    let streaming = before.streaming;
    if (changes.overlay !== undefined) {
      Object.assign(errors, overlayErrors(changes.overlay, row.serverVersion));
      const overlayId = changes.overlay.overlayId;
      if (errors['overlayId'] === undefined && overlayId !== null) {
        const overlay = await this.store.overlays.get(overlayId);
        if (overlay === undefined || overlay.inventoryId !== row.channel.inventoryId) errors['overlayId'] = OVERLAY_NOT_FOUND;
      }
    }
    if (changes.streaming !== undefined) {
      const id = changes.streaming.activeDestinationId;
      if (id === null) streaming = { activeDestinationId: null, cdnName: null };
      else {
        const destination = await this.store.destinations.get(id);
        if (destination === undefined || destination.channelId !== row.channel.id) errors['activeDestinationId'] = DESTINATION_NOT_FOUND;
        else streaming = { activeDestinationId: id, cdnName: destination.name };
      }
    }
    refuseFields(errors);
    const config: ChannelConfig = {
      ...before,
      general,
      ...(changes.ndi !== undefined ? { ndi: changes.ndi } : {}),
      ...(changes.overlay !== undefined ? { overlay: changes.overlay } : {}),
      streaming,
    };
    return this.save(row, config, name);
  }

  /** Stores the whole configuration (and the type it implies, and the name), then tells the console. */
  private async save(row: ChannelRow, config: ChannelConfig, name = row.channel.name): Promise<ChannelDetails> {
    const type = row.channel.type === 'group' ? 'group' : storedTypeOf(config);
    const after = await this.deps.outbox.write(this.store, async (tx) => {
      try {
        await tx.channels.update(row.channel.id, { name, type, config: config as unknown as Record<string, unknown> });
      } catch (error) {
        // Two saves of the same name at once: the second meets the unique column.
        if (String(error).toLowerCase().includes('unique')) refuseFields({ name: entityNameError(name, [name]) ?? 'Name is already taken. Please select a different name' });
        throw error;
      }
      const saved = await rowIn(tx, row.channel.id);
      await announceConfig(this.deps, tx, saved);
      return saved;
    });
    return this.details(after);
  }

  async setMultipoint(row: ChannelRow, sharing: boolean | undefined, machines: readonly string[]) {
    const before = configOf(row.channel);
    const multipoint = { sharing: sharing ?? before.multipoint.sharing, machines: [...machines] };
    const errors: Record<string, string | undefined> = { ...multipointErrors(multipoint, row.serverVersion) };
    if (errors['machines'] === undefined && machines.length > 0) {
      const known = new Set((await this.multipointServers(row)).map((s) => s.id));
      const unknown = machines.find((id) => !known.has(id));
      if (unknown !== undefined) errors['machines'] = SERVER_NOT_FOUND(unknown);
    }
    refuseFields(errors);
    await this.save(row, { ...before, multipoint });
    return this.ptmp(await this.row(row.channel.id));
  }

  /** The media servers of the channel's inventory it may share with (itself left out), up to 1,000 (spec 001 §9). */
  private async multipointServers(row: ChannelRow): Promise<Ref[]> {
    if (row.channel.inventoryId === null) return [];
    const servers = await this.store.servers.listOfType('mmh', [row.channel.inventoryId], MULTIPOINT_SERVERS_LIST_LIMIT);
    return servers.filter((s) => s.id !== row.channel.serverId).map((s) => ({ id: s.id, name: s.name }));
  }

  async ptmp(row: ChannelRow) {
    const config = configOf(row.channel);
    const servers = await this.multipointServers(row);
    const names = new Map(servers.map((s) => [s.id, s.name]));
    return {
      uniqueID: row.channel.id,
      sharing: config.multipoint.sharing,
      machines: config.multipoint.machines.map((uid) => ({ uid, name: names.get(uid) ?? uid })),
      servers,
    };
  }

  async ffmpeg(row: ChannelRow) {
    return { channelId: row.channel.id, ffmpeg: configOf(row.channel).ffmpeg };
  }

  async setFfmpeg(row: ChannelRow, ffmpeg: ChannelConfig['ffmpeg']) {
    refuseFields(ffmpegErrors(ffmpeg));
    await this.save(row, { ...configOf(row.channel), ffmpeg });
    return { channelId: row.channel.id, ffmpeg };
  }

  /** Input sources: at most 8 (ours), each address once. */
  async addInputSource(row: ChannelRow, kind: ChannelConfig['inputSources'][number]['kind'], address: string) {
    const config = configOf(row.channel);
    const trimmed = address.trim();
    if (config.inputSources.length >= INPUT_SOURCES_MAX) refuseFields({ address: INPUT_SOURCES_MAX_MESSAGE });
    if (config.inputSources.some((s) => s.kind === kind && s.address.toLowerCase() === trimmed.toLowerCase())) refuseFields({ address: INPUT_SOURCE_TAKEN });
    const inputSources = [...config.inputSources, { id: `IS-${randomUUID()}`, kind, address: trimmed }];
    await this.save(row, { ...config, inputSources });
    return { channelId: row.channel.id, inputSources };
  }

  async removeInputSource(row: ChannelRow, sourceId: string) {
    const config = configOf(row.channel);
    if (!config.inputSources.some((s) => s.id === sourceId)) throw notFound(`Input source '${shown(sourceId)}' not found`);
    const inputSources = config.inputSources.filter((s) => s.id !== sourceId);
    await this.save(row, { ...config, inputSources });
    return { channelId: row.channel.id, inputSources };
  }

  async smpte(row: ChannelRow) {
    const smpte = configOf(row.channel).smpte;
    return { channelId: row.channel.id, smpte, bounds: SMPTE_BOUNDS, configured: smpte.flavor === null || smpteConfigured(smpte) };
  }

  async setSmpte(row: ChannelRow, smpte: ChannelConfig['smpte']) {
    refuseFields(smpteErrors(smpte, SMPTE_BOUNDS));
    await this.save(row, { ...configOf(row.channel), smpte });
    return this.smpte(await this.row(row.channel.id));
  }

  async setBwLimit(row: ChannelRow, limitKbps: number | null) {
    refuseFields({ limitKbps: bwLimitError(limitKbps) });
    await this.save(row, { ...configOf(row.channel), bwLimitKbps: limitKbps });
    return { channelId: row.channel.id, bwLimitKbps: limitKbps };
  }

  async setPrivateSession(row: ChannelRow, enabled: boolean) {
    await this.save(row, { ...configOf(row.channel), privateSession: enabled });
    return { channelId: row.channel.id, privateSession: enabled };
  }

  async setTally(row: ChannelRow, tally: ChannelConfig['tally']) {
    refuseFields(tallyErrors(tally));
    await this.save(row, { ...configOf(row.channel), tally });
    return { channelId: row.channel.id, tally };
  }

  /**
   * The IFB dialog: on, low delay (700 → 300 ms), always on; a change of the server's IFB mode is
   * refused with every reason that applies (spec 001 §8), in the spec's order.
   */
  async setIfb(row: ChannelRow, input: ChannelConfig['ifb'] & { mode?: IfbMode }) {
    const server = row.channel.serverId === null ? undefined : await this.store.servers.get(row.channel.serverId);
    const mode = ifbModeOf(server);
    if (input.mode !== undefined && input.mode !== mode) {
      if (server === undefined) throw badRequest(IFB_MODE_BLOCK_MESSAGES.noPrimaryInventory, { fields: { mode: IFB_MODE_BLOCK_MESSAGES.noPrimaryInventory } });
      const online = this.sim()?.serverOnline(server.id) ?? false;
      const busy = (await this.store.channels.listByServer(server.id)).some((c) => channelBusy(this.deps, c.id));
      const blocks = ifbModeChangeBlocks({
        state: !online ? 'offline' : busy ? 'busy' : 'idle',
        hasSipServer: typeof server.config['sipServer'] === 'string' && server.config['sipServer'] !== '',
        hasPrimaryInventory: server.inventoryId !== null,
      });
      if (blocks.length > 0) {
        const messages = blocks.map((b) => IFB_MODE_BLOCK_MESSAGES[b]);
        throw conflict(messages[0] ?? '', { fields: { mode: messages.join('; ') }, reasons: messages });
      }
      await this.store.servers.setConfig(server.id, { ...server.config, ifbMode: input.mode });
    }
    const ifb = { enabled: input.enabled, lowDelay: input.lowDelay, alwaysOn: input.alwaysOn };
    await this.save(row, { ...configOf(row.channel), ifb });
    return { channelId: row.channel.id, ifb, delayMs: ifbDelayMs(ifb), mode: input.mode ?? mode };
  }

  async audioInterfaces(row: ChannelRow) {
    const server = row.channel.serverId === null ? undefined : await this.store.servers.get(row.channel.serverId);
    return { channelId: row.channel.id, interfaces: configOf(row.channel).audioInterfaces, limit: maxAudioInterfacesOf(server) };
  }

  async setAudioInterfaces(row: ChannelRow, interfaces: readonly AudioInterface[]) {
    const server = row.channel.serverId === null ? undefined : await this.store.servers.get(row.channel.serverId);
    const limit = maxAudioInterfacesOf(server);
    const trimmed = interfaces.map((a) => ({ name: a.name.trim(), kind: a.kind }));
    const errors = audioInterfacesErrors(trimmed, limit);
    const fields: Record<string, string | null | undefined> = { interfaces: errors.list };
    errors.names.forEach((message, index) => (fields[`interfaces.${index}.name`] = message));
    refuseFields(fields);
    await this.save(row, { ...configOf(row.channel), audioInterfaces: trimmed });
    return { channelId: row.channel.id, interfaces: trimmed, limit };
  }

  async capabilities(row: ChannelRow): Promise<ChannelCapabilities> {
    const server = row.channel.serverId === null ? undefined : await this.store.servers.get(row.channel.serverId);
    const outputs = row.channel.serverId === null ? [] : (await this.store.channels.listByServer(row.channel.serverId)).filter((c) => isOutputConfig(configOf(c)));
    return {
      channelId: row.channel.id,
      liveuVersion: row.serverVersion,
      supports4k: supports4kOf(server),
      outputLicence: outputLicenceOf(server),
      outputsInUse: outputs.length,
      maxAudioInterfaces: maxAudioInterfacesOf(server),
      smpteBounds: SMPTE_BOUNDS,
      gates: { forceOutput: hasFeature(row.serverVersion, 'forceOutput'), multipoint: hasFeature(row.serverVersion, 'multipoint'), graphicsOverlay: hasFeature(row.serverVersion, 'graphicsOverlay') },
    };
  }

  async ips(row: ChannelRow) {
    const server = row.channel.serverId === null ? undefined : await this.store.servers.get(row.channel.serverId);
    return { channelId: row.channel.id, ...serverIps(server) };
  }

  async ingestAssociation(channel: StoredChannel) {
    const serverId = configOf(channel).ingest.serverId;
    const server = serverId === null ? undefined : await this.store.servers.get(serverId);
    return { channelId: channel.id, channelName: channel.name, serverId: server?.id ?? null, serverName: server?.name ?? null };
  }

  /** Log fetch (spec 001 §7 fetchlogs): one channel at a time, not on an offline channel. */
  async startLogs(row: ChannelRow): Promise<{ channelId: string; state: LogPhase | 'idle' }> {
    const fleet = this.deps.fleet.require().fleet;
    const result = await fleet.channels.startLogs(row.channel.id);
    if (!result.ok) throw conflict(LOG_REFUSALS[result.reason]);
    return { channelId: row.channel.id, state: fleet.channels.status(row.channel.id)?.fetchLogs?.state ?? 'idle' };
  }

  async stopLogs(row: ChannelRow): Promise<{ channelId: string; state: LogPhase | 'idle' }> {
    const fleet = this.deps.fleet.require().fleet;
    await fleet.channels.stopLogs(row.channel.id);
    return { channelId: row.channel.id, state: fleet.channels.status(row.channel.id)?.fetchLogs?.state ?? 'idle' };
  }

  /** Output addresses of the channels the caller sees among those named (others left out). */
  async mediaAccessOutputs(tenancy: Tenancy, ids: readonly string[]) {
    const rows = await this.store.channels.rowsByIds([...new Set(ids)]);
    return rows
      .filter((row) => visibleTo(tenancy, row.channel))
      .map((row) => {
        // Ours: the channel's output is taken from its media server's public name (the simulator has no media plane).
        const domain = `${(row.serverName ?? 'media').toLowerCase()}.media.example.net`;
        const slug = encodeURIComponent(row.channel.id);
        return {
          uniqueId: row.channel.id,
          status: liveStatusOf(this.deps, row.channel.id).status,
          outputs: [
            { protocol: 'rtmp' as const, url: `rtmp://${domain}/live/${slug}` },
            { protocol: 'srt' as const, url: `srt://${domain}:9000?streamid=${slug}` },
            { protocol: 'hls' as const, url: `https://${domain}/hls/${slug}/index.m3u8` },
          ],
        };
      });
  }

  /** The channel info update per group: broadcaster and tally names of channels of the group. */
  async updateGroupInfo(groupId: string, changes: readonly { id: string; broadcasterName?: string; tallyName?: string }[]) {
    const rows = await this.store.channels.rowsByIds(changes.map((c) => c.id));
    const byId = new Map(rows.map((r) => [r.channel.id, r]));
    const fields: Record<string, string | null | undefined> = {};
    changes.forEach((change, index) => {
      const row = byId.get(change.id);
      if (row === undefined || row.channel.groupId !== groupId) fields[`channels.${index}.id`] = `Channel '${shown(change.id)}' not found`;
      const before = row === undefined ? undefined : configOf(row.channel);
      if (before !== undefined && change.broadcasterName !== undefined) {
        const general = generalErrors(row!.channel.name, { ...before.general, broadcasterName: change.broadcasterName }, { liveuVersion: null, otherOutputs: 0, outputLicence: 1_000, takenNames: [], forceOutputBefore: true });
        fields[`channels.${index}.broadcasterName`] = general.broadcasterName;
      }
      if (before !== undefined && change.tallyName !== undefined) fields[`channels.${index}.tallyName`] = tallyErrors({ ...before.tally, tallyName: change.tallyName }).tallyName;
    });
    refuseFields(fields);
    const answers: ChannelDetails[] = [];
    for (const change of changes) {
      const row = await this.row(change.id);
      const before = configOf(row.channel);
      answers.push(
        await this.save(row, {
          ...before,
          general: { ...before.general, broadcasterName: change.broadcasterName ?? before.general.broadcasterName },
          tally: { ...before.tally, tallyName: change.tallyName ?? before.tally.tallyName },
        }),
      );
    }
    return answers;
  }

  // ── Streaming destinations ──

  async destinations(row: ChannelRow): Promise<Destination[]> {
    const [stored, flags] = await Promise.all([this.store.destinations.listOfChannel(row.channel.id), this.store.destinations.credentialFlags(row.channel.id)]);
    const active = configOf(row.channel).streaming.activeDestinationId;
    return stored.map((d) => destinationOf(d, flags.get(d.id), active));
  }

  private async checkDestination(row: ChannelRow, input: DestinationInput, exceptId: string | null, storedPassphrase: string | undefined): Promise<void> {
    const others = (await this.store.destinations.listOfChannel(row.channel.id)).filter((d) => d.id !== exceptId).map((d) => ({ name: d.name, streamId: typeof d.details['streamId'] === 'string' ? (d.details['streamId'] as string) : '' }));
    refuseFields(
      destinationErrors(
        {
          name: input.name,
          streamType: input.streamType,
          ...(input.streamId !== undefined ? { streamId: input.streamId } : {}),
          ...(input.maxFrameRate !== undefined ? { maxFrameRate: input.maxFrameRate } : {}),
          ...(input.srtMode !== undefined ? { srtMode: input.srtMode } : {}),
          // A passphrase left out keeps the stored one, which passed when it was set.
          passphrase: input.passphrase ?? storedPassphrase ?? '',
          ...(input.sourcePort !== undefined ? { sourcePort: input.sourcePort } : {}),
          ...(input.mpegTsIp !== undefined ? { mpegTsIp: input.mpegTsIp } : {}),
          ...(input.mpegTsPort !== undefined ? { mpegTsPort: input.mpegTsPort } : {}),
          ...(input.mpegTsVideoBitrate !== undefined ? { mpegTsVideoBitrate: input.mpegTsVideoBitrate } : {}),
        },
        others,
      ),
    );
  }

  async addDestination(row: ChannelRow, input: DestinationInput): Promise<Destination> {
    await this.checkDestination(row, input, null, undefined);
    const now = this.deps.now();
    const id = `DST-${randomUUID()}`;
    await this.store.destinations.insert(
      { id, channelId: row.channel.id, name: input.name.trim(), details: detailsOfInput(input), createdAt: now, updatedAt: now },
      { ...(input.password !== undefined ? { password: input.password } : {}), ...(input.passphrase !== undefined ? { passphrase: input.passphrase } : {}) },
    );
    return this.destination(row, id);
  }

  private async destination(row: ChannelRow, id: string): Promise<Destination> {
    const found = (await this.destinations(await this.row(row.channel.id))).find((d) => d.id === id);
    if (found === undefined) throw notFound(DESTINATION_NOT_FOUND);
    return found;
  }

  private async ownDestination(row: ChannelRow, id: string): Promise<StoredDestination> {
    const stored = await this.store.destinations.get(id);
    if (stored === undefined || stored.channelId !== row.channel.id) throw notFound(DESTINATION_NOT_FOUND);
    return stored;
  }

  async updateDestination(row: ChannelRow, id: string, input: DestinationInput): Promise<Destination> {
    await this.ownDestination(row, id);
    const secrets = await this.store.destinations.secretsOf(id);
    await this.checkDestination(row, input, id, secrets.passphrase);
    const next = { ...secrets, ...(input.password !== undefined ? { password: input.password } : {}), ...(input.passphrase !== undefined ? { passphrase: input.passphrase } : {}) };
    await this.store.destinations.update(id, input.name.trim(), detailsOfInput(input), next, this.deps.now());
    // The active destination's name is the channel's CDN name: keep it in step.
    const config = configOf(row.channel);
    if (config.streaming.activeDestinationId === id && config.streaming.cdnName !== input.name.trim()) {
      await this.save(row, { ...config, streaming: { activeDestinationId: id, cdnName: input.name.trim() } });
    }
    return this.destination(row, id);
  }

  async removeDestination(row: ChannelRow, id: string): Promise<number> {
    await this.ownDestination(row, id);
    const removed = await this.store.destinations.remove(id);
    const config = configOf(row.channel);
    if (config.streaming.activeDestinationId === id) await this.save(row, { ...config, streaming: { activeDestinationId: null, cdnName: null } });
    return removed;
  }

  streamingProfiles() {
    return STREAMING_MEDIA_PROFILES.map((p) => ({ provider: p.provider, domain: p.domain }));
  }

  // ── An inventory's channels: tallies, IFBs, ingest, recording, SDI and output channels ──

  async ofInventory(tenancy: Tenancy, inventoryId: string): Promise<StoredChannel[]> {
    return (await this.store.channels.listByInventory(inventoryId)).filter((c) => visibleTo(tenancy, c));
  }

  async tallies(inventoryId: string) {
    return (await this.store.channels.listByInventory(inventoryId)).map((c) => {
      const { tally } = configOf(c);
      return { channelId: c.id, channelName: c.name, tallyName: tally.tallyName, onAir: tally.onAir, supportedByUnit: tally.supportedByUnit, associated: tally.supportedByUnit };
    });
  }

  async ifbs(inventoryId: string) {
    const channels = await this.store.channels.listByInventory(inventoryId);
    const servers = await this.store.servers.listByInventory(inventoryId, 'mmh');
    const using = channels.map((c) => ({ channel: c, ifb: configOf(c).ifb })).filter((x) => x.ifb.enabled);
    return {
      available: servers.reduce((sum, s) => sum + ifbLinesOf(s), 0),
      used: using.length,
      channels: using.map(({ channel, ifb }) => ({ channelId: channel.id, channelName: channel.name, ...ifb })),
    };
  }

  /** A tally or an IFB associated with a channel of the inventory, or taken away. IFB lines are counted. */
  async associate(inventoryId: string, kind: 'tally' | 'ifb', channelId: string, associated: boolean) {
    const channel = await this.store.channels.get(channelId);
    if (channel === undefined || channel.inventoryId !== inventoryId) throw notFound(`Channel '${shown(channelId)}' not found`);
    const row = await this.row(channel.id);
    const config = configOf(channel);
    if (kind === 'tally') await this.save(row, { ...config, tally: { ...config.tally, supportedByUnit: associated } });
    else {
      if (associated && !config.ifb.enabled) {
        const { available, used } = await this.ifbs(inventoryId);
        if (used >= available) throw conflict(IFB_LINES_USED, { fields: { channelId: IFB_LINES_USED } });
      }
      await this.save(row, { ...config, ifb: { ...config.ifb, enabled: associated } });
    }
    return { tallies: await this.tallies(inventoryId), ifbs: await this.ifbs(inventoryId) };
  }

  async ingestAllocation(inventoryId: string) {
    const channels = await this.store.channels.listByInventory(inventoryId);
    const servers = await this.store.servers.listByInventory(inventoryId, 'ingest');
    return { associations: await Promise.all(channels.map((c) => this.ingestAssociation(c))), servers: servers.map((s) => ({ id: s.id, name: s.name })) };
  }

  /** Allocates a channel to an ingest server of its inventory, or frees it; refused while the channel is busy (spec 001 §8). */
  async setIngest(inventoryId: string, channelId: string, serverId: string | null) {
    const channel = await this.store.channels.get(channelId);
    if (channel === undefined || channel.inventoryId !== inventoryId) throw notFound(`Channel '${shown(channelId)}' not found`);
    if (serverId !== null) {
      const server = await this.store.servers.get(serverId);
      if (server === undefined || server.type !== 'ingest' || server.inventoryId !== inventoryId) refuseFields({ serverId: INGEST_SERVER_NOT_FOUND });
    }
    if (channelBusy(this.deps, channel.id)) throw conflict(ERRORS.ingest.tiedToBusyChannels);
    const config = configOf(channel);
    await this.save(await this.row(channel.id), { ...config, ingest: { serverId } });
    return this.ingestAssociation((await this.store.channels.get(channel.id))!);
  }

  async refsOf(channels: readonly StoredChannel[]) {
    const groupNames = new Map<string, string>();
    for (const c of channels) {
      if (c.groupId !== null && !groupNames.has(c.groupId)) groupNames.set(c.groupId, (await this.store.groups.get(c.groupId))?.name ?? '');
    }
    return channels.map((c) => ({ id: c.id, name: c.name, type: c.type, groupId: c.groupId, groupName: c.groupId === null ? null : (groupNames.get(c.groupId) ?? null) }));
  }

  /** STUN/TURN of an inventory the caller sees, by its name; a credential good for TURN_CREDENTIAL_LIFETIME_MS. */
  async stunTurn(tenancy: Tenancy, inventoryName: string) {
    const inventory = (await this.store.inventories.list()).find((i) => i.name.toLowerCase() === inventoryName.trim().toLowerCase() && seesInventory(tenancy, i.id));
    if (inventory === undefined) throw notFound(`Inventory '${shown(inventoryName)}' not found`);
    const now = this.deps.now();
    const expiresAt = now + TURN_CREDENTIAL_LIFETIME_MS;
    const username = `${Math.floor(expiresAt / 1000)}:${inventory.id}`;
    // Ours: a TURN REST-style credential (HMAC of the username); the simulator has no TURN server to check it.
    const credential = createHash('sha256').update(`luc-turn|${username}`).digest('base64');
    const host = `turn.${inventory.id.toLowerCase()}.media.example.net`;
    return { inventoryName: inventory.name, urls: [`stun:${host}:3478`, `turn:${host}:3478?transport=udp`, `turns:${host}:5349?transport=tcp`], username, credential, expiresAt };
  }
}

/** Ours: input sources per channel. */
export const INPUT_SOURCES_MAX = 8;
export const INPUT_SOURCES_MAX_MESSAGE = 'A channel can have up to 8 input sources';
export const INPUT_SOURCE_TAKEN = 'This input source is already added';
/** Ours: every IFB line of the inventory's servers is taken. */
export const IFB_LINES_USED = 'All IFB lines of this inventory are in use';

function visibleTo(tenancy: Tenancy, channel: Pick<StoredChannel, 'groupId' | 'inventoryId'>): boolean {
  if (tenancy.all) return true;
  if (channel.groupId !== null) return tenancy.groupIds.has(channel.groupId);
  return channel.inventoryId !== null && tenancy.inventoryIds.has(channel.inventoryId);
}

export function adminRowOf(row: ChannelRow): ChannelAdminRow {
  const { channel } = row;
  return {
    id: channel.id,
    name: channel.name,
    type: channel.type,
    serverId: channel.serverId,
    serverName: row.serverName,
    inventoryId: channel.inventoryId,
    inventoryName: row.inventoryName,
    groupId: channel.groupId,
    groupName: row.groupName,
    createdAt: channel.createdAt,
  };
}
