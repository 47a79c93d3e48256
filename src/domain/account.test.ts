import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  POLLING_INTERVAL_MS,
  needsPasswordNotice,
  pollingStartDelayMs,
  stunTurnNeedsRefetch,
  wsLibraryChangeNeedsReload,
} from './account.ts';

const DAY_S = 86_400;

describe('password expiry notice (spec 002 §2: 14 days or fewer, unless postponed)', () => {
  it.each([
    ['14 days and 1 s', 14 * DAY_S + 1, false, false],
    ['exactly 14 days', 14 * DAY_S, false, true],
    ['13 days', 13 * DAY_S, false, true],
    ['already expired', -1, false, true],
    ['exactly 14 days but postponed', 14 * DAY_S, true, false],
    ['1 day but postponed', DAY_S, true, false],
    ['no expiry policy', null, false, false],
  ])('%s left (postponed %s) → notice %s', (_name, seconds, postponed, expected) => {
    expect(needsPasswordNotice(seconds, postponed)).toBe(expected);
  });

  it('gives the notice exactly at or below 14 days when not postponed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -DAY_S, max: 60 * DAY_S }), (seconds) => {
        expect(needsPasswordNotice(seconds, false)).toBe(seconds <= 1_209_600);
      }),
    );
  });
});

describe('STUN/TURN refetch (spec 002 §4: after its expiry time)', () => {
  const EXP = Date.UTC(2025, 0, 1);
  it.each([
    ['1 ms before expiry', EXP - 1, false],
    ['at expiry', EXP, true],
    ['after expiry', EXP + 60_000, true],
  ])('%s: refetch %s', (_name, now, expected) => {
    expect(stunTurnNeedsRefetch(EXP, now)).toBe(expected);
  });

  it('fetches when nothing was fetched yet', () => {
    expect(stunTurnNeedsRefetch(null, 0)).toBe(true);
  });
});

describe('websocket library change (spec 002 §4: reload after the first load)', () => {
  it.each([
    [null, 'partysocket', false],
    ['partysocket', 'partysocket', false],
    ['partysocket', 'sockjs', true],
  ])('first %j then %j → reload %s', (first, current, expected) => {
    expect(wsLibraryChangeNeedsReload(first, current)).toBe(expected);
  });
});

describe('background polling (spec 002 §7: every 300000 ms after 1 to 300 s)', () => {
  it('polls every 300000 ms', () => {
    expect(POLLING_INTERVAL_MS).toBe(300_000);
  });

  it.each([
    [0, 1_000],
    [0.5, 151_000],
    [0.999999, 300_000],
    [1, 300_000],
    [-3, 1_000],
    [Number.NaN, 1_000],
  ])('maps random %d to %i ms', (random, expected) => {
    expect(pollingStartDelayMs(random)).toBe(expected);
  });

  it('always starts after 1 to 300 whole seconds', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (random) => {
        const delay = pollingStartDelayMs(random);
        expect(delay).toBeGreaterThanOrEqual(1_000);
        expect(delay).toBeLessThanOrEqual(300_000);
        expect(delay % 1000).toBe(0);
      }),
    );
  });
});
