import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EventBus, HISTORY_MAX_AGE_MS, HISTORY_MAX_EVENTS } from './bus.ts';
import type { LiveEvent } from './types.ts';

function clock(start = 1_763_700_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('EventBus', () => {
  it('assigns strictly increasing seq across entities and kinds', () => {
    const bus = new EventBus();
    const seqs = [
      bus.publish('unit.status', 'U1', {}).seq,
      bus.publish('channel.status', 'C1', {}).seq,
      bus.publish('unit.usage', 'U1', {}).seq,
    ];
    expect(seqs).toEqual([1, 2, 3]);
    expect(bus.lastSeq()).toBe(3);
  });

  it('starts seq after startSeq', () => {
    const bus = new EventBus({ startSeq: 5000 });
    expect(bus.publish('unit.status', 'U1', {}).seq).toBe(5001);
  });

  it('raises rev by one per change of the same entity, whatever the kind', () => {
    const bus = new EventBus();
    expect(bus.publish('unit.added', 'U1', {}).rev).toBe(1);
    expect(bus.publish('unit.status', 'U2', {}).rev).toBe(1);
    expect(bus.publish('unit.status', 'U1', {}).rev).toBe(2);
    expect(bus.publish('unit.config', 'U1', {}).rev).toBe(3);
    expect(bus.revOf('U1')).toBe(3);
    expect(bus.revOf('U9')).toBe(0);
  });

  it('takes revs from a snapshot without ever lowering one, and ignores a msgId in process', () => {
    const bus = new EventBus();
    bus.publish('unit.status', 'U1', {});
    bus.publish('unit.status', 'U1', {});
    bus.seedRevs([
      ['U1', 1],
      ['U2', 40],
    ]);
    expect([bus.revOf('U1'), bus.revOf('U2')]).toEqual([2, 40]);
    expect(bus.publish('unit.status', 'U2', {}, { msgId: 'outbox-1' }).rev).toBe(41);
    expect(bus.publish('unit.status', 'U2', {}, { msgId: 'outbox-1' }).rev).toBe(42); // no dedupe without a stream
  });

  it('stamps ts from the injected clock in ms', () => {
    const c = clock();
    const bus = new EventBus({ now: c.now });
    c.advance(123);
    expect(bus.publish('unit.status', 'U1', {}).ts).toBe(1_763_700_000_123);
  });

  it('fans events out to listeners in seq order and stops after unsubscribe', () => {
    const bus = new EventBus();
    const seen: number[] = [];
    const off = bus.subscribe((e) => seen.push(e.seq));
    bus.publish('unit.status', 'U1', {});
    bus.publish('unit.status', 'U1', {});
    off();
    bus.publish('unit.status', 'U1', {});
    expect(seen).toEqual([1, 2]);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const errors: unknown[] = [];
    const bus = new EventBus({ onListenerError: (e) => errors.push(e) });
    const seen: number[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((e) => seen.push(e.seq));
    bus.publish('unit.status', 'U1', {});
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
  });

  it('answers resume with exactly the events after the resume point', () => {
    const bus = new EventBus();
    for (let i = 0; i < 10; i += 1) bus.publish('unit.status', `U${i % 3}`, { i });
    const missed = bus.since(7);
    expect(missed).not.toBe('reset');
    expect((missed as LiveEvent[]).map((e) => e.seq)).toEqual([8, 9, 10]);
    expect(bus.since(10)).toEqual([]);
    expect((bus.since(0) as LiveEvent[]).length).toBe(10);
  });

  it('answers reset when the resume point is ahead of the last seq (another server life)', () => {
    const bus = new EventBus();
    bus.publish('unit.status', 'U1', {});
    expect(bus.since(2)).toBe('reset');
    expect(bus.since(-1)).toBe('reset');
    expect(bus.since(0.5)).toBe('reset');
  });

  it('keeps at most historyMaxEvents and answers reset for a point older than that', () => {
    const bus = new EventBus({ historyMaxEvents: 5 });
    for (let i = 0; i < 12; i += 1) bus.publish('unit.status', 'U1', {});
    expect(bus.historySize()).toBe(5);
    // kept: 8..12; resume from 7 still complete, from 6 misses seq 7
    expect((bus.since(7) as LiveEvent[]).map((e) => e.seq)).toEqual([8, 9, 10, 11, 12]);
    expect(bus.since(6)).toBe('reset');
  });

  it(`drops events older than ${HISTORY_MAX_AGE_MS} ms and answers reset for them`, () => {
    const c = clock();
    const bus = new EventBus({ now: c.now });
    bus.publish('unit.status', 'U1', {}); // seq 1 at t0
    c.advance(HISTORY_MAX_AGE_MS);
    bus.publish('unit.status', 'U1', {}); // seq 2 at t0 + 5 min: seq 1 is exactly 5 min old, kept
    expect((bus.since(0) as LiveEvent[]).map((e) => e.seq)).toEqual([1, 2]);
    c.advance(1);
    expect(bus.since(0)).toBe('reset');
    expect((bus.since(1) as LiveEvent[]).map((e) => e.seq)).toEqual([2]);
  });

  it(`defaults to a history of ${HISTORY_MAX_EVENTS} events`, () => {
    const bus = new EventBus();
    for (let i = 0; i < HISTORY_MAX_EVENTS + 10; i += 1) bus.publish('unit.usage', 'U1', null);
    expect(bus.historySize()).toBe(HISTORY_MAX_EVENTS);
    expect(bus.since(9)).toBe('reset');
    expect((bus.since(10) as LiveEvent[]).length).toBe(HISTORY_MAX_EVENTS);
  });

  it('property: since(k) returns the contiguous tail after k, or reset exactly when k is not kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 130 }), (cap, n, k) => {
        const bus = new EventBus({ historyMaxEvents: cap });
        for (let i = 0; i < n; i += 1) bus.publish('unit.status', `U${i % 4}`, i);
        const answer = bus.since(k);
        const oldestKept = n - Math.min(n, cap) + 1;
        if (k > n || k + 1 < oldestKept) {
          expect(answer).toBe('reset');
        } else {
          const seqs = (answer as LiveEvent[]).map((e) => e.seq);
          expect(seqs).toEqual(Array.from({ length: n - k }, (_, j) => k + 1 + j));
        }
      }),
    );
  });
});
