import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ADHOC_PERIODS,
  ADHOC_PERIOD_LABELS,
  ADHOC_PERIOD_MS,
  CODE_ALPHABET,
  DAY_MS,
  GUEST_INVITE_FAILED,
  KEY_REGENERATION,
  KEY_REGENERATION_MS,
  USAGE_RESETS,
  USAGE_RESET_MONTHS,
  addMonthsUtc,
  adhocExpiresAt,
  deviceKindOfType,
  deviceNameError,
  isExpired,
  inviteEmailsError,
  invitePhoneError,
  joinLinkOf,
  keyIsDue,
  nextKeyRegenerationAt,
  nextUsageResetAt,
  pairingCodeFrom,
  permanentKeyFrom,
  planKindOf,
} from './adhoc.ts';

const REQUIRED = 'This field is required';
const UNIQUE = 'Name field has to be unique';
const NUMERIC = 'Must only contain numeric characters';
const INVALID_EMAIL = 'Invalid email address';
const NOW = Date.UTC(2024, 0, 31, 12, 0, 0);

describe('option lists (spec 002 §4 / 000 §9)', () => {
  it('offers the ad-hoc periods "1 day, 3 days, 1 week, 1 month" with their lengths', () => {
    expect(ADHOC_PERIODS.map((p) => [ADHOC_PERIOD_LABELS[p], ADHOC_PERIOD_MS[p] / DAY_MS])).toEqual([
      ['1 day', 1],
      ['3 days', 3],
      ['1 week', 7],
      ['1 month', 30],
    ]);
  });
  it('offers key regeneration "never, daily, weekly, monthly"', () => {
    expect(KEY_REGENERATION.map((k) => [k, KEY_REGENERATION_MS[k] === null ? null : KEY_REGENERATION_MS[k] / DAY_MS])).toEqual([
      ['never', null],
      ['daily', 1],
      ['weekly', 7],
      ['monthly', 30],
    ]);
  });
  it('offers usage reset "every 3, 6 or 12 months or never"', () => {
    expect(USAGE_RESETS.map((u) => USAGE_RESET_MONTHS[u])).toEqual([3, 6, 12, null]);
  });
});

describe('plan kinds (spec 001 §3 "Managed service")', () => {
  it.each([
    ['adhoc', null, 'ADHOC'],
    ['adhoc', 'smart', 'ADHOC_SMART'],
    ['adhoc', 'lite', 'ADHOC_LITE'],
    ['permanent', null, 'PERMANENT'],
    ['permanent', 'smart', 'PERMANENT_SMART'],
    ['permanent', 'lite', 'PERMANENT_LITE'],
  ] as const)('%s %s is %s', (registration, kind, plan) => {
    expect(planKindOf(registration, kind)).toBe(plan);
  });
  it.each([
    ['Smart', 'smart'],
    ['Lite', 'lite'],
    ['800', null],
    ['smart', null],
  ])('type %s is kind %s', (type, kind) => {
    expect(deviceKindOfType(type)).toBe(kind);
  });
});

describe('expiry', () => {
  it.each(ADHOC_PERIODS.map((p) => [p]))('a %s registration expires exactly its length later, not a ms before', (period) => {
    const expiresAt = adhocExpiresAt(NOW, period);
    expect(expiresAt - NOW).toBe(ADHOC_PERIOD_MS[period]);
    expect(isExpired(expiresAt, expiresAt - 1)).toBe(false);
    expect(isExpired(expiresAt, expiresAt)).toBe(true);
  });
  it('never expires without an expiry', () => {
    expect(isExpired(null, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
  it('regenerates a daily key after one day, never a "never" key', () => {
    expect(nextKeyRegenerationAt(NOW, 'daily')).toBe(NOW + DAY_MS);
    expect(keyIsDue(NOW, 'daily', NOW + DAY_MS - 1)).toBe(false);
    expect(keyIsDue(NOW, 'daily', NOW + DAY_MS)).toBe(true);
    expect(keyIsDue(NOW, 'never', NOW + 10_000 * DAY_MS)).toBe(false);
    expect(nextKeyRegenerationAt(NOW, 'never')).toBeNull();
  });
  it('adds calendar months, clamping the day (31 January + 1 month = 29 February 2024)', () => {
    expect(new Date(addMonthsUtc(NOW, 1)).toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(new Date(addMonthsUtc(NOW, 3)).toISOString()).toBe('2024-04-30T12:00:00.000Z');
    expect(new Date(addMonthsUtc(NOW, 12)).toISOString()).toBe('2025-01-31T12:00:00.000Z');
  });
  it('gives the next usage reset after now, or none for never', () => {
    expect(new Date(nextUsageResetAt(NOW, '3months', NOW) ?? 0).toISOString()).toBe('2024-04-30T12:00:00.000Z');
    // At the reset instant itself, the next one is a whole period later.
    const first = addMonthsUtc(NOW, 6);
    expect(nextUsageResetAt(NOW, '6months', first)).toBe(addMonthsUtc(NOW, 12));
    expect(nextUsageResetAt(NOW, '6months', first - 1)).toBe(first);
    expect(nextUsageResetAt(NOW, 'never', NOW)).toBeNull();
  });
  it('always answers a reset after now', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: 20 * 365 * DAY_MS }), fc.constantFrom('3months', '6months', '12months' as const), (since, later, reset) => {
        const now = since + later;
        const next = nextUsageResetAt(since, reset, now);
        expect(next).not.toBeNull();
        expect(next ?? 0).toBeGreaterThan(now);
      }),
    );
  });
});

describe('codes', () => {
  it('makes a pairing code XXXX-XXXX and a key of four groups from the readable alphabet', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        expect(pairingCodeFrom(bytes)).toMatch(new RegExp(`^[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`));
        expect(permanentKeyFrom(bytes)).toMatch(new RegExp(`^([${CODE_ALPHABET}]{4}-){3}[${CODE_ALPHABET}]{4}$`));
      }),
    );
  });
  it('links to the kind’s app with the group and code escaped', () => {
    expect(joinLinkOf('smart', 'G 1', 'AB-CD')).toBe('lu-smart://join?group=G%201&code=AB-CD');
    expect(joinLinkOf('lite', 'G', 'X')).toBe('lu-lite://join?group=G&code=X');
  });
});

describe('validation (spec 002 §5 "Ad-hoc or permanent device invites")', () => {
  const taken = ['Cam-1', 'News_Van'];
  it.each([
    ['', REQUIRED],
    ['   ', REQUIRED],
    ['Cam-1', UNIQUE],
    ['CAM-1', UNIQUE],
    ['news_van', UNIQUE],
    ['Cam 2', 'Should contain only letters, numbers, underscores and hyphens'],
    ['a'.repeat(255), null],
    ['a'.repeat(256), 'Must be no more than 255 characters'],
    ['Cam-2', null],
  ])('device name %j → %s', (name, message) => {
    expect(deviceNameError(name, taken)).toBe(message);
  });
  it.each([
    ['', REQUIRED],
    ['a@b.co', null],
    ['a@b.co, c@d.org', null],
    ['a@b', INVALID_EMAIL],
    ['a@b.co; nope', INVALID_EMAIL],
  ])('e-mail %j → %s', (text, message) => {
    expect(inviteEmailsError(text)).toBe(message);
  });
  it.each([
    ['', REQUIRED],
    ['0123456789', null],
    ['+44123', NUMERIC],
    ['12 34', NUMERIC],
    ['12a', NUMERIC],
  ])('phone %j → %s', (phone, message) => {
    expect(invitePhoneError(phone)).toBe(message);
  });
  it('has the guest invite failure word for word (spec 002 §8)', () => {
    expect(GUEST_INVITE_FAILED).toBe('We encountered an error, please try again.');
  });
});
