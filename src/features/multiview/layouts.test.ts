import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { FIT_TILE_MIN, MULTIVIEW_LAYOUTS, TILE_GAP, tileBox, tileIndexAt, tilesPerScreen, visibleTileRange, wallGrid, wallHeight } from './layouts.ts';

const SCREEN = { width: 1152, height: 760 };

describe('wallGrid', () => {
  it.each([
    ['2x2', 4],
    ['3x3', 9],
    ['4x4', 16],
    ['5x5', 25],
    ['6x6', 36],
    ['7x7', 49],
    ['8x8', 64],
  ] as const)('shows %s as %d tiles per screen', (layout, tiles) => {
    expect(tilesPerScreen(wallGrid(layout, SCREEN))).toBe(tiles);
  });

  it('fits as many minimum-size tiles as the viewport holds', () => {
    // 1152 px: 4 × 280 + 3 × 6 gaps = 1138 fits, a fifth does not; 760 px: 3 × 190 + 2 × 6 = 582 fits, 4 × 190 + 3 × 6 = 778 does not
    expect(wallGrid('fit', SCREEN)).toMatchObject({ columns: 4, rows: 3 });
  });

  it.each([
    [FIT_TILE_MIN.width, 1],
    [FIT_TILE_MIN.width * 2 + TILE_GAP - 1, 1],
    [FIT_TILE_MIN.width * 2 + TILE_GAP, 2],
  ])('fits %d px wide as %d columns', (width, columns) => {
    expect(wallGrid('fit', { width, height: 500 }).columns).toBe(columns);
  });

  it('keeps at least one tile on a tiny viewport', () => {
    expect(wallGrid('fit', { width: 10, height: 10 })).toMatchObject({ columns: 1, rows: 1 });
  });
});

describe('visibleTileRange', () => {
  it.each(MULTIVIEW_LAYOUTS.filter((l) => l !== 'fit'))('draws exactly one screen of %s at the top', (layout) => {
    const grid = wallGrid(layout, SCREEN);
    expect(visibleTileRange(grid, 1000, 0, SCREEN.height)).toEqual({ first: 0, end: tilesPerScreen(grid) });
  });

  it('draws one more row while a row is half scrolled', () => {
    const grid = wallGrid('3x3', SCREEN);
    expect(visibleTileRange(grid, 1000, grid.cellHeight / 2, SCREEN.height)).toEqual({ first: 0, end: 12 });
  });

  it('stops at the last tile', () => {
    const grid = wallGrid('3x3', SCREEN);
    expect(visibleTileRange(grid, 5, 0, SCREEN.height)).toEqual({ first: 0, end: 5 });
    expect(visibleTileRange(grid, 0, 0, SCREEN.height)).toEqual({ first: 0, end: 0 });
  });

  it('never draws more than a screen plus one row, whatever the scroll', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MULTIVIEW_LAYOUTS), fc.integer({ min: 0, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (layout, count, at) => {
        const grid = wallGrid(layout, SCREEN);
        const scrollTop = at * Math.max(0, wallHeight(grid, count) - SCREEN.height);
        const { first, end } = visibleTileRange(grid, count, scrollTop, SCREEN.height);
        expect(end - first).toBeLessThanOrEqual(tilesPerScreen(grid) + grid.columns);
        expect(first).toBeLessThanOrEqual(end);
        expect(end).toBeLessThanOrEqual(count);
      }),
    );
  });
});

describe('tileIndexAt', () => {
  const grid = wallGrid('3x3', SCREEN);

  it('finds the tile under the centre of each box on screen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 29 }), fc.integer({ min: 0, max: 400 }), (index, scrollTop) => {
        const box = tileBox(grid, index, scrollTop);
        fc.pre(box.y + box.height / 2 >= 0); // on screen
        expect(tileIndexAt(grid, 30, scrollTop, box.x + box.width / 2, box.y + box.height / 2)).toBe(index);
      }),
    );
  });

  it('finds nothing in a gap, past the last tile or off the wall', () => {
    expect(tileIndexAt(grid, 30, 0, 1, 1)).toBeNull(); // the outer half-gap
    expect(tileIndexAt(grid, 4, 0, grid.cellWidth * 1.5, grid.cellHeight * 1.5)).toBeNull(); // tile 4 of 4 does not exist
    expect(tileIndexAt(grid, 30, 0, -1, 10)).toBeNull();
    expect(tileIndexAt(grid, 30, 0, SCREEN.width + 1, 10)).toBeNull();
  });
});
