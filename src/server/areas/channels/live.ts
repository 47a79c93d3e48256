/**
 * A channel as the rest of the server sees it: its whole configuration (stored JSON read with the
 * domain's defaults), its live status from the simulator, the `channel.config` data the console's
 * worker derives type, flags and counters from (docs/protocol.md), and the facts of its server the
 * editor's rules need (version, output licence, SMPTE bounds, audio interface limit). Ours where the
 * spec says "supplied at runtime" or shows no value: each constant says so.
 */
import { createHash } from 'node:crypto';
import { normalizeChannelConfig, type ChannelConfig } from '../../../domain/channelConfig.ts';
import { parseChannelStatus, type ChannelStatus } from '../../../domain/channels.ts';
import type { IfbMode } from '../../../domain/servers.ts';
import type { RouteDeps } from '../deps.ts';
import type { Store } from '../../store/store.ts';
import type { ChannelRow, StoredChannel } from './repo.ts';
import type { StoredServer } from '../servers/repo.ts';
import type { ChannelDetails } from '../../../protocol/rest/channels.ts';

/** SMPTE 2110 bounds a server supplies (spec 001 §5: values not shown). Ours: unprivileged UDP ports; IEEE 1588 domains 0-127. */
export const SMPTE_PORT_BOUNDS = { min: 1_024, max: 65_535 } as const;
export const PTP_DOMAIN_BOUNDS = { min: 0, max: 127 } as const;
/** Output channels a server's licence allows when its configuration does not say (ours). */
export const DEFAULT_OUTPUT_LICENCE = 4;
/** Audio interfaces per channel when the server does not say (spec 001 §5 "limited to a supplied number"; ours: 4). */
export const DEFAULT_MAX_AUDIO_INTERFACES = 4;
/** IFB lines a media server offers its inventory when its configuration does not say (ours). */
export const DEFAULT_IFB_LINES = 4;

const numberIn = (config: Record<string, unknown>, key: string, fallback: number): number => {
  const value = config[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
};

/** How many output channels the server may run (its configuration `outputLicence`, else DEFAULT_OUTPUT_LICENCE). */
export const outputLicenceOf = (server: StoredServer | undefined): number => (server === undefined ? DEFAULT_OUTPUT_LICENCE : numberIn(server.config, 'outputLicence', DEFAULT_OUTPUT_LICENCE));
export const maxAudioInterfacesOf = (server: StoredServer | undefined): number => (server === undefined ? DEFAULT_MAX_AUDIO_INTERFACES : numberIn(server.config, 'maxAudioInterfaces', DEFAULT_MAX_AUDIO_INTERFACES));
export const ifbLinesOf = (server: StoredServer): number => numberIn(server.config, 'ifbLines', DEFAULT_IFB_LINES);
export const ifbModeOf = (server: StoredServer | undefined): IfbMode => (server?.config['ifbMode'] === 'V2' ? 'V2' : 'V1');
/** 4K: a server says `supports4k: false` to refuse it; MMH servers carry 4K by default (ours). */
export const supports4kOf = (server: StoredServer | undefined): boolean => server !== undefined && server.type === 'mmh' && server.config['supports4k'] !== false;

/** The whole configuration of a stored channel. */
export function configOf(channel: StoredChannel): ChannelConfig {
  return normalizeChannelConfig(channel.config, channel.type);
}

/** The live status of a channel: the simulator's, else offline (the fleet is not running or does not know it). */
export function liveStatusOf(deps: Pick<RouteDeps, 'fleet'>, id: string): { status: ChannelStatus; unitIds: string[] } {
  const live = deps.fleet.get()?.fleet.channelStatus(id);
  if (live === undefined) return { status: 'offline', unitIds: [] };
  return { status: parseChannelStatus(live.status) ?? 'unavailable', unitIds: [...live.unitIds] };
}

/** The answer's shape of a channel (src/protocol/rest/channels.ts ChannelDetails). */
export function detailsOf(deps: Pick<RouteDeps, 'fleet'>, row: ChannelRow): ChannelDetails {
  const { channel } = row;
  const live = liveStatusOf(deps, channel.id);
  return {
    id: channel.id,
    name: channel.name,
    type: channel.type,
    serverId: channel.serverId,
    serverName: row.serverName,
    groupId: channel.groupId,
    groupName: row.groupName,
    inventoryId: channel.inventoryId,
    inventoryName: row.inventoryName,
    liveuVersion: row.serverVersion,
    status: live.status,
    unitIds: live.unitIds,
    config: configOf(channel),
    createdAt: channel.createdAt,
  };
}

/**
 * channel.config data (docs/protocol.md): the channel fields of spec 001 §3 the console derives
 * type, flags, counters and filters from, flat, plus its name and where it belongs. The whole
 * aspect every time, so a repeat is harmless.
 */
export function liveConfigOf(row: ChannelRow): Record<string, unknown> {
  const { channel } = row;
  const config = configOf(channel);
  return {
    name: channel.name,
    type: channel.type,
    serverId: channel.serverId,
    groupId: channel.groupId,
    inventoryId: channel.inventoryId,
    liveuVersion: row.serverVersion,
    output: config.general.output,
    preview: config.general.preview,
    distributor: config.general.distributor,
    forceOutput: config.general.forceOutput,
    forwardRtmp: config.general.forwardRtmp,
    sdiNo: config.general.sdiNo,
    recording: config.general.recording,
    broadcasterName: config.general.broadcasterName,
    sharing: config.multipoint.sharing,
    ndi: config.ndi.enabled,
    flavor: config.smpte.flavor,
    cdnName: config.streaming.cdnName,
    overlay: config.overlay.overlayId !== null,
    tally: { onAir: config.tally.onAir, supportedByUnit: config.tally.supportedByUnit },
    tallyName: config.tally.tallyName,
    ifb: config.ifb.enabled,
  };
}

/**
 * Tells the console a channel's configuration changed: channel.config with the whole aspect, stored
 * in the write's transaction `tx` through the event outbox (src/server/live/eventOutbox.ts), so it
 * is published once the change commits (and never when it rolls back). `row` is the row as `tx`
 * reads it after the change.
 */
export async function announceConfig(deps: Pick<RouteDeps, 'outbox'>, tx: Store, row: ChannelRow): Promise<void> {
  await deps.outbox.add(tx, 'channel.config', row.channel.id, liveConfigOf(row));
}

/** True while a unit sends to the channel or it plays a file (spec 001 §4 busy class). */
export function channelBusy(deps: Pick<RouteDeps, 'fleet'>, id: string): boolean {
  const { status } = liveStatusOf(deps, id);
  return status === 'collecting' || status === 'connecting' || status === 'playStoredFile';
}

/**
 * The addresses of a server (spec 001 §7 channels/{id}/ips, servers/{id}/ips): the configured ones,
 * else a private and a documentation address derived from the server's id, stable across starts.
 */
export function serverIps(server: StoredServer | undefined): { internal: string[]; external: string[] } {
  if (server === undefined) return { internal: [], external: [] };
  const list = (key: string): string[] | null => {
    const value = server.config[key];
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : null;
  };
  const digest = createHash('sha256').update(server.id).digest();
  return {
    internal: list('internalIps') ?? [`10.${digest[0] ?? 0}.${digest[1] ?? 0}.${1 + ((digest[2] ?? 0) % 254)}`],
    external: list('externalIps') ?? [`203.0.113.${1 + ((digest[3] ?? 0) % 254)}`],
  };
}
