/**
 * Events from writes, durable (issue 18 item 3): a service stores the event a change owes the
 * console in the SAME transaction as the change (`EventOutbox.add`), so a committed change always
 * has its event and a rolled-back one never does. The `OutboxRelay` (one per deployment: the
 * embedded process, or the fleet owner of the scale-out one) publishes the stored rows to the live
 * bus in id order and deletes them once the bus acknowledged them.
 *
 * Crash safety: rows are deleted only after `publish` and the target's `flush` succeeded. A crash
 * between publish and delete publishes the rows again at the next start, with the same message id
 * (`outbox-<row id>`): JetStream drops the duplicate within its duplicate window (120 s). A publish
 * or flush that fails keeps every row of the batch; the relay retries with back-off (100 ms
 * doubling up to 5 s) and logs once per failure streak, and once when it recovers.
 *
 * Order: rows are read oldest id first. Two writes of one entity lock its row in turn, so their
 * events keep their commit order; a row whose transaction commits after a larger id was already
 * relayed is still relayed at the next poll (never lost, only later).
 *
 * Latency: the relay polls every 100 ms and drains at once when woken: `EventOutbox.committed()`
 * emits the `outbox` cluster signal after the commit, which wakes a relay in this process
 * synchronously and one on another instance through core NATS (luc.signal.outbox).
 */
import { isEventKind, type EventKind } from '../../protocol/kinds.ts';
import type { Store } from '../store/store.ts';
import type { ClusterSignals } from '../cluster/signals.ts';

/**
 * What the relay publishes to: the part of the live bus it needs (s1's LiveBus satisfies it; the
 * in-process EventBus too, its publish ignoring `msgId`). `flush` resolves once every publish so
 * far is acknowledged; a bus without it acknowledges on publish.
 */
export interface OutboxTarget {
  publish(kind: EventKind, id: string, data: unknown, options?: { msgId?: string }): unknown;
  flush?(): Promise<void>;
}

/** The relay polls the table this often (ms) when nothing wakes it. */
export const OUTBOX_POLL_MS = 100;
/** Rows read and published per batch (one flush and one delete each). */
export const OUTBOX_BATCH = 500;
/** Back-off after a failed batch: the first wait (ms), doubled per failure up to the last (ms). */
export const OUTBOX_BACKOFF_FIRST_MS = 100;
export const OUTBOX_BACKOFF_MAX_MS = 5_000;

/** The message id of an outbox row (JetStream's Nats-Msg-Id: a republished row is a duplicate). */
export const outboxMsgId = (rowId: number): string => `outbox-${rowId}`;

export class EventOutbox {
  constructor(
    private readonly signals: ClusterSignals,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Stores one event in the write's transaction `tx` (a Store from `store.transaction`): it is
   * published once that transaction commits, and never when it rolls back. Call `committed()`
   * after the commit (or use `write`).
   */
  async add(tx: Store, kind: EventKind, id: string, data: unknown): Promise<void> {
    if (!tx.db.isTransaction) throw new Error(`outbox.add(${kind}) needs the write's transaction (store.transaction), not the store`);
    await tx.outbox.add(kind, id, data, this.now());
  }

  /** After a commit that added rows: wakes the relay, on this instance or another. */
  committed(): void {
    this.signals.emit('outbox', {});
  }

  /** Runs `work` in one transaction (see Store.transaction), then wakes the relay. */
  async write<T>(store: Store, work: (tx: Store) => Promise<T>): Promise<T> {
    const result = await store.transaction(work);
    this.committed();
    return result;
  }
}

export interface RelayLog {
  error(message: string, error: unknown): void;
  info(message: string): void;
}

export interface OutboxRelayOptions {
  store: Store;
  /** Where events go; a function answers undefined while there is none yet (rows wait, untouched). */
  target: OutboxTarget | (() => OutboxTarget | undefined);
  /** Wakes on the `outbox` signal (a commit here or, in the scale-out deployment, elsewhere). */
  signals?: ClusterSignals;
  pollMs?: number;
  batchSize?: number;
  backoffFirstMs?: number;
  backoffMaxMs?: number;
  log?: RelayLog;
}

const consoleLog: RelayLog = {
  error: (message, error) => console.error(message, error),
  info: (message) => console.info(message),
};

export class OutboxRelay {
  private readonly target: () => OutboxTarget | undefined;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly backoffFirstMs: number;
  private readonly backoffMaxMs: number;
  private readonly log: RelayLog;
  private running = false;
  private loop: Promise<void> | undefined;
  private woken = false;
  private wakeSleeper: (() => void) | undefined;
  /** Failed batches in a row (0: healthy). */
  private failures = 0;
  private unsubscribe: (() => void) | undefined;
  private published = 0;
  private sleeping = false;

  constructor(private readonly options: OutboxRelayOptions) {
    const { target } = options;
    this.target = typeof target === 'function' ? target : () => target;
    this.pollMs = options.pollMs ?? OUTBOX_POLL_MS;
    this.batchSize = options.batchSize ?? OUTBOX_BATCH;
    this.backoffFirstMs = options.backoffFirstMs ?? OUTBOX_BACKOFF_FIRST_MS;
    this.backoffMaxMs = options.backoffMaxMs ?? OUTBOX_BACKOFF_MAX_MS;
    this.log = options.log ?? consoleLog;
  }

  /** Starts polling (and listening for wake-ups); a second call does nothing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.options.signals?.on('outbox', () => this.wake());
    this.loop = this.run();
  }

  /** Drains at once instead of at the next poll (ignored while backing off from a failure). */
  wake(): void {
    this.woken = true;
    if (this.failures === 0) this.wakeSleeper?.();
  }

  /** Stops after the batch in progress (its rows are deleted or kept, never half). */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.wakeSleeper?.();
    await this.loop;
  }

  /** Rows published and deleted since this relay was made (for tests and metrics). */
  publishedCount(): number {
    return this.published;
  }

  /** True while the relay waits for its next poll or a wake-up (nothing in progress; for tests). */
  isIdle(): boolean {
    return this.sleeping;
  }

  /** True while the last batch failed and the relay is backing off. */
  isFailing(): boolean {
    return this.failures > 0;
  }

  /**
   * Publishes every stored row, oldest first, in batches: publish each, flush, delete. Answers
   * how many rows it published; throws (rows kept) when a publish or the flush fails. Used by the
   * loop; tests call it directly.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const target = this.target();
      if (target === undefined) return total;
      const rows = await this.options.store.outbox.oldest(this.batchSize);
      if (rows.length === 0) return total;
      for (const row of rows) {
        if (!isEventKind(row.kind)) {
          // Only code writes rows; a kind this build does not know (a newer build's) cannot be sent.
          this.log.error(`outbox row ${row.id} has an unknown event kind '${row.kind}'; dropped`, null);
          continue;
        }
        target.publish(row.kind, row.entityId, row.data, { msgId: outboxMsgId(row.id) });
      }
      await target.flush?.();
      await this.options.store.outbox.remove(rows.map((r) => r.id));
      total += rows.length;
      this.published += rows.length;
      if (rows.length < this.batchSize) return total;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      try {
        await this.drain();
        if (this.failures > 0) this.log.info(`outbox relay: publishing again after ${this.failures} failed attempt(s)`);
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        // Once per failure streak: a bus that is down for minutes must not flood the log.
        if (this.failures === 1) this.log.error('outbox relay: publishing failed; the rows are kept and retried with back-off', error);
      }
      if (!this.running) break;
      if (this.woken && this.failures === 0) continue;
      await this.sleep(this.failures === 0 ? this.pollMs : Math.min(this.backoffMaxMs, this.backoffFirstMs * 2 ** (this.failures - 1)));
    }
  }

  private sleep(ms: number): Promise<void> {
    this.sleeping = true;
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.sleeping = false;
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }
}
