/**
 * The servers area (issue 12; spec 001 §3 Server, §7 "Servers", §8 refusals): a server's row is its
 * stored facts plus what the simulator says now (src/server/sim/servers.ts); the admin fields and
 * the configurations live in the server's row and its config document; the refusals are the
 * domain's (src/domain/servers.ts, serverConfig.ts) with the spec's words.
 */
import type { RouteDeps } from '../deps.ts';
import type { StoredServer } from './repo.ts';
import { IfbServerRepo, LuLinkRepo, type StoredIfbServer } from './ifbRepo.ts';
import { badRequest, conflict, notFound, refuseFields } from '../../http/errors.ts';
import { constraintKind } from '../../store/queries.ts';
import type { Tenancy } from '../../http/tenancy.ts';
import { channelBusy, configOf, ifbModeOf, liveStatusOf, PTP_DOMAIN_BOUNDS, serverIps, SMPTE_PORT_BOUNDS } from '../channels/live.ts';
import {
  IFB_MODE_BLOCK_MESSAGES,
  ifbModeChangeBlocks,
  SERVER_DELETE_BLOCK_MESSAGES,
  SERVER_GATE_MESSAGE,
  serverDeleteBlock,
  serverTypeFromAdminQuery,
  type IfbMode,
} from '../../../domain/servers.ts';
import {
  DEFAULT_IP_PIPE,
  DEFAULT_MMH_CONFIGURATION,
  DEFAULT_SERVER_SMPTE,
  DEFAULT_VR_CONFIGURATION,
  ifbServerErrors,
  ipPipeErrors,
  mmhConfigurationErrors,
  serverGeneralErrors,
  serverSmpteErrors,
  vrConfigurationErrors,
} from '../../../domain/serverConfig.ts';
import { hasFeature, VERSION_GATES } from '../../../domain/versions.ts';
import { SERVICES_STALE_MS } from '../../../domain/constants.ts';
import { SERVER_MAX_CHANNELS } from '../../../domain/validation/servers.ts';
import { luLinkErrors } from '../../../domain/devices.ts';
import type { IfbServerChanges, ServerChanges, ServerRow } from '../../../protocol/rest/servers.ts';
import type * as api from '../../../protocol/rest/servers.ts';

type ServerSmpte = typeof api.ServerSmpte.Type;
type IpPipe = typeof api.IpPipe.Type;
type MmhConfiguration = typeof api.MmhConfiguration.Type;
type VrConfiguration = typeof api.VrConfiguration.Type;
import type { LuLinkSettings } from '../../../protocol/rest/devices.ts';
import type { StoredUnit } from '../units/repo.ts';
import { formatMessage, MESSAGES } from '../../../domain/validation/messages.ts';
import type { ServiceName } from '../../../domain/services.ts';

const SMPTE_BOUNDS = { port: SMPTE_PORT_BOUNDS, ptpDomain: PTP_DOMAIN_BOUNDS };
const shown = (id: string) => id.slice(0, 64);

export const serverNotFound = (id: string) => notFound(`Server '${shown(id)}' not found`);
/** A configuration call on a server of another type (an MMH call on a video return server). */
export const WRONG_SERVER_TYPE = 'This configuration is not available for this server type';

type ServicesAnswer = { deviceId: string; servicesData: { list: { name: ServiceName; state: 'active' | 'inactive' }[]; lastUpdate: number }; fetchedAt: number; cached: boolean };

export class ServerService {
  /** Spec 001 §9 "30 min services": a server's services answer is kept that long. */
  private readonly servicesCache = new Map<string, { at: number; answer: Omit<ServicesAnswer, 'cached'> }>();
  private readonly ifb: IfbServerRepo;
  private readonly luLink: LuLinkRepo;

  constructor(private readonly deps: RouteDeps) {
    this.ifb = new IfbServerRepo(deps.store.db);
    this.luLink = new LuLinkRepo(deps.store.db);
  }

  private sim() {
    return this.deps.fleet.get()?.fleet;
  }

  private online(id: string): boolean {
    const fleet = this.sim();
    return fleet !== undefined && fleet.servers.has(id) && fleet.serverOnline(id);
  }

  /** A server's row: stored facts and the simulator's live state (offline when the simulator does not run it). */
  async row(server: StoredServer): Promise<ServerRow> {
    const live = this.sim()?.servers.status(server.id);
    const inventory = server.inventoryId === null ? undefined : await this.deps.store.inventories.get(server.inventoryId);
    return {
      deviceId: server.id,
      name: server.name,
      alias: server.alias,
      serialNumber: server.serial,
      swVersion: server.swVersion,
      type: server.type,
      inventoryId: server.inventoryId,
      inventoryName: inventory?.name ?? null,
      maxChannels: server.maxChannels,
      ifbMode: ifbModeOf(server),
      cloudRegion: server.cloudRegion,
      channelCount: await this.deps.store.servers.channelCount(server.id),
      state: live?.state ?? 'offline',
      applications: live?.applications ?? {},
      upTime: live?.upTime ?? 0,
      serverUsage: live?.serverUsage ?? { cpuPercent: 0, memoryPercent: 0, bandwidthKbps: 0 },
      tallyHwStatus: live?.tallyHwStatus ?? 'disconnected',
      audioHwStatus: live?.audioHwStatus ?? 'disconnected',
      rev: this.deps.fleet.get()?.bus.revOf(server.id) ?? 0,
    };
  }

  async ofInventory(inventoryId: string, typeQuery: string | undefined, limit: number, offset: number) {
    const type = typeQuery === undefined ? undefined : (serverTypeFromAdminQuery(typeQuery) ?? undefined);
    const all = await this.deps.store.servers.listByInventory(inventoryId, type);
    const items = await Promise.all(all.slice(offset, offset + limit).map((s) => this.row(s)));
    return { total: all.length, limit, offset, items };
  }

  /** The IFB mode change's context (spec 001 §8): the server's state, a SIP server (its own or its inventory's), a primary inventory. */
  private async ifbBlocks(server: StoredServer): Promise<string[]> {
    const inventory = server.inventoryId === null ? undefined : await this.deps.store.inventories.details(server.inventoryId);
    const own = server.config['sipServer'];
    const blocks = ifbModeChangeBlocks({
      state: this.sim()?.servers.status(server.id)?.state ?? 'offline',
      hasSipServer: (typeof own === 'string' && own !== '') || (inventory?.sipServer ?? '') !== '',
      hasPrimaryInventory: server.inventoryId !== null,
    });
    return blocks.map((b) => IFB_MODE_BLOCK_MESSAGES[b]);
  }

  async update(server: StoredServer, body: ServerChanges): Promise<ServerRow> {
    const taken = (await this.deps.store.servers.list()).filter((s) => s.id !== server.id).map((s) => s.name);
    const form = {
      name: body.name ?? server.name,
      alias: body.alias ?? server.alias,
      maxChannels: body.maxChannels === undefined ? server.maxChannels : body.maxChannels,
      ifbMode: body.ifbMode ?? ifbModeOf(server),
      cloudRegion: body.cloudRegion ?? server.cloudRegion,
    };
    const errors = serverGeneralErrors(form, taken);
    // Only the fields sent are judged: a stored value the rules no longer accept does not block another change.
    refuseFields({
      name: body.name !== undefined ? errors.name : undefined,
      alias: body.alias !== undefined ? errors.alias : undefined,
      maxChannels: body.maxChannels !== undefined ? errors.maxChannels : undefined,
      cloudRegion: body.cloudRegion !== undefined ? errors.cloudRegion : undefined,
    });
    let config = server.config;
    if (body.ifbMode !== undefined && body.ifbMode !== ifbModeOf(server)) {
      const messages = await this.ifbBlocks(server);
      if (messages.length > 0) throw conflict(messages[0] ?? '', { fields: { ifbMode: messages.join('; ') }, reasons: messages });
      config = { ...config, ifbMode: body.ifbMode satisfies IfbMode };
    }
    try {
      await this.deps.store.servers.update(server.id, {
        name: form.name.trim(),
        alias: form.alias,
        maxChannels: Number(form.maxChannels),
        cloudRegion: form.cloudRegion,
        config,
      });
    } catch (error) {
      if (constraintKind(error) === 'unique') refuseFields({ name: MESSAGES.nameTaken }, 409);
      throw error;
    }
    const saved = await this.mustGet(server.id);
    await this.resimulate(saved);
    return this.row(saved);
  }

  /** The simulator reports the new name and alias at once. */
  private async resimulate(server: StoredServer): Promise<void> {
    const sim = this.sim();
    if (sim === undefined || !sim.servers.has(server.id)) return;
    const channelIds = (await this.deps.store.channels.listByServer(server.id)).map((c) => c.id);
    await sim.servers.add({ id: server.id, name: server.name, alias: server.alias, type: server.type, serialNumber: server.serial, swVersion: server.swVersion, channelIds });
  }

  async mustGet(id: string): Promise<StoredServer> {
    const server = await this.deps.store.servers.get(id);
    if (server === undefined) throw serverNotFound(id);
    return server;
  }

  /** The channels allocated to an ingest server (their ingest association names it). */
  private async ingestChannels(server: StoredServer) {
    if (server.inventoryId === null) return [];
    const channels = await this.deps.store.channels.listByInventory(server.inventoryId);
    return channels.filter((c) => configOf(c).ingest.serverId === server.id);
  }

  async remove(server: StoredServer): Promise<{ deviceId: string; deleted: true }> {
    const channels = server.type === 'ingest' ? await this.ingestChannels(server) : await this.deps.store.channels.listByServer(server.id);
    const block = serverDeleteBlock({
      type: server.type,
      online: this.online(server.id),
      channels: channels.length,
      busyChannels: channels.filter((c) => channelBusy(this.deps, c.id)).length,
    });
    if (block !== null) throw conflict(SERVER_DELETE_BLOCK_MESSAGES[block]);
    await this.deps.store.servers.delete(server.id);
    await this.sim()?.servers.remove(server.id);
    this.servicesCache.delete(server.id);
    return { deviceId: server.id, deleted: true };
  }

  async services(server: StoredServer) {
    const now = this.deps.now();
    const kept = this.servicesCache.get(server.id);
    if (kept !== undefined && now - kept.at < SERVICES_STALE_MS) return { ...kept.answer, cached: true };
    const data = (await this.sim()?.servers.refreshServices(server.id)) ?? { list: [], lastUpdate: now };
    const answer = { deviceId: server.id, servicesData: { list: [...data.list], lastUpdate: data.lastUpdate }, fetchedAt: now };
    this.servicesCache.set(server.id, { at: now, answer });
    return { ...answer, cached: false };
  }

  capabilities(server: StoredServer) {
    return {
      deviceId: server.id,
      swVersion: server.swVersion,
      gates: { restartServer: hasFeature(server.swVersion, 'restartServer'), serverInfo: hasFeature(server.swVersion, 'serverInfo') },
      maxChannelsBounds: { ...SERVER_MAX_CHANNELS },
      smpte: server.type === 'mmh',
      ipPipe: server.type === 'mmh',
      smpteBounds: SMPTE_BOUNDS,
    };
  }

  /** The Server Info tab (spec 001 §9 gate 8.5): hardware facts, drawn from the server's id (stable). */
  specifications(server: StoredServer) {
    if (!hasFeature(server.swVersion, 'serverInfo')) throw conflict(formatMessage(SERVER_GATE_MESSAGE, { 0: VERSION_GATES.serverInfo }));
    const seed = [...server.id].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) >>> 0, 7);
    const stored = server.config['specifications'];
    const base = {
      deviceId: server.id,
      model: server.type === 'mmh' ? 'LU-MMH 2RU' : server.type === 'videoReturn' ? 'LU-VR 1RU' : server.type === 'transceiver' ? 'LU-TRX 1RU' : 'LU-ING 1RU',
      cpu: seed % 2 === 0 ? 'Intel Xeon Silver 4314' : 'AMD EPYC 7313P',
      cores: 16 + (seed % 3) * 8,
      memoryGb: 64 * (1 + (seed % 2)),
      storageGb: 4000 * (1 + (seed % 4)),
      os: 'Ubuntu 22.04 LTS',
      sdiPorts: server.type === 'mmh' || server.type === 'transceiver' ? 4 : 0,
      gpu: seed % 3 === 0 ? 'NVIDIA T4' : 'NVIDIA A2',
    };
    return typeof stored === 'object' && stored !== null ? { ...base, ...(stored as object), deviceId: server.id } : base;
  }

  ips(server: StoredServer) {
    return { deviceId: server.id, ...serverIps(server) };
  }

  private requireType(server: StoredServer, type: StoredServer['type']): void {
    if (server.type !== type) throw badRequest(WRONG_SERVER_TYPE);
  }

  private section<T extends object>(server: StoredServer, key: string, fallback: T): T {
    const value = server.config[key];
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...fallback, ...(value as Partial<T>) } : fallback;
  }

  private async saveSection(server: StoredServer, key: string, value: unknown): Promise<StoredServer> {
    await this.deps.store.servers.setConfig(server.id, { ...server.config, [key]: value });
    return this.mustGet(server.id);
  }

  smpte(server: StoredServer) {
    this.requireType(server, 'mmh');
    return { deviceId: server.id, smpte: this.section<ServerSmpte>(server, 'smpte', DEFAULT_SERVER_SMPTE), bounds: SMPTE_BOUNDS };
  }

  async setSmpte(server: StoredServer, body: ServerSmpte) {
    this.requireType(server, 'mmh');
    refuseFields(serverSmpteErrors(body, SMPTE_BOUNDS));
    return this.smpte(await this.saveSection(server, 'smpte', body));
  }

  ipPipe(server: StoredServer) {
    this.requireType(server, 'mmh');
    const has = typeof server.config['ipPipe'] === 'object' && server.config['ipPipe'] !== null;
    return { deviceId: server.id, ipPipe: has ? this.section<IpPipe>(server, 'ipPipe', DEFAULT_IP_PIPE) : null };
  }

  async saveIpPipe(server: StoredServer, body: IpPipe, mode: 'create' | 'update') {
    this.requireType(server, 'mmh');
    const exists = this.ipPipe(server).ipPipe !== null;
    if (mode === 'create' && exists) throw conflict('The server already has an IP pipe');
    if (mode === 'update' && !exists) throw notFound('The server has no IP pipe yet');
    refuseFields(ipPipeErrors(body));
    return this.ipPipe(await this.saveSection(server, 'ipPipe', body));
  }

  mmhConfiguration(server: StoredServer) {
    this.requireType(server, 'mmh');
    return { deviceId: server.id, configuration: this.section<MmhConfiguration>(server, 'mmh', DEFAULT_MMH_CONFIGURATION) };
  }

  async setMmhConfiguration(server: StoredServer, body: MmhConfiguration) {
    this.requireType(server, 'mmh');
    refuseFields(mmhConfigurationErrors(body));
    return this.mmhConfiguration(await this.saveSection(server, 'mmh', body));
  }

  vrConfiguration(server: StoredServer) {
    this.requireType(server, 'videoReturn');
    return { deviceId: server.id, configuration: this.section<VrConfiguration>(server, 'vr', DEFAULT_VR_CONFIGURATION) };
  }

  async setVrConfiguration(server: StoredServer, body: VrConfiguration) {
    this.requireType(server, 'videoReturn');
    refuseFields(vrConfigurationErrors(body));
    return this.vrConfiguration(await this.saveSection(server, 'vr', body));
  }

  /** spec 001 §7 resetinstance, §9 gate 6.4; refused while the server is offline (nothing to restart). */
  async restart(server: StoredServer) {
    if (!hasFeature(server.swVersion, 'restartServer')) throw conflict(formatMessage(SERVER_GATE_MESSAGE, { 0: VERSION_GATES.restartServer }));
    const sim = this.deps.fleet.require().fleet;
    if (!this.online(server.id)) throw conflict('The server is offline.');
    if (!(await sim.servers.restart(server.id))) throw conflict('The server is already restarting.');
    return { deviceId: server.id, restarting: true as const };
  }

  async ingestChannelsOf(server: StoredServer) {
    if (server.type !== 'ingest') throw badRequest(WRONG_SERVER_TYPE);
    const channels = await this.ingestChannels(server);
    return { deviceId: server.id, channels: channels.map((c) => ({ id: c.id, name: c.name, status: liveStatusOf(this.deps, c.id).status, groupId: c.groupId })) };
  }

  // ── IFB servers ──

  private async ifbRow(s: StoredIfbServer) {
    const inventory = s.inventoryId === null ? undefined : await this.deps.store.inventories.get(s.inventoryId);
    return { id: s.id, name: s.name, host: s.host, port: s.port, inventoryId: s.inventoryId, inventoryName: inventory?.name ?? null, enabled: s.enabled, updatedAt: s.updatedAt };
  }

  async ifbServers(search: string | undefined) {
    const needle = (search ?? '').trim().toLowerCase();
    const all = await this.ifb.list();
    return Promise.all(all.filter((s) => needle === '' || s.name.toLowerCase().includes(needle) || s.host.toLowerCase().includes(needle)).map((s) => this.ifbRow(s)));
  }

  async updateIfbServer(id: string, body: IfbServerChanges) {
    const current = await this.ifb.get(id);
    if (current === undefined) throw notFound(`IFB server '${shown(id)}' not found`);
    const taken = (await this.ifb.list()).filter((s) => s.id !== id).map((s) => s.name);
    const form = { name: body.name ?? current.name, host: body.host ?? current.host, port: body.port === undefined ? current.port : body.port };
    const errors = ifbServerErrors(form, taken);
    refuseFields({ name: body.name !== undefined ? errors.name : undefined, host: body.host !== undefined ? errors.host : undefined, port: body.port !== undefined ? errors.port : undefined });
    if (body.inventoryId != null && (await this.deps.store.inventories.get(body.inventoryId)) === undefined) refuseFields({ inventoryId: `Inventory '${shown(body.inventoryId)}' not found` });
    await this.ifb.update(
      id,
      {
        name: form.name.trim(),
        host: form.host.trim(),
        port: Number(form.port),
        ...(body.inventoryId !== undefined ? { inventoryId: body.inventoryId } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      },
      this.deps.now(),
    );
    const saved = await this.ifb.get(id);
    if (saved === undefined) throw notFound(`IFB server '${shown(id)}' not found`);
    return this.ifbRow(saved);
  }

  // ── LU-Link (a unit's) ──

  private async luLinkServers(unit: StoredUnit) {
    if (unit.inventoryId === null) return [];
    return (await this.deps.store.servers.listByInventory(unit.inventoryId)).filter((s) => s.type === 'mmh' || s.type === 'transceiver').map((s) => ({ id: s.id, name: s.name }));
  }

  async luLinkOf(unit: StoredUnit) {
    const stored = await this.luLink.get(unit.uid);
    return {
      uid: unit.uid,
      settings: { enabled: stored?.enabled ?? false, serverId: stored?.serverId ?? null, maxBitrateKbps: stored?.maxBitrateKbps ?? 0 },
      servers: await this.luLinkServers(unit),
      updatedAt: stored?.updatedAt ?? null,
    };
  }

  async setLuLink(unit: StoredUnit, body: LuLinkSettings) {
    refuseFields(luLinkErrors(body));
    const servers = await this.luLinkServers(unit);
    if (body.serverId !== null && !servers.some((s) => s.id === body.serverId)) refuseFields({ serverId: 'Choose an MMH or transceiver server of the unit’s inventory' });
    await this.luLink.put({ unitId: unit.uid, enabled: body.enabled, serverId: body.serverId, maxBitrateKbps: Number(body.maxBitrateKbps ?? 0), updatedAt: this.deps.now() });
    return this.luLinkOf(unit);
  }
}

/** True when the caller administers the server: its inventory is theirs (a super user: any). */
export function serverVisible(tenancy: Tenancy, server: Pick<StoredServer, 'inventoryId'>): boolean {
  return tenancy.all || (server.inventoryId !== null && tenancy.inventoryIds.has(server.inventoryId));
}
