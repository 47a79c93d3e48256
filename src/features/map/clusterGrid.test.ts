import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { cellCentre, cellStatus, ClusterGrid } from './clusterGrid.ts';
import { clusterPoints, dominantStatus } from './clusters.ts';

/** The grid's clusters (cells of 2 or more) as sorted member lists. */
function gridClusters(grid: ClusterGrid): string[][] {
  return [...grid.allCells()]
    .filter((cell) => cell.members.size >= 2)
    .map((cell) => [...cell.members].sort())
    .sort((a, b) => a.join().localeCompare(b.join()));
}

describe('ClusterGrid', () => {
  it('gathers the units of one cell at their mean position, with the dominant status', () => {
    const grid = new ClusterGrid(100);
    grid.put('a', 1, 1, 1);
    grid.put('b', 3, 5, 2);
    grid.put('c', 5, 3, 2);
    grid.put('d', 150, 150, 0);
    const cell = grid.cellOf('a');
    expect(cell?.members.size).toBe(3);
    expect(cell === undefined ? null : cellCentre(cell)).toEqual([3, 3]);
    expect(cell === undefined ? null : cellStatus(cell)).toBe(2);
    expect(grid.cellOf('d')?.members.size).toBe(1);
  });

  it('breaks a status tie towards the lower index (the status order)', () => {
    const grid = new ClusterGrid(100);
    grid.put('a', 1, 1, 2);
    grid.put('b', 2, 2, 1);
    expect(cellStatus(grid.cellOf('a')!)).toBe(1);
  });

  it('marks only the cells a change touched as dirty', () => {
    const grid = new ClusterGrid(100);
    grid.put('a', 1, 1, 0);
    grid.put('b', 250, 1, 0);
    grid.takeDirty();
    grid.put('a', 1, 1, 0); // no change
    expect(grid.takeDirty()).toEqual([]);
    const from = grid.cellOf('a')!.key;
    grid.put('a', 150, 1, 0); // into the next cell
    const to = grid.cellOf('a')!.key;
    expect(grid.takeDirty().sort()).toEqual([from, to].sort());
    expect(grid.cell(from)).toBeUndefined(); // emptied cells are dropped
    grid.remove('b');
    expect(grid.takeDirty()).toHaveLength(1);
    expect(grid.size).toBe(1);
  });

  it('rejects a cell size that is not positive', () => {
    expect(() => new ClusterGrid(0)).toThrow(RangeError);
    expect(() => new ClusterGrid(Number.NaN)).toThrow(RangeError);
  });

  it('equals clustering from scratch after any sequence of puts and removes', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), id: fc.integer({ min: 0, max: 30 }), x: fc.integer({ min: -1000, max: 1000 }), y: fc.integer({ min: -1000, max: 1000 }), status: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 30 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), fc.integer({ min: 1, max: 500 }), (ops, cellSize) => {
        const grid = new ClusterGrid(cellSize);
        const truth = new Map<string, { x: number; y: number; status: number }>();
        for (const o of ops) {
          const id = `U${o.id}`;
          if (o.kind === 'put') {
            grid.put(id, o.x, o.y, o.status);
            truth.set(id, { x: o.x, y: o.y, status: o.status });
          } else {
            grid.remove(id);
            truth.delete(id);
          }
        }
        const scratch = clusterPoints([...truth].map(([id, p]) => ({ id, x: p.x, y: p.y })), cellSize, null);
        expect(gridClusters(grid)).toEqual(scratch.clusters.map((c) => [...c.members].sort()).sort((a, b) => a.join().localeCompare(b.join())));
        expect(grid.size).toBe(truth.size);
        for (const cell of grid.allCells()) {
          if (cell.members.size < 2) continue;
          const expected = scratch.clusters.find((c) => c.members.includes([...cell.members][0]!))!;
          const [x, y] = cellCentre(cell);
          expect(x).toBeCloseTo(expected.x, 6);
          expect(y).toBeCloseTo(expected.y, 6);
          const statuses = [...cell.members].map((id) => String(truth.get(id)!.status));
          expect(String(cellStatus(cell))).toBe(dominantStatus(statuses, ['0', '1', '2', '3', '4', '5', '6']));
        }
      }),
    );
  });
});
