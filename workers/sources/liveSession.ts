/**
 * The live protocol of one tab (protocol.md "Client to server"; issue 4 items 1–3), without the
 * transport: LiveSource feeds it the socket's open / message / close, and the model-based test
 * drives it with a simulated server. Rules, in order of the socket's life:
 *
 * - open: subscribe first (the group topic, then every topic a view holds, in batches of the
 *   user's batch size, default 50), then either `resume` from the last seq seen or, when there is
 *   no usable state yet (first start, or a resync cut short), a REST snapshot.
 * - message: decoded with effect Schema at the edge (decodeServerFrame); a bad frame is counted
 *   and reported with its reason and never stops the session; a batched frame's events are
 *   received in order and a bad one among them is reported alone. `reset` starts a resync.
 * - resync: events are buffered while the snapshot is fetched; the snapshot is loaded, then only
 *   the buffered events above its watermark are applied. A close abandons the fetch (aborted, and
 *   a generation number makes a late answer harmless). A failed fetch is retried after a jittered
 *   delay.
 * - a reset during a resync does not restart the fetch: under overload (a slow tab on a fast
 *   stream) the server resets again before a large snapshot could arrive, and restarting would
 *   never finish (the tab stays "resyncing" with stale data while each abandoned snapshot still
 *   costs the server and a browser connection). The snapshot in flight is loaded, and another
 *   resync follows after a jittered delay (0–10 s); meanwhile a unit that missed events shows a
 *   rev gap on its next event and is refetched alone.
 * - close: the connection state says when the next attempt starts (the transport draws it with
 *   full jitter), or that the source gave up (offline, and the page reloads after a jittered delay).
 * - session ended (the server closed with 4401: signed out in another tab): final, like stop(),
 *   but the state says `ended` so the UI returns to the sign-in page instead of waiting.
 */
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import type { Topic } from '../../src/protocol/ops.ts';
import { decodeServerFrame, encodeClientOp, topicOps } from '../../src/protocol/ops.ts';
import { readBinaryFrame } from '../../src/protocol/binaryFrames.ts';
import type { ReaderV2 } from '../../src/protocol/binaryFramesV2.ts';
import { ConnectionIds, isBinaryFrameV2, readBinaryFrameV2 } from '../../src/protocol/binaryFramesV2.ts';
import type { ShapedValues } from '../../src/protocol/shapesFrames.ts';
import { ConnectionShapes } from '../../src/protocol/shapesFrames.ts';
import { usagePayloadOf } from '../../src/protocol/usageShapes.ts';
import { SUBSCRIPTION_BATCH_SIZE } from '../../src/domain/constants.ts';
import { assertNever } from '../../src/domain/brand.ts';
import type { Clock, TimerId, Timers } from './clock.ts';
import type { ConnectionState } from './connectionState.ts';
import type { EventSink, RestSnapshot } from './eventSource.ts';
import type { Random } from './reconnect.ts';
import { reconnectDelay, reloadDelay } from './reconnect.ts';
import { SubscriptionRegistry } from './subscriptions.ts';
import { IdInterner } from './idInterner.ts';
import type { TopicChanges } from './subscriptions.ts';

/** The snapshot's entity ids, the model's keys (units by uid, channels, servers). */
function* idsOf(snapshot: FleetSnapshot): Iterable<string> {
  for (const entry of snapshot.units) yield entry.unit.uid;
  for (const channel of snapshot.channels) yield channel.id;
  for (const server of snapshot.servers) yield server.id;
}

/** The wire's layout numbers are u32: each table's epoch gets its own 2^32 numbers. */
const LAYOUT_EPOCH_SPAN = 2 ** 32;
/** Epochs whose numbers stay exact in a double (2^53 / 2^32); past them layouts go to the sink as 0 (unknown). */
const MAX_LAYOUT_EPOCHS = 2 ** 21;

/**
 * A wire layout number (u32, 0: none) as the sink gets it: unique across the session's tables
 * (EventSink.event's `layout`), epoch · 2^32 + number; 0 stays 0.
 */
export function sinkLayoutOf(epoch: number, layout: number): number {
  return layout === 0 || epoch >= MAX_LAYOUT_EPOCHS ? 0 : epoch * LAYOUT_EPOCH_SPAN + layout;
}

/** Events buffered during a resync beyond this are dropped, and another resync follows the snapshot in flight. */
export const MAX_RESYNC_BUFFER = 200_000;

export interface LiveSessionDeps {
  /** Sends one text frame; only called while the transport is open. */
  send(text: string): void;
  /**
   * Closes the socket and opens a new one (the transport's reconnect): asked once per connection
   * when the binary wire's id table is lost (docs/protocol.md "Binary frames" version 2), since only
   * a new connection sends the ids again. Absent: the session only reports the refused frames.
   */
  reconnect?(reason: string): void;
  /** GET devices/fetch?crnt_vcg_uid=<group>: the fleet and its watermark. */
  fetchSnapshot(signal?: AbortSignal): Promise<RestSnapshot>;
  /** The current group's topic, always subscribed. */
  groupTopic: Topic;
  /** Topics per subscribe/unsubscribe message (the user property; default 50). */
  batchSize?: number;
  clock: Clock;
  timers: Timers;
  random: Random;
}

export interface LiveSessionStats {
  framesIn: number;
  /** Events received (a batched frame holds many; docs/protocol.md "Batched frames"). */
  eventsIn: number;
  badFrames: number;
  lastBadFrame: string | null;
  denied: Topic[];
  resyncs: number;
  opsSent: number;
}

export class LiveSession {
  readonly registry = new SubscriptionRegistry();
  readonly stats: LiveSessionStats = { framesIn: 0, eventsIn: 0, badFrames: 0, lastBadFrame: null, denied: [], resyncs: 0, opsSent: 0 };
  /** The highest seq applied or covered by the last snapshot (-1: none; the `resume` point). */
  lastSeq = -1;
  private batchSize: number;
  private open = false;
  private stopped = false;
  /** True until a snapshot has been loaded (and again when a resync is cut short). */
  private needsSnapshot = true;
  private resyncing = false;
  /**
   * The server said {"op":"behind"} and not yet {"op":"caught-up"}: it sends the latest state per
   * entity, so revs jump on purpose and seqs arrive out of order (the resume point then moves only
   * with caught-up's seq). docs/protocol.md "Falling behind".
   */
  private behind = false;
  private generation = 0;
  private buffer: Envelope[] = [];
  /** The binary path's ids, one string object per id (idInterner.ts). */
  private readonly ids = new IdInterner();
  /** This connection's wire id table (binary frames version 2), emptied on every open. */
  private readonly wireIds = new ConnectionIds();
  /** This connection's usage shapes (shapes frames, when the socket asked with `usage=shapes`), emptied on every open. */
  private readonly wireShapes = new ConnectionShapes();
  /**
   * Which wire table the link-layout numbers came from: bumped on every open and every ids frame
   * that restarts the table, so that a number from another connection (another gateway: a server
   * restart numbers from 1 again) never equals one from this (sinkLayoutOf).
   */
  private layoutEpoch = 0;
  /** The id table was lost on this connection and a reconnect was asked (once per connection). */
  private reconnectAsked = false;
  private retryTimer: TimerId | null = null;
  private disconnectedSince: number | null = null;
  private state: ConnectionState = { phase: 'connecting' };

  constructor(
    private readonly deps: LiveSessionDeps,
    private readonly sink: EventSink,
  ) {
    this.batchSize = deps.batchSize ?? SUBSCRIPTION_BATCH_SIZE;
    sink.connection(this.state);
  }

  get connection(): ConnectionState {
    return this.state;
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** The user property changed the batch size (takes effect with the next message). */
  setBatchSize(size: number): void {
    this.batchSize = size > 0 ? Math.floor(size) : SUBSCRIPTION_BATCH_SIZE;
  }

  /** Aborts the snapshot request of the resync in flight (if any). */
  private abortController: AbortController | null = null;
  /** A reset arrived while a snapshot was being fetched: resync again once it is loaded. */
  private resetDuringResync = false;

  /** The transport opened: subscribe first, then resume or resync. */
  opened(): void {
    if (this.stopped) return;
    this.open = true;
    this.behind = false; // a new socket starts in step
    this.disconnectedSince = null;
    this.wireIds.clear(); // a new connection's ids come again (docs/protocol.md "Binary frames" version 2)
    this.wireShapes.clear(); // and its usage shapes (src/protocol/shapesFrames.ts)
    this.layoutEpoch += 1;
    this.reconnectAsked = false;
    const topics = [this.deps.groupTopic, ...this.registry.topics().filter((topic) => topic !== this.deps.groupTopic)];
    this.sendOps('subscribe', topics);
    if (this.needsSnapshot || this.lastSeq < 0) {
      this.startResync();
    } else {
      this.sendRaw(encodeClientOp({ op: 'resume', from: this.lastSeq }));
      this.setState({ phase: 'live' });
    }
  }

  /** One text frame from the server. */
  message(text: string): void {
    if (this.stopped) return;
    this.stats.framesIn += 1;
    const decoded = decodeServerFrame(text);
    if (!decoded.ok) {
      this.reportBad(decoded.error);
      return;
    }
    const frame = decoded.value;
    if (frame.type === 'event') {
      this.stats.eventsIn += 1;
      this.receive(frame.event);
      return;
    }
    if (frame.type === 'events') {
      this.stats.eventsIn += frame.events.length;
      for (const event of frame.events) this.receive(event);
      for (const error of frame.errors) this.reportBad(error);
      return;
    }
    const control = frame.control;
    switch (control.op) {
      case 'reset':
        if (!this.open) return;
        this.behind = false; // the server dropped the backlog it was conflating
        if (this.resyncing) this.resetDuringResync = true;
        else this.startResync();
        return;
      case 'denied':
        // Refused per topic (outside the user's groups): remembered, not retried.
        for (const topic of control.topics) this.stats.denied.push(topic as Topic);
        return;
      case 'error':
        this.reportBad(`server refused a frame: ${control.message}`);
        return;
      case 'behind':
        if (!this.open) return;
        this.behind = true;
        if (!this.resyncing) this.setState({ phase: 'behind' });
        return;
      case 'caught-up':
        if (!this.open) return;
        this.behind = false;
        if (control.seq > this.lastSeq) this.lastSeq = control.seq;
        if (this.state.phase === 'behind') this.setState({ phase: 'live' });
        return;
      default:
        return assertNever(control, 'server op');
    }
  }

  /**
   * One binary frame from the server (`?frames=bin`, src/protocol/binaryFrames.ts): its events go to
   * the sink through one reused envelope, no object per event; a frame refused whole applies nothing.
   */
  binaryMessage(bytes: Uint8Array): void {
    if (this.stopped) return;
    this.stats.framesIn += 1;
    if (isBinaryFrameV2(bytes)) {
      const readV2 = readBinaryFrameV2(bytes, this.readerV2);
      if (!readV2.ok) this.reportBad(readV2.error);
      else if (readV2.value.type === 'ids' && readV2.value.restart) this.layoutEpoch += 1;
      return;
    }
    const read = readBinaryFrame(bytes, this.receiveReused, (reason) => this.reportBad(reason));
    if (!read.ok) this.reportBad(read.error);
  }

  /** How version-2 frames reach the session: ids into the connection's table, events with their ref. */
  private readonly readerV2: ReaderV2 = {
    table: this.wireIds,
    shapes: this.wireShapes,
    visit: (event, ref, layout) => {
      this.stats.eventsIn += 1;
      if (this.resyncing) this.receive({ ...event } as Envelope); // kept in the resync buffer: a copy, applied later without its ref or layout
      else this.receive(event, ref, sinkLayoutOf(this.layoutEpoch, layout));
    },
    shaped: (event, ref, layout, usage) => {
      this.stats.eventsIn += 1;
      // Kept in the resync buffer: a copy with its payload built (rare), applied later as a text event's.
      if (this.resyncing) this.receive({ ...event, data: usagePayloadOf(usage.shape, usage.values, usage.at) } as Envelope);
      else this.receive(event, ref, sinkLayoutOf(this.layoutEpoch, layout), usage);
    },
    bad: (reason) => this.reportBad(reason),
    intern: (id) => this.ids.intern(id),
    tableLost: () => {
      if (this.reconnectAsked || !this.open || this.deps.reconnect === undefined) return;
      this.reconnectAsked = true;
      this.deps.reconnect('binary frames: the id table was lost');
    },
  };

  /** receive() for the binary reader's reused envelope: a copy is made only when it must be kept (resync buffer). */
  private readonly receiveReused = (event: Envelope): void => {
    this.stats.eventsIn += 1;
    (event as { id: string }).id = this.ids.intern(event.id); // the reader's cursor: ours to rewrite
    if (this.resyncing) this.receive({ ...event } as Envelope);
    else this.receive(event);
  };

  /**
   * The transport closed. `retryInMs`: when the next attempt starts (drawn by the transport with
   * full jitter), or null when it gave up after the maximum reconnects.
   */
  closed(retryInMs: number | null, attempt = 1): void {
    if (this.stopped) return;
    this.open = false;
    this.behind = false;
    this.abandonResync();
    const now = this.deps.clock.now();
    this.disconnectedSince ??= now;
    if (retryInMs === null) {
      this.setState({ phase: 'offline', since: this.disconnectedSince, reloadAt: now + reloadDelay(this.deps.random) });
    } else {
      this.setState({ phase: 'reconnecting', attempt, retryAt: now + retryInMs, since: this.disconnectedSince });
    }
  }

  /**
   * The server ended the session (close code 4401, SESSION_ENDED_CLOSE): no retry, no reload; the
   * last state is `ended` and no sink call follows (spec 002 §8: the browser goes to sign-in).
   */
  sessionEnded(): void {
    if (this.stopped) return;
    this.abandonResync();
    this.open = false;
    this.setState({ phase: 'ended', since: this.deps.clock.now() });
    this.stopped = true;
  }

  /** Replaces the topics of a view (visible units and channels); sends the difference when open. */
  setView(viewId: string, topics: Iterable<Topic>): void {
    this.sendChanges(this.registry.setView(viewId, topics));
  }

  releaseView(viewId: string): void {
    this.sendChanges(this.registry.releaseView(viewId));
  }

  /** Ends the session: no more sink calls. */
  stop(): void {
    if (this.stopped) return;
    this.abandonResync();
    this.open = false;
    this.setState({ phase: 'offline', since: this.deps.clock.now(), reloadAt: null });
    this.stopped = true;
  }

  private receive(event: Envelope, ref = -1, layout = 0, shaped?: ShapedValues): void {
    if (this.resyncing) {
      this.buffer.push(event);
      // Past the bound the buffer is dropped, not the fetch: a restart would never finish on a stream
      // that fills it faster than a snapshot arrives. The dropped events are covered like a reset's.
      if (this.buffer.length > MAX_RESYNC_BUFFER) {
        this.buffer = [];
        this.resetDuringResync = true;
      }
      return;
    }
    if (!this.behind && event.seq > this.lastSeq) this.lastSeq = event.seq;
    this.sink.event(event, ref, layout, shaped);
  }

  private startResync(): void {
    this.generation += 1;
    const generation = this.generation;
    this.clearRetry();
    this.abortFetch();
    this.resyncing = true;
    this.needsSnapshot = true;
    this.resetDuringResync = false;
    this.buffer = [];
    this.stats.resyncs += 1;
    this.setState({ phase: 'resyncing' });
    const controller = new AbortController();
    this.abortController = controller;
    let request: Promise<RestSnapshot>;
    try {
      request = this.deps.fetchSnapshot(controller.signal);
    } catch (error) {
      request = Promise.reject(error);
    }
    request.then(
      (answer) => {
        if (generation !== this.generation || !this.open) return;
        this.abortController = null;
        let loaded: FleetSnapshot | Promise<FleetSnapshot>;
        try {
          loaded = this.loadAnswer(answer);
        } catch (error) {
          // The columns answer's packed part did not decode: the UI may hold its columns, the model
          // does not; a fresh snapshot (retried as for any failed fetch) puts both right.
          this.failedSnapshot(generation, error);
          return;
        }
        if (!(loaded instanceof Promise)) {
          this.finishResync(generation, answer.watermark, loaded);
          return;
        }
        // The sink loads the fleet later (after the UI painted the columns): events stay held until then.
        loaded.then(
          (fleet) => {
            if (generation === this.generation && this.open) this.finishResync(generation, answer.watermark, fleet);
          },
          (error: unknown) => {
            if (generation === this.generation && this.open) this.failedSnapshot(generation, error);
          },
        );
      },
      (error: unknown) => {
        if (generation !== this.generation || !this.open) return;
        this.abortController = null;
        this.failedSnapshot(generation, error);
      },
    );
  }

  /** The snapshot is loaded: the ids it names, its watermark, then the events held meanwhile, in order. */
  private finishResync(generation: number, watermark: number, fleet: FleetSnapshot): void {
    this.ids.reset(idsOf(fleet));
    this.wireIds.remap((id) => this.ids.intern(id)); // the table's ids become the model's own strings
    // Set, not raised: after a server restart the new watermark may be below the old seqs.
    this.lastSeq = watermark;
    const buffered = this.buffer;
    this.buffer = [];
    this.resyncing = false;
    this.needsSnapshot = false;
    // Behind: said before the buffered events, so their rev jumps are not refetched one by one.
    if (this.behind) this.setState({ phase: 'behind' });
    for (const event of buffered) {
      if (event.seq <= watermark) continue;
      if (!this.behind && event.seq > this.lastSeq) this.lastSeq = event.seq;
      this.sink.event(event);
    }
    if (!this.behind) this.setState({ phase: 'live' });
    if (this.resetDuringResync) {
      this.resetDuringResync = false;
      this.retryTimer = this.deps.timers.setTimeout(() => {
        this.retryTimer = null;
        if (generation === this.generation && this.open && !this.resyncing) this.startResync();
      }, reconnectDelay(this.deps.random));
    }
  }

  /** The snapshot's fleet, handed to the sink: a columns answer's columns first when the sink takes them. */
  private loadAnswer(answer: RestSnapshot): FleetSnapshot | Promise<FleetSnapshot> {
    if ('snapshot' in answer) {
      this.sink.snapshot(answer.snapshot, answer.watermark);
      return answer.snapshot;
    }
    if (this.sink.snapshotPresented !== undefined) return this.sink.snapshotPresented(answer.columns, answer.watermark, () => answer.load());
    const fleet = answer.load();
    this.sink.snapshot(fleet, answer.watermark);
    return fleet;
  }

  /** A snapshot that could not be had: reported, and fetched again after the reconnect delay (still resyncing, events held). */
  private failedSnapshot(generation: number, error: unknown): void {
    this.resetDuringResync = false; // the retry fetches a fresh snapshot
    this.reportBad(`snapshot fetch failed: ${error instanceof Error ? error.message : String(error)}`);
    this.retryTimer = this.deps.timers.setTimeout(() => {
      this.retryTimer = null;
      if (generation === this.generation && this.open) this.startResync();
    }, reconnectDelay(this.deps.random));
  }

  private abandonResync(): void {
    this.generation += 1;
    this.clearRetry();
    this.abortFetch();
    this.resetDuringResync = false;
    if (this.resyncing) {
      this.resyncing = false;
      this.needsSnapshot = true; // the next open fetches a snapshot instead of resuming
    }
    this.buffer = [];
  }

  private abortFetch(): void {
    this.abortController?.abort();
    this.abortController = null;
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.deps.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private sendChanges(changes: TopicChanges): void {
    if (!this.open) return; // restored from the registry on the next open
    this.sendOps('unsubscribe', changes.unsubscribe.filter((topic) => topic !== this.deps.groupTopic));
    this.sendOps('subscribe', changes.subscribe);
  }

  private sendOps(op: 'subscribe' | 'unsubscribe', topics: readonly Topic[]): void {
    if (topics.length === 0) return;
    for (const message of topicOps(op, topics, this.batchSize)) this.sendRaw(encodeClientOp(message));
  }

  private sendRaw(text: string): void {
    this.stats.opsSent += 1;
    this.deps.send(text);
  }

  private reportBad(reason: string): void {
    this.stats.badFrames += 1;
    this.stats.lastBadFrame = reason;
    this.sink.badFrame(reason);
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.sink.connection(state);
  }
}
