/**
 * The one interface every event source implements (design.md "One path for every event"):
 * LiveSource (the websocket, workers/sources/liveSource.ts) and LogSource (a recorded NDJSON log;
 * the replay command implements it in replay/). The pipeline behind a source cannot tell live
 * data from a file: both hand it decoded events, snapshots and a connection state through the
 * same EventSink (Foxglove's Player idea).
 */
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import type { ConnectionState } from './connectionState.ts';
import type { ShapedValues } from '../../src/protocol/shapesFrames.ts';
import type { FleetColumns } from '../pipeline/fleetColumns.ts';

/** Where a source delivers what it reads. Calls come in order and are never concurrent. */
export interface EventSink {
  /**
   * One decoded event, in the order the source read it (protocol.md envelope). `ref`: the
   * connection's wire ref of `event.id` (docs/protocol.md "Binary frames" version 2), a small
   * integer ≥ 0 that a sink may use to cache per-entity lookups in arrays, always checked against
   * `event.id` (a ref may name another id after a reconnect or a table restart); −1 or absent: none.
   * `layout`: for a usage event, a number > 0 standing for its links' layout (port, name, type of
   * each link, in order): within one source's life two events with the same number have links of
   * the same layout (src/protocol/linkLayouts.ts, made unique across connections by the session);
   * 0 or absent: unknown, compare the links.
   * `shaped`: for a unit.usage that came shaped (binary frames with usage shapes,
   * src/protocol/shapesFrames.ts), its shape and values; `event.data` is then null. Reused by the
   * source between events: the sink copies what it keeps.
   */
  event(event: Envelope, ref?: number, layout?: number, shaped?: ShapedValues): void;
  /**
   * Replaces the whole fleet with `snapshot`; events with seq ≤ `watermark` are already in it
   * and are ignored afterwards (protocol.md: apply only events above the snapshot's watermark).
   */
  snapshot(snapshot: FleetSnapshot, watermark: number): void;
  /**
   * The same, for a snapshot whose UI columns came ready made (the columns answer,
   * src/protocol/columnsSnapshot.ts): a sink that can hands `columns` on first, then loads the
   * fleet from `load()` (which may throw: a bad packed part) and returns it, or a promise of it
   * when it loads later (the source holds its events until then, as during the fetch). Without
   * this method the source calls `snapshot(load(), watermark)`.
   */
  snapshotPresented?(columns: FleetColumns, watermark: number, load: () => FleetSnapshot): FleetSnapshot | Promise<FleetSnapshot>;
  /** The source's state changed (live, reconnecting in N s, resyncing, offline since T). */
  connection(state: ConnectionState): void;
  /** A frame or line that could not be decoded: counted and reported, never fatal. */
  badFrame(reason: string): void;
}

/** A source of fleet events. start() may be called once; stop() ends it for good. */
export interface EventSource {
  readonly kind: 'live' | 'log';
  start(sink: EventSink): void;
  stop(): void;
}

/** Playback controls a recorded log adds (implemented by the replay helper in replay/). */
export interface LogSource extends EventSource {
  readonly kind: 'log';
  /** Plays at `speed` × recorded time (1 = real time). */
  play(speed: number): void;
  pause(): void;
  /** Jumps to the first event at or after `ts` (ms since the epoch); may call sink.snapshot. */
  seek(ts: number): void;
}

/** What a REST snapshot answers: the fleet, and the bus seq taken before the state was read. */
export type RestSnapshot =
  | { readonly watermark: number; readonly snapshot: FleetSnapshot }
  /** The columns answer: the UI's columns now, the fleet decoded when `load()` is called (it may throw, naming what is wrong). */
  | { readonly watermark: number; readonly columns: FleetColumns; load(): FleetSnapshot };
