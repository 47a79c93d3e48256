/**
 * Channels as the live stream describes them (protocol.md `channel.status`, docs/protocol.md
 * `channel.config`): the mapping from the two pushed aspects to the channel entity of channels.ts,
 * and the channel counters kept incrementally (one channel out, the same channel in) so the worker
 * never recounts a group's channels on an event. Pure; the worker's model (workers/model) and the
 * property test that compares it with `channelCounters` from scratch both use it.
 */
import type { ChannelId } from './brand.ts';
import {
  channelFlags,
  channelStatusClass,
  deriveChannelType,
  parseChannelStatus,
  type Channel,
  type ChannelCounters,
  type ChannelStatus,
  type ChannelStatusClass,
} from './channels.ts';

/** The live facts of one channel: its name and version (REST snapshot), its pushed status and config. */
export interface LiveChannelFacts {
  readonly id: string;
  readonly name?: string | undefined;
  readonly version?: string | undefined;
  /** channel.status data (`status` plus unitIds...). */
  readonly status?: { readonly status: string } | undefined;
  /** channel.config data: the channel fields of spec 001 §3 (open object). */
  readonly config?: Readonly<Record<string, unknown>> | undefined;
}

const flag = (config: Readonly<Record<string, unknown>>, key: string): boolean | undefined => (typeof config[key] === 'boolean' ? (config[key] as boolean) : undefined);
const textOf = (config: Readonly<Record<string, unknown>>, key: string): string | null => (typeof config[key] === 'string' ? (config[key] as string) : null);

/**
 * The channel entity of live facts. A channel heard of only by its status has no flags: it counts
 * as a preview channel until its configuration arrives. An unknown status value reads as offline
 * (unavailable), never as a free channel.
 */
export function channelFromLive(facts: LiveChannelFacts): Channel {
  const config = facts.config ?? {};
  const status: ChannelStatus = (facts.status !== undefined ? parseChannelStatus(facts.status.status) : null) ?? (facts.status === undefined ? 'offline' : 'unavailable');
  const tally = config['tally'];
  const onAir = typeof tally === 'object' && tally !== null ? (tally as Record<string, unknown>)['onAir'] : undefined;
  const supported = typeof tally === 'object' && tally !== null ? (tally as Record<string, unknown>)['supportedByUnit'] : undefined;
  const name = facts.name ?? textOf(config, 'name') ?? '';
  const sdiNo = config['sdiNo'];
  const flags = {
    output: flag(config, 'output'),
    preview: flag(config, 'preview'),
    distributor: flag(config, 'distributor'),
    sharing: flag(config, 'sharing'),
    ndi: flag(config, 'ndi'),
    forceOutput: flag(config, 'forceOutput'),
    forwardRtmp: flag(config, 'forwardRtmp'),
    ifb: flag(config, 'ifb'),
    recording: flag(config, 'recording'),
    overlay: flag(config, 'overlay'),
  };
  return {
    channelId: facts.id as ChannelId,
    channelName: name,
    status,
    ...Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)),
    sdiNo: typeof sdiNo === 'number' ? sdiNo : null,
    flavor: textOf(config, 'flavor'),
    cdnName: textOf(config, 'cdnName'),
    broadcasterName: textOf(config, 'broadcasterName'),
    tallyName: textOf(config, 'tallyName'),
    tally: typeof onAir === 'boolean' && typeof supported === 'boolean' ? { onAir, supportedByUnit: supported } : null,
    liveuVersion: facts.version ?? textOf(config, 'liveuVersion'),
  };
}

/** What one channel adds to the counters: its status class, derived type and each flag. */
export interface ChannelCount {
  readonly statusClass: ChannelStatusClass;
  readonly type: 'input' | 'output' | 'preview';
  readonly sdi: boolean;
  readonly smpte: boolean;
  readonly cdn: boolean;
  readonly share: boolean;
  readonly distributor: boolean;
}

export function channelCountOf(channel: Channel): ChannelCount {
  const flags = channelFlags(channel);
  return {
    statusClass: channelStatusClass(channel.status),
    type: deriveChannelType(channel),
    sdi: flags.hasSdi,
    smpte: flags.hasSmpte,
    cdn: flags.hasCdn,
    share: flags.isSharing,
    distributor: flags.isDistributor,
  };
}

function add(counters: ChannelCounters, count: ChannelCount, sign: 1 | -1): void {
  counters[count.statusClass] += sign;
  counters[count.type] += sign;
  if (count.sdi) counters.sdi += sign;
  if (count.smpte) counters.smpte += sign;
  if (count.cdn) counters.cdn += sign;
  if (count.share) counters.share += sign;
  if (count.distributor) counters.distributor += sign;
}

/** Same rules as `channelCounters`, one channel at a time: takes `before` out and puts `after` in (either may be absent). */
export function applyChannelCountChange(counters: ChannelCounters, before: ChannelCount | undefined, after: ChannelCount | undefined): void {
  if (before !== undefined) add(counters, before, -1);
  if (after !== undefined) add(counters, after, 1);
}
