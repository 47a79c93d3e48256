import { describe, it, expect } from 'vitest';
import { grownExtent, inWrappedExtent, type Extent } from './wrappedExtent.ts';

const WORLD = 360;
const VIEW: Extent = [-10, -10, 10, 10];

describe('inWrappedExtent', () => {
  it.each([
    [0, 0, true],
    [10, 10, true], // on the edge
    [10.01, 0, false],
    [0, -10.01, false],
    [355, 0, true], // 355 - 360 = -5: a world to the east of the view
    [-355, 0, true],
    [180, 0, false],
  ])('(%d, %d) → %s', (x, y, expected) => {
    expect(inWrappedExtent(x, y, VIEW, WORLD)).toBe(expected);
  });

  it('takes every x when the extent is a world wide or wider', () => {
    expect(inWrappedExtent(179, 0, [-180, -10, 180, 10], WORLD)).toBe(true);
    expect(inWrappedExtent(179, 11, [-180, -10, 180, 10], WORLD)).toBe(false);
  });

  it('follows a view panned across the antimeridian', () => {
    expect(inWrappedExtent(-175, 0, [170, -10, 190, 10], WORLD)).toBe(true); // -175 + 360 = 185
  });
});

describe('grownExtent', () => {
  it('grows by a share of the width and height on each side', () => {
    expect(grownExtent([0, 0, 20, 10], 1)).toEqual([-20, -10, 40, 20]);
    expect(grownExtent([0, 0, 20, 10], 0)).toEqual([0, 0, 20, 10]);
  });
});
