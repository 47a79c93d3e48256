import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Random } from './random.ts';

describe('Random (mulberry32)', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it('property: int(min, max) stays within both bounds, next() within [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (seed, min, span) => {
        const r = new Random(seed);
        for (let i = 0; i < 20; i += 1) {
          const x = r.int(min, min + span);
          expect(x).toBeGreaterThanOrEqual(min);
          expect(x).toBeLessThanOrEqual(min + span);
          const f = r.next();
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThan(1);
        }
      }),
    );
  });

  it('reaches both ends of an int range', () => {
    const r = new Random(7);
    const seen = new Set(Array.from({ length: 200 }, () => r.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });

  it('never picks a zero-weight entry', () => {
    const r = new Random(1);
    for (let i = 0; i < 500; i += 1) expect(r.weighted([['a', 0], ['b', 1], ['c', 0]] as const)).toBe('b');
  });

  it('derives independent streams from one seed', () => {
    expect(Random.derive(5, 1).next()).not.toBe(Random.derive(5, 2).next());
    expect(Random.derive(5, 1).next()).toBe(Random.derive(5, 1).next());
  });
});
