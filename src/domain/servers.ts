/**
 * Media-handling servers (spec 001 §3, §7, §8): types with their admin query names, IFB modes,
 * when a server may be upgraded, and why an IFB mode change is blocked.
 * Server max channels 8-24 is a validation rule and lives with validation, not here.
 */
import type { ServerId } from './brand.ts';

/** Spec 001 §3 "Server types: MMH, Video Return, Transceiver, Ingest". */
export const SERVER_TYPES = ['mmh', 'videoReturn', 'transceiver', 'ingest'] as const;
export type ServerType = (typeof SERVER_TYPES)[number];

export const SERVER_TYPE_LABELS = {
  mmh: 'MMH',
  videoReturn: 'Video Return',
  transceiver: 'Transceiver',
  ingest: 'Ingest',
} as const satisfies Record<ServerType, string>;

/** Spec 001 §7: GET admin inventories/{id}/servers by type (also the system-entity tab names, spec 002 §2). */
export const SERVER_ADMIN_QUERY = {
  mmh: 'mmh_server',
  videoReturn: 'vr_server',
  ingest: 'ingest_server',
  transceiver: 'transceiver_server',
} as const satisfies Record<ServerType, string>;
export type ServerAdminQuery = (typeof SERVER_ADMIN_QUERY)[ServerType];

/** The server type of an admin query name; null for any other text. */
export function serverTypeFromAdminQuery(query: string): ServerType | null {
  return SERVER_TYPES.find((type) => SERVER_ADMIN_QUERY[type] === query) ?? null;
}

/** Spec 001 §3 admin field "IFB mode (V1 or V2)". */
export const IFB_MODES = ['V1', 'V2'] as const;
export type IfbMode = (typeof IFB_MODES)[number];

/**
 * Server state. The spec names the field but not its values; these three are ours, in line with
 * the channel counters (busy, idle, offline): a server is busy while any of its channels is.
 */
export const SERVER_STATES = ['offline', 'idle', 'busy'] as const;
export type ServerState = (typeof SERVER_STATES)[number];

export interface Server {
  readonly deviceId: ServerId;
  readonly name: string;
  readonly alias?: string | null;
  readonly serialNumber?: string | null;
  readonly swVersion?: string | null;
  readonly type: ServerType;
  readonly state: ServerState;
  readonly upTime?: number | null;
  readonly ifbMode?: IfbMode | null;
  readonly cloudRegion?: string | null;
}

/** Spec 001 §4 "servers upgrade only when idle". */
export function canUpgradeServer(server: Pick<Server, 'state'>): boolean {
  return server.state === 'idle';
}

/** Spec 001 §8 "IFB mode change blocked (server offline, not idle, no SIP server or no primary inventory)". */
export const IFB_MODE_BLOCKS = ['serverOffline', 'serverNotIdle', 'noSipServer', 'noPrimaryInventory'] as const;
export type IfbModeBlock = (typeof IFB_MODE_BLOCKS)[number];

export const IFB_MODE_BLOCK_MESSAGES = {
  serverOffline: 'IFB mode cannot be changed: the server is offline',
  serverNotIdle: 'IFB mode cannot be changed: the server is not idle',
  noSipServer: 'IFB mode cannot be changed: no SIP server is configured',
  noPrimaryInventory: 'IFB mode cannot be changed: the server has no primary inventory',
} as const satisfies Record<IfbModeBlock, string>;

export interface IfbModeChangeContext {
  readonly state: ServerState;
  /** The server's primary inventory has a SIP server. */
  readonly hasSipServer: boolean;
  readonly hasPrimaryInventory: boolean;
}

/**
 * Every reason the IFB mode cannot change now, in the spec's order; empty means allowed.
 * An offline server reports serverOffline only (it is not also "not idle").
 */
export function ifbModeChangeBlocks(context: IfbModeChangeContext): IfbModeBlock[] {
  const blocks: IfbModeBlock[] = [];
  if (context.state === 'offline') blocks.push('serverOffline');
  else if (context.state !== 'idle') blocks.push('serverNotIdle');
  if (!context.hasSipServer) blocks.push('noSipServer');
  if (!context.hasPrimaryInventory) blocks.push('noPrimaryInventory');
  return blocks;
}

// ── Servers live and their administration (issue 12) ────────────────────────────────────────────

/**
 * A server's state from its facts: offline while down, busy while any of its channels is busy
 * (collecting, connecting, playing a stored file), else idle.
 */
export function serverStateOf(online: boolean, busyChannels: number): ServerState {
  if (!online) return 'offline';
  return busyChannels > 0 ? 'busy' : 'idle';
}

/** Spec 001 §3 tallyHwStatus and audioHwStatus: the spec names them, the values are ours. */
export const HW_STATUSES = ['connected', 'disconnected', 'notInstalled'] as const;
export type HwStatus = (typeof HW_STATUSES)[number];

/** Spec 001 §3 serverUsage (fields ours): CPU and memory in percent, network out in kbps. */
export interface ServerUsage {
  readonly cpuPercent: number;
  readonly memoryPercent: number;
  readonly bandwidthKbps: number;
}

/**
 * Cloud regions a server may be placed in (spec 001 §3 admin field "cloud region"; the list is
 * supplied at runtime: ours, the same names as the inventories' and graphics regions).
 */
export const CLOUD_REGIONS = ['us-east', 'us-west', 'eu-west', 'eu-central', 'ap-southeast'] as const;

/** Why a server cannot be deleted (spec 001 §8 "ingest server online or tied to busy channels"; "delete blocked"). */
export const SERVER_DELETE_BLOCKS = ['ingestOnline', 'ingestTiedToBusyChannels', 'online', 'hasChannels'] as const;
export type ServerDeleteBlock = (typeof SERVER_DELETE_BLOCKS)[number];

export const SERVER_DELETE_BLOCK_MESSAGES = {
  // spec 001 §8, as src/domain/errors.ts ERRORS.ingest words them
  ingestOnline: 'The ingest server is online.',
  ingestTiedToBusyChannels: 'The ingest server is tied to busy channels.',
  // ours, in the same words: "delete blocked" of spec 001 §8 for the other types
  online: 'The server cannot be deleted while it is online.',
  hasChannels: 'The server cannot be deleted because it has channels.',
} as const satisfies Record<ServerDeleteBlock, string>;

export interface ServerDeleteContext {
  readonly type: ServerType;
  readonly online: boolean;
  /** Channels running on the server (media servers), or allocated to it (ingest). */
  readonly channels: number;
  /** Of those, how many are busy now. */
  readonly busyChannels: number;
}

/**
 * The first reason a server cannot be deleted, or null. An ingest server may go when it is offline
 * and none of the channels allocated to it is busy; any other server when it is offline and has no
 * channels left (delete them first).
 */
export function serverDeleteBlock(context: ServerDeleteContext): ServerDeleteBlock | null {
  if (context.type === 'ingest') {
    if (context.online) return 'ingestOnline';
    if (context.busyChannels > 0) return 'ingestTiedToBusyChannels';
    return null;
  }
  if (context.online) return 'online';
  if (context.channels > 0) return 'hasChannels';
  return null;
}

/** The IP pipe's bitrate cap (spec 000 §9 "IP pipe is for under 1 Mbps"): kbps, 1..999. */
export const IP_PIPE_BITRATE_KBPS = { min: 1, max: 999 } as const;
export const IP_PIPE_PROTOCOLS = ['udp', 'tcp'] as const;
export type IpPipeProtocol = (typeof IP_PIPE_PROTOCOLS)[number];

/** A server below a version gate (spec 001 §9 restart server 6.4, server info 8.5): ours, in the channel gate's words. */
export const SERVER_GATE_MESSAGE = 'Needs server software {0} or higher';
