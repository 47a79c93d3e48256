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
import type { Battery, ChannelStatusData, ConfigData, ServerStatusData, SocialStatusData, UnitSpeedTestData } from '../../src/protocol/payloads.ts';
import type { ConnectionState } from '../sources/connectionState.ts';
import type { UnitTransition } from '../model/fleetModel.ts';
import type { SnapshotColumns } from './snapshotColumns.ts';
import { decodeColumnView } from './snapshotColumns.ts';
import { textCount } from './textColumn.ts';
import { decodePatchColumns, encodePatchColumns, PatchColumns } from './patchColumns.ts';

/**
 * Notifications the UI keeps (src/fleet/store.ts shows the last ones; the oldest are dropped), and
 * so the most a diff carries: the store keeps the last MAX_KEPT_NOTIFICATIONS of what it had and
 * what came, which the last MAX_KEPT_NOTIFICATIONS of a diff decide alone. Under a 60,000 events/s
 * stream a diff held ~400 (a third of a frame's status events are alert transitions), cloned to the
 * main thread to be dropped there: most of the Comlink message's allocation (docs/performance.md §5i).
 */
export const MAX_KEPT_NOTIFICATIONS = 100;

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
  /** The unit's last social.status (its social area: UNPUBLISHED shown as PREVIEW, LIVE), if any. */
  readonly social?: SocialStatusData | undefined;
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

/** A media server's live status (server.status data) as the UI holds it (issue 12). */
export interface ServerView {
  readonly id: string;
  readonly rev: number;
  readonly status: ServerStatusData | undefined;
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
  /**
   * When present, the status of each of `channels` (same order) as its JSON text ('' for none),
   * and those views carry `status: undefined`: the store parses a status when the channel is first
   * read (FleetStore.channel). Why: at 50,000 units and 60,000 events/s a frame's diff holds ~50
   * channel views whose statuses list ~44 unit ids each, and the message's clone built those
   * ~2,200 strings a frame on the main thread for views no screen read (docs/performance.md §5j).
   */
  readonly channelStatuses?: readonly string[];
  readonly removedChannels: readonly string[];
  /** Servers whose server.status changed (issue 12); absent when none did. */
  readonly servers?: readonly ServerView[];
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
  /**
   * Changed units whose only changes since their last diff were hot aspects (status, usage,
   * alerts, speed test): a patch of those fields instead of the whole view. Absent means none.
   */
  readonly patches?: readonly UnitPatch[];
  /**
   * The patches as columns (patchColumns.ts: numbers in a Float64Array, strings once per diff),
   * transferred, when there are more than INLINE_UNITS_MAX.
   */
  readonly patchesBuffer?: ArrayBuffer | null;
  /**
   * Main thread only, never posted: rows [from, to) of a columns buffer already read, instead of
   * `patchesBuffer` (src/fleet/pacedApply.ts cuts a large diff into slices of rows).
   */
  readonly patchRows?: PatchRows;
  /**
   * More units of the same change follow in the next diffs (posted as soon as the UI took this
   * one): a change of more than MAX_UNITS_PER_DIFF units is split so the UI never applies it in
   * one long task. A snapshot's diffs are `reset` on the first and `continued` on all but the last.
   * Absent means false.
   */
  readonly continued?: boolean;
  /**
   * On a snapshot's first diff: when the snapshot's bytes were all in the worker (wall-clock ms,
   * snapshotTiming.ts), for the page's first-list mark. Absent otherwise.
   */
  readonly snapshotBytesAt?: number;
  /**
   * On a reset diff: every unit of the snapshot as columns (snapshotColumns.ts), instead of
   * `units`/`unitsBuffer` and instead of a split over several diffs. Absent otherwise.
   */
  readonly snapshot?: SnapshotColumns;
  /**
   * The rest of the last snapshot's views, when its columns came with `views: null` and only the
   * first screen's views (workers/pipeline/firstViews.ts): the whole views' bytes (transferred),
   * in a diff of its own (not reset, nothing else in it), posted before any other diff that
   * follows that snapshot. Absent otherwise.
   */
  readonly snapshotViews?: Uint8Array;
}

/**
 * Every change a diff can carry, empty: spread over a diff to keep only what is named after it
 * (a later slice of a paced diff, a test's diff). `servers: []` overrides a diff's servers too.
 */
export const NO_CHANGES = {
  units: [],
  unitsBuffer: null,
  removed: [],
  channels: [],
  channelStatuses: undefined,
  removedChannels: [],
  servers: [],
  counters: null,
  connection: null,
  notifications: [],
  listsVersion: null,
  badFrames: null,
  events: 0,
} as const satisfies Omit<FleetDiff, 'frame' | 'reset'>;

/**
 * The channels of a diff with their statuses as text (FleetDiff.channelStatuses): what the
 * pipeline posts. `statusOf` reads one back; together they give the views the diff stands for.
 */
export function channelsWithStatusText(views: readonly ChannelView[]): { channels: ChannelView[]; channelStatuses: string[] } {
  const channels: ChannelView[] = [];
  const channelStatuses: string[] = [];
  for (const view of views) {
    channels.push({ ...view, status: undefined });
    channelStatuses.push(view.status === undefined ? '' : JSON.stringify(view.status));
  }
  return { channels, channelStatuses };
}

/** A status text of FleetDiff.channelStatuses as the status it stands for ('' = none); a text that is not a JSON object is refused by name. */
export function statusOfText(channelId: string, text: string): ChannelStatusData | undefined {
  if (text === '') return undefined;
  const status: unknown = JSON.parse(text);
  if (status === null || typeof status !== 'object' || Array.isArray(status)) throw new Error(`channel ${channelId}: its status text is not a JSON object: ${text.slice(0, 80)}`);
  return status as ChannelStatusData;
}

/** The channel views a diff stands for, statuses read back from their text when it carries them as text. */
export function channelViewsOf(diff: Pick<FleetDiff, 'channels' | 'channelStatuses'>): ChannelView[] {
  const statuses = diff.channelStatuses;
  if (statuses === undefined) return [...diff.channels];
  return diff.channels.map((view, index) => ({ ...view, status: statusOfText(view.id, statuses[index] ?? '') }));
}

/** A diff that changes nothing (frame 0, not a reset). */
export const EMPTY_DIFF: FleetDiff = { frame: 0, reset: false, ...NO_CHANGES };

/**
 * Most units (whole views, patches and removals together) one diff carries. The UI applies a
 * whole view in ~16 µs and a patch in ~27 µs on the bench machine (store, signals and the views'
 * listeners), so 1,500 units stay under ~40 ms, below the 50 ms of a long task; a 50,000-unit
 * snapshot goes as 34 diffs, one task each, instead of one ~800 ms task.
 */
export const MAX_UNITS_PER_DIFF = 1_500;

/**
 * The hot aspects of a unit, one bit each: the event kinds that arrive many times a second per
 * unit (unit.status, unit.usage, unit.alert, unit.speedtest). A patch carries the UnitView fields
 * of its aspects and nothing else; every other change (added, config, refetch, snapshot, button
 * transition, capabilities) sends the whole view. A ~950-byte view becomes a ~100–350-byte patch,
 * which is what makes a frame touching thousands of units cheap to build, post and decode.
 */
export const ASPECT = { status: 1, usage: 2, alerts: 4, speedTest: 8 } as const;
/** A mask that means "send the whole view". */
export const WHOLE_VIEW = 1 << 30;

/**
 * Per link, in a usage patch, these numbers in this order (the links' order and identity are those
 * of the unit's last whole view: a usage event that changes a link's port, name or type, or the
 * number of links, sends the unit whole instead): uplink kbps, downlink kbps, signal 0–100 (−1:
 * none reported), connected (1/0), enabled (1/0). A 3-link usage patch is ~90 bytes of JSON
 * instead of ~530 with link objects.
 */
export const LINK_VALUES_STRIDE = 5;

/** The changed fields of one unit: `a` is the aspect mask; only the fields of those aspects are meaningful. */
export interface UnitPatch {
  readonly id: string;
  readonly rev: number;
  readonly a: number;
  // ASPECT.status
  readonly status?: UnitStatus;
  readonly state?: string | undefined;
  readonly videoState?: string | undefined;
  readonly applications?: readonly string[];
  readonly onAir?: boolean;
  readonly battery?: Battery | undefined;
  // ASPECT.usage
  readonly uplinkKbps?: number;
  readonly linkValues?: readonly number[];
  // ASPECT.alerts
  readonly activeAlerts?: number;
  // ASPECT.speedTest
  readonly speedTest?: UnitSpeedTestData | undefined;
}

/** A link's numbers for a usage patch (see LINK_VALUES_STRIDE). */
export function pushLinkValues(values: number[], link: LinkView): void {
  values.push(link.uplinkKbps, link.downlinkKbps, link.signal ?? -1, link.connected ? 1 : 0, link.enabled ? 1 : 0);
}

/**
 * The links of the last view with a usage patch's numbers: `count` values from `values[from]`
 * (LINK_VALUES_STRIDE per link, in the view's link order; a value past `count` reads as absent:
 * 0, no signal, false). A link whose numbers did not change is the view's own object, and when
 * none changed the view's own list (issue 15 item 4: most usage events leave a link's signal and
 * flags as they were, and a unit's links were new objects on every patch, 8-10 % of the main
 * thread's allocation under the stream; docs/performance.md §5i). The values are equal either way.
 */
export function linksWithValues(links: readonly LinkView[] | undefined, values: ArrayLike<number>, from: number, count: number): readonly LinkView[] {
  if (links === undefined) return [];
  let next: LinkView[] | null = null;
  for (let i = 0; i < links.length; i += 1) {
    const link = links[i] as LinkView;
    // This link's values: `have` of its LINK_VALUES_STRIDE are in the patch (fewer when the patch is short).
    const at = from + i * LINK_VALUES_STRIDE;
    const have = count - i * LINK_VALUES_STRIDE;
    const uplinkKbps = have > 0 ? (values[at] as number) : 0;
    const downlinkKbps = have > 1 ? (values[at + 1] as number) : 0;
    const rawSignal = have > 2 ? (values[at + 2] as number) : -1;
    const signal = rawSignal < 0 ? undefined : rawSignal;
    const connected = have > 3 && values[at + 3] === 1;
    const enabled = have > 4 && values[at + 4] === 1;
    // Object.is: a −0 from an inline patch makes a new link, as before (JSON and the columns give 0).
    const same = Object.is(link.uplinkKbps, uplinkKbps) && Object.is(link.downlinkKbps, downlinkKbps) && Object.is(link.signal, signal) && link.connected === connected && link.enabled === enabled;
    if (next === null) {
      if (same) continue;
      next = links.slice(0, i);
    }
    next.push(same ? link : { ...link, uplinkKbps, downlinkKbps, signal, connected, enabled });
  }
  return next ?? links;
}

/**
 * The unit's last view with a patch applied (a new object: views are immutable). Every field of a
 * patched aspect is assigned, so a field absent from the JSON (undefined in the worker) clears
 * the old value.
 */
export function applyUnitPatch(view: UnitView, patch: UnitPatch): UnitView {
  const next: { -readonly [K in keyof UnitView]: UnitView[K] } = { ...view, rev: patch.rev };
  if ((patch.a & ASPECT.status) !== 0) {
    next.status = patch.status ?? view.status;
    next.state = patch.state;
    next.videoState = patch.videoState;
    next.applications = patch.applications ?? [];
    next.onAir = patch.onAir;
    next.battery = patch.battery;
  }
  if ((patch.a & ASPECT.usage) !== 0) {
    next.uplinkKbps = patch.uplinkKbps;
    const values = patch.linkValues ?? [];
    next.links = linksWithValues(view.links, values, 0, values.length);
  }
  if ((patch.a & ASPECT.alerts) !== 0) next.activeAlerts = patch.activeAlerts ?? 0;
  if ((patch.a & ASPECT.speedTest) !== 0) next.speedTest = patch.speedTest;
  return next;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Unit views as UTF-8 JSON in a buffer of their own (transferable). */
export function encodeUnits(units: readonly UnitView[]): ArrayBuffer {
  const bytes = encoder.encode(JSON.stringify(units));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/**
 * What the UI answers a diff with, once it has applied it: nothing, or the diff's `patchesBuffer`
 * handed back (transferred, so detached on the UI's side) for the worker's next diffs to reuse
 * (patchColumns.ts PatchColumnsWriter.recycle, docs/performance.md §3o).
 */
export type DiffAnswer = ArrayBuffer | undefined | void;

/** Patches as a transferable buffer of columns (patchColumns.ts). */
export function encodePatches(patches: readonly UnitPatch[]): ArrayBuffer {
  return encodePatchColumns(patches);
}

/** The whole views of a diff, inline or from its buffer (patches not included: see decodeDiffPatches). */
export function decodeDiffUnits(diff: FleetDiff): readonly UnitView[] {
  const columns = diff.snapshot;
  if (columns !== undefined) return Array.from({ length: textCount(columns.ids) }, (_, index) => decodeColumnView(columns, index));
  if (diff.unitsBuffer === null) return diff.units;
  return JSON.parse(decoder.decode(new Uint8Array(diff.unitsBuffer))) as UnitView[];
}

/** Rows [from, to) of a columns buffer read once (patchColumns.ts PatchColumns). */
export interface PatchRows {
  readonly columns: PatchColumns;
  readonly from: number;
  readonly to: number;
}

/**
 * The columns rows of a diff (its `patchRows`, or every row of its `patchesBuffer`, read and
 * checked here: a damaged buffer throws), null when its patches are inline. The store applies
 * these rows straight to its views (PatchColumns.applyRow), with no patch object per row.
 */
export function diffPatchRows(diff: FleetDiff): PatchRows | null {
  if (diff.patchRows !== undefined) return diff.patchRows;
  if (diff.patchesBuffer === undefined || diff.patchesBuffer === null) return null;
  const columns = new PatchColumns(diff.patchesBuffer);
  return { columns, from: 0, to: columns.count };
}

/** The patches of a diff, inline or from its buffer, as objects (tests, tools, the bench's baseline). */
export function decodeDiffPatches(diff: FleetDiff): readonly UnitPatch[] {
  if (diff.patchRows !== undefined) {
    const { columns, from, to } = diff.patchRows;
    return Array.from({ length: to - from }, (_, index) => columns.patch(from + index));
  }
  if (diff.patchesBuffer !== undefined && diff.patchesBuffer !== null) {
    return decodePatchColumns(diff.patchesBuffer);
  }
  return diff.patches ?? [];
}


/** The ids of every unit a diff changed (whole views and patches; removed ids not included). */
export function changedUnitIds(diff: FleetDiff): string[] {
  const ids = decodeDiffUnits(diff).map((view) => view.id);
  for (const patch of decodeDiffPatches(diff)) ids.push(patch.id);
  return ids;
}

/**
 * What the UI store does with a diff's units, without signals: the latest view per unit in a plain
 * Map (Node tools and tests). A patch for a unit the map does not hold is dropped, as in the store.
 */
export function mergeDiffInto(views: Map<string, UnitView>, diff: FleetDiff): void {
  for (const view of decodeDiffUnits(diff)) views.set(view.id, view);
  for (const patch of decodeDiffPatches(diff)) {
    const view = views.get(patch.id);
    if (view !== undefined) views.set(patch.id, applyUnitPatch(view, patch));
  }
  for (const id of diff.removed) views.delete(id);
}
