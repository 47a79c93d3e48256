/**
 * The event bus of a scale-out process (issue 18): every process, the fleet owner included, reads
 * the JetStream stream LUC_EVENTS in order and fans its events out to local listeners, with the
 * same semantics as the in-process EventBus (synchronous fan-out, seq order, one call per event).
 *
 * - seq = the message's stream sequence: one global order, the same on every instance, so a
 *   client's resume point is good on any of them.
 * - Start: at the stream's last seq at that moment (lastSeq() = it); clients resuming from before
 *   it are answered from the stream.
 * - Reconnects: the ordered consumer recreates itself after a NATS disconnect, from the last seq it
 *   delivered; anything at or below the last delivered seq is dropped here too, so listeners see no
 *   duplicate and no gap.
 * - A message whose body is not an event (decodePayload) is logged once with its seq and skipped;
 *   consuming goes on.
 * - since(from): from the ring (the last `ringMaxEvents` events, none older than `ringMaxAgeMs`)
 *   when it covers from+1, else read from the stream; 'reset' when the stream no longer holds
 *   from+1, when `from` is ahead of the stream, or when more than `maxResumeEvents` are missing (a
 *   snapshot over REST is cheaper then, and memory stays bounded).
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { ConsumerMessages, JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { HISTORY_MAX_AGE_MS, HISTORY_MAX_EVENTS, type BusListener, type LiveBus, type PublishOptions } from '../bus.ts';
import type { EventKind, LiveEvent } from '../types.ts';
import { EVENT_STREAM, stderrLog, type BusLog } from './connection.ts';
import { decodePayload } from './payload.ts';
import type { StreamPublisher } from './publisher.ts';

/** Most events one resume may read from the stream (~60 MB parsed at ~300 B each). */
export const MAX_RESUME_EVENTS = 200_000;
/** A stream read that gets no message for this long is abandoned (ms); the client gets 'reset'. */
export const READ_IDLE_TIMEOUT_MS = 5_000;
/**
 * A pull request of the live consumer lasts this long (ms; heartbeats every half of it). After a
 * NATS restart the old pull is gone; the consumer notices the missing heartbeats and pulls again,
 * so this bounds the pause after a reconnect (a few times this). 2 s: one small request per 2 s
 * when idle, against ~30 s of silence after a NATS restart with the client's default.
 */
export const PULL_EXPIRES_MS = 2_000;
/** Bad messages remembered so each is logged once (their seqs). */
const LOGGED_BAD_MAX = 1_000;

export const NOT_THE_OWNER = 'This instance does not own the fleet: events are published by the fleet owner (npm run simulator or LUC_SIMULATOR=1)';

export interface StreamBusOptions {
  /** The fleet owner's publisher: publish() goes to it (without it, publish throws). */
  publisher?: StreamPublisher;
  /** Ring bounds; keep them within the stream's retention so the ring never answers what the stream forgot. */
  ringMaxEvents?: number;
  ringMaxAgeMs?: number;
  maxResumeEvents?: number;
  readIdleTimeoutMs?: number;
  now?: () => number;
  /** Called when a listener throws; the other listeners still get the event. */
  onListenerError?: (error: unknown, event: LiveEvent) => void;
  log?: BusLog;
}

export class StreamBus implements LiveBus {
  private readonly js: JetStreamClient;
  private readonly listeners = new Set<BusListener>();
  private readonly revs = new Map<string, number>();
  private readonly ring: (LiveEvent | undefined)[];
  private readonly ringMax: number;
  private readonly ringMaxAgeMs: number;
  private readonly maxResumeEvents: number;
  private readonly readIdleTimeoutMs: number;
  private readonly now: () => number;
  private readonly onListenerError: (error: unknown, event: LiveEvent) => void;
  private readonly log: BusLog;
  private readonly publisher: StreamPublisher | undefined;
  private head = 0;
  private count = 0;
  /** Every event with seq ≥ ringStart that reached the listeners is in the ring. */
  private ringStart: number;
  private lastDelivered: number;
  private readonly loggedBad = new Set<number>();
  private messages: ConsumerMessages | null = null;
  private closed = false;

  private constructor(
    nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    startSeq: number,
    options: StreamBusOptions,
  ) {
    this.js = jetstream(nc);
    this.publisher = options.publisher;
    this.ringMax = Math.max(1, options.ringMaxEvents ?? HISTORY_MAX_EVENTS);
    this.ringMaxAgeMs = options.ringMaxAgeMs ?? HISTORY_MAX_AGE_MS;
    this.maxResumeEvents = options.maxResumeEvents ?? MAX_RESUME_EVENTS;
    this.readIdleTimeoutMs = options.readIdleTimeoutMs ?? READ_IDLE_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    this.onListenerError = options.onListenerError ?? (() => undefined);
    this.log = options.log ?? stderrLog;
    this.ring = new Array<LiveEvent | undefined>(this.ringMax);
    this.lastDelivered = startSeq;
    this.ringStart = startSeq + 1;
  }

  /** Starts reading the stream (which must exist: ensureEventStream) after its current last seq. */
  static async open(nc: NatsConnection, options: StreamBusOptions = {}): Promise<StreamBus> {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(EVENT_STREAM);
    const bus = new StreamBus(nc, jsm, info.state.last_seq, options);
    await bus.startConsuming();
    return bus;
  }

  publish(kind: EventKind, id: string, data: unknown, options?: PublishOptions): void {
    if (this.publisher === undefined) throw new Error(NOT_THE_OWNER);
    this.publisher.publish(kind, id, data, options);
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  lastSeq(): number {
    return this.lastDelivered;
  }

  /** The highest rev seen of `id` (on the owner, the one it gave last, which may not be back yet). */
  revOf(id: string): number {
    return Math.max(this.revs.get(id) ?? 0, this.publisher?.revOf(id) ?? 0);
  }

  seedRevs(entries: Iterable<readonly [string, number]>): void {
    for (const [id, rev] of entries) if (rev > (this.revs.get(id) ?? 0)) this.revs.set(id, rev);
  }

  /** Events in the ring now (tests and metrics). */
  ringSize(): number {
    this.expire();
    return this.count;
  }

  async since(from: number): Promise<LiveEvent[] | 'reset'> {
    if (!Number.isSafeInteger(from) || from < 0) return 'reset';
    if (from === this.lastDelivered) return [];
    if (from > this.lastDelivered) return this.readStream(from, null); // a client ahead of this instance
    this.expire();
    const kept = this.ringEvents(from);
    if (from + 1 >= this.ringStart) return kept;
    if (this.lastDelivered - from > this.maxResumeEvents) return 'reset';
    // The ring starts later: the stream gives the part before it.
    const older = await this.readStream(from, this.ringStart - 1);
    return older === 'reset' ? 'reset' : older.concat(kept);
  }

  /** Stops consuming; listeners get nothing more. */
  async close(): Promise<void> {
    this.closed = true;
    await this.messages?.close();
  }

  private async startConsuming(): Promise<void> {
    const consumer = await this.js.consumers.get(EVENT_STREAM, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: this.lastDelivered + 1 });
    const messages = await consumer.consume({ max_messages: 1_000, expires: PULL_EXPIRES_MS });
    this.messages = messages;
    void (async () => {
      for await (const message of messages) this.receive(message.seq, message.data);
    })().catch((error: unknown) => {
      if (!this.closed) this.log('error', `event bus: stream consumer stopped: ${String(error)}`);
    });
  }

  /** One message of the live consumer. */
  private receive(seq: number, body: Uint8Array): void {
    if (seq <= this.lastDelivered) return; // redelivered after a reconnect: listeners had it
    if (seq > this.lastDelivered + 1) {
      // The stream dropped these before this instance read them (retention): the ring cannot
      // answer for them any more.
      this.log('warn', `event bus: events ${this.lastDelivered + 1}..${seq - 1} left the stream before this instance read them`);
      this.clearRing(seq);
    }
    this.lastDelivered = seq;
    const decoded = decodePayload(seq, body);
    if (!decoded.ok) {
      this.logBad(seq, decoded.reason);
      return;
    }
    const event = decoded.event;
    if (event.rev > (this.revs.get(event.id) ?? 0)) this.revs.set(event.id, event.rev);
    this.keep(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }

  /**
   * Events with from < seq ≤ `through` (null: the stream's last seq now), read with a throwaway
   * ordered consumer; 'reset' when the stream no longer holds from+1 or `from` is ahead of it.
   */
  private async readStream(from: number, through: number | null): Promise<LiveEvent[] | 'reset'> {
    const { state } = await this.jsm.streams.info(EVENT_STREAM);
    if (from > state.last_seq) return 'reset';
    if (from + 1 < state.first_seq) return 'reset';
    const end = Math.min(through ?? state.last_seq, state.last_seq);
    if (end <= from) return [];
    if (end - from > this.maxResumeEvents) return 'reset';
    const consumer = await this.js.consumers.get(EVENT_STREAM, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from + 1 });
    const messages = await consumer.consume({ max_messages: Math.min(1_000, end - from) });
    const out: LiveEvent[] = [];
    let next = from + 1;
    let idle: NodeJS.Timeout = setTimeout(() => void messages.close(), this.readIdleTimeoutMs);
    try {
      for await (const message of messages) {
        clearTimeout(idle);
        if (message.seq !== next) break; // retention removed some meanwhile: incomplete
        next += 1;
        const decoded = decodePayload(message.seq, message.data);
        if (decoded.ok) out.push(decoded.event);
        else this.logBad(message.seq, decoded.reason);
        if (message.seq >= end) break;
        idle = setTimeout(() => void messages.close(), this.readIdleTimeoutMs);
      }
    } finally {
      clearTimeout(idle);
      await messages.close();
    }
    return next > end ? out : 'reset';
  }

  private logBad(seq: number, reason: string): void {
    if (this.loggedBad.has(seq)) return;
    if (this.loggedBad.size >= LOGGED_BAD_MAX) this.loggedBad.clear();
    this.loggedBad.add(seq);
    this.log('warn', `event bus: skipped stream message ${seq}: ${reason}`);
  }

  /** Kept events with seq > from, oldest first. */
  private ringEvents(from: number): LiveEvent[] {
    // Binary search for the first kept event with seq > from (seqs increase; skipped ones leave gaps).
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ring[(this.head + mid) % this.ringMax]!.seq <= from) lo = mid + 1;
      else hi = mid;
    }
    const out: LiveEvent[] = [];
    for (let i = lo; i < this.count; i += 1) out.push(this.ring[(this.head + i) % this.ringMax]!);
    return out;
  }

  private keep(event: LiveEvent): void {
    if (this.count === this.ringMax) this.dropOldest();
    this.ring[(this.head + this.count) % this.ringMax] = event;
    this.count += 1;
    this.expire();
  }

  private dropOldest(): void {
    const oldest = this.ring[this.head]!;
    this.ring[this.head] = undefined;
    this.head = (this.head + 1) % this.ringMax;
    this.count -= 1;
    this.ringStart = oldest.seq + 1;
  }

  /** Drops events older than ringMaxAgeMs (by their ts) from the head. */
  private expire(): void {
    const cutoff = this.now() - this.ringMaxAgeMs;
    while (this.count > 0 && this.ring[this.head]!.ts < cutoff) this.dropOldest();
  }

  private clearRing(nextSeq: number): void {
    while (this.count > 0) this.dropOldest();
    this.ringStart = nextSeq;
  }
}
