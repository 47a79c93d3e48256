import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paceToasts } from './transitionToasts.ts';

// spec 002 §9: toasts at most 5 shown, 3 s by default.
describe('paceToasts: at most 5 transition toasts per 3 s', () => {
  it.each([
    [1, [], 1, 0],
    [5, [], 5, 0],
    [6, [], 4, 2],
    [3, [0, 0], 3, 0],
    [4, [0, 0], 2, 2],
    [1, [0, 0, 0, 0, 0], 0, 1],
  ] as const)('shows %i new transitions after %j at t=1000 ms as %i toasts and drops %i', (count, shownAt, shown, dropped) => {
    const paced = paceToasts(Array.from({ length: count }, (_, i) => i), shownAt, 1_000);
    expect(paced.show).toHaveLength(shown);
    expect(paced.dropped).toBe(dropped);
  });

  it('frees the slots of toasts shown 3 s ago or more, and not of those at 2,999 ms', () => {
    expect(paceToasts([1], [0, 0, 0, 0, 0], 2_999).show).toHaveLength(0);
    expect(paceToasts([1], [0, 0, 0, 0, 0], 3_000).show).toHaveLength(1);
  });

  it('sums up the dropped ones in one toast only when a slot is left for it', () => {
    expect(paceToasts([1, 2, 3, 4, 5, 6], [], 0).summary).toBe(true);
    expect(paceToasts([1, 2], [0, 0, 0, 0, 0], 1).summary).toBe(false);
    expect(paceToasts([1, 2], [], 0).summary).toBe(false);
  });

  it('keeps the newest transitions when it has to drop some', () => {
    expect(paceToasts([1, 2, 3, 4, 5, 6, 7], [], 0).show).toEqual([4, 5, 6, 7]);
  });

  it('never has more than 5 toasts of its own inside one window', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(20), fc.nat(1_500)), { maxLength: 40 }), (batches) => {
        let shownAt: readonly number[] = [];
        let now = 0;
        for (const [count, gap] of batches) {
          now += gap;
          const paced = paceToasts(Array.from({ length: count }, (_, i) => i), shownAt, now);
          shownAt = paced.shownAt;
          expect(shownAt.filter((at) => now - at < 3_000).length).toBeLessThanOrEqual(5);
          expect(paced.show.length + paced.dropped).toBe(count);
        }
      }),
    );
  });
});
