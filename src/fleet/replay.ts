/**
 * The UI side of replay (issue 6 item 3): open a recorded log in the fleet worker, drive it, and
 * read where it stands. The worker plays the log through the same pipeline as live, into the
 * same FleetStore, so every screen shows the replayed fleet without knowing it.
 *
 * Sessions: every stream (a live connect, a replay) gets its own diff callback with an increasing
 * number. The store is cleared when a newer session delivers its first diff or is confirmed by the
 * worker, and diffs of older sessions are dropped: diffs travel on their callback's own message
 * port, so their order against the worker's answers is not guaranteed.
 */
import { signal } from '@preact/signals-react';
import type { Signal } from '@preact/signals-react';
import { emptyCounters } from '../domain/units/counters.ts';
import { EMPTY_DIFF, type FleetDiff } from '../../workers/pipeline/diff.ts';
import type { ReplayCommand, ReplayInfo, ReplayOpenResult, ReplayPosition, ReplaySpeed, ReplayState, SeekTarget } from '../../workers/sources/replayState.ts';
import type { FleetStore } from './store.ts';
import { handingBack } from './handingBack.ts';

/** A diff that empties the store (every unit and channel removed, counters zero). */
export function clearingDiff(store: FleetStore): FleetDiff {
  return { ...EMPTY_DIFF, reset: true, removed: store.unitIds(), removedChannels: store.channelIds(), counters: emptyCounters() };
}

/** Numbers the streams; only the newest active one reaches the store. */
export class StreamSessions {
  private next = 0;
  private active = 0;

  constructor(
    private readonly store: FleetStore,
    private readonly apply: (diff: FleetDiff) => void,
  ) {}

  /** A new session: its number and its diff callback. */
  open(): { readonly id: number; readonly onDiff: (diff: FleetDiff) => void } {
    const id = ++this.next;
    return {
      id,
      onDiff: (diff) => {
        if (id < this.active) return; // an older stream's late diff
        this.activate(id);
        this.apply(diff);
      },
    };
  }

  /** The worker switched to session `id`: the store starts empty for it (once). */
  activate(id: number): void {
    if (id <= this.active) return;
    this.active = id;
    this.store.apply(clearingDiff(this.store));
  }

  get current(): number {
    return this.active;
  }
}

/** What the worker offers for replay (a subset of FleetApi, so tests can fake it). */
export interface ReplayWorker {
  openReplay(input: string | ArrayBuffer, name: string, onDiff: (diff: FleetDiff) => void, onState: (position: ReplayPosition) => void): Promise<ReplayOpenResult>;
  replayCommand(command: ReplayCommand): Promise<void>;
  /** Ends the replay; the worker reconnects the last live stream with `onDiff`. */
  closeReplay(onDiff: (diff: FleetDiff) => void): Promise<boolean>;
}

export interface ReplayClient {
  /** The open replay (info and position), or null while live. */
  readonly state: Signal<ReplayState | null>;
  /** Opens a log (a picked or dropped file, or bytes fetched from the server); the parser's error otherwise. */
  open(input: Blob | ArrayBuffer | string, name: string): Promise<ReplayOpenResult>;
  play(): Promise<void>;
  pause(): Promise<void>;
  toggle(): Promise<void>;
  step(by: 1 | -1): Promise<void>;
  seek(target: SeekTarget): Promise<void>;
  setSpeed(speed: ReplaySpeed): Promise<void>;
  setLoop(loop: boolean): Promise<void>;
  /** Back to live: the worker reconnects the group's stream; the banner goes. */
  close(): Promise<void>;
}

export type ReplayClientDeps = {
  readonly worker: ReplayWorker;
  readonly sessions: StreamSessions;
  /** Wraps a callback for the worker (Comlink.proxy in the app; identity in tests). */
  readonly proxy: <T extends (...args: never[]) => unknown>(callback: T) => T;
  /** Wraps bytes for the worker (Comlink.transfer in the app: moved, not copied). */
  readonly transfer: (bytes: ArrayBuffer) => ArrayBuffer;
};

export function createReplayClient(deps: ReplayClientDeps): ReplayClient {
  const { worker, sessions, proxy, transfer } = deps;
  const state = signal<ReplayState | null>(null);
  /** The session of the replay the page shows; positions of any other are ignored. */
  let shown = 0;
  let info: ReplayInfo | null = null;
  let lastPosition: ReplayPosition | null = null;

  const send = (command: ReplayCommand) => worker.replayCommand(command);

  return {
    state,
    async open(input, name) {
      const data = typeof input === 'string' || input instanceof ArrayBuffer ? input : await input.arrayBuffer();
      const session = sessions.open();
      const onState = (position: ReplayPosition): void => {
        if (session.id !== shown) return;
        lastPosition = position;
        if (info !== null) state.value = { ...info, ...position };
      };
      const previous = { shown, info, lastPosition };
      shown = session.id;
      info = null;
      lastPosition = null;
      const result = await worker.openReplay(typeof data === 'string' ? data : transfer(data), name, proxy(handingBack(session.onDiff)), proxy(onState));
      if (!result.ok) {
        ({ shown, info, lastPosition } = previous); // the worker kept what it had
        return result;
      }
      sessions.activate(session.id);
      info = result.info;
      state.value = { ...result.info, ...(lastPosition ?? { index: 0, seq: null, ts: result.info.startTs, phase: 'paused', speed: 1, loop: false }) };
      return result;
    },
    play: () => send({ type: 'play' }),
    pause: () => send({ type: 'pause' }),
    toggle: () => send({ type: 'toggle' }),
    step: (by) => send({ type: 'step', by }),
    seek: (to) => send({ type: 'seek', to }),
    setSpeed: (speed) => send({ type: 'speed', speed }),
    setLoop: (loop) => send({ type: 'loop', loop }),
    async close() {
      shown = 0;
      info = null;
      lastPosition = null;
      state.value = null;
      const live = sessions.open();
      await worker.closeReplay(proxy(handingBack(live.onDiff)));
      sessions.activate(live.id); // live again, or nothing when there was no live stream
    },
  };
}
