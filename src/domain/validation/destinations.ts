/**
 * Streaming destinations of a channel (spec 001 §3 "Streaming destination", §5, §9). The editor
 * saves through channels add_details / update_details (spec 001 §7).
 */
import type { FieldCheck, FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { MESSAGES } from './messages.ts';
import { integer, ipv4, maxLength, maxValue, minLength, minValue, number, type NumberInput, required, requiredNumber, toNumber, uniqueAmong } from './fields.ts';
import { port, sourcePort } from './ports.ts';
import { assertNever } from '../brand.ts';

type Text = string | null | undefined;

/**
 * Ours: spec 001 §3 lists a "stream type" field without its values; these are the three protocols
 * whose fields the spec names (RTMP link, SRT mode/passphrase, MPEG-TS ip/port/bitrate).
 */
export const STREAM_TYPES = ['rtmp', 'srt', 'mpegts'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

/** spec 001 §3: "SRT mode (listener or caller)". */
export const SRT_MODES = ['listener', 'caller'] as const;
export type SrtMode = (typeof SRT_MODES)[number];

/** spec 001 §3: "max frame rate (25 or 30)". */
export const MAX_FRAME_RATES = [25, 30] as const;
export type MaxFrameRate = (typeof MAX_FRAME_RATES)[number];

/** spec 001 §5, §9: SRT encryption key (passphrase) 10-64 characters. */
export const SRT_PASSPHRASE_CHARS = { min: 10, max: 64 } as const;

/** spec 001 §5, §9: MPEG-TS video bitrate 2000-8000 (kbps). */
export const MPEG_TS_VIDEO_BITRATE_KBPS = { min: 2_000, max: 8_000 } as const;

/** Ours (spec 001 §3 gives the values, not the words). */
export const FRAME_RATE_MESSAGE = 'Must be 25 or 30';

export interface StreamingDestination {
  readonly name: Text;
  readonly streamType: StreamType;
  readonly streamId?: Text;
  readonly maxFrameRate?: NumberInput;
  readonly srtMode?: Text;
  readonly passphrase?: Text;
  readonly sourcePort?: NumberInput;
  readonly mpegTsIp?: Text;
  readonly mpegTsPort?: NumberInput;
  readonly mpegTsVideoBitrate?: NumberInput;
}

export type DestinationField =
  | 'name'
  | 'streamId'
  | 'maxFrameRate'
  | 'srtMode'
  | 'passphrase'
  | 'sourcePort'
  | 'mpegTsIp'
  | 'mpegTsPort'
  | 'mpegTsVideoBitrate';

/** The fields of another destination that this one must not repeat. */
export type OtherDestination = Pick<StreamingDestination, 'name' | 'streamId'>;

const isBlank = (value: Text): boolean => value === null || value === undefined || value.trim() === '';

/** "Must be 25 or 30" for any other frame rate; empty passes (the field is optional). */
export const maxFrameRate: FieldCheck<NumberInput> = (value) => {
  const parsed = toNumber(value);
  if (parsed === null) return number(value);
  return (MAX_FRAME_RATES as readonly number[]).includes(parsed) ? null : FRAME_RATE_MESSAGE;
};

/** Required, then "Invalid field" (spec 002 §5 default) for anything but listener or caller. */
export const srtMode: FieldCheck<Text> = (value) =>
  required(value) ?? ((SRT_MODES as readonly string[]).includes((value ?? '').trim()) ? null : MESSAGES.invalidField);

/** SRT encryption key: empty (no encryption) or 10-64 characters (spec 001 §5). */
export const srtPassphrase: FieldCheck<Text> = (value) =>
  firstError(value, [minLength(SRT_PASSPHRASE_CHARS.min), maxLength(SRT_PASSPHRASE_CHARS.max)]);

/** MPEG-TS video bitrate: a whole number of kbps, 2000-8000 (spec 001 §5). */
export const mpegTsVideoBitrate: FieldCheck<NumberInput> = (value) =>
  firstError(value, [requiredNumber, number, integer, minValue(MPEG_TS_VIDEO_BITRATE_KBPS.min), maxValue(MPEG_TS_VIDEO_BITRATE_KBPS.max)]);

/**
 * Errors of one destination, given the channel's other destinations (without the one being edited).
 * - name: required, unique among the others ("Name field has to be unique");
 * - streamId: when given, unique among the others' ("Please make sure Stream ID is unique between
 *   the different streams"); both comparisons ignore case and surrounding spaces;
 * - maxFrameRate: 25 or 30 when given; sourcePort: 0-553 or 558-65535 when given;
 * - SRT: mode listener or caller, passphrase empty or 10-64 characters;
 * - MPEG-TS: IPv4 address, port 0-65535 and video bitrate 2000-8000 kbps, all required.
 */
export function destinationErrors(
  destination: StreamingDestination,
  otherDestinations: ReadonlyArray<OtherDestination>,
): FormErrors<DestinationField> {
  const errors: FormErrors<DestinationField> = {};
  const set = (field: DestinationField, message: string | null): void => {
    if (message !== null) errors[field] = message;
  };

  const otherNames = otherDestinations.flatMap((other) => (isBlank(other.name) ? [] : [other.name ?? '']));
  set('name', firstError(destination.name, [required, uniqueAmong(otherNames)]));

  const otherStreamIds = otherDestinations.flatMap((other) => (isBlank(other.streamId) ? [] : [other.streamId ?? '']));
  set('streamId', uniqueAmong(otherStreamIds, MESSAGES.uniqueStreamId)(destination.streamId));

  set('maxFrameRate', maxFrameRate(destination.maxFrameRate));
  set('sourcePort', sourcePort(destination.sourcePort));

  switch (destination.streamType) {
    case 'rtmp':
      break;
    case 'srt':
      set('srtMode', srtMode(destination.srtMode));
      set('passphrase', srtPassphrase(destination.passphrase));
      break;
    case 'mpegts':
      set('mpegTsIp', firstError(destination.mpegTsIp, [required, ipv4]));
      set('mpegTsPort', firstError(destination.mpegTsPort, [requiredNumber, port]));
      set('mpegTsVideoBitrate', mpegTsVideoBitrate(destination.mpegTsVideoBitrate));
      break;
    default:
      return assertNever(destination.streamType, 'stream type');
  }
  return errors;
}
