/**
 * A server-side channel's configuration as the Manage Channels editor edits it (spec 001 §2 tabs
 * General, Multipoint, NDI, Streaming, Graphics Overlay, SMPTE 2110; §3 Channel fields; §5 rules;
 * §9 version gates), plus the dialogs around it (tally, IFB, audio interfaces, ingest). Pure: the
 * editor (as the user types) and the server's channel service (before it stores) call the same
 * functions, so a refusal reads the same in both places.
 *
 * The stored shape is ours (the spec shows the field names, not how they are grouped): one section
 * per tab or dialog. `normalizeChannelConfig` reads any stored JSON (the demo seeds `{}`) into a
 * whole config with the defaults of the channel's stored type.
 */
import { CHANNEL_STATUSES, DELIVERY_MODES, OUTPUT_LICENCE_MESSAGE, deriveChannelType, type Channel, type ChannelStatus, type ChannelType, type DeliveryMode } from './channels.ts';
import type { ChannelId } from './brand.ts';
import { formatMessage, MESSAGES } from './validation/messages.ts';
import { entityNameError } from './validation/names.ts';
import { genlockOffset, withinRuntimeBounds, type RuntimeBounds } from './validation/genlock.ts';
import { firstError, type FormErrors } from './validation/check.ts';
import { integer, maxLength, maxValue, minValue, number, required, type NumberInput } from './validation/fields.ts';
import { hasFeature, VERSION_GATES, type VersionGate } from './versions.ts';
import { MULTIPOINT_SERVERS_LIST_LIMIT, IFB_DELAY_LOW_MS, IFB_DELAY_NORMAL_MS } from './constants.ts';

// ---------------------------------------------------------------------------------------------
// The configuration

/** SMPTE ST 2110 flavours a channel can carry (spec 001 §3 "flavor (SMPTE 2110)"; values ours). */
export const SMPTE_FLAVORS = ['2110-20', '2110-22'] as const;
export type SmpteFlavor = (typeof SMPTE_FLAVORS)[number];

/** Kinds of an audio interface of a channel (spec 001 §2 "audio interfaces"; values ours). */
export const AUDIO_INTERFACE_KINDS = ['sip', 'webrtc', 'analog'] as const;
export type AudioInterfaceKind = (typeof AUDIO_INTERFACE_KINDS)[number];

/** Kinds of an input source (spec 001 §7 channels/{id}/inputSources; values ours). */
export const INPUT_SOURCE_KINDS = ['sdi', 'srt', 'rtmp', 'ndi'] as const;
export type InputSourceKind = (typeof INPUT_SOURCE_KINDS)[number];

export interface AudioInterface {
  readonly name: string;
  readonly kind: AudioInterfaceKind;
}

export interface InputSource {
  readonly id: string;
  readonly kind: InputSourceKind;
  /** Where the source comes from (an SRT/RTMP URL, an SDI port "SDI 1", an NDI source name). */
  readonly address: string;
}

export interface ChannelConfig {
  /** General tab: what the channel does (type derivation reads these), how it delivers, its labels. */
  readonly general: {
    readonly output: boolean;
    readonly preview: boolean;
    readonly distributor: boolean;
    readonly forceOutput: boolean;
    readonly forwardRtmp: boolean;
    /** SDI port (1-based); null: none. */
    readonly sdiNo: number | null;
    readonly deliveryMode: DeliveryMode;
    readonly recording: boolean;
    readonly broadcasterName: string;
  };
  /** Multipoint tab: share the channel's video with other media servers (PTMP). */
  readonly multipoint: { readonly sharing: boolean; readonly machines: readonly string[] };
  readonly ndi: { readonly enabled: boolean; readonly sourceName: string };
  /** Streaming tab: the destination the channel streams to now (its name is the channel's CDN name). */
  readonly streaming: { readonly activeDestinationId: string | null; readonly cdnName: string | null };
  readonly overlay: { readonly overlayId: string | null };
  readonly smpte: { readonly flavor: SmpteFlavor | null; readonly genlockOffset: number; readonly port: number | null; readonly ptpDomain: number | null };
  readonly tally: { readonly onAir: boolean; readonly supportedByUnit: boolean; readonly tallyName: string };
  readonly ifb: { readonly enabled: boolean; readonly lowDelay: boolean; readonly alwaysOn: boolean };
  readonly audioInterfaces: readonly AudioInterface[];
  readonly ingest: { readonly serverId: string | null };
  readonly ffmpeg: { readonly enabled: boolean; readonly command: string };
  /** kbps; null: no limit. */
  readonly bwLimitKbps: number | null;
  readonly privateSession: boolean;
  readonly inputSources: readonly InputSource[];
}

/** The parts a stored type implies (the demo seeds only the type). */
function generalOfType(type: ChannelType): ChannelConfig['general'] {
  const base = { output: false, preview: true, distributor: false, forceOutput: false, forwardRtmp: false, sdiNo: null, deliveryMode: 'live' as const, recording: false, broadcasterName: '' };
  switch (type) {
    case 'output':
      return { ...base, output: true, preview: false, forceOutput: true };
    case 'distributor':
      return { ...base, output: true, preview: false, forceOutput: true, distributor: true };
    case 'input':
      return { ...base, preview: false, sdiNo: 1 };
    case 'preview':
    case 'group':
      return base;
  }
}

export function defaultChannelConfig(type: ChannelType): ChannelConfig {
  return {
    general: generalOfType(type),
    multipoint: { sharing: false, machines: [] },
    ndi: { enabled: false, sourceName: '' },
    streaming: { activeDestinationId: null, cdnName: null },
    overlay: { overlayId: null },
    smpte: { flavor: null, genlockOffset: 0, port: null, ptpDomain: null },
    tally: { onAir: false, supportedByUnit: false, tallyName: '' },
    ifb: { enabled: false, lowDelay: false, alwaysOn: false },
    audioInterfaces: [],
    ingest: { serverId: null },
    ffmpeg: { enabled: false, command: '' },
    bwLimitKbps: null,
    privateSession: false,
    inputSources: [],
  };
}

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const intOrNull = (value: unknown, fallback: number | null): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : value === null ? null : fallback);
const textOrNull = (value: unknown, fallback: string | null): string | null => (typeof value === 'string' && value !== '' ? value : value === null ? null : fallback);
const section = (stored: Loose, key: string): Loose => (isRecord(stored[key]) ? stored[key] : {});
const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => ((values as readonly unknown[]).includes(value) ? (value as T) : fallback);

/** A whole configuration from stored JSON: each known field that has the right type, else the type's default. */
export function normalizeChannelConfig(stored: unknown, type: ChannelType): ChannelConfig {
  const d = defaultChannelConfig(type);
  const s = isRecord(stored) ? stored : {};
  const g = section(s, 'general');
  const m = section(s, 'multipoint');
  const n = section(s, 'ndi');
  const st = section(s, 'streaming');
  const o = section(s, 'overlay');
  const sm = section(s, 'smpte');
  const ta = section(s, 'tally');
  const i = section(s, 'ifb');
  const ing = section(s, 'ingest');
  const ff = section(s, 'ffmpeg');
  return {
    general: {
      output: bool(g['output'], d.general.output),
      preview: bool(g['preview'], d.general.preview),
      distributor: bool(g['distributor'], d.general.distributor),
      forceOutput: bool(g['forceOutput'], d.general.forceOutput),
      forwardRtmp: bool(g['forwardRtmp'], d.general.forwardRtmp),
      sdiNo: intOrNull(g['sdiNo'], d.general.sdiNo),
      deliveryMode: oneOf(DELIVERY_MODES, g['deliveryMode'], d.general.deliveryMode),
      recording: bool(g['recording'], d.general.recording),
      broadcasterName: text(g['broadcasterName'], d.general.broadcasterName),
    },
    multipoint: { sharing: bool(m['sharing'], false), machines: Array.isArray(m['machines']) ? m['machines'].filter((x): x is string => typeof x === 'string') : [] },
    ndi: { enabled: bool(n['enabled'], false), sourceName: text(n['sourceName'], '') },
    streaming: { activeDestinationId: textOrNull(st['activeDestinationId'], null), cdnName: textOrNull(st['cdnName'], null) },
    overlay: { overlayId: textOrNull(o['overlayId'], null) },
    smpte: {
      flavor: SMPTE_FLAVORS.find((f) => f === sm['flavor']) ?? null,
      genlockOffset: intOrNull(sm['genlockOffset'], 0) ?? 0,
      port: intOrNull(sm['port'], null),
      ptpDomain: intOrNull(sm['ptpDomain'], null),
    },
    tally: { onAir: bool(ta['onAir'], false), supportedByUnit: bool(ta['supportedByUnit'], false), tallyName: text(ta['tallyName'], '') },
    ifb: { enabled: bool(i['enabled'], false), lowDelay: bool(i['lowDelay'], false), alwaysOn: bool(i['alwaysOn'], false) },
    audioInterfaces: Array.isArray(s['audioInterfaces'])
      ? s['audioInterfaces'].flatMap((a) => (isRecord(a) && typeof a['name'] === 'string' ? [{ name: a['name'], kind: oneOf(AUDIO_INTERFACE_KINDS, a['kind'], 'sip') }] : []))
      : [],
    ingest: { serverId: textOrNull(ing['serverId'], null) },
    ffmpeg: { enabled: bool(ff['enabled'], false), command: text(ff['command'], '') },
    bwLimitKbps: intOrNull(s['bwLimitKbps'], null),
    privateSession: bool(s['privateSession'], false),
    inputSources: Array.isArray(s['inputSources'])
      ? s['inputSources'].flatMap((x) =>
          isRecord(x) && typeof x['id'] === 'string' && typeof x['address'] === 'string' ? [{ id: x['id'], kind: oneOf(INPUT_SOURCE_KINDS, x['kind'], 'srt'), address: x['address'] }] : [],
        )
      : [],
  };
}

/**
 * The channel entity the rules of channels.ts read (type derivation, flags, counters, filters,
 * warnings), from a configuration and the live status.
 */
export function channelEntity(facts: {
  readonly id: string;
  readonly name: string;
  readonly status: ChannelStatus;
  readonly config: ChannelConfig;
  readonly liveuVersion?: string | null;
  readonly supports4k?: boolean;
}): Channel {
  const { general, multipoint, ndi, smpte, streaming, tally, ifb, overlay } = facts.config;
  return {
    channelId: facts.id as ChannelId,
    channelName: facts.name,
    status: facts.status,
    output: general.output,
    preview: general.preview,
    distributor: general.distributor,
    sharing: multipoint.sharing,
    sdiNo: general.sdiNo,
    ndi: ndi.enabled,
    forceOutput: general.forceOutput,
    forwardRtmp: general.forwardRtmp,
    flavor: smpte.flavor,
    cdnName: streaming.cdnName,
    broadcasterName: general.broadcasterName,
    tally: { onAir: tally.onAir, supportedByUnit: tally.supportedByUnit },
    tallyName: tally.tallyName,
    ifb: ifb.enabled,
    recording: general.recording,
    overlay: overlay.overlayId !== null,
    liveuVersion: facts.liveuVersion ?? null,
    capabilities: { supports4k: facts.supports4k === true },
  };
}

/** The type stored for a channel after an edit: distributor when it is one, else the derived type. */
export function storedTypeOf(config: ChannelConfig): ChannelType {
  if (config.general.distributor) return 'distributor';
  return deriveChannelType({ ...config.general, ndi: config.ndi.enabled, flavor: config.smpte.flavor });
}

/** True when the channel's derived type is output (a distributor counts: it is forced to output). */
export function isOutputConfig(config: ChannelConfig): boolean {
  return storedTypeOf(config) === 'output' || config.general.distributor;
}

/** Spec 001 §4: a distributor is forced to output, force output on and preview off. */
export function forcedGeneral(general: ChannelConfig['general']): ChannelConfig['general'] {
  return general.distributor ? { ...general, output: true, forceOutput: true, preview: false } : general;
}

// ---------------------------------------------------------------------------------------------
// Version gates (spec 001 §9) with their words (ours: the spec gives the versions, not the text)

export const VERSION_GATE_MESSAGE = 'Needs channel software {0} or higher';

/** "Needs channel software 6.1.2 or higher" when the channel's server is older than the gate. */
export function gateError(version: string | null | undefined, gate: VersionGate): string | null {
  return hasFeature(version, gate) ? null : formatMessage(VERSION_GATE_MESSAGE, { 0: VERSION_GATES[gate] });
}

/** Which editor tabs the channel's software allows (multipoint 5.0, graphics overlay 8.0; force output 6.1.2 is a field). */
export function channelTabGates(version: string | null | undefined): { readonly multipoint: boolean; readonly graphicsOverlay: boolean; readonly forceOutput: boolean } {
  return { multipoint: hasFeature(version, 'multipoint'), graphicsOverlay: hasFeature(version, 'graphicsOverlay'), forceOutput: hasFeature(version, 'forceOutput') };
}

// ---------------------------------------------------------------------------------------------
// Rules of the editor's tabs (spec 001 §5)

/** SDI ports a channel may name: 1-16 (ours: the spec shows the field, not its range). */
export const SDI_PORT_RANGE = { min: 1, max: 16 } as const;
/** Longest broadcaster, tally and NDI source names (characters; ours). */
export const CHANNEL_LABEL_MAX = 64;

export interface GeneralContext {
  /** The channel server's software version (dotted). */
  readonly liveuVersion: string | null;
  /** Output channels on the same server, this one left out. */
  readonly otherOutputs: number;
  /** How many output channels the server's licence allows (spec 001 §5 "server supports up to {0} output channels"). */
  readonly outputLicence: number;
  /** Names of the other channels (spec 001 §5: unique). */
  readonly takenNames: readonly string[];
  /** Force output as stored before the edit: an already-set flag stays allowed on an old server. */
  readonly forceOutputBefore: boolean;
}

export type GeneralField = 'name' | 'sdiNo' | 'forceOutput' | 'output' | 'broadcasterName';

/** General tab: name (spec 001 §5), SDI port, force output (6.1.2), the output licence. */
export function generalErrors(name: string, general: ChannelConfig['general'], context: GeneralContext): FormErrors<GeneralField> {
  const errors: FormErrors<GeneralField> = {};
  const nameError = entityNameError(name, context.takenNames);
  if (nameError !== null) errors.name = nameError;
  if (general.sdiNo !== null) {
    const sdi = firstError<NumberInput>(general.sdiNo, [number, integer, minValue(SDI_PORT_RANGE.min), maxValue(SDI_PORT_RANGE.max)]);
    if (sdi !== null) errors.sdiNo = sdi;
  }
  const forced = forcedGeneral(general);
  if (forced.forceOutput && !context.forceOutputBefore) {
    const gate = gateError(context.liveuVersion, 'forceOutput');
    if (gate !== null) errors.forceOutput = gate;
  }
  const broadcaster = maxLength(CHANNEL_LABEL_MAX)(general.broadcasterName);
  if (broadcaster !== null) errors.broadcasterName = broadcaster;
  const wouldBeOutput = deriveChannelType({ ...forced }) === 'output' || forced.distributor;
  if (wouldBeOutput && context.otherOutputs + 1 > context.outputLicence) errors.output = formatMessage(OUTPUT_LICENCE_MESSAGE, { 0: context.outputLicence });
  return errors;
}

/** Ours: the machines of a multipoint share are media servers, each once. */
export const MULTIPOINT_DUPLICATE_MESSAGE = 'Each server can be chosen once';
export const MULTIPOINT_TOO_MANY_MESSAGE = 'Multiselect maximum of {0} options'; // spec 002 §5

/** Multipoint tab: needs 5.0; at most 1,000 servers (spec 001 §9), each once. */
export function multipointErrors(multipoint: ChannelConfig['multipoint'], liveuVersion: string | null): FormErrors<'sharing' | 'machines'> {
  const errors: FormErrors<'sharing' | 'machines'> = {};
  if (multipoint.sharing) {
    const gate = gateError(liveuVersion, 'multipoint');
    if (gate !== null) errors.sharing = gate;
  }
  if (multipoint.machines.length > MULTIPOINT_SERVERS_LIST_LIMIT) errors.machines = formatMessage(MULTIPOINT_TOO_MANY_MESSAGE, { 0: MULTIPOINT_SERVERS_LIST_LIMIT });
  else if (new Set(multipoint.machines).size !== multipoint.machines.length) errors.machines = MULTIPOINT_DUPLICATE_MESSAGE;
  return errors;
}

/** NDI tab: a source name (≤ 64 characters) is required while NDI is on. */
export function ndiErrors(ndi: ChannelConfig['ndi']): FormErrors<'sourceName'> {
  const message = ndi.enabled ? firstError(ndi.sourceName, [required, maxLength(CHANNEL_LABEL_MAX)]) : maxLength(CHANNEL_LABEL_MAX)(ndi.sourceName);
  return message === null ? {} : { sourceName: message };
}

/** Graphics overlay tab: picking an overlay needs 8.0. */
export function overlayErrors(overlay: ChannelConfig['overlay'], liveuVersion: string | null): FormErrors<'overlayId'> {
  if (overlay.overlayId === null) return {};
  const gate = gateError(liveuVersion, 'graphicsOverlay');
  return gate === null ? {} : { overlayId: gate };
}

/** The bounds the server supplies for the SMPTE fields (spec 001 §5 "from bounds supplied at runtime"). */
export interface SmpteBounds {
  readonly port: RuntimeBounds;
  readonly ptpDomain: RuntimeBounds;
}

/**
 * SMPTE 2110 tab (spec 001 §5): genlock offset −511..511; with a flavour chosen, the port and PTP
 * domain are required within the server's bounds. No flavour: the channel is not SMPTE and the
 * numbers are not checked beyond their type.
 */
export function smpteErrors(smpte: ChannelConfig['smpte'], bounds: SmpteBounds): FormErrors<'genlockOffset' | 'port' | 'ptpDomain'> {
  const errors: FormErrors<'genlockOffset' | 'port' | 'ptpDomain'> = {};
  const genlock = genlockOffset(smpte.genlockOffset);
  if (genlock !== null) errors.genlockOffset = genlock;
  if (smpte.flavor !== null) {
    const port = withinRuntimeBounds(smpte.port, bounds.port);
    if (port !== null) errors.port = port;
    const domain = withinRuntimeBounds(smpte.ptpDomain, bounds.ptpDomain);
    if (domain !== null) errors.ptpDomain = domain;
  }
  return errors;
}

/** True when an SMPTE channel has what it needs to run (spec 001 §8 warning "SMPTE configuration missing" otherwise). */
export function smpteConfigured(smpte: ChannelConfig['smpte']): boolean {
  return smpte.flavor !== null && smpte.port !== null && smpte.ptpDomain !== null;
}

// ---------------------------------------------------------------------------------------------
// Dialogs: IFB, audio interfaces, tally

/** Spec 000 §9: IFB low delay reduces 700 ms to 300 ms. */
export function ifbDelayMs(ifb: Pick<ChannelConfig['ifb'], 'lowDelay'>): number {
  return ifb.lowDelay ? IFB_DELAY_LOW_MS : IFB_DELAY_NORMAL_MS;
}

/** Ours: spec 001 §5 "Audio interfaces per channel limited to a supplied number". */
export const AUDIO_INTERFACES_LIMIT_MESSAGE = 'This channel can have up to {0} audio interfaces';

/** Audio interfaces: at most the server's limit, each with a name (≤ 64) unique on the channel. */
export function audioInterfacesErrors(interfaces: readonly AudioInterface[], limit: number): { readonly list?: string; readonly names: readonly (string | null)[] } {
  const seen = new Set<string>();
  const names = interfaces.map((a) => {
    const own = firstError(a.name, [required, maxLength(CHANNEL_LABEL_MAX)]);
    if (own !== null) return own;
    const key = a.name.trim().toLowerCase();
    if (seen.has(key)) return MESSAGES.uniqueName;
    seen.add(key);
    return null;
  });
  return interfaces.length > limit ? { list: formatMessage(AUDIO_INTERFACES_LIMIT_MESSAGE, { 0: limit }), names } : { names };
}

/** Tally dialog: the tally name is at most 64 characters. */
export function tallyErrors(tally: ChannelConfig['tally']): FormErrors<'tallyName'> {
  const message = maxLength(CHANNEL_LABEL_MAX)(tally.tallyName);
  return message === null ? {} : { tallyName: message };
}

/** Bandwidth limit of a channel: 100-100,000 kbps (ours), or none. */
export const BW_LIMIT_KBPS = { min: 100, max: 100_000 } as const;
export function bwLimitError(kbps: number | null): string | null {
  if (kbps === null) return null;
  return firstError<NumberInput>(kbps, [integer, minValue(BW_LIMIT_KBPS.min), maxValue(BW_LIMIT_KBPS.max)]);
}

/** Longest ffmpeg command line (characters; ours). */
export const FFMPEG_COMMAND_MAX = 2_048;
export function ffmpegErrors(ffmpeg: ChannelConfig['ffmpeg']): FormErrors<'command'> {
  const message = ffmpeg.enabled ? firstError(ffmpeg.command, [required, maxLength(FFMPEG_COMMAND_MAX)]) : maxLength(FFMPEG_COMMAND_MAX)(ffmpeg.command);
  return message === null ? {} : { command: message };
}

/** Every channel status value (re-exported for the contract's Schemas). */
export { CHANNEL_STATUSES };
