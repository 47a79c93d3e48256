import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { clusterPoints, dominantStatus, type MapPoint } from './clusters.ts';

const p = (id: string, x: number, y: number): MapPoint => ({ id, x, y });

describe('clusterPoints', () => {
  it('gathers units of one cell into a cluster at their mean position', () => {
    const result = clusterPoints([p('a', 1, 1), p('b', 3, 5), p('c', 150, 150)], 100, null);
    expect(result.clusters).toEqual([{ key: '0:0', x: 2, y: 3, members: ['a', 'b'] }]);
    expect([...result.clustered]).toEqual(['a', 'b']);
  });

  it('leaves a lone unit as a point', () => {
    expect(clusterPoints([p('a', 1, 1), p('b', 101, 1)], 100, null).clusters).toEqual([]);
  });

  it('never clusters the selected unit', () => {
    const result = clusterPoints([p('a', 1, 1), p('b', 2, 2), p('sel', 3, 3)], 100, 'sel');
    expect(result.clustered.has('sel')).toBe(false);
    expect(result.clusters[0]?.members).toEqual(['a', 'b']);
    expect(clusterPoints([p('a', 1, 1), p('sel', 3, 3)], 100, 'sel').clusters).toEqual([]);
  });

  it('puts every unit but the selected one in at most one cluster, and counts them all', () => {
    const points = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), x: fc.integer({ min: -1000, max: 1000 }), y: fc.integer({ min: -1000, max: 1000 }) }), {
      selector: (point) => point.id,
      maxLength: 200,
    });
    fc.assert(
      fc.property(points, fc.integer({ min: 1, max: 500 }), (list, cell) => {
        const selected = list[0]?.id ?? null;
        const { clusters, clustered } = clusterPoints(list, cell, selected);
        const members = clusters.flatMap((c) => c.members);
        expect(new Set(members).size).toBe(members.length);
        expect(members.length).toBe(clustered.size);
        if (selected !== null) expect(clustered.has(selected)).toBe(false);
        for (const cluster of clusters) expect(cluster.members.length).toBeGreaterThanOrEqual(2);
      }),
    );
  });

  it('clusters nothing for a zero or invalid cell size', () => {
    expect(clusterPoints([p('a', 0, 0), p('b', 0, 0)], 0, null).clusters).toEqual([]);
    expect(clusterPoints([p('a', 0, 0), p('b', 0, 0)], Number.NaN, null).clusters).toEqual([]);
  });
});

describe('dominantStatus', () => {
  const ORDER = ['offline', 'online', 'streaming'] as const;
  it.each([
    [['online', 'online', 'streaming'], 'online'],
    [['streaming', 'online'], 'online'], // a tie goes to the earlier in the order
    [[], null],
  ] as const)('of %j is %s', (statuses, expected) => {
    expect(dominantStatus(statuses, ORDER)).toBe(expected);
  });
});
