import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findChunkCycle } from './chunkCycles.ts';

/** Chunks 0..n-1 where chunk i imports only chunks after it: never a cycle. */
const layered = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 4 }), { minLength: n, maxLength: n }).map((lists) => {
    const chunks: Record<string, string[]> = {};
    lists.forEach((targets, i) => (chunks[`c${i}`] = targets.filter((t) => t > i).map((t) => `c${t}`)));
    return chunks;
  }),
);

describe('findChunkCycle', () => {
  it('finds none when every chunk imports only chunks further down', () => {
    fc.assert(fc.property(layered, (chunks) => {
        expect(findChunkCycle(chunks)).toBeNull();
      }));
  });

  it('finds a cycle once one import goes back up, and the path it names is made of real imports', () => {
    fc.assert(
      fc.property(layered, fc.nat(), fc.nat(), (chunks, a, b) => {
        const names = Object.keys(chunks);
        const low = Math.min(a % names.length, b % names.length);
        const high = Math.max(a % names.length, b % names.length);
        // low → … → high exists once low imports high directly; high → low closes the cycle.
        const withCycle = { ...chunks, [`c${low}`]: [...(chunks[`c${low}`] ?? []), `c${high}`], [`c${high}`]: [...(chunks[`c${high}`] ?? []), `c${low}`] };
        const cycle = findChunkCycle(withCycle);
        expect(cycle).not.toBeNull();
        const path = cycle ?? [];
        expect(path[0]).toBe(path[path.length - 1]);
        for (let i = 0; i + 1 < path.length; i += 1) expect(withCycle[path[i] as string]).toContain(path[i + 1]);
      }),
    );
  });

  it('names the chunks of a two-chunk cycle like the OpenLayers split that failed', () => {
    expect(findChunkCycle({ 'MapScreen.js': ['ol-a.js'], 'ol-a.js': ['ol-b.js'], 'ol-b.js': ['ol-a.js'] })).toEqual(['ol-a.js', 'ol-b.js', 'ol-a.js']);
  });
});
