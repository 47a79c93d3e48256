import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UnitRecord } from '../model/fleetModel.ts';
import { SplitQueue } from './splitQueue.ts';

type Taken = { id: string; unit: UnitRecord | undefined; mask: number };

/** The entries `take` hands out, collected. */
function takeAll(queue: SplitQueue, count: number, held: readonly (UnitRecord | undefined)[]): Taken[] {
  const taken: Taken[] = [];
  const returned = queue.take(count, held, (id, unit, mask) => taken.push({ id, unit, mask }));
  expect(returned).toBe(taken.length);
  return taken;
}

/** A record as the queue reads it: its id and slot (the rest of UnitRecord is never touched). */
const recordOf = (id: string, slot: number) => ({ id, slot }) as UnitRecord;

/**
 * The queue as it was before slots (fleetPipeline.ts until round p27): entries by id in insertion
 * order; taking one drops it when its record no longer holds its slot in the model.
 */
class ReferenceQueue {
  readonly entries: { id: string; unit: UnitRecord | undefined; mask: number }[] = [];
  has(unit: UnitRecord): boolean {
    return this.entries.some((entry) => entry.unit === unit);
  }
  push(id: string, unit: UnitRecord | undefined, mask: number): void {
    this.entries.push({ id, unit, mask });
  }
  merge(unit: UnitRecord, mask: number): void {
    const entry = this.entries.find((each) => each.unit === unit);
    if (entry !== undefined) entry.mask |= mask;
  }
  take(count: number, held: readonly (UnitRecord | undefined)[]): { id: string; unit: UnitRecord | undefined; mask: number }[] {
    const taken: { id: string; unit: UnitRecord | undefined; mask: number }[] = [];
    while (taken.length < count && this.entries.length > 0) {
      const entry = this.entries.shift() as { id: string; unit: UnitRecord | undefined; mask: number };
      if (entry.unit !== undefined && held[entry.unit.slot] !== entry.unit) continue;
      taken.push(entry);
    }
    return taken;
  }
}

/** Units queued at once, as buildDiff queues a change over the cap (only when no split is under way: the queue is empty). */
const batchArb = fc.array(fc.record({ unit: fc.nat(11), mask: fc.integer({ min: 1, max: 15 }) }), { minLength: 1, maxLength: 12 });

const opArb = fc.oneof(
  fc.record({ op: fc.constant('push' as const), batch: batchArb }),
  fc.record({ op: fc.constant('merge' as const), unit: fc.nat(11), mask: fc.integer({ min: 1, max: 15 }).map((bits) => (bits === 15 ? 1 << 30 : bits)) }),
  fc.record({ op: fc.constant('take' as const), count: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ op: fc.constant('remove' as const), unit: fc.nat(11) }),
  fc.record({ op: fc.constant('add' as const), unit: fc.nat(11) }),
  // A unit removed and another added at once: the new one takes the freed slot while the old may still be queued.
  fc.record({ op: fc.constant('reuse' as const), unit: fc.nat(5), by: fc.integer({ min: 6, max: 11 }) }),
  fc.constant({ op: 'clear' as const }),
);

describe('SplitQueue', () => {
  it('takes what a queue by id takes, in the same order, with the same masks, as units leave the model and slots are reused', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 80 }), (ops) => {
        // The model: 12 possible ids, slots taken lowest-free-first as the model's are reused.
        const held: (UnitRecord | undefined)[] = [];
        const byId = new Map<string, UnitRecord>();
        const add = (id: string): void => {
          if (byId.has(id)) return;
          let slot = held.findIndex((each) => each === undefined);
          if (slot === -1) slot = held.length;
          const record = recordOf(id, slot);
          held[slot] = record;
          byId.set(id, record);
        };
        for (let unit = 0; unit < 6; unit += 1) add(`U${unit}`);
        const queue = new SplitQueue();
        const reference = new ReferenceQueue();
        for (const step of ops) {
          const id = 'unit' in step ? `U${step.unit}` : '';
          const record = byId.get(id);
          if (step.op === 'push') {
            // Each id once (a diff's due list); an id not held goes as removed.
            if (reference.entries.length > 0) continue;
            const queued = new Set<string>();
            for (const { unit, mask } of step.batch) {
              const each = `U${unit}`;
              if (queued.has(each)) continue;
              queued.add(each);
              const eachRecord = byId.get(each);
              queue.push(each, eachRecord, eachRecord === undefined ? 0 : mask);
              reference.push(each, eachRecord, eachRecord === undefined ? 0 : mask);
            }
          } else if (step.op === 'merge') {
            if (record === undefined) continue;
            expect(queue.has(record)).toBe(reference.has(record));
            if (!reference.has(record)) continue;
            queue.merge(record, step.mask);
            reference.merge(record, step.mask);
          } else if (step.op === 'take') {
            expect(takeAll(queue, step.count, held)).toEqual(reference.take(step.count, held));
          } else if (step.op === 'remove') {
            if (record === undefined) continue;
            held[record.slot] = undefined;
            byId.delete(id);
          } else if (step.op === 'add') add(id);
          else if (step.op === 'reuse') {
            if (record === undefined) continue;
            held[record.slot] = undefined;
            byId.delete(id);
            add(`U${step.by}`);
          }
          else {
            queue.clear();
            reference.entries.length = 0;
          }
          expect(queue.size).toBe(reference.entries.length);
          for (const each of byId.values()) expect(queue.has(each)).toBe(reference.has(each));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('grows past its first 1,024 slots', () => {
    const queue = new SplitQueue();
    const held = Array.from({ length: 5_000 }, (_, slot) => recordOf(`U${slot}`, slot));
    for (const record of held) queue.push(record.id, record, 2);
    queue.merge(held[4_999] as UnitRecord, 4);
    const taken = takeAll(queue, 5_000, held);
    expect(taken).toHaveLength(5_000);
    expect(taken[4_999]).toEqual({ id: 'U4999', unit: held[4_999], mask: 6 });
    expect(queue.size).toBe(0);
    expect(queue.has(held[0] as UnitRecord)).toBe(false);
  });
});
