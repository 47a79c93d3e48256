import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NO_ROWS, rowRange } from './rowRange.ts';

/** The rule written out row by row: the rows meeting the viewport, else the nearest, then the overscan. */
function reference(count: number, rowHeight: number, overscan: number, bodyTop: number, scrollY: number, height: number): { first: number; last: number } {
  if (count === 0) return NO_ROWS;
  const shown: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = bodyTop + index * rowHeight;
    if (start < scrollY + height && start + rowHeight > scrollY) shown.push(index);
  }
  if (shown.length === 0) shown.push(bodyTop >= scrollY ? 0 : count - 1);
  return { first: Math.max(0, (shown[0] as number) - overscan), last: Math.min(count - 1, (shown.at(-1) as number) + overscan) };
}

describe('rowRange', () => {
  it('mounts the rows meeting the viewport plus the overscan, the nearest row when none does (any count, height, scroll)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom(41, 105, 1, 7),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 800 }),
        // scroll positions in quarter pixels (a zoomed page scrolls by fractions of a CSS pixel), past both ends too
        fc.integer({ min: -4_000, max: 4 * 400 * 105 + 4_000 }).map((quarters) => quarters / 4),
        fc.integer({ min: 0, max: 2_000 }),
        (count, rowHeight, overscan, bodyTop, scrollY, height) => {
          expect(rowRange(count, rowHeight, overscan, bodyTop, { scrollY, height })).toEqual(reference(count, rowHeight, overscan, bodyTop, scrollY, height));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('reads 50,000 rows at the top of the page as the screen plus the overscan below', () => {
    expect(rowRange(50_000, 41, 8, 120, { scrollY: 0, height: 900 })).toEqual({ first: 0, last: 19 + 8 }); // row 19 starts at 899 px, above the 900 px edge
    expect(rowRange(50_000, 41, 8, 120, { scrollY: 41 * 49_000, height: 900 })).toEqual({ first: 48_997 - 8, last: 49_019 + 8 });
  });

  it('names a row height that is not above 0', () => {
    expect(() => rowRange(10, 0, 8, 0, { scrollY: 0, height: 900 })).toThrow(/row height must be above 0 px, got 0/);
    expect(() => rowRange(10, Number.NaN, 8, 0, { scrollY: 0, height: 900 })).toThrow(/got NaN/);
  });
});
