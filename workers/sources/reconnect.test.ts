import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WEBSOCKET_RECONNECT_MS } from '../../src/domain/constants.ts';
import { reconnectDelay, reloadDelay } from './reconnect.ts';

/** mulberry32: a seeded uniform random per simulated tab. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('reconnect delay: 10 s with full jitter (spec 001 §9 "Websocket reconnect 10000 ms")', () => {
  it.each([
    [0, 0],
    [0.5, 5_000],
    [0.99999, 10_000],
    [1, 10_000],
  ])('draws %d → %i ms', (draw, ms) => {
    expect(reconnectDelay(() => draw)).toBe(ms);
    expect(reloadDelay(() => draw)).toBe(ms);
  });

  it('stays within [0, 10 s] for any random draw, even out-of-range ones', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 2, noNaN: true }), (draw) => {
        const delay = reconnectDelay(() => draw);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(WEBSOCKET_RECONNECT_MS);
      }),
    );
  });

  it('spreads 1,000 tabs dropped by one restart over the 10 s (no lockstep storm)', () => {
    const delays = Array.from({ length: 1_000 }, (_, tab) => reconnectDelay(seeded(tab + 1)));
    const perSecond = Array.from({ length: 10 }, (_, s) => delays.filter((d) => Math.min(9, Math.floor(d / 1_000)) === s).length);
    // Uniform: ~100 per second; no second takes more than twice its share, none is empty.
    expect(Math.max(...perSecond)).toBeLessThan(200);
    expect(Math.min(...perSecond)).toBeGreaterThan(50);
    expect(new Set(delays).size).toBeGreaterThan(900);
  });
});
