import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blockRange, NO_ROWS, ROW_BLOCK } from './rowBlocks.ts';

/** A row count, a block size and a non-empty range inside the rows. */
const rangeIn = fc
  .record({ count: fc.integer({ min: 1, max: 60_000 }), block: fc.integer({ min: 1, max: 40 }) })
  .chain(({ count, block }) =>
    fc
      .tuple(fc.integer({ min: 0, max: count - 1 }), fc.integer({ min: 0, max: count - 1 }))
      .map(([a, b]) => ({ count, block, range: { first: Math.min(a, b), last: Math.max(a, b) } })),
  );

describe('blockRange', () => {
  it('holds the range, starts and ends on block edges (or the last row), and adds less than a block at each end', () => {
    fc.assert(
      fc.property(rangeIn, ({ count, block, range }) => {
        const blocks = blockRange(range, count, block);
        expect(blocks.first).toBeLessThanOrEqual(range.first);
        expect(blocks.last).toBeGreaterThanOrEqual(range.last);
        expect(blocks.first).toBeGreaterThanOrEqual(0);
        expect(blocks.last).toBeLessThanOrEqual(count - 1);
        expect(blocks.first % block).toBe(0);
        expect(blocks.last === count - 1 || (blocks.last + 1) % block === 0).toBe(true);
        expect(range.first - blocks.first).toBeLessThan(block);
        expect(blocks.last - range.last).toBeLessThan(block);
      }),
      { numRuns: 500 },
    );
  });

  it('moves exactly when an end of the range enters another block (a scroll inside the same blocks re-renders nothing)', () => {
    fc.assert(
      fc.property(rangeIn, fc.integer({ min: -3, max: 3 }), ({ count, block, range }, shift) => {
        const moved = { first: range.first + shift, last: range.last + shift };
        if (moved.first < 0 || moved.last > count - 1) return;
        const sameBlocks = Math.floor(moved.first / block) === Math.floor(range.first / block) && Math.floor(moved.last / block) === Math.floor(range.last / block);
        if (sameBlocks) expect(blockRange(moved, count, block)).toEqual(blockRange(range, count, block));
        else expect(blockRange(moved, count, block)).not.toEqual(blockRange(range, count, block));
      }),
      { numRuns: 500 },
    );
  });

  it('gives no rows for an empty range or an empty list', () => {
    expect(blockRange({ first: 0, last: -1 }, 100)).toEqual(NO_ROWS);
    expect(blockRange({ first: 3, last: 9 }, 0)).toEqual(NO_ROWS);
    expect(blockRange({ first: 9, last: 20 }, 12, ROW_BLOCK)).toEqual({ first: 8, last: 11 });
    expect(blockRange({ first: 0, last: 29 }, 50_000, ROW_BLOCK)).toEqual({ first: 0, last: 31 });
  });

  it('refuses a block that is not a positive whole number, by name', () => {
    expect(() => blockRange({ first: 0, last: 5 }, 10, 0)).toThrow(/block must be a positive integer, got 0/);
    expect(() => blockRange({ first: 0, last: 5 }, 10, 2.5)).toThrow(/block must be a positive integer/);
  });
});
