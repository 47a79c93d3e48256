/**
 * Video return channels (spec 001 §3, §4): states, input types, SRT modes and the list filter.
 */
import { assertNever } from './brand.ts';
import type { FieldCheck, FormErrors } from './validation/check.ts';
import { firstError } from './validation/check.ts';
import { ipv4, maxLength, required } from './validation/fields.ts';
import { MESSAGES } from './validation/messages.ts';
import { entityNameError } from './validation/names.ts';
import { videoReturnPort } from './validation/ports.ts';
import { srtPassphrase } from './validation/destinations.ts';
import { ENCODER_TYPES, EXCLUDED_TYPES } from './units/productTypes.ts';
import { ERRORS } from './errors.ts';

/** Spec 001 §4. The wire spelling of "input connected" is not shown: ours is inputConnected. */
export const VR_STATES = ['connecting', 'collecting', 'idle', 'offline', 'inputConnected'] as const;
export type VrState = (typeof VR_STATES)[number];

/** Spec 001 §3: input type disabled, SDI or SRT. */
export const VR_INPUT_TYPES = ['disabled', 'sdi', 'srt'] as const;
export type VrInputType = (typeof VR_INPUT_TYPES)[number];

/** Spec 001 §3: SRT mode listener or caller (video return and streaming destinations). */
export const SRT_MODES = ['listener', 'caller'] as const;
export type SrtMode = (typeof SRT_MODES)[number];

/** Spec 001 §2 and §4: the video-return state filter group. */
export const VR_FILTERS = ['offline', 'inputConnected', 'online'] as const;
export type VrFilter = (typeof VR_FILTERS)[number];

/** The video return channel entity of spec 001 §3 (fields the rules read, others loose). */
export interface VideoReturnChannel {
  readonly uniqueId: string;
  readonly name: string;
  readonly description?: string;
  readonly status: VrState;
  readonly inputType: VrInputType;
  /** Only meaningful when inputType is srt. */
  readonly srtMode?: SrtMode | null;
  readonly url?: string | null;
  readonly passphrase?: string | null;
  readonly destinationPort?: number | null;
  readonly internalIp?: string | null;
  readonly externalIp?: string | null;
  readonly uptime?: number | null;
  readonly serialNumber?: string | null;
  readonly inputStandard?: string | null;
}

/** Reads a raw state at the edge; null when it is not one of the spec's values. */
export function parseVrState(raw: string): VrState | null {
  return (VR_STATES as readonly string[]).includes(raw) ? (raw as VrState) : null;
}

/**
 * The one filter bucket a state falls in. The three buckets do not overlap: "input connected" is
 * its own bucket (a source feeds the channel), online is every other reachable state (idle,
 * connecting, collecting).
 */
export function vrFilterOf(state: VrState): VrFilter {
  switch (state) {
    case 'offline':
      return 'offline';
    case 'inputConnected':
      return 'inputConnected';
    case 'idle':
    case 'connecting':
    case 'collecting':
      return 'online';
    default:
      return assertNever(state, 'video return state');
  }
}

/** True when the state is in one of the selected buckets; no selection matches every state. */
export function vrMatchesFilter(state: VrState, selected: readonly VrFilter[]): boolean {
  return selected.length === 0 || selected.includes(vrFilterOf(state));
}

// ---------------------------------------------------------------------------------------------
// The channel's configuration form (spec 001 §3 fields, §5 rules)


/** spec 001 §5: "Video return description 0-32 characters". */
export const VR_DESCRIPTION_MAX_LENGTH = 32;

/** Ours: an SRT caller's url names the listener it calls: srt://host:port (host: IPv4 or DNS name). */
const SRT_URL = /^srt:\/\/[A-Za-z0-9.-]+:(\d{1,5})(\?[^\s]*)?$/;

/** Our wording for the SRT url rule (the spec names the field, not the rule). */
export const VR_MESSAGES = {
  srtUrl: 'Use srt://host:port',
  /** The answer of an update naming an unknown channel (spec 002 §8: the console only logs it). */
  unknownChannel: 'Unknown video return channel',
} as const;

/** The stored configuration a form edits (ports as typed: a number, its text, or empty). */
export interface VrChannelForm {
  readonly name: string;
  readonly description: string;
  readonly inputType: VrInputType;
  readonly srtMode: SrtMode | null;
  readonly url: string;
  readonly passphrase: string;
  readonly destinationPort: number | string | null;
  readonly internalIp: string;
  readonly externalIp: string;
}
export type VrChannelField = keyof VrChannelForm;

/** srt://host:port with a port of 1-65535; empty is left to `required`. */
export const srtUrl: FieldCheck<string | null | undefined> = (value) => {
  const text = (value ?? '').trim();
  if (text === '') return null;
  const match = SRT_URL.exec(text);
  const port = match === null ? NaN : Number(match[1]);
  return match !== null && port >= 1 && port <= 65_535 ? null : VR_MESSAGES.srtUrl;
};

/**
 * Every failing field of a video return channel (spec 001 §5), with the shared messages of spec
 * 002 §5 where they apply:
 * - name: required, at most 255, letters/numbers/underscores/hyphens, not one of `takenNames`;
 * - description: at most 32 characters;
 * - SRT: a mode (listener or caller); a caller needs the url it calls (srt://host:port); a
 *   listener needs its destination port; the passphrase is empty or 10-64 characters;
 * - destination port 1-65535 whenever given; internal and external IP: an IPv4 address when given.
 * SDI and disabled inputs need nothing more.
 */
export function vrChannelFormErrors(form: VrChannelForm, takenNames: Iterable<string>): FormErrors<VrChannelField> {
  const errors: FormErrors<VrChannelField> = {};
  const set = (field: VrChannelField, message: string | null): void => {
    if (message !== null) errors[field] = message;
  };
  set('name', entityNameError(form.name, takenNames));
  set('description', maxLength(VR_DESCRIPTION_MAX_LENGTH)(form.description));
  const port = form.destinationPort === '' ? null : form.destinationPort;
  set('destinationPort', videoReturnPort(port));
  if (form.inputType === 'srt') {
    if (form.srtMode === null) set('srtMode', MESSAGES.required);
    if (form.srtMode === 'caller') set('url', firstError(form.url, [required, srtUrl]));
    if (form.srtMode === 'listener' && port === null) set('destinationPort', MESSAGES.required);
    set('passphrase', srtPassphrase(form.passphrase));
  }
  set('internalIp', ipv4(form.internalIp));
  set('externalIp', ipv4(form.externalIp));
  return errors;
}

/**
 * The streaming addresses of a channel (spec 001 §3 urlData), ours: an SRT listener is reached at
 * srt://<ip>:<port> on its external and internal address; a caller shows the url it calls; SDI and
 * disabled inputs have none.
 */
export function vrStreamingAddresses(channel: Pick<VrChannelForm, 'inputType' | 'srtMode' | 'url' | 'destinationPort' | 'internalIp' | 'externalIp'>): { kind: 'external' | 'internal' | 'caller'; url: string }[] {
  if (channel.inputType !== 'srt') return [];
  if (channel.srtMode === 'caller') return channel.url.trim() === '' ? [] : [{ kind: 'caller', url: channel.url.trim() }];
  const port = typeof channel.destinationPort === 'number' ? channel.destinationPort : Number(channel.destinationPort);
  if (!Number.isInteger(port) || port < 1) return [];
  const addresses: { kind: 'external' | 'internal'; url: string }[] = [];
  if (channel.externalIp !== '') addresses.push({ kind: 'external', url: `srt://${channel.externalIp}:${port}` });
  if (channel.internalIp !== '') addresses.push({ kind: 'internal', url: `srt://${channel.internalIp}:${port}` });
  return addresses;
}

// ---------------------------------------------------------------------------------------------
// Video return to a unit (spec 000 §7 "Video return on a unit", §8 "Video return")

/**
 * Ours (the spec names the licence, spec 000 §6 "Licence-gated features: … Video Return", not who
 * holds it): the field encoders have a video return output and hold the licence; LU-Smart and
 * LU-Lite, cameras, the Solo family, DataBridge devices, extenders and the excluded types
 * (300S, 300Se, 700SV) do not.
 */
export function hasVideoReturnLicence(unitType: string): boolean {
  return (ENCODER_TYPES as readonly string[]).includes(unitType) && !(EXCLUDED_TYPES as readonly string[]).includes(unitType);
}

export const VR_START_REFUSALS = ['noLicence', 'noChannelSelected', 'externalChannel', 'channelOffline', 'noVideo'] as const;
export type VrStartRefusal = (typeof VR_START_REFUSALS)[number];

/** The words of each refusal (spec 000 §8 "Video return", src/domain/errors.ts). */
export const VR_START_MESSAGES: Readonly<Record<VrStartRefusal, string>> = {
  noLicence: ERRORS.videoReturn.noLicence,
  noChannelSelected: ERRORS.videoReturn.noChannelSelected,
  externalChannel: ERRORS.videoReturn.externalChannel,
  channelOffline: ERRORS.videoReturn.channelOffline,
  noVideo: ERRORS.videoReturn.noVideo,
};

export interface VrStartFacts {
  readonly unitType: string;
  /** The unit's selected channel id, or null. */
  readonly selectedChannelId: string | null;
  /**
   * The selected channel's live state when it is a video return channel of the unit's group;
   * undefined when it is not (an ordinary channel, another group's, or gone): an external channel.
   */
  readonly channelState: VrState | undefined;
}

/**
 * Why video return cannot start, or null (spec 000 §8), checked in this order: the unit's licence,
 * a selected channel, the channel being one of the unit's group (else external), online, then
 * video: its input must be connected (inputConnected, or collecting for other units already).
 */
export function videoReturnStartRefusal(facts: VrStartFacts): VrStartRefusal | null {
  if (!hasVideoReturnLicence(facts.unitType)) return 'noLicence';
  if (facts.selectedChannelId === null) return 'noChannelSelected';
  if (facts.channelState === undefined) return 'externalChannel';
  if (facts.channelState === 'offline') return 'channelOffline';
  if (facts.channelState === 'idle' || facts.channelState === 'connecting') return 'noVideo';
  return null;
}

/** True while a state has video to send (a connected input). */
export function vrHasVideo(state: VrState): boolean {
  return state === 'inputConnected' || state === 'collecting';
}
