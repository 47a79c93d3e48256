import { describe, expect, it } from 'vitest';
import { followCluster, type CellLike } from './clusterFollow.ts';

/** A grid as a map of cell key → members. */
function gridOf(cells: Record<number, string[]>): (id: string) => CellLike | undefined {
  const byUnit = new Map<string, CellLike>();
  for (const [key, members] of Object.entries(cells)) {
    const cell = { key: Number(key), members: new Set(members) };
    for (const id of members) byUnit.set(id, cell);
  }
  return (id) => byUnit.get(id);
}

const tracked = ['a', 'b', 'c', 'd'];

describe('a cluster pop-up follows its cluster, or says it split', () => {
  it.each([
    // [what happened, cells now, regridded, expected]
    ['nothing moved', { 1: ['a', 'b', 'c', 'd'] }, false, { kind: 'follow', key: 1, members: ['a', 'b', 'c', 'd'] }],
    ['one member drove to the next cell (same zoom)', { 1: ['a', 'b', 'c'], 2: ['d'] }, false, { kind: 'follow', key: 1, members: ['a', 'b', 'c'] }],
    ['a newcomer joined', { 1: ['a', 'b', 'c', 'd', 'e'] }, false, { kind: 'follow', key: 1, members: ['a', 'b', 'c', 'd', 'e'] }],
    ['half left (no majority)', { 1: ['a', 'b'], 2: ['c', 'd'] }, false, { kind: 'split' }],
    ['zoomed out: merged into a bigger cluster', { 7: ['x', 'a', 'b', 'c', 'd', 'y'] }, true, { kind: 'follow', key: 7, members: ['x', 'a', 'b', 'c', 'd', 'y'] }],
    ['zoomed in: the members fell into two cells', { 3: ['a', 'b', 'c'], 4: ['d'] }, true, { kind: 'split' }],
    ['zoomed in: every member still in one cell', { 3: ['a', 'b', 'c', 'd'] }, true, { kind: 'follow', key: 3, members: ['a', 'b', 'c', 'd'] }],
    ['zoomed past the cluster zooms (no grid)', {}, true, { kind: 'split' }],
    ['only one member left in its cell', { 1: ['a'] }, false, { kind: 'split' }],
  ] as const)('%s', (_what, cells, regridded, expected) => {
    expect(followCluster(tracked, gridOf(cells as Record<number, string[]>), regridded)).toEqual(expected);
  });

  it('leaves out members that lost their place (gone, no location, selected)', () => {
    expect(followCluster(tracked, gridOf({ 1: ['a', 'b'] }), true)).toEqual({ kind: 'follow', key: 1, members: ['a', 'b'] });
  });
});
