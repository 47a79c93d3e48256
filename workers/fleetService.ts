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
import type { FleetDiff } from './pipeline/diff.ts';
import { FleetPipeline } from './pipeline/fleetPipeline.ts';
import type { CachedUnitData } from './pipeline/selectionCache.ts';
import type { VirtualChannelOutcome } from './pipeline/virtualChannel.ts';
import type { Clock, Timers } from './sources/clock.ts';
import type { EventSource } from './sources/eventSource.ts';
import type { LiveSource } from './sources/liveSource.ts';
import { createLiveSource } from './sources/liveSource.ts';
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
}

/** Receives each diff; the returned promise (or return) means the UI has taken it. */
export type DiffListener = (diff: FleetDiff, transfer: ArrayBuffer[]) => Promise<void> | void;

export interface FleetService {
  /** Opens the live stream of a group; diffs go to `onDiff`. Replaces any earlier source. */
  connect(options: ConnectOptions, onDiff: DiffListener): void;
  /** Feeds the pipeline from another source (a recorded log) instead of the websocket. */
  play(source: EventSource, onDiff: DiffListener): void;
  disconnect(): void;
  /** A view's on-screen topics (unit:<id>, channel:<id>); [] releases the view. */
  setView(viewId: string, topics: readonly Topic[]): void;
  releaseView(viewId: string): void;
  setBatchSize(size: number): void;
  setAlertSettings(settings: UnitAlertSettings): void;
  beginTransition(unitId: string, button: TransitionButton, state: ButtonTransitionState): void;
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
  const views = new Map<string, readonly Topic[]>();
  let batchSize: number | undefined;
  let alertSettings: UnitAlertSettings | undefined;

  function stop(): void {
    source?.stop();
    pipeline?.dispose();
    source = null;
    live = null;
    pipeline = null;
  }

  function start(next: EventSource, nextPipeline: FleetPipeline): void {
    pipeline = nextPipeline;
    source = next;
    next.start(nextPipeline);
  }

  function requirePipeline(): FleetPipeline {
    if (pipeline === null) throw new Error('fleet service: connect() first');
    return pipeline;
  }

  return {
    get pipeline() {
      return pipeline;
    },
    get source() {
      return source;
    },
    connect(options, onDiff) {
      stop();
      if (options.batchSize !== undefined) batchSize = options.batchSize;
      if (options.alertSettings !== undefined) alertSettings = options.alertSettings;
      const rest = createRestClient({ baseUrl: options.restUrl, fetch: deps.fetch, ...(deps.headers ? { headers: deps.headers } : {}) });
      const nextPipeline = new FleetPipeline({
        deliver: onDiff,
        requestFrame: deps.requestFrame,
        clock: deps.clock,
        timers: deps.timers,
        fetchUnit: rest.fetchUnit,
        fetchCapabilities: rest.fetchCapabilities,
        fetchCached: rest.fetchCached,
        setVirtualChannel: rest.putVirtualChannel,
        ...(alertSettings ? { alertSettings } : {}),
      });
      const nextLive = createLiveSource({
        url: options.wsUrl,
        groupId: options.groupId,
        fetchSnapshot: () => rest.fetchSnapshot(options.groupId),
        WebSocket: deps.WebSocket,
        ...(batchSize !== undefined ? { batchSize } : {}),
        clock: deps.clock,
        timers: deps.timers,
        random: deps.random,
      });
      for (const [viewId, topics] of views) nextLive.setView(viewId, topics);
      live = nextLive;
      start(nextLive, nextPipeline);
    },
    play(next, onDiff) {
      stop();
      start(next, new FleetPipeline({ deliver: onDiff, requestFrame: deps.requestFrame, clock: deps.clock, timers: deps.timers, ...(alertSettings ? { alertSettings } : {}) }));
    },
    disconnect: stop,
    setView(viewId, topics) {
      if (topics.length === 0) views.delete(viewId);
      else views.set(viewId, [...topics]);
      live?.setView(viewId, topics);
    },
    releaseView(viewId) {
      views.delete(viewId);
      live?.releaseView(viewId);
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
    selectUnit(unitId) {
      return requirePipeline().selectUnit(unitId);
    },
    setVirtualChannel(unitId, name, intervalMs) {
      return requirePipeline().setVirtualChannel(unitId, name, intervalMs);
    },
  };
}
