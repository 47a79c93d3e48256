/**
 * The event outbox and its relay on a real store (SQLite in memory): id order, rollback, crash
 * between publish and delete (republished with the same message id), a failing bus (rows kept,
 * retried with back-off, logged once per failure streak), wake-ups through the outbox signal.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/database.ts';
import type { Store } from '../store/store.ts';
import { LocalClusterSignals } from '../cluster/signals.ts';
import { EventOutbox, OutboxRelay, outboxMsgId, type OutboxTarget, type RelayLog } from './eventOutbox.ts';
import { EventBus } from './bus.ts';

interface Published {
  kind: string;
  id: string;
  data: unknown;
  msgId: string | undefined;
}

/** A bus that records what it was given; `failing` makes publish (or flush) throw. */
function recordingTarget(): OutboxTarget & { published: Published[]; failing: 'publish' | 'flush' | null; flushes: number; failures: number } {
  const target = {
    published: [] as Published[],
    failing: null as 'publish' | 'flush' | null,
    flushes: 0,
    /** Attempts that threw. */
    failures: 0,
    publish(kind: string, id: string, data: unknown, options?: { msgId?: string }): void {
      if (target.failing === 'publish') {
        target.failures += 1;
        throw new Error('bus down');
      }
      target.published.push({ kind, id, data, msgId: options?.msgId });
    },
    async flush(): Promise<void> {
      target.flushes += 1;
      if (target.failing === 'flush') {
        target.failures += 1;
        throw new Error('no acknowledgement');
      }
    },
  };
  return target;
}

function recordingLog(): RelayLog & { errors: string[]; infos: string[] } {
  const log = { errors: [] as string[], infos: [] as string[], error: (message: string) => log.errors.push(message), info: (message: string) => log.infos.push(message) };
  return log;
}

/** Waits until `condition` holds (the relay runs on its own timers); fails after 10 s. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('event outbox and relay', () => {
  let store: Store;
  let signals: LocalClusterSignals;
  let outbox: EventOutbox;
  const relays: OutboxRelay[] = [];
  beforeEach(async () => {
    store = await openStore(':memory:');
    signals = new LocalClusterSignals();
    outbox = new EventOutbox(signals, () => 1_700_000_000_000);
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await store.close();
  });
  const relay = (target: OutboxTarget | (() => OutboxTarget | undefined), extra: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}): OutboxRelay => {
    const made = new OutboxRelay({ store, target, signals, log: recordingLog(), ...extra });
    relays.push(made);
    return made;
  };

  it('publishes committed rows in id order with msgId outbox-<id>, after a flush, then deletes them', async () => {
    await outbox.write(store, async (tx) => {
      await outbox.add(tx, 'channel.config', 'CH-1', { name: 'one' });
      await outbox.add(tx, 'channel.config', 'CH-2', { name: 'two' });
    });
    await outbox.write(store, (tx) => outbox.add(tx, 'channel.config', 'CH-1', { name: 'one again' }));
    const target = recordingTarget();
    expect(await relay(target).drain()).toBe(3);
    expect(target.published.map((p) => [p.id, (p.data as { name: string }).name])).toEqual([
      ['CH-1', 'one'],
      ['CH-2', 'two'],
      ['CH-1', 'one again'],
    ]);
    const ids = target.published.map((p) => Number(p.msgId?.replace('outbox-', '')));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(target.published.map((p) => p.msgId)).toEqual(ids.map(outboxMsgId));
    expect(target.flushes).toBe(1);
    expect(await store.outbox.count()).toBe(0);
  });

  it('reads in batches: every row goes, in order, one flush per batch', async () => {
    await outbox.write(store, async (tx) => {
      for (let i = 0; i < 7; i += 1) await outbox.add(tx, 'channel.config', `CH-${i}`, { i });
    });
    const target = recordingTarget();
    expect(await relay(target, { batchSize: 3 }).drain()).toBe(7);
    expect(target.published.map((p) => (p.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(target.flushes).toBe(3);
  });

  it('stores nothing when the write rolls back', async () => {
    await expect(
      outbox.write(store, async (tx) => {
        await outbox.add(tx, 'channel.config', 'CH-1', { name: 'never' });
        throw new Error('the change was refused');
      }),
    ).rejects.toThrow('the change was refused');
    const target = recordingTarget();
    expect(await relay(target).drain()).toBe(0);
    expect(target.published).toEqual([]);
    expect(await store.outbox.count()).toBe(0);
  });

  it('refuses a row written outside a transaction', async () => {
    await expect(outbox.add(store, 'channel.config', 'CH-1', {})).rejects.toThrow("needs the write's transaction");
  });

  it('republishes with the same msgId when it crashed after publishing and before deleting', async () => {
    await outbox.write(store, async (tx) => {
      await outbox.add(tx, 'channel.config', 'CH-1', { n: 1 });
      await outbox.add(tx, 'channel.config', 'CH-2', { n: 2 });
    });
    const first = recordingTarget();
    // The crash: the delete never happens (the process dies between publish+flush and delete).
    const remove = store.outbox.remove.bind(store.outbox);
    store.outbox.remove = async () => {
      throw new Error('killed');
    };
    await expect(relay(first).drain()).rejects.toThrow('killed');
    expect(first.published.map((p) => p.msgId)).toHaveLength(2);
    expect(await store.outbox.count()).toBe(2);
    // The next life: a new relay on the same table.
    store.outbox.remove = remove;
    const second = recordingTarget();
    expect(await relay(second).drain()).toBe(2);
    expect(second.published.map((p) => p.msgId)).toEqual(first.published.map((p) => p.msgId));
    expect(await store.outbox.count()).toBe(0);
  });

  for (const failing of ['publish', 'flush'] as const) {
    it(`keeps every row while the bus fails (${failing}), retries with back-off, logs once per streak, then delivers`, async () => {
      await outbox.write(store, async (tx) => {
        await outbox.add(tx, 'channel.config', 'CH-1', { n: 1 });
        await outbox.add(tx, 'channel.config', 'CH-2', { n: 2 });
      });
      const target = recordingTarget();
      target.failing = failing;
      const log = recordingLog();
      const running = relay(target, { log, pollMs: 5, backoffFirstMs: 1, backoffMaxMs: 4 });
      running.start();
      // Several failed attempts, one log line; nothing deleted.
      await until(() => target.failures >= 3, 'three failed attempts');
      expect(running.isFailing()).toBe(true);
      expect(log.errors).toHaveLength(1);
      expect(await store.outbox.count()).toBe(2);
      target.failing = null;
      await until(async () => (await store.outbox.count()) === 0, 'the rows to be delivered');
      expect(running.isFailing()).toBe(false);
      expect(log.infos).toHaveLength(1);
      expect(log.errors).toHaveLength(1);
      const delivered = target.published.filter((p) => p.id === 'CH-1' || p.id === 'CH-2');
      // Each row at least once, in order; a repeat carries the same msgId (the stream drops it).
      expect(new Set(delivered.map((p) => p.msgId)).size).toBe(2);
      expect(delivered.slice(-2).map((p) => p.id)).toEqual(['CH-1', 'CH-2']);
    });
  }

  it('wakes at once on the outbox signal instead of waiting for its poll', async () => {
    const target = recordingTarget();
    const running = relay(target, { pollMs: 3_600_000 });
    running.start();
    // The first drain found nothing; the relay now sleeps for an hour unless woken.
    await until(() => running.isIdle(), 'the relay to sleep');
    await outbox.write(store, (tx) => outbox.add(tx, 'channel.config', 'CH-9', { n: 9 }));
    await until(() => target.published.length === 1, 'the woken relay to publish');
    expect(target.published[0]?.id).toBe('CH-9');
  });

  it('leaves rows untouched while there is no bus yet, and publishes them to the in-process EventBus once there is one', async () => {
    await outbox.write(store, (tx) => outbox.add(tx, 'channel.config', 'CH-1', { name: 'waiting' }));
    let bus: EventBus | undefined;
    const running = relay(() => bus);
    expect(await running.drain()).toBe(0);
    expect(await store.outbox.count()).toBe(1);
    bus = new EventBus();
    const seen: string[] = [];
    bus.subscribe((event) => seen.push(`${event.kind} ${event.id} rev ${event.rev}`));
    expect(await running.drain()).toBe(1);
    expect(seen).toEqual(['channel.config CH-1 rev 1']);
  });
});
