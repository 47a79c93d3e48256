import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { runSlice } from './flushSlices.ts';
import { UnitDisplay, type DisplayView } from './unitDisplay.ts';
import type { UnitPosition } from './unitPositions.ts';

const WORLD = 40_000;
const view = (cellSize: number | null): DisplayView => ({ extent: [0, 0, 1000, 1000], resolution: 1, cellSize, worldWidth: WORLD });

/** A clock that advances by the given steps (ms), one per read, then stays. */
function steppingClock(steps: readonly number[]): () => number {
  let at = 0;
  let i = 0;
  return () => (at += steps[i++] ?? 0);
}

/** Everything the two layers' sources hold, in a comparable form. */
function drawn(display: UnitDisplay) {
  const points = display.points
    .getFeatures()
    .map((f) => [String(f.getId()), ...(f.getGeometry()?.getCoordinates() ?? []), f.get('s') as number].join('|'))
    .sort();
  const clusters = display.clusters
    .getFeatures()
    .map((f) => [f.get('cell') as number, f.get('count') as number, f.get('status') as number, ...(f.getGeometry()?.getCoordinates() ?? [])].join('|'))
    .sort();
  return { points, clusters };
}

describe('runSlice: one frame of a long walk', () => {
  it('covers every item once, in order, in ranges of at most a chunk, whatever the clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 1, max: 300 }), fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 50 }), (count, chunk, steps) => {
        const clock = steppingClock(steps);
        const seen: number[] = [];
        let at = 0;
        let slices = 0;
        while (at < count) {
          const next = runSlice(count, at, (from, to) => {
            expect(to - from).toBeGreaterThan(0);
            expect(to - from).toBeLessThanOrEqual(chunk);
            for (let i = from; i < to; i += 1) seen.push(i);
          }, 4, clock, chunk);
          expect(next).toBeGreaterThan(at); // never stalls
          at = next;
          slices += 1;
        }
        expect(seen).toEqual([...Array(count).keys()]);
        expect(slices).toBeLessThanOrEqual(Math.max(0, Math.ceil(count / chunk)));
      }),
    );
  });

  it('stops once the budget is spent, after the range under way', () => {
    const ranges: [number, number][] = [];
    const clock = steppingClock([0, 3, 3]); // start 0, after the 1st range 3 ms, after the 2nd 6 ms ≥ 4
    expect(runSlice(1_000, 10, (from, to) => ranges.push([from, to]), 4, clock, 100)).toBe(210);
    expect(ranges).toEqual([
      [10, 110],
      [110, 210],
    ]);
  });

  it('refuses a chunk below 1', () => {
    expect(() => runSlice(10, 0, () => undefined, 4, () => 0, 0)).toThrow(/chunk must be at least 1, got 0/);
  });
});

describe('UnitDisplay.place in slices, then draw: the same as one update', () => {
  it('draws the same points and clusters as the one-shot update, whatever the slices', () => {
    const unit = fc.record({ x: fc.integer({ min: -1500, max: 2500 }), y: fc.integer({ min: -1500, max: 2500 }), status: fc.integer({ min: 0, max: 4 }) });
    const change = fc.record({ id: fc.integer({ min: 0, max: 40 }), to: fc.option(unit, { nil: undefined }) });
    fc.assert(
      fc.property(
        fc.dictionary(fc.integer({ min: 0, max: 40 }).map((i) => `U${i}`), unit),
        fc.array(change, { maxLength: 80 }),
        fc.constantFrom(50, 100, 300, null),
        fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 40 }),
        (initial, changes, cellSize, selectedIndex, chunk, steps) => {
          const positions = new Map<string, UnitPosition>(Object.entries(initial).map(([id, p]) => [id, { ...p }]));
          const oneShot = new UnitDisplay(positions);
          const sliced = new UnitDisplay(positions);
          const selected = selectedIndex === null ? null : `U${selectedIndex}`;
          for (const display of [oneShot, sliced]) {
            display.setSelected(selected);
            display.setView(view(cellSize));
          }
          const ids = new Set<string>();
          for (const c of changes) {
            const id = `U${c.id}`;
            if (c.to === undefined) positions.delete(id);
            else positions.set(id, { ...c.to });
            ids.add(id);
          }
          const changed = [...ids];
          oneShot.update(changed);
          const clock = steppingClock(steps);
          let at = 0;
          while (at < changed.length) at = runSlice(changed.length, at, (from, to) => sliced.place(changed, from, to), 4, clock, chunk);
          sliced.draw(changed);
          expect(drawn(sliced)).toEqual(drawn(oneShot));
          expect(sliced.touched).toBe(oneShot.touched);
        },
      ),
    );
  });
});
