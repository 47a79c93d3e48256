import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { passwordDaysLeft } from './passwordDays.ts';

const DAY_S = 86_400;

describe('passwordDaysLeft', () => {
  it.each([
    [1, 1, '1 s left reads as one day'],
    [DAY_S, 1, 'exactly one day'],
    [DAY_S + 1, 2, 'one day and a second rounds up'],
    [5 * DAY_S, 5, 'five days'],
    [14 * DAY_S, 14, 'the 14-day notice threshold (spec 002 §9)'],
    [14 * DAY_S + 1, 15, 'just past the threshold'],
    [0, -1, 'expiring now counts as expired'],
    [-30, -1, 'already expired'],
  ])('turns %i s into %i days (%s)', (seconds, days) => {
    expect(passwordDaysLeft(seconds)).toBe(days);
  });

  it('never says fewer days than are left, nor a whole day more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * DAY_S }), (seconds) => {
        const days = passwordDaysLeft(seconds);
        expect(days * DAY_S).toBeGreaterThanOrEqual(seconds);
        expect((days - 1) * DAY_S).toBeLessThan(seconds);
      }),
    );
  });
});
