import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isNotificationShown, notificationFlags } from './notifications.ts';

const HOUR = 3_600_000;
const NOW = Date.UTC(2025, 5, 1, 12);

describe('notification flags (spec 002 §4: shown until expireDate; flags at 24 h and 2 h)', () => {
  it.each([
    ['48 h left', 48 * HOUR, { shown: true, expiresWithin24h: false, expiresWithin2h: false }],
    ['24 h and 1 ms left', 24 * HOUR + 1, { shown: true, expiresWithin24h: false, expiresWithin2h: false }],
    ['exactly 24 h left', 24 * HOUR, { shown: true, expiresWithin24h: true, expiresWithin2h: false }],
    ['2 h and 1 ms left', 2 * HOUR + 1, { shown: true, expiresWithin24h: true, expiresWithin2h: false }],
    ['exactly 2 h left', 2 * HOUR, { shown: true, expiresWithin24h: true, expiresWithin2h: true }],
    ['1 ms left', 1, { shown: true, expiresWithin24h: true, expiresWithin2h: true }],
    ['at expireDate', 0, { shown: false, expiresWithin24h: false, expiresWithin2h: false }],
    ['1 h past expireDate', -HOUR, { shown: false, expiresWithin24h: false, expiresWithin2h: false }],
  ])('with %s', (_name, left, expected) => {
    expect(notificationFlags(NOW + left, NOW)).toEqual(expected);
  });

  it('shows a notification without expiry and never flags it', () => {
    expect(notificationFlags(null, NOW)).toEqual({ shown: true, expiresWithin24h: false, expiresWithin2h: false });
  });

  it('flags within 2 h only when also within 24 h, and only while shown', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100 * HOUR, max: 100 * HOUR }), (left) => {
        const flags = notificationFlags(NOW + left, NOW);
        expect(flags.shown).toBe(left > 0);
        if (flags.expiresWithin2h) expect(flags.expiresWithin24h).toBe(true);
        if (flags.expiresWithin24h) expect(flags.shown).toBe(true);
      }),
    );
  });

  it.each([
    ['Maintenance tonight', NOW + HOUR, true],
    ['   ', NOW + HOUR, false],
    ['Maintenance tonight', NOW, false],
  ])('displays %j expiring at %i: %s', (text, expireDate, expected) => {
    expect(isNotificationShown({ globalNotification: text, expireDate }, NOW)).toBe(expected);
  });
});
