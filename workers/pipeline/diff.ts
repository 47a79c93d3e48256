/**
 * The per-frame diff the worker posts to the UI (design.md "Hot path rules"; issue 4 item 6) and
 * the small views it carries. A diff holds, for every unit changed since the last one, its current
 * view (last value per unit wins: the view is read from the model when the diff is built, however
 * many events touched the unit), the ids removed, and the fleet-wide facts that changed.
 *
 * Size: about 10 KiB of cloned data fits a frame; beyond INLINE_UNITS_MAX units (a burst, a
 * snapshot load) the unit views travel as UTF-8 JSON in an ArrayBuffer that is transferred, not
 * copied (`unitsBuffer`); decodeDiffUnits reads either form.
 */
import type { UnitCounters } from '../../src/domain/units/counters.ts';
import type { UnitStatus } from '../../src/domain/units/status.ts';
import type { ButtonTransitionState, TransitionButton } from '../../src/domain/units/interface.ts';
import type { Battery, ChannelStatusData, ConfigData, UnitSpeedTestData } from '../../src/protocol/payloads.ts';
import type { ConnectionState } from '../sources/connectionState.ts';
import type { UnitTransition } from '../model/fleetModel.ts';

/** Unit views inline up to this count (~150 B each, ~10 KiB); more go as a transferred buffer. */
export const INLINE_UNITS_MAX = 24; // a view with links is ~600 B cloned: 24 ≈ 14 KiB, about what a frame carries

/** A start/stop button waiting for the unit's status (spec 000 §4: shows connecting / disconnecting). */
export type ButtonTransition = { readonly button: TransitionButton; readonly state: ButtonTransitionState };

/** What the UI draws of one unit. Plain data: cloned or JSON-encoded across the worker boundary. */
export interface UnitView {
  readonly id: string;
  readonly rev: number;
  readonly name: string;
  readonly type: string;
  /** Derived by src/domain/units/status.ts (forced offline, offline rules, first match wins). */
  readonly status: UnitStatus;
  /** The raw unit state string (online, offline, ...), if any. */
  readonly state: string | undefined;
  /** The video application's state as reported (connecting, streaming, disconnecting, speedtest...). */
  readonly videoState: string | undefined;
  /** Names of the active applications (a key present means active). */
  readonly applications: readonly string[];
  readonly activeAlerts: number;
  readonly battery: Battery | undefined;
  readonly lat: number | undefined;
  readonly lng: number | undefined;
  /** A button press waiting for its status, or null. */
  readonly transition: ButtonTransition | null;
  /** Capabilities as last fetched (refetched when the unit comes back online), if any. */
  readonly capabilities: unknown;
  // The fields below feed the unit list columns, the multiview tiles and the unit page header
  // (spec 000 §3 Identity, Status, Links, Location). Optional so older producers stay valid.
  /** Serial number (spec 000 §3 Identity). */
  readonly serial?: string | undefined;
  /** SW version, dotted (unit.config swVersion, else the unit's own). */
  readonly swVersion?: string | undefined;
  /** Selected channel id (unit.config channelId), null when none. */
  readonly channelId?: string | null | undefined;
  /** Configured delay in ms (unit.config delay). */
  readonly delayMs?: number | undefined;
  /** Total uplink of the links in kbps (sum of the links' uplinkKbps). */
  readonly uplinkKbps?: number | undefined;
  readonly links?: readonly LinkView[] | undefined;
  readonly address?: string | undefined;
  /** The video is on air (unit.status video.onAir; multiview tally). */
  readonly onAir?: boolean | undefined;
  /** The latest speed test (unit.speedtest; the unit page's speed-test card), if any. */
  readonly speedTest?: UnitSpeedTestData | undefined;
}

/** One link of a unit as views draw it (spec 000 §3 "Links"); bitrates in kbps, signal 0–100. */
export interface LinkView {
  readonly port: string;
  readonly name: string;
  readonly type: 'wifi' | 'lan' | 'cell' | undefined;
  readonly connected: boolean;
  readonly enabled: boolean;
  readonly uplinkKbps: number;
  readonly downlinkKbps: number;
  readonly signal: number | undefined;
}

export interface ChannelView {
  readonly id: string;
  readonly rev: number;
  /** The channel's name (REST snapshot); undefined for a channel known only from events. */
  readonly name?: string | undefined;
  /** The channel server's version (dotted), when known. */
  readonly version?: string | undefined;
  readonly status: ChannelStatusData | undefined;
  readonly config: ConfigData | undefined;
}

export interface FleetDiff {
  /** 1, 2, 3... per pipeline. */
  readonly frame: number;
  /** A snapshot was loaded since the last diff (every unit before and after is in units/removed). */
  readonly reset: boolean;
  /** Changed units, when inline. */
  readonly units: readonly UnitView[];
  /** Changed units as UTF-8 JSON (transferred) when there are more than INLINE_UNITS_MAX. */
  readonly unitsBuffer: ArrayBuffer | null;
  readonly removed: readonly string[];
  readonly channels: readonly ChannelView[];
  readonly removedChannels: readonly string[];
  /** busy, idle, offline, field, camera, lite, smart, ptmp, activeAlerts; when any unit changed. */
  readonly counters: UnitCounters | null;
  readonly connection: ConnectionState | null;
  /** Transitions the user's unit alert settings turn into notifications (alertSettings.ts). */
  readonly notifications: readonly UnitTransition[];
  /** Bumped 3 s after the last unit was added or removed (lists reload, debounced). */
  readonly listsVersion: number | null;
  /** Bad frames so far and the last reason, when it changed. */
  readonly badFrames: { readonly count: number; readonly last: string } | null;
  /** Events applied to the model for this diff (for counting work in tests and the bench). */
  readonly events: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Unit views as a transferable buffer. */
export function encodeUnits(units: readonly UnitView[]): ArrayBuffer {
  const bytes = encoder.encode(JSON.stringify(units));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** The changed units of a diff, inline or from its buffer. */
export function decodeDiffUnits(diff: FleetDiff): readonly UnitView[] {
  if (diff.unitsBuffer === null) return diff.units;
  return JSON.parse(decoder.decode(new Uint8Array(diff.unitsBuffer))) as UnitView[];
}
