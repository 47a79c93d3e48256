import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UsageHolder } from './usageArena.ts';
import { INITIAL_VALUES, UsageArena } from './usageArena.ts';

type Op =
  | { kind: 'write'; slot: number; count: number }
  | { kind: 'release'; slot: number }
  | { kind: 'delete'; slot: number }
  | { kind: 'clear' };

const SLOTS = 24;
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('write' as const), slot: fc.nat(SLOTS - 1), count: fc.integer({ min: 1, max: 700 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), slot: fc.nat(SLOTS - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), slot: fc.nat(SLOTS - 1) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

type Tracked = { holder: UsageHolder; expected: number[] | null };

function valuesOf(holder: UsageHolder, count: number): number[] {
  return Array.from((holder.usageValues as Float64Array).subarray(holder.usageAt, holder.usageAt + count));
}

describe('the usage arena', () => {
  it('every held unit reads back its last values, ranges never overlap, and a dropped record keeps what it had (300 runs)', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), (ops) => {
        const held: (UsageHolder | undefined)[] = [];
        const arena = new UsageArena(held);
        const tracked = new Map<number, Tracked>();
        const dropped: Tracked[] = [];
        let stamp = 0;
        for (const step of ops) {
          if (step.kind === 'write') {
            let entry = tracked.get(step.slot);
            if (entry === undefined) {
              entry = { holder: { usageValues: null, usageAt: 0, usageRoom: 0 }, expected: null };
              tracked.set(step.slot, entry);
              held[step.slot] = entry.holder;
            }
            arena.place(entry.holder, step.count);
            expect(entry.holder.usageRoom).toBeGreaterThanOrEqual(step.count);
            const values = Array.from({ length: step.count }, () => (stamp += 1));
            (entry.holder.usageValues as Float64Array).set(values, entry.holder.usageAt);
            entry.expected = values;
          } else if (step.kind === 'release') {
            const entry = tracked.get(step.slot);
            if (entry === undefined) continue;
            arena.release(entry.holder);
            entry.expected = null;
          } else if (step.kind === 'delete') {
            const entry = tracked.get(step.slot);
            if (entry === undefined) continue;
            tracked.delete(step.slot);
            held[step.slot] = undefined;
            dropped.push(entry);
          } else {
            dropped.push(...tracked.values());
            tracked.clear();
            held.length = 0;
            arena.clear();
          }
          const ranges: [number, number][] = [];
          for (const { holder, expected } of tracked.values()) {
            if (expected === null) {
              expect(holder.usageValues).toBeNull();
              continue;
            }
            expect(valuesOf(holder, expected.length)).toEqual(expected);
            ranges.push([holder.usageAt, holder.usageAt + holder.usageRoom]);
          }
          ranges.sort((a, b) => a[0] - b[0]);
          for (let i = 1; i < ranges.length; i += 1) expect(ranges[i]![0]).toBeGreaterThanOrEqual(ranges[i - 1]![1]);
          for (const { holder, expected } of dropped) if (expected !== null && holder.usageValues !== null) expect(valuesOf(holder, expected.length)).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('left-behind ranges are reclaimed when the array fills: a unit whose count grows forever uses a bounded array', () => {
    const held: UsageHolder[] = [{ usageValues: null, usageAt: 0, usageRoom: 0 }, { usageValues: null, usageAt: 0, usageRoom: 0 }];
    const arena = new UsageArena(held);
    const [growing, steady] = held as [UsageHolder, UsageHolder];
    arena.place(steady, 10);
    (steady.usageValues as Float64Array).set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], steady.usageAt);
    // 1 + 2 + … + 200 values placed (20,100) against at most 210 live at once.
    for (let count = 1; count <= 200; count += 1) arena.place(growing, count);
    expect(growing.usageRoom).toBe(200);
    expect(growing.usageValues).toBe(steady.usageValues);
    expect(growing.usageValues!.length).toBe(INITIAL_VALUES);
    expect(arena.used).toBeLessThan(INITIAL_VALUES);
    expect(valuesOf(steady, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('a unit whose count shrinks or stays keeps its range; one that grows past it moves', () => {
    const holder: UsageHolder = { usageValues: null, usageAt: 0, usageRoom: 0 };
    const arena = new UsageArena([holder]);
    arena.place(holder, 20);
    const at = holder.usageAt;
    arena.place(holder, 12);
    arena.place(holder, 20);
    expect([holder.usageAt, holder.usageRoom]).toEqual([at, 20]);
    arena.place(holder, 21);
    expect(holder.usageAt).toBe(at + 20);
    expect(holder.usageRoom).toBe(21);
  });
});
