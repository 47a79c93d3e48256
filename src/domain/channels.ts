/**
 * Server-side channels (spec 001 §3, §4, §8; spec 002 §4 for the group and multi-channel rules).
 * Pure rules over the channel entity: status classes, type derivation, flags, counters, filters,
 * multi-camera ordering and the warnings shown before a channel is used.
 */
import { DEFAULT_CHANNEL_PLACEHOLDER } from './constants.ts';
import type { ChannelId } from './brand.ts';
import { assertNever } from './brand.ts';
import { compareVersions, hasFeature, parseVersion } from './versions.ts';
import { formatMessage } from './validation/messages.ts';

// ---------------------------------------------------------------------------------------------
// Status (spec 001 §4)

/**
 * Channel status values. "collecting" is the spec's streaming state. "unavailable" is treated as
 * offline everywhere. The wire spelling of "play stored file" is not shown: ours is playStoredFile.
 */
export const CHANNEL_STATUSES = ['offline', 'idle', 'collecting', 'connecting', 'unavailable', 'playStoredFile'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

/** The three counter classes of spec 001 §4 ("Counters: busy, idle, offline"). */
export const CHANNEL_STATUS_CLASSES = ['busy', 'idle', 'offline'] as const;
export type ChannelStatusClass = (typeof CHANNEL_STATUS_CLASSES)[number];

/** Reads a raw status string at the edge; null when it is not one of the spec's values. */
export function parseChannelStatus(raw: string): ChannelStatus | null {
  return (CHANNEL_STATUSES as readonly string[]).includes(raw) ? (raw as ChannelStatus) : null;
}

/** "unavailable (treated as offline)": every other status is itself. */
export function effectiveChannelStatus(status: ChannelStatus): Exclude<ChannelStatus, 'unavailable'> {
  return status === 'unavailable' ? 'offline' : status;
}

/**
 * Counter class of a status. Busy = the channel is taken: streaming (collecting), a unit is
 * connecting to it, or it plays a stored file. Only idle channels are free to select.
 */
export function channelStatusClass(status: ChannelStatus): ChannelStatusClass {
  switch (status) {
    case 'offline':
    case 'unavailable':
      return 'offline';
    case 'idle':
      return 'idle';
    case 'collecting':
    case 'connecting':
    case 'playStoredFile':
      return 'busy';
    default:
      return assertNever(status, 'channel status');
  }
}

/** Status of a multi-channel or group pseudo-channel: one of three values. */
export type AggregateChannelStatus = 'offline' | 'idle' | 'collecting';

/**
 * Multi-channel (spec 001 §4, 002 §4): offline if any sub-channel is offline (unavailable counts
 * as offline), else collecting if any is collecting, else idle. No sub-channels gives idle.
 */
export function multiChannelStatus(subStatuses: readonly ChannelStatus[]): AggregateChannelStatus {
  if (subStatuses.some((status) => effectiveChannelStatus(status) === 'offline')) return 'offline';
  if (subStatuses.includes('collecting')) return 'collecting';
  return 'idle';
}

/**
 * Group pseudo-channel (spec 001 §4, 002 §4): idle if any member is idle, else collecting if any is
 * collecting, else offline. No members gives offline.
 */
export function groupChannelStatus(memberStatuses: readonly ChannelStatus[]): AggregateChannelStatus {
  if (memberStatuses.includes('idle')) return 'idle';
  if (memberStatuses.includes('collecting')) return 'collecting';
  return 'offline';
}

// ---------------------------------------------------------------------------------------------
// Kinds, types, delivery modes (spec 001 §3)

export const CHANNEL_TYPES = ['preview', 'output', 'input', 'group', 'distributor'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export const CHANNEL_KINDS = ['PREVIEW_CHANNEL', 'OUTPUT_CHANNEL', 'DISTRIBUTOR_CHANNEL', 'GROUP_CHANNEL', 'INPUT_CHANNEL'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** One kind constant per type. */
export const CHANNEL_KIND_OF_TYPE = {
  preview: 'PREVIEW_CHANNEL',
  output: 'OUTPUT_CHANNEL',
  input: 'INPUT_CHANNEL',
  group: 'GROUP_CHANNEL',
  distributor: 'DISTRIBUTOR_CHANNEL',
} as const satisfies Record<ChannelType, ChannelKind>;

export const DELIVERY_MODES = ['live', 'storeAndForward'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** Shown where a unit's channel is unknown to the user (spec 002 §9 "Default channel placeholder"). */
export { DEFAULT_CHANNEL_PLACEHOLDER };

// ---------------------------------------------------------------------------------------------
// The entity (spec 001 §3). Fields the rules here do not read are kept loose.

/** What a channel can do; the spec does not show the shape, this is ours. */
export interface ChannelCapabilities {
  readonly supports4k?: boolean;
}

export interface Channel {
  readonly channelId: ChannelId;
  readonly channelName: string;
  readonly status: ChannelStatus;
  /** The type the server reports; the rules below derive their own from the flags. */
  readonly type?: ChannelType;
  readonly output?: boolean;
  readonly preview?: boolean;
  readonly distributor?: boolean;
  /** Multipoint share. */
  readonly sharing?: boolean;
  /** SDI port number; null, missing, 0 or negative mean no SDI port. */
  readonly sdiNo?: number | null;
  readonly ndi?: boolean;
  readonly forceOutput?: boolean;
  readonly forwardRtmp?: boolean;
  /** SMPTE 2110 flavour; any non-empty value means the channel is SMPTE. */
  readonly flavor?: string | null;
  readonly allocatedTo?: string | null;
  readonly allocatedToByApp?: string | null;
  readonly cdnName?: string | null;
  readonly broadcasterName?: string | null;
  readonly tally?: { readonly onAir: boolean; readonly supportedByUnit: boolean } | null;
  readonly tallyName?: string | null;
  readonly ifb?: boolean;
  readonly recording?: boolean;
  readonly serverProductType?: string | null;
  readonly overlay?: boolean;
  readonly fileTransfer?: { readonly path: string; readonly status: string } | null;
  /** Software version of the channel's server, dotted ("7.5.1"). */
  readonly liveuVersion?: string | null;
  readonly capabilities?: ChannelCapabilities | null;
}

/** The flag facts type derivation reads. */
type TypeFacts = Pick<Channel, 'output' | 'preview' | 'distributor' | 'sdiNo' | 'ndi' | 'forceOutput' | 'forwardRtmp' | 'flavor'>;

/** An SDI port is a positive number (vendors send 0 or -1 for "none"). */
export function hasSdi(channel: Pick<Channel, 'sdiNo'>): boolean {
  return typeof channel.sdiNo === 'number' && channel.sdiNo > 0;
}

export function hasSmpte(channel: Pick<Channel, 'flavor'>): boolean {
  return typeof channel.flavor === 'string' && channel.flavor.trim() !== '';
}

export function hasCdn(channel: Pick<Channel, 'cdnName'>): boolean {
  return typeof channel.cdnName === 'string' && channel.cdnName.trim() !== '';
}

/**
 * Spec 001 §4: "A distributor channel is forced to output with force output on and preview off."
 * A non-distributor comes back unchanged (the same object).
 */
export function forceDistributor<C extends TypeFacts>(channel: C): C {
  if (channel.distributor !== true) return channel;
  return { ...channel, output: true, forceOutput: true, preview: false };
}

/**
 * Spec 001 §4, in this order: an SDI number without output means input; forward RTMP, NDI, SDI,
 * force output or an SMPTE flavour means output; otherwise preview. Distributors are forced first.
 * Group and distributor are not derived here: a group is a pseudo-channel the client builds, and a
 * distributor is an output channel with isDistributor set.
 */
export function deriveChannelType(channel: TypeFacts): 'input' | 'output' | 'preview' {
  const facts = forceDistributor(channel);
  const sdi = hasSdi(facts);
  if (sdi && facts.output !== true) return 'input';
  if (facts.forwardRtmp === true || facts.ndi === true || sdi || facts.forceOutput === true || hasSmpte(facts)) return 'output';
  return 'preview';
}

/** The channel flags of spec 001 §3. */
export interface ChannelFlags {
  readonly isSharing: boolean;
  readonly hasSmpte: boolean;
  readonly hasCdn: boolean;
  readonly hasSdi: boolean;
  readonly isOutput: boolean;
  readonly isDistributor: boolean;
}

export function channelFlags(channel: Channel): ChannelFlags {
  return {
    isSharing: channel.sharing === true,
    hasSmpte: hasSmpte(channel),
    hasCdn: hasCdn(channel),
    hasSdi: hasSdi(channel),
    isOutput: deriveChannelType(channel) === 'output',
    isDistributor: channel.distributor === true,
  };
}

// ---------------------------------------------------------------------------------------------
// Counters (spec 001 §3 "Channel counters")

export const CHANNEL_COUNTER_KEYS = ['busy', 'idle', 'offline', 'sdi', 'smpte', 'cdn', 'preview', 'share', 'distributor', 'output', 'input'] as const;
export type ChannelCounterKey = (typeof CHANNEL_COUNTER_KEYS)[number];
export type ChannelCounters = Record<ChannelCounterKey, number>;

export function emptyChannelCounters(): ChannelCounters {
  return { busy: 0, idle: 0, offline: 0, sdi: 0, smpte: 0, cdn: 0, preview: 0, share: 0, distributor: 0, output: 0, input: 0 };
}

/**
 * Counts channels: busy + idle + offline = number of channels; preview + output + input = number
 * of channels (derived type); sdi, smpte, cdn, share and distributor count flags independently.
 */
export function channelCounters(channels: readonly Channel[]): ChannelCounters {
  const counters = emptyChannelCounters();
  for (const channel of channels) {
    counters[channelStatusClass(channel.status)] += 1;
    counters[deriveChannelType(channel)] += 1;
    const flags = channelFlags(channel);
    if (flags.hasSdi) counters.sdi += 1;
    if (flags.hasSmpte) counters.smpte += 1;
    if (flags.hasCdn) counters.cdn += 1;
    if (flags.isSharing) counters.share += 1;
    if (flags.isDistributor) counters.distributor += 1;
  }
  return counters;
}

// ---------------------------------------------------------------------------------------------
// Multi-camera channel list (spec 001 §3: "sorted by status then name")

export interface MultiCameraChannel {
  readonly uniqueId: string;
  readonly name: string;
  readonly status: ChannelStatus;
  readonly busy?: boolean;
  readonly icon?: string;
  readonly sdi?: boolean;
  readonly channels?: readonly { readonly uniqueId: string; readonly status: ChannelStatus }[];
}

/**
 * Status order of the multi-camera list (the spec gives no order; ours puts what can be picked
 * first): idle, connecting, collecting, play stored file, then offline and unavailable together.
 */
export const MULTI_CAMERA_STATUS_ORDER: Readonly<Record<ChannelStatus, number>> = {
  idle: 0,
  connecting: 1,
  collecting: 2,
  playStoredFile: 3,
  offline: 4,
  unavailable: 4,
};

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A new array sorted by status (order above), then name (case-insensitive, numeric), then id. */
export function sortMultiCameraChannels<C extends Pick<MultiCameraChannel, 'uniqueId' | 'name' | 'status'>>(channels: readonly C[]): C[] {
  return [...channels].sort(
    (a, b) =>
      MULTI_CAMERA_STATUS_ORDER[a.status] - MULTI_CAMERA_STATUS_ORDER[b.status] ||
      byName.compare(a.name, b.name) ||
      (a.uniqueId < b.uniqueId ? -1 : a.uniqueId > b.uniqueId ? 1 : 0),
  );
}

// ---------------------------------------------------------------------------------------------
// Manage-channel filters (spec 001 §2 "Filter groups")

/** Types, "also SMPTE, SDI in". */
export const CHANNEL_TYPE_FILTERS = ['preview', 'output', 'input', 'distributor', 'smpte', 'sdiIn'] as const;
export type ChannelTypeFilter = (typeof CHANNEL_TYPE_FILTERS)[number];

/** Mode: CDN, SDI, preview, output, multipoint share, distributor. */
export const CHANNEL_MODE_FILTERS = ['cdn', 'sdi', 'preview', 'output', 'multipointShare', 'distributor'] as const;
export type ChannelModeFilter = (typeof CHANNEL_MODE_FILTERS)[number];

/** Playing state: the counter classes (the spec names the group only). */
export const CHANNEL_PLAYING_FILTERS = CHANNEL_STATUS_CLASSES;
export type ChannelPlayingFilter = ChannelStatusClass;

export interface ChannelFilters {
  readonly types?: readonly ChannelTypeFilter[];
  readonly modes?: readonly ChannelModeFilter[];
  readonly playing?: readonly ChannelPlayingFilter[];
}

function matchesType(channel: Channel, filter: ChannelTypeFilter): boolean {
  switch (filter) {
    case 'preview':
    case 'output':
    case 'input':
      return deriveChannelType(channel) === filter;
    case 'distributor':
      return channel.distributor === true;
    case 'smpte':
      return hasSmpte(channel);
    case 'sdiIn':
      return hasSdi(channel) && deriveChannelType(channel) === 'input';
    default:
      return assertNever(filter, 'channel type filter');
  }
}

function matchesMode(channel: Channel, filter: ChannelModeFilter): boolean {
  switch (filter) {
    case 'cdn':
      return hasCdn(channel);
    case 'sdi':
      return hasSdi(channel);
    case 'preview':
    case 'output':
      return deriveChannelType(channel) === filter;
    case 'multipointShare':
      return channel.sharing === true;
    case 'distributor':
      return channel.distributor === true;
    default:
      return assertNever(filter, 'channel mode filter');
  }
}

/**
 * Filter groups combine as usual for filter panels: a value in a group matches if any selected
 * value of that group matches (OR), every group must match (AND), an empty group matches all.
 */
export function channelMatchesFilters(channel: Channel, filters: ChannelFilters): boolean {
  const { types = [], modes = [], playing = [] } = filters;
  if (types.length > 0 && !types.some((filter) => matchesType(channel, filter))) return false;
  if (modes.length > 0 && !modes.some((filter) => matchesMode(channel, filter))) return false;
  if (playing.length > 0 && !playing.includes(channelStatusClass(channel.status))) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Version gates (spec 001 §9) and output licence (spec 001 §5)

/** Force output needs channel software 6.1.2 or newer. */
export function canForceOutput(channel: Pick<Channel, 'liveuVersion'>): boolean {
  return hasFeature(channel.liveuVersion, 'forceOutput');
}

/** Multipoint (share) needs channel software 5.0 or newer. */
export function canMultipoint(channel: Pick<Channel, 'liveuVersion'>): boolean {
  return hasFeature(channel.liveuVersion, 'multipoint');
}

/** Spec 001 §5 "Output licence: server supports up to {0} output channels" (sentence-cased). */
export const OUTPUT_LICENCE_MESSAGE = 'Server supports up to {0} output channels';

/** The licence message when more output channels are wanted than the server's licence allows. */
export function outputLicenceError(outputChannels: number, licensedOutputs: number): string | null {
  return outputChannels > licensedOutputs ? formatMessage(OUTPUT_LICENCE_MESSAGE, { 0: licensedOutputs }) : null;
}

// ---------------------------------------------------------------------------------------------
// Warnings (spec 001 §8 "Channel warnings", spec 000 §8 "Send logs")

export const CHANNEL_WARNINGS = [
  'busy',
  'offline',
  'external',
  'incompatibleVersion',
  'pro4kLicenceMissing',
  'no4kSupport',
  'smpteConfigMissing',
  'logsNeedOnlineIdleUnit',
] as const;
export type ChannelWarning = (typeof CHANNEL_WARNINGS)[number];

/** Busy and offline are quoted in spec 000 §8; the others follow the spec's wording. */
export const CHANNEL_WARNING_MESSAGES = {
  busy: 'Selected channel is busy',
  offline: 'Selected channel is offline',
  external: 'External channel',
  incompatibleVersion: 'Incompatible version',
  pro4kLicenceMissing: 'PRO-4K licence not available',
  no4kSupport: 'Channel does not support 4K transmission',
  smpteConfigMissing: 'SMPTE configuration missing',
  logsNeedOnlineIdleUnit: 'Logs can be sent only when the unit is online and idle',
} as const satisfies Record<ChannelWarning, string>;

export interface ChannelWarningContext {
  /** What the user is about to do: stream to the channel or send the unit's logs through it. */
  readonly purpose: 'stream' | 'sendLogs';
  /** False when the channel is not among the user's channels (shown as "External"). */
  readonly inUserGroups: boolean;
  /** Unit software version; the channel's server must be at or above it (spec 001 §4). */
  readonly unitVersion?: string | null;
  /** True when the stream asks for 4K. */
  readonly wants4k?: boolean;
  readonly hasPro4kLicence?: boolean;
  /** False when the SMPTE configuration was read and is empty; undefined when not known. */
  readonly smpteConfigured?: boolean;
  /** For sendLogs: the unit's state. */
  readonly unitOnline?: boolean;
  readonly unitIdle?: boolean;
}

/** Every warning that applies, in the order of CHANNEL_WARNINGS; empty when the channel is usable. */
export function channelWarnings(channel: Channel, context: ChannelWarningContext): ChannelWarning[] {
  const warnings: ChannelWarning[] = [];
  const statusClass = channelStatusClass(channel.status);
  if (statusClass === 'busy') warnings.push('busy');
  if (statusClass === 'offline') warnings.push('offline');
  if (!context.inUserGroups) warnings.push('external');
  if (isIncompatible(channel.liveuVersion, context.unitVersion)) warnings.push('incompatibleVersion');
  if (context.purpose === 'stream' && context.wants4k === true) {
    if (context.hasPro4kLicence !== true) warnings.push('pro4kLicenceMissing');
    if (channel.capabilities?.supports4k !== true) warnings.push('no4kSupport');
  }
  if (context.purpose === 'stream' && hasSmpte(channel) && context.smpteConfigured === false) warnings.push('smpteConfigMissing');
  if (context.purpose === 'sendLogs' && !(context.unitOnline === true && context.unitIdle === true)) warnings.push('logsNeedOnlineIdleUnit');
  return warnings;
}

/** Incompatible only when both versions are known and the channel's is older than the unit's. */
function isIncompatible(channelVersion: string | null | undefined, unitVersion: string | null | undefined): boolean {
  if (channelVersion == null || unitVersion == null) return false;
  if (parseVersion(channelVersion) === null || parseVersion(unitVersion) === null) return false;
  return compareVersions(channelVersion, unitVersion) < 0;
}

/** The name shown for a unit's channel: its name, or "External" when the user cannot see it. */
export function channelDisplayName(channel: Pick<Channel, 'channelName'> | null | undefined): string {
  const name = channel?.channelName.trim();
  return name ? name : DEFAULT_CHANNEL_PLACEHOLDER;
}
