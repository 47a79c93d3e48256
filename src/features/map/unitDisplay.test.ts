import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { clusterPoints } from './clusters.ts';
import { UnitDisplay, type DisplayView } from './unitDisplay.ts';
import type { UnitPosition } from './unitPositions.ts';

const WORLD = 40_000;
/** A view of 0..1000 × 0..1000 map units at 1 unit per px; points near it: −1000..2000 (VIEW_MARGIN 1). */
const view = (cellSize: number | null, extent: DisplayView['extent'] = [0, 0, 1000, 1000]): DisplayView => ({ extent, resolution: 1, cellSize, worldWidth: WORLD });

function harness(initial: Record<string, [number, number, number?]> = {}) {
  const positions = new Map<string, UnitPosition>();
  const set = (id: string, x: number, y: number, status = 1) => positions.set(id, { x, y, status });
  for (const [id, [x, y, status]] of Object.entries(initial)) set(id, x, y, status);
  const display = new UnitDisplay(positions);
  const pointIds = () => display.points.getFeatures().map((f) => String(f.getId())).sort();
  const clusterCounts = () => display.clusters.getFeatures().map((f) => f.get('count') as number).sort((a, b) => a - b);
  return { positions, set, display, pointIds, clusterCounts };
}

describe('UnitDisplay: points and clusters near the view', () => {
  it('draws lone units as points and cells of two or more as one cluster', () => {
    const h = harness({ a: [10, 10], b: [20, 20, 2], c: [30, 30, 2], d: [500, 500] });
    h.display.setView(view(100));
    expect(h.pointIds()).toEqual(['d']);
    expect(h.clusterCounts()).toEqual([3]);
    const cluster = h.display.clusters.getFeatures()[0];
    expect(cluster?.get('status')).toBe(2); // 2 of 3 members
    expect(cluster?.getGeometry()?.getCoordinates()).toEqual([20, 20]);
    expect(h.display.membersOf(cluster?.get('cell') as number).sort()).toEqual(['a', 'b', 'c']);
  });

  it('draws every unit as a point above the cluster zooms', () => {
    const h = harness({ a: [10, 10], b: [20, 20], c: [30, 30] });
    h.display.setView(view(null));
    expect(h.pointIds()).toEqual(['a', 'b', 'c']);
    expect(h.clusterCounts()).toEqual([]);
  });

  it('leaves out units and clusters far from the view, and brings them in when the view gets there', () => {
    const h = harness({ near: [1500, 500], far: [9000, 8000], f1: [9000, 9000], f2: [9010, 9010] });
    h.display.setView(view(100));
    expect(h.pointIds()).toEqual(['near']);
    expect(h.clusterCounts()).toEqual([]);
    h.display.setView(view(100, [8500, 8500, 9500, 9500]));
    expect(h.pointIds()).toEqual(['far']);
    expect(h.clusterCounts()).toEqual([2]);
  });

  it('finds points a world east or west of the view (the map repeats)', () => {
    const h = harness({ a: [WORLD + 10, 10] });
    h.display.setView(view(null));
    expect(h.pointIds()).toEqual(['a']);
  });

  it('never clusters the selected unit and draws no point for it', () => {
    const h = harness({ a: [10, 10], sel: [20, 20] });
    h.display.setSelected('sel');
    h.display.setView(view(100));
    expect(h.pointIds()).toEqual(['a']);
    expect(h.clusterCounts()).toEqual([]);
    h.display.setSelected(null);
    expect(h.pointIds()).toEqual([]);
    expect(h.clusterCounts()).toEqual([2]);
    h.display.setSelected('a');
    expect(h.pointIds()).toEqual(['sel']);
  });

  it('turns a lone point into a cluster when a unit joins its cell, and back when it leaves', () => {
    const h = harness({ a: [10, 10], b: [500, 500] });
    h.display.setView(view(100));
    expect(h.pointIds()).toEqual(['a', 'b']);
    h.set('b', 20, 20);
    h.display.update(['b']);
    expect(h.pointIds()).toEqual([]);
    expect(h.clusterCounts()).toEqual([2]);
    h.positions.delete('a');
    h.display.update(['a']);
    expect(h.pointIds()).toEqual(['b']);
    expect(h.clusterCounts()).toEqual([]);
  });

  it('draws a unit that moved from one lone cell to another once', () => {
    const h = harness({ a: [10, 10] });
    h.display.setView(view(100));
    h.set('a', 310, 10);
    h.display.update(['a']);
    expect(h.pointIds()).toEqual(['a']);
    expect(h.display.points.getFeatureById('a')?.getGeometry()?.getCoordinates()).toEqual([310, 10]);
  });

  it('recolours a point in place and counts only the changed features as work', () => {
    const h = harness(Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`U${i}`, [i * 1.5, 700, 1]])));
    h.set('solo', 10, 10, 1);
    h.display.setView(view(null));
    const feature = h.display.points.getFeatureById('solo');
    const before = h.display.touched;
    h.set('solo', 10, 10, 3);
    h.display.update(['solo']);
    expect(h.display.points.getFeatureById('solo')).toBe(feature);
    expect(feature?.get('s')).toBe(3);
    expect(h.display.touched - before).toBe(1); // 1 changed unit of 1,001 → 1 feature touched
  });

  it('leaves a cluster where it is while its members drift less than a pixel', () => {
    const h = harness({ a: [10, 10], b: [20, 20] });
    h.display.setView(view(100));
    const before = h.display.touched;
    h.set('a', 10.5, 10);
    h.display.update(['a']);
    expect(h.display.touched).toBe(before);
    h.set('a', 14, 10);
    h.display.update(['a']);
    expect(h.display.clusters.getFeatures()[0]?.getGeometry()?.getCoordinates()).toEqual([17, 15]);
  });

  it('after any changes applied one by one, draws what a fresh view would (clusterPoints from scratch)', () => {
    const move = fc.record({ id: fc.integer({ min: 0, max: 25 }), x: fc.integer({ min: -500, max: 1500 }), y: fc.integer({ min: -500, max: 1500 }), gone: fc.boolean() });
    fc.assert(
      fc.property(fc.array(move, { maxLength: 120 }), fc.constantFrom(50, 100, 300), fc.option(fc.integer({ min: 0, max: 25 })), (moves, cellSize, selectedIndex) => {
        const h = harness();
        const selected = selectedIndex === null ? null : `U${selectedIndex}`;
        h.display.setSelected(selected);
        h.display.setView(view(cellSize));
        for (const m of moves) {
          const id = `U${m.id}`;
          if (m.gone) h.positions.delete(id);
          else h.set(id, m.x, m.y);
          h.display.update([id]);
        }
        const points = [...h.positions].filter(([id]) => id !== selected).map(([id, p]) => ({ id, x: p.x, y: p.y }));
        const scratch = clusterPoints(points, cellSize, null);
        expect(h.clusterCounts()).toEqual(scratch.clusters.map((c) => c.members.length).sort((a, b) => a - b));
        expect(h.pointIds()).toEqual(points.filter((p) => !scratch.clustered.has(p.id)).map((p) => p.id).sort());
      }),
    );
  });
});
