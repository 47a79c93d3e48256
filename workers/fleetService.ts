/**
 * The fleet worker's API, as importable code (issue 4 item 7): the worker entry
 * (fleet.worker.ts) only wires browser globals into createFleetService and exposes it with
 * Comlink; Node tools and tests call the same functions with `ws`, Node's fetch and fake time.
 *
 * One service = one tab's stream: a LiveSource (or any EventSource, e.g. a LogSource) feeding a
 * FleetPipeline that posts one diff per frame to `onDiff`.
 */
import type { UnitAlertSettings } from '../src/domain/units/alertSettings.ts';
import type { ButtonTransitionState, CachedKind, TransitionButton } from '../src/domain/units/interface.ts';
import type { Topic } from '../src/protocol/ops.ts';
import type { DiffAnswer, FleetDiff } from './pipeline/diff.ts';
import { FleetPipeline } from './pipeline/fleetPipeline.ts';
import { FIRST_VIEWS_ROWS } from './pipeline/firstViews.ts';
import type { CachedUnitData } from './pipeline/selectionCache.ts';
import type { VirtualChannelOutcome } from './pipeline/virtualChannel.ts';
import type { Clock, Timers } from './sources/clock.ts';
import type { EventSource } from './sources/eventSource.ts';
import type { LiveSource } from './sources/liveSource.ts';
import { createLiveSource } from './sources/liveSource.ts';
import { readLog } from './sources/logReader.ts';
import type { ReplayLogSource } from './sources/logSource.ts';
import { createLogSource } from './sources/logSource.ts';
import type { ReplayCommand, ReplayOpenResult, ReplayPosition } from './sources/replayState.ts';
import { LogFormatError } from '../src/protocol/logFormat.ts';
import type { Random } from './sources/reconnect.ts';
import type { FetchLike } from './sources/restClient.ts';
import { createRestClient } from './sources/restClient.ts';

export interface FleetServiceDeps {
  /** The WebSocket constructor (browser global, or a `ws` class in Node). */
  WebSocket?: unknown;
  fetch: FetchLike;
  clock: Clock;
  timers: Timers;
  random: Random;
  requestFrame(callback: () => void): void;
  /** Extra REST headers (Node: the session cookie). */
  headers?: Record<string, string>;
}

export interface ConnectOptions {
  /** ws(s)://host/luc/luc-core-web/ws */
  wsUrl: string;
  /** http(s)://host/luc/luc-core-web/rest */
  restUrl: string;
  /** The current group (crnt_vcg_uid): its topic is always subscribed, its snapshot fetched. */
  groupId: string;
  /** The user property for the subscription batch size (default 50). */
  batchSize?: number;
  alertSettings?: UnitAlertSettings;
  /**
   * The event wire (docs/protocol.md): 'binary-shapes' (default) asks for binary frames version 2
   * with usage and status shapes (`?frames=bin2&usage=shapes&status=shapes`), 'binary' for version 2 without them
   * (`?frames=bin2`), 'binary-v1' for version 1 (`?frames=bin`), 'json' for batched text frames
   * (`?frames=batch`); the bench compares them.
   */
  wire?: 'binary' | 'binary-shapes' | 'binary-v1' | 'json';
  /** Ask for the REST snapshot packed (default true; restClient.ts). */
  packedSnapshot?: boolean;
  /** Ask for the columns answer first (default true; restClient.ts, src/protocol/columnsSnapshot.ts). */
  columnsSnapshot?: boolean;
  /**
   * Send a snapshot to the UI as columns in one diff (default true; pipeline/snapshotColumns.ts),
   * else split into parts of whole views; 'text' (bench only): columns with the views as a string.
   */
  snapshotColumns?: boolean | 'text';
  /**
   * Rows whose views go with a first snapshot's columns, the rest after the page's paint
   * (pipeline/firstViews.ts; default FIRST_VIEWS_ROWS; 0, bench only: all the views at once).
   */
  firstViewsRows?: number;
}

/** Receives each diff; the returned promise (or return) means the UI has taken it. */
export type DiffListener = (diff: FleetDiff, transfer: ArrayBuffer[]) => Promise<DiffAnswer> | DiffAnswer;

export interface FleetService {
  /** Opens the live stream of a group; diffs go to `onDiff`. Replaces any earlier source. */
  connect(options: ConnectOptions, onDiff: DiffListener): void;
  /** Feeds the pipeline from another source (a recorded log) instead of the websocket. */
  play(source: EventSource, onDiff: DiffListener): void;
  disconnect(): void;
  /** A view's on-screen topics (unit:<id>, channel:<id>); [] releases the view. */
  setView(viewId: string, topics: readonly Topic[]): void;
  releaseView(viewId: string): void;
  /**
   * Replay (issue 6 item 3): parses a recorded log (text or UTF-8 bytes), stops the live stream
   * and plays the log through the same pipeline (play). A bad log answers the parser's error
   * naming the line and leaves the current stream running. `onState` hears where the replay stands.
   */
  openReplay(input: string | ArrayBuffer, name: string, onDiff: DiffListener, onState: (position: ReplayPosition) => void): ReplayOpenResult;
  /** A control of the open replay (play, pause, step, seek, speed, loop); ignored without one. */
  replayCommand(command: ReplayCommand): void;
  /**
   * Ends the replay and reconnects the last live stream (if connect() was called), its diffs to
   * `onDiff` when given (the UI's new session), else to the listener of that connect; true then.
   */
  closeReplay(onDiff?: DiffListener): boolean;
  readonly replay: ReplayLogSource | null;
  setBatchSize(size: number): void;
  /** The page painted the first rows of the snapshot it was sent: the fleet's load waits for this (FleetPipeline.presentedPainted). */
  presentedPainted(): void;
  /** The page read a view of the last snapshot it does not have yet: the rest of its views now (FleetPipeline.presentedViewsWanted). */
  presentedViewsWanted(): void;
  setAlertSettings(settings: UnitAlertSettings): void;
  beginTransition(unitId: string, button: TransitionButton, state: ButtonTransitionState): void;
  /** The call behind the button was refused: its transition ends now. */
  endTransition(unitId: string, button: TransitionButton): void;
  selectUnit(unitId: string): Promise<{ data: CachedUnitData; refreshed: CachedKind[]; failed: CachedKind[] }>;
  setVirtualChannel(unitId: string, name: string, intervalMs: number): Promise<VirtualChannelOutcome>;
  /** The pipeline (model, stats) for Node tools and tests; null before connect/play. */
  readonly pipeline: FleetPipeline | null;
  readonly source: EventSource | null;
}

export function createFleetService(deps: FleetServiceDeps): FleetService {
  let pipeline: FleetPipeline | null = null;
  let source: EventSource | null = null;
  let live: LiveSource | null = null;
  let replay: ReplayLogSource | null = null;
  /** The last live stream asked for, so closing a replay returns to it. */
  let lastLive: { options: ConnectOptions; onDiff: DiffListener } | null = null;
  /**
   * Bumped whenever the source changes: a disposed pipeline may still have a frame scheduled, and
   * its diff must not reach the UI after the next source's first one.
   */
  let generation = 0;
  const views = new Map<string, readonly Topic[]>();
  let batchSize: number | undefined;
  let alertSettings: UnitAlertSettings | undefined;

  function stop(): void {
    source?.stop();
    pipeline?.dispose();
    source = null;
    live = null;
    replay = null;
    pipeline = null;
    generation += 1;
  }

  /** The listener of the current generation only. */
  function current(onDiff: DiffListener): DiffListener {
    const mine = generation;
    return (diff, transfer) => (mine === generation ? onDiff(diff, transfer) : undefined);
  }

  /** The unit ids among a view's topics (unit:<id>): the pipeline refetches their stale capabilities. */
  function unitIdsOf(topics: readonly Topic[]): string[] {
    return topics.flatMap((topic) => (topic.startsWith('unit:') ? [topic.slice('unit:'.length)] : []));
  }

  function start(next: EventSource, nextPipeline: FleetPipeline): void {
    for (const [viewId, topics] of views) nextPipeline.setVisibleUnits(viewId, unitIdsOf(topics));
    pipeline = nextPipeline;
    source = next;
    next.start(nextPipeline);
  }

  function requirePipeline(): FleetPipeline {
    if (pipeline === null) throw new Error('fleet service: connect() first');
    return pipeline;
  }

  const service: FleetService = {
    get pipeline() {
      return pipeline;
    },
    get source() {
      return source;
    },
    get replay() {
      return replay;
    },
    connect(options, listener) {
      stop();
      lastLive = { options, onDiff: listener };
      const onDiff = current(listener);
      if (options.batchSize !== undefined) batchSize = options.batchSize;
      if (options.alertSettings !== undefined) alertSettings = options.alertSettings;
      const rest = createRestClient({
        baseUrl: options.restUrl,
        fetch: deps.fetch,
        ...(deps.headers ? { headers: deps.headers } : {}),
        ...(options.packedSnapshot === false ? { packedSnapshot: false } : {}),
        // The columns answer only where the pipeline can hand it on (columns as bytes): else it is server work and bytes for nothing.
        ...(options.columnsSnapshot === false || (options.snapshotColumns ?? true) !== true ? { columnsSnapshot: false } : {}),
      });
      const nextPipeline = new FleetPipeline({
        deliver: onDiff,
        requestFrame: deps.requestFrame,
        clock: deps.clock,
        timers: deps.timers,
        fetchUnit: rest.fetchUnit,
        fetchCapabilities: rest.fetchCapabilities,
        fetchCached: rest.fetchCached,
        setVirtualChannel: rest.putVirtualChannel,
        snapshotColumns: options.snapshotColumns ?? true,
        firstViewsRows: options.firstViewsRows ?? FIRST_VIEWS_ROWS,
        ...(alertSettings ? { alertSettings } : {}),
      });
      const nextLive = createLiveSource({
        url: options.wsUrl,
        groupId: options.groupId,
        fetchSnapshot: (signal) => rest.fetchSnapshot(options.groupId, signal),
        WebSocket: deps.WebSocket,
        ...(options.wire !== undefined ? { wire: options.wire } : {}),
        ...(batchSize !== undefined ? { batchSize } : {}),
        clock: deps.clock,
        timers: deps.timers,
        random: deps.random,
      });
      for (const [viewId, topics] of views) nextLive.setView(viewId, topics);
      live = nextLive;
      start(nextLive, nextPipeline);
    },
    play(next, listener) {
      stop();
      const onDiff = current(listener);
      start(next, new FleetPipeline({ deliver: onDiff, requestFrame: deps.requestFrame, clock: deps.clock, timers: deps.timers, ...(alertSettings ? { alertSettings } : {}) }));
    },
    disconnect() {
      stop();
      lastLive = null;
    },
    openReplay(input, name, onDiff, onState) {
      let log;
      try {
        log = readLog(input);
      } catch (error) {
        if (error instanceof LogFormatError) return { ok: false, line: error.line, message: error.message };
        return { ok: false, line: null, message: error instanceof Error ? error.message : String(error) };
      }
      const next = createLogSource(log, name, { clock: deps.clock, timers: deps.timers, onState });
      const keepLive = lastLive;
      service.play(next, onDiff);
      lastLive = keepLive;
      replay = next;
      return { ok: true, info: next.info };
    },
    replayCommand(command) {
      replay?.command(command);
    },
    closeReplay(onDiff) {
      if (replay === null) return false;
      const back = lastLive;
      stop();
      if (back === null) return false;
      service.connect(back.options, onDiff ?? back.onDiff);
      return true;
    },
    setView(viewId, topics) {
      if (topics.length === 0) views.delete(viewId);
      else views.set(viewId, [...topics]);
      live?.setView(viewId, topics);
      pipeline?.setVisibleUnits(viewId, unitIdsOf(topics));
    },
    releaseView(viewId) {
      views.delete(viewId);
      live?.releaseView(viewId);
      pipeline?.setVisibleUnits(viewId, []);
    },
    presentedPainted() {
      pipeline?.presentedPainted();
    },
    presentedViewsWanted() {
      pipeline?.presentedViewsWanted();
    },
    setBatchSize(size) {
      batchSize = size;
      live?.setBatchSize(size);
    },
    setAlertSettings(settings) {
      alertSettings = settings;
      pipeline?.setAlertSettings(settings);
    },
    beginTransition(unitId, button, state) {
      requirePipeline().beginTransition(unitId, button, state);
    },
    endTransition(unitId, button) {
      requirePipeline().endTransition(unitId, button);
    },
    selectUnit(unitId) {
      return requirePipeline().selectUnit(unitId);
    },
    setVirtualChannel(unitId, name, intervalMs) {
      return requirePipeline().setVirtualChannel(unitId, name, intervalMs);
    },
  };
  return service;
}
