/**
 * createFleetClient: starts the fleet worker, wraps it with Comlink, and feeds its diffs into a
 * FleetStore. The diff callback applies the diff to the signals and returns: Comlink answers the
 * worker's call only then, which is the worker's signal to post the next diff (back-pressure).
 *
 * After the maximum reconnects the worker reports `offline` with a jittered `reloadAt`; the client
 * reloads the page then (spec 001 §7). When the server ends the session (signed out in another
 * tab: the socket closes with 4401) the worker reports `ended` without retrying, and the client
 * hands over to the app's single 401 reaction, the return to sign-in (spec 002 §8).
 */
import type { PacingDeps } from './pacedApply.ts';
import { afterNextFrame, pacedApply } from './pacedApply.ts';
import * as Comlink from 'comlink';
import type { UnitAlertSettings } from '../domain/units/alertSettings.ts';
import type { ButtonTransitionState, TransitionButton } from '../domain/units/interface.ts';
import type { Topic } from '../protocol/ops.ts';
import { reportSessionEnded } from '../api/http.ts';
import type { FleetApi } from '../../workers/fleet.worker.ts';
import type { ConnectOptions } from '../../workers/fleetService.ts';
import type { FleetDiff } from '../../workers/pipeline/diff.ts';
import { channelTopic, unitTopic } from '../../workers/sources/subscriptions.ts';
import { decodeDiffPatches, decodeDiffUnits } from '../../workers/pipeline/diff.ts';
import { handingBack } from './handingBack.ts';
import { FleetStore } from './store.ts';
import type { ReplayClient } from './replay.ts';
import { createReplayClient, StreamSessions } from './replay.ts';

export const LIVE_WS_PATH = '/luc/luc-core-web/ws';
export const REST_PATH = '/luc/luc-core-web/rest';

/** The websocket and REST addresses on the console's own origin (protocol.md "Transport"). */
export function endpointsFor(location: { protocol: string; host: string }): Pick<ConnectOptions, 'wsUrl' | 'restUrl'> {
  const secure = location.protocol === 'https:';
  return {
    wsUrl: `${secure ? 'wss' : 'ws'}://${location.host}${LIVE_WS_PATH}`,
    restUrl: `${location.protocol}//${location.host}${REST_PATH}`,
  };
}

/** What a view has on screen. */
export type VisibleSet = { readonly units?: readonly string[]; readonly channels?: readonly string[] };

export function topicsOf(visible: VisibleSet): Topic[] {
  return [...(visible.units ?? []).map(unitTopic), ...(visible.channels ?? []).map(channelTopic)];
}

/**
 * BENCH ONLY (bench/ui, figure "UI frame intervals", its baseline): `?benchPerEvent` in the page's
 * address when the client starts turns off the per-frame coalescing on the UI side: every unit a
 * diff changed is applied as its own store update in its own task (one UI update per event, as a
 * client without coalescing would do), and the worker gets its answer only after the last one.
 * Not a user feature; no screen links to it.
 */
export const BENCH_PER_EVENT_FLAG = 'benchPerEvent';

/**
 * BENCH ONLY (bench/ui, "first full list", its baseline): `?benchSnapshotJson` in the page's
 * address when the client connects makes the worker fetch the REST snapshot as JSON instead of
 * packed (src/protocol/packedSnapshot.ts), to compare both in one run. Not a user feature.
 */
export const BENCH_SNAPSHOT_JSON_FLAG = 'benchSnapshotJson';

/**
 * BENCH ONLY (bench/ui/firstListProbe.ts `--ab-split`, the old path as baseline):
 * `?benchSnapshotSplit` makes the worker send the snapshot as 1,500-unit parts of whole views
 * instead of columns (workers/pipeline/snapshotColumns.ts). Not a user feature.
 */
export const BENCH_SNAPSHOT_SPLIT_FLAG = 'benchSnapshotSplit';
/**
 * BENCH ONLY (bench/ui/firstListProbe.ts `--ab-text`, the form before as baseline):
 * `?benchSnapshotText` makes the worker send the snapshot's views as one string instead of
 * transferred UTF-8 bytes (workers/pipeline/snapshotColumns.ts). Not a user feature.
 */
export const BENCH_SNAPSHOT_TEXT_FLAG = 'benchSnapshotText';
/**
 * BENCH ONLY (bench/ui/firstListProbe.ts `--ab-packed`, the answer before as baseline):
 * `?benchSnapshotPacked` makes the worker ask for the packed snapshot instead of the columns answer
 * (src/protocol/columnsSnapshot.ts), so it unpacks, decodes and builds the columns itself before
 * the UI has them. Not a user feature.
 */
export const BENCH_SNAPSHOT_PACKED_FLAG = 'benchSnapshotPacked';
/**
 * BENCH ONLY (bench/ui/firstListProbe.ts `--ab-whole`, the path before as baseline):
 * `?benchSnapshotWhole` makes the worker send a first snapshot's views with its columns at once,
 * not the first screen's views first (workers/pipeline/firstViews.ts). Not a user feature.
 */
export const BENCH_SNAPSHOT_WHOLE_FLAG = 'benchSnapshotWhole';

function benchFlag(flag: string): boolean {
  const search = globalThis.location?.search ?? '';
  return search !== '' && new URLSearchParams(search).has(flag);
}

function benchPerEventRequested(): boolean {
  return benchFlag(BENCH_PER_EVENT_FLAG);
}

/** The next macrotask (MessageChannel: no 4 ms clamp as nested setTimeout has). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** BENCH ONLY: splits a diff into one update per changed unit, each applied in its own task. */
function perEventUpdates(apply: (diff: FleetDiff) => void): (diff: FleetDiff) => Promise<void> {
  return async (diff) => {
    // A snapshot (its views may not have all come: workers/pipeline/firstViews.ts) and the rest of
    // its views go whole, before anything is decoded.
    if (diff.reset || diff.snapshot !== undefined || diff.snapshotViews !== undefined) {
      apply(diff);
      return;
    }
    const units = decodeDiffUnits(diff);
    const patches = decodeDiffPatches(diff);
    if (units.length + patches.length <= 1) {
      apply(diff);
      return;
    }
    const quiet = {
      removed: [],
      channels: [],
      channelStatuses: undefined,
      removedChannels: [],
      connection: null,
      notifications: [],
      listsVersion: null,
      badFrames: null,
      events: 1,
    } as const;
    // The first update carries everything else of the diff; each later one a single unit.
    const singles: FleetDiff[] = [
      ...units.map((view) => ({ ...diff, ...quiet, units: [view], unitsBuffer: null, patches: [], patchesBuffer: null })),
      ...patches.map((patch) => ({ ...diff, ...quiet, units: [], unitsBuffer: null, patches: [patch], patchesBuffer: null })),
    ];
    const [first, ...rest] = singles;
    if (first !== undefined) apply({ ...diff, units: first.units, unitsBuffer: null, patches: first.patches ?? [], patchesBuffer: null, events: 1 });
    for (const single of rest) {
      await nextTask();
      apply(single);
    }
  };
}

export interface FleetClientOptions {
  /** A worker or Comlink endpoint (tests); default: the fleet worker. */
  endpoint?: Comlink.Endpoint & { terminate?: () => void };
  /** Page reload (default location.reload). */
  reload?: () => void;
  /** The server ended the session (default: the app's 401 reaction, reportSessionEnded in src/api/http.ts). */
  onSessionEnded?: () => void;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
}

export interface FleetClient {
  readonly store: FleetStore;
  readonly api: Comlink.Remote<FleetApi>;
  /** Replay of a recorded log through the same worker and store (issue 6 item 3). */
  readonly replay: ReplayClient;
  /** Opens the stream of a group; endpoints default to the page's origin. */
  connect(options: Omit<ConnectOptions, 'wsUrl' | 'restUrl'> & Partial<Pick<ConnectOptions, 'wsUrl' | 'restUrl'>>): Promise<void>;
  /** Registers what view `viewId` shows; an empty set releases it. */
  setVisible(viewId: string, visible: VisibleSet): Promise<void>;
  releaseView(viewId: string): Promise<void>;
  beginTransition(unitId: string, button: TransitionButton, state: ButtonTransitionState): Promise<void>;
  /** The call behind a pressed button was refused: the button follows the unit's status again at once. */
  endTransition(unitId: string, button: TransitionButton): Promise<void>;
  setAlertSettings(settings: UnitAlertSettings): Promise<void>;
  /**
   * The unit list painted its first rows: the worker, which holds its fleet's load (0.3–3 s of CPU
   * at 10k–50k units) until then or a timeout (PRESENTED_LOAD_TIMEOUT_MS), loads it now.
   */
  rowsPainted(): Promise<void>;
  dispose(): void;
}

export function createFleetClient(options: FleetClientOptions = {}): FleetClient {
  const endpoint = options.endpoint ?? new Worker(new URL('../../workers/fleet.worker.ts', import.meta.url), { type: 'module' });
  const api = Comlink.wrap<FleetApi>(endpoint);
  const store = new FleetStore();
  // A read of a view the page does not have yet (a first snapshot's views in two parts, workers/pipeline/firstViews.ts) asks for the rest now.
  store.onViewsWanted(() => void api.presentedViewsWanted());
  const now = options.now ?? (() => Date.now());
  const later = options.setTimeout ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const reload = options.reload ?? (() => globalThis.location?.reload());
  const onSessionEnded = options.onSessionEnded ?? reportSessionEnded;
  let reloadScheduled = false;
  let sessionEndReported = false;
  const perEvent = benchPerEventRequested(); // BENCH ONLY (see BENCH_PER_EVENT_FLAG)
  const framePacing: PacingDeps = {
    now: () => performance.now(),
    nextFrame: typeof requestAnimationFrame === 'function' && typeof MessageChannel === 'function' ? afterNextFrame((callback) => requestAnimationFrame(() => callback()), new MessageChannel()) : (work) => later(work, 16),
  };

  const applyDiff = (diff: FleetDiff): void => {
    store.apply(diff);
    const connection = diff.connection;
    if (connection?.phase === 'offline' && connection.reloadAt !== null && !reloadScheduled) {
      reloadScheduled = true;
      later(reload, Math.max(0, connection.reloadAt - now()));
    }
    if (connection?.phase === 'ended' && !sessionEndReported) {
      sessionEndReported = true;
      onSessionEnded();
    }
  };

  // Each stream (live connect, replay) gets its own numbered diff callback (replay.ts).
  const sessions = new StreamSessions(store, applyDiff);
  const replay = createReplayClient({
    worker: {
      openReplay: (input, name, onReplayDiff, onState) => api.openReplay(input, name, onReplayDiff, onState),
      replayCommand: (command) => api.replayCommand(command),
      closeReplay: (onLiveDiff) => api.closeReplay(onLiveDiff),
    },
    sessions,
    proxy: (callback) => Comlink.proxy(callback),
    transfer: (bytes) => Comlink.transfer(bytes, [bytes]),
  });

  return {
    store,
    api,
    replay,
    async connect(connectOptions) {
      const location = globalThis.location ?? { protocol: 'http:', host: 'localhost' };
      const endpoints = endpointsFor(location);
      const session = sessions.open();
      // Live diffs within a per-frame budget (pacedApply.ts); the bench's per-event baseline as before.
      const onDiff = handingBack(perEvent ? perEventUpdates(session.onDiff) : pacedApply(session.onDiff, framePacing));
      const json = benchFlag(BENCH_SNAPSHOT_JSON_FLAG) ? { packedSnapshot: false } : benchFlag(BENCH_SNAPSHOT_PACKED_FLAG) ? { columnsSnapshot: false } : {}; // BENCH ONLY
      const split = benchFlag(BENCH_SNAPSHOT_SPLIT_FLAG) ? { snapshotColumns: false } : benchFlag(BENCH_SNAPSHOT_TEXT_FLAG) ? { snapshotColumns: 'text' as const } : {}; // BENCH ONLY
      const whole = benchFlag(BENCH_SNAPSHOT_WHOLE_FLAG) ? { firstViewsRows: 0 } : {}; // BENCH ONLY
      await api.connect(
        { ...endpoints, ...json, ...split, ...whole, ...connectOptions } as ConnectOptions,
        Comlink.proxy(onDiff) as unknown as (diff: FleetDiff) => void,
      );
      sessions.activate(session.id);
    },
    setVisible: (viewId, visible) => api.setView(viewId, topicsOf(visible)),
    releaseView: (viewId) => api.releaseView(viewId),
    beginTransition: (unitId, button, state) => api.beginTransition(unitId, button, state),
    endTransition: (unitId, button) => api.endTransition(unitId, button),
    setAlertSettings: (settings) => api.setAlertSettings(settings),
    rowsPainted: () => api.presentedPainted(),
    dispose() {
      void api.disconnect();
      api[Comlink.releaseProxy]();
      endpoint.terminate?.();
    },
  };
}
