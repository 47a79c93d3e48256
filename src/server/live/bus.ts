/**
 * The server's event bus (protocol.md envelope): assigns `seq` (server-wide, strictly increasing),
 * `ts` (ms since the epoch) and `rev` (+1 per change of an entity), keeps a bounded history for
 * `resume`, and fans events out to listeners synchronously, in seq order.
 *
 * History bound: the last HISTORY_MAX_EVENTS events or the last HISTORY_MAX_AGE_MS of them,
 * whichever is smaller. A resume point older than what is kept answers 'reset' (the client then
 * refetches a snapshot over REST).
 */
import type { EventKind, LiveEvent } from './types.ts';

/** At most this many events are kept for resume (100,000: ~1 s at the 100,000 events/s load rate). */
export const HISTORY_MAX_EVENTS = 100_000;
/** Events older than this are dropped from the history (5 minutes, in ms). */
export const HISTORY_MAX_AGE_MS = 5 * 60_000;

export type BusListener = (event: LiveEvent) => void;

/** Options of one publish. */
export interface PublishOptions {
  /**
   * A unique id of this event's cause (e.g. 'outbox-42'): the stream bus sends it as Nats-Msg-Id so
   * JetStream drops a second publish with the same id (within its duplicate window). The in-process
   * bus has nothing to dedupe against and ignores it.
   */
  msgId?: string;
}

/**
 * What the server needs of an event bus (protocol.md envelope), whichever carries the events: the
 * in-process EventBus (embedded deployment) or the NATS JetStream stream (scale-out, see
 * stream/streamBus.ts). Listeners get every event once, in seq order.
 */
export interface LiveBus {
  /** Publishes one change of entity `id`; the bus assigns seq, ts and rev. */
  publish(kind: EventKind, id: string, data: unknown, options?: PublishOptions): void;
  /** Adds a listener for every later event; returns the function that removes it. */
  subscribe(listener: BusListener): () => void;
  /**
   * Every event with seq > `from`, oldest first, or 'reset' when some of them are gone or `from`
   * is ahead. May answer later (the stream bus reads the stream): callers await it.
   */
  since(from: number): LiveEvent[] | 'reset' | Promise<LiveEvent[] | 'reset'>;
  /** The seq of the last event this process delivered to its listeners. */
  lastSeq(): number;
  /** The current rev of entity `id` (0 when unknown). */
  revOf(id: string): number;
  /** Sets known revs (from a snapshot); a rev never goes down. */
  seedRevs(entries: Iterable<readonly [string, number]>): void;
}

export interface EventBusOptions {
  /** Server time in ms since the epoch (injected by tests); default Date.now. */
  now?: () => number;
  /** The seq of the first event is startSeq + 1 (default 0). Passing e.g. Date.now() * 1000 at start
   * keeps seq increasing across restarts, so a client's old resume point is never mistaken for a new one. */
  startSeq?: number;
  historyMaxEvents?: number;
  historyMaxAgeMs?: number;
  /** Called when a listener throws; the other listeners still get the event. */
  onListenerError?: (error: unknown, event: LiveEvent) => void;
}

export class EventBus implements LiveBus {
  private readonly now: () => number;
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly onListenerError: (error: unknown, event: LiveEvent) => void;
  private readonly listeners = new Set<BusListener>();
  private readonly revs = new Map<string, number>();
  /** Ring buffer of the kept history; seqs in it are contiguous (every publish is kept). */
  private readonly ring: (LiveEvent | undefined)[];
  private head = 0; // index of the oldest kept event
  private count = 0;
  private seq: number;

  constructor(options: EventBusOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxEvents = Math.max(1, options.historyMaxEvents ?? HISTORY_MAX_EVENTS);
    this.maxAgeMs = options.historyMaxAgeMs ?? HISTORY_MAX_AGE_MS;
    this.onListenerError = options.onListenerError ?? (() => undefined);
    this.seq = options.startSeq ?? 0;
    this.ring = new Array<LiveEvent | undefined>(this.maxEvents);
  }

  /** Publishes one change of entity `id`; returns the envelope every listener received. `options.msgId` is ignored in process. */
  publish(kind: EventKind, id: string, data: unknown, _options?: PublishOptions): LiveEvent {
    const rev = (this.revs.get(id) ?? 0) + 1;
    this.revs.set(id, rev);
    this.seq += 1;
    const event: LiveEvent = { seq: this.seq, ts: this.now(), kind, id, rev, data };
    this.keep(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
    return event;
  }

  /** Adds a listener for every later event; returns the function that removes it. */
  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Every kept event with seq > `from`, oldest first; 'reset' when some of them are no longer kept,
   * or when `from` is ahead of the last seq (a resume point from another server life).
   */
  since(from: number): LiveEvent[] | 'reset' {
    this.expire();
    if (!Number.isInteger(from) || from > this.seq) return 'reset';
    if (from === this.seq) return [];
    const oldest = this.seq - this.count + 1; // seq of the oldest kept event
    if (this.count === 0 || from + 1 < oldest) return 'reset';
    const out: LiveEvent[] = [];
    for (let i = from + 1 - oldest; i < this.count; i += 1) {
      const event = this.ring[(this.head + i) % this.maxEvents];
      if (event !== undefined) out.push(event);
    }
    return out;
  }

  /** The seq of the last published event (startSeq before any). */
  lastSeq(): number {
    return this.seq;
  }

  /** The current rev of entity `id` (0 when it never changed). */
  revOf(id: string): number {
    return this.revs.get(id) ?? 0;
  }

  /** Sets known revs; a rev never goes down (the next publish of `id` is seeded rev + 1). */
  seedRevs(entries: Iterable<readonly [string, number]>): void {
    for (const [id, rev] of entries) if (rev > (this.revs.get(id) ?? 0)) this.revs.set(id, rev);
  }

  /** How many events the history holds now (for tests and metrics). */
  historySize(): number {
    this.expire();
    return this.count;
  }

  private keep(event: LiveEvent): void {
    if (this.count === this.maxEvents) {
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % this.maxEvents;
      this.count -= 1;
    }
    this.ring[(this.head + this.count) % this.maxEvents] = event;
    this.count += 1;
    this.expire();
  }

  /** Drops events older than maxAgeMs from the head. */
  private expire(): void {
    const cutoff = this.now() - this.maxAgeMs;
    while (this.count > 0) {
      const oldest = this.ring[this.head];
      if (oldest === undefined || oldest.ts >= cutoff) break;
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % this.maxEvents;
      this.count -= 1;
    }
  }
}
