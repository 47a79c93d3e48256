/**
 * The fleet owner's side of the stream bus (issue 18): gives every event its `rev` and `ts` and
 * publishes it to JetStream, which gives it its `seq` (the stream sequence) when it stores it.
 * Only one process per deployment publishes (the fleet owner), so revs need no coordination.
 *
 * - rev: +1 per change of an entity, in memory. The first rev of an owner's life starts above every
 *   earlier life's: base = life start in ms × 1000 (a client that knew rev r of the last life sees
 *   a higher rev, never an ignored event; up to 1,000 changes per entity per ms of a life fit below
 *   the next life's base).
 * - Back-pressure: at most `maxInFlight` publishes are unacknowledged; later ones wait in a queue
 *   of at most `maxQueued` events (in flight included). Beyond that an event is dropped, counted and
 *   logged once per overload: memory stays bounded while NATS is down. A cooperative producer (the
 *   outbox relay) awaits `flush()` per batch and never overflows.
 * - No loss, no duplicate: every message has a Nats-Msg-Id (the caller's msgId, else one of this
 *   life). A publish that fails (timeout, NATS gone) pauses sending; once every publish in flight
 *   has settled, the unacknowledged ones are sent again, in their order, with the same ids, and
 *   JetStream drops any it already stored (duplicate window). While disconnected nothing new is
 *   handed to the client, so events keep their order across a reconnect.
 * - Acks: each message is a core NATS publish whose reply subject is this publisher's inbox plus a
 *   token; JetStream answers there with its PubAck ({stream, seq, duplicate} or {error}). One
 *   subscription and one sweep timer instead of a request (promise, timer, mux entry) per message:
 *   3-6× the events/s of `jetstream().publish` on this machine.
 */
import { createInbox, headers } from '@nats-io/transport-node';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { PublishOptions } from '../bus.ts';
import type { EventKind } from '../types.ts';
import { EVENT_SUBJECT_PREFIX, stderrLog, type BusLog } from './connection.ts';
import { encodePayload } from './payload.ts';

/** Unacknowledged publishes at most (~300 KB of events): 256 held this loaded machine to ~3,000 events/s, 1,024 gave ~4,000, 4,096 ~4,800. */
export const MAX_IN_FLIGHT = 1_024;
/** Events waiting or in flight at most (~1 s at the 100,000 events/s load rate; ~30 MB of JSON). */
export const MAX_QUEUED = 100_000;
/** A publish not acknowledged within this is sent again (ms). */
export const ACK_TIMEOUT_MS = 5_000;
/** Wait before sending again after a failure while connected (ms): NATS may still be starting. */
export const RETRY_WAIT_MS = 250;

export interface StreamPublisherOptions {
  /** Server time in ms since the epoch (tests inject it); default Date.now. */
  now?: () => number;
  /** Start of this owner's life (ms since the epoch; default now()): revs start at it × 1000. */
  lifeStartMs?: number;
  maxInFlight?: number;
  maxQueued?: number;
  ackTimeoutMs?: number;
  retryWaitMs?: number;
  log?: BusLog;
}

interface Outgoing {
  readonly subject: string;
  readonly payload: string;
  readonly msgId: string;
  /** Sent and not yet settled. */
  sending: boolean;
  acked: boolean;
  /** The reply token of the last send, and when it was sent (ms, monotonic). */
  token: number;
  sentAt: number;
}

const decoder = new TextDecoder();

export class StreamPublisher {
  private readonly nc: NatsConnection;
  private readonly inbox = createInbox();
  private readonly acks: Subscription;
  /** Sends waiting for their ack, by reply token. */
  private readonly pending = new Map<number, Outgoing>();
  private nextToken = 0;
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly now: () => number;
  private readonly revBase: number;
  private readonly lifeId: string;
  private readonly maxInFlight: number;
  private readonly maxQueued: number;
  private readonly ackTimeoutMs: number;
  private readonly retryWaitMs: number;
  private readonly log: BusLog;
  private readonly revs = new Map<string, number>();
  /** Accepted, not yet sent (oldest first). */
  private queue: Outgoing[] = [];
  private queueHead = 0;
  /** Sent, in send order, until acknowledged from the front (a failed one waits here to be sent again). */
  private window: Outgoing[] = [];
  private windowHead = 0;
  private inFlight = 0;
  private connected = true;
  /** A publish failed: no new sends until the window has settled and its unacked entries are resent. */
  private recovering = false;
  /** Window entries failed and must be sent again before any queued one. */
  private resendPending = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private accepted = 0;
  private ackedCount = 0;
  private flushWaiters: { target: number; resolve: () => void }[] = [];
  private overloaded = false;
  private closed = false;
  /** Counters for tests and metrics. */
  readonly stats = { dropped: 0, peakInFlight: 0, resent: 0, lastAckSeq: 0 };

  constructor(nc: NatsConnection, options: StreamPublisherOptions = {}) {
    this.nc = nc;
    this.now = options.now ?? Date.now;
    const lifeStartMs = options.lifeStartMs ?? this.now();
    this.revBase = lifeStartMs * 1000;
    this.lifeId = `owner-${lifeStartMs}-${process.pid}`;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? MAX_IN_FLIGHT);
    this.maxQueued = Math.max(this.maxInFlight, options.maxQueued ?? MAX_QUEUED);
    this.ackTimeoutMs = options.ackTimeoutMs ?? ACK_TIMEOUT_MS;
    this.retryWaitMs = options.retryWaitMs ?? RETRY_WAIT_MS;
    this.log = options.log ?? stderrLog;
    this.acks = nc.subscribe(`${this.inbox}.*`, { callback: (_error, msg) => this.onAck(msg) });
    // A send not acknowledged within ackTimeoutMs has failed (checked 4 times per timeout).
    this.sweepTimer = setInterval(() => this.sweep(), Math.max(10, this.ackTimeoutMs / 4));
    this.sweepTimer.unref();
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') this.connected = false;
        else if (status.type === 'reconnect') {
          // Acks of sends made before the disconnect will not come: send those again now (same
          // message ids) instead of waiting for their timeout.
          for (const entry of [...this.pending.values()]) this.failed(entry, 'reconnected before its ack');
          this.connected = true;
          if (this.retryTimer !== null) clearTimeout(this.retryTimer);
          this.retryTimer = null;
          this.pump();
        }
      }
    })().catch(() => undefined);
  }

  /**
   * Assigns rev and ts and queues the event for the stream; false when it was dropped (the queue is
   * full, or the publisher is closed). Never throws, never blocks.
   */
  publish(kind: EventKind, id: string, data: unknown, options?: PublishOptions): boolean {
    if (this.closed) return false;
    if (this.backlog() >= this.maxQueued) {
      this.stats.dropped += 1;
      if (!this.overloaded) {
        this.overloaded = true;
        this.log('error', `event bus: ${this.maxQueued} events wait for NATS; new events are dropped while it is full`);
      }
      return false;
    }
    const rev = (this.revs.get(id) ?? this.revBase) + 1;
    this.revs.set(id, rev);
    this.accepted += 1;
    const msgId = options?.msgId ?? `${this.lifeId}-${this.accepted}`;
    const payload = encodePayload({ ts: this.now(), kind, id, rev, data });
    this.queue.push({ subject: EVENT_SUBJECT_PREFIX + kind, payload, msgId, sending: false, acked: false, token: -1, sentAt: 0 });
    this.pump();
    return true;
  }

  /** The rev this owner gave entity `id` last (0 when none in this life). */
  revOf(id: string): number {
    return this.revs.get(id) ?? 0;
  }

  /** Events accepted and not yet acknowledged (queued or in flight). */
  backlog(): number {
    return this.queue.length - this.queueHead + this.window.length - this.windowHead;
  }

  /** Resolves when every event accepted so far is stored in the stream. */
  flush(): Promise<void> {
    const target = this.accepted;
    if (this.ackedCount >= target) return Promise.resolve();
    return new Promise((resolve) => this.flushWaiters.push({ target, resolve }));
  }

  /** Stops accepting events; waits up to `timeoutMs` for the accepted ones to be stored. */
  async close(timeoutMs = this.ackTimeoutMs): Promise<void> {
    this.closed = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.flush(), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    clearInterval(this.sweepTimer);
    this.acks.unsubscribe();
  }

  /** Sends what may be sent now: first the unacknowledged window entries to resend, then the queue. */
  private pump(): void {
    if (!this.connected || this.retryTimer !== null) return;
    if (this.recovering) {
      if (this.inFlight > 0) return; // resend only once the whole window has settled, to keep order
      this.recovering = false;
      this.resendPending = true;
    }
    if (this.resendPending) {
      for (let i = this.windowHead; i < this.window.length && this.inFlight < this.maxInFlight; i += 1) {
        const entry = this.window[i]!;
        if (entry.acked || entry.sending) continue;
        this.stats.resent += 1;
        this.send(entry);
      }
      if (this.inFlight >= this.maxInFlight) return; // more to resend when these settle
      this.resendPending = false;
    }
    while (this.inFlight < this.maxInFlight && this.queueHead < this.queue.length) {
      const entry = this.queue[this.queueHead]!;
      this.queue[this.queueHead] = undefined as unknown as Outgoing; // let it be collected
      this.queueHead += 1;
      this.window.push(entry);
      this.send(entry);
    }
    if (this.queueHead > 4096 && this.queueHead * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.queueHead);
      this.queueHead = 0;
    }
  }

  private send(entry: Outgoing): void {
    entry.sending = true;
    entry.token = this.nextToken++;
    entry.sentAt = performance.now();
    this.pending.set(entry.token, entry);
    this.inFlight += 1;
    if (this.inFlight > this.stats.peakInFlight) this.stats.peakInFlight = this.inFlight;
    const h = headers();
    h.set('Nats-Msg-Id', entry.msgId);
    try {
      this.nc.publish(entry.subject, entry.payload, { reply: `${this.inbox}.${entry.token}`, headers: h });
    } catch {
      this.failed(entry, 'the connection is closed'); // closing or closed
    }
  }

  /** JetStream's answer to one send: a PubAck with the stream seq, or an error (or a no-responders status). */
  private onAck(msg: Msg): void {
    const token = Number(msg.subject.slice(this.inbox.length + 1));
    const entry = this.pending.get(token);
    if (entry === undefined) return; // answered after its timeout: it is sent again anyway
    let seq: unknown;
    try {
      seq = (JSON.parse(decoder.decode(msg.data)) as { seq?: unknown }).seq;
    } catch {
      seq = undefined;
    }
    if (typeof seq !== 'number') {
      this.failed(entry, msg.data.length === 0 ? 'no stream answered' : decoder.decode(msg.data).slice(0, 200));
      return;
    }
    this.pending.delete(token);
    entry.sending = false;
    entry.acked = true;
    this.inFlight -= 1;
    if (seq > this.stats.lastAckSeq) this.stats.lastAckSeq = seq;
    this.settleFront();
    this.pump();
  }

  /** A send failed: it is sent again (with the same message id) once every send in flight settled. */
  private failed(entry: Outgoing, reason: string): void {
    if (!this.recovering && this.connected) this.log('warn', `event bus: a publish failed (${reason}); sending again`);
    this.pending.delete(entry.token);
    entry.sending = false;
    this.inFlight -= 1;
    this.recovering = true;
    this.scheduleRetry();
  }

  private sweep(): void {
    const cutoff = performance.now() - this.ackTimeoutMs;
    for (const entry of [...this.pending.values()]) if (entry.sentAt < cutoff) this.failed(entry, `no ack within ${this.ackTimeoutMs} ms`);
  }

  /** A failed publish is sent again after RETRY_WAIT_MS (and after every other in flight settled). */
  private scheduleRetry(): void {
    if (this.retryTimer !== null || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.pump();
    }, this.retryWaitMs);
  }

  /** Drops acknowledged entries from the front of the window and wakes the flushes they complete. */
  private settleFront(): void {
    while (this.windowHead < this.window.length && this.window[this.windowHead]!.acked) {
      this.window[this.windowHead] = undefined as unknown as Outgoing;
      this.windowHead += 1;
      this.ackedCount += 1;
    }
    if (this.windowHead > 4096 && this.windowHead * 2 > this.window.length) {
      this.window = this.window.slice(this.windowHead);
      this.windowHead = 0;
    }
    if (this.overloaded && this.backlog() <= this.maxQueued / 2) {
      this.overloaded = false;
      this.log('info', `event bus: backlog back to ${this.backlog()} events; ${this.stats.dropped} dropped so far`);
    }
    if (this.flushWaiters.length > 0) {
      const due = this.flushWaiters.filter((w) => w.target <= this.ackedCount);
      this.flushWaiters = this.flushWaiters.filter((w) => w.target > this.ackedCount);
      for (const waiter of due) waiter.resolve();
    }
  }
}
