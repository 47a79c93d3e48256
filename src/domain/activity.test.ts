import { describe, expect, it } from 'vitest';
import { ACTIVITY_SNAPSHOT_MAX_CHARS, activityOutcomeOf, activitySnapshot, activitySpanStart, changedFields, DAY_MS, redactSecrets } from './activity.ts';

const NOW = 1_700_000_000_000;

describe('activity feed rules', () => {
  it.each([
    [200, 'done'],
    [201, 'done'],
    [204, 'done'],
    [400, 'refused'],
    [403, 'refused'],
    [409, 'refused'],
    [429, 'refused'],
    [500, 'failed'],
    [503, 'failed'],
  ] as const)('status %i is %s', (status, outcome) => {
    expect(activityOutcomeOf(status)).toBe(outcome);
  });

  it.each([
    ['today', 1_699_990_000_000],
    ['7d', NOW - 7 * DAY_MS],
    ['30d', NOW - 30 * DAY_MS],
    ['60d', NOW - 60 * DAY_MS],
  ] as const)('the span %s starts at %i', (span, start) => {
    expect(activitySpanStart(span, NOW, 1_699_990_000_000)).toBe(start);
  });

  it('never records a password, hash, salt or token, at any depth', () => {
    expect(redactSecrets({ username: 'ana', password: 'Secret-1', oldPassword: 'x', nested: [{ apiKey: 'k', sessionToken: 't', note: 'kept' }], passwordHash: 'h' })).toEqual({
      username: 'ana',
      password: '[redacted]',
      oldPassword: '[redacted]',
      nested: [{ apiKey: '[redacted]', sessionToken: '[redacted]', note: 'kept' }],
      passwordHash: '[redacted]',
    });
  });

  it(`keeps documents up to ${ACTIVITY_SNAPSHOT_MAX_CHARS} characters, a note of the size beyond`, () => {
    expect(activitySnapshot(undefined)).toBeNull();
    expect(activitySnapshot({ a: 1 })).toBe('{"a":1}');
    const big = { items: 'x'.repeat(ACTIVITY_SNAPSHOT_MAX_CHARS) };
    expect(JSON.parse(activitySnapshot(big) ?? 'null')).toEqual({ truncated: true, chars: JSON.stringify(big).length });
  });

  it('names the fields that changed: common fields of both documents, every field of one alone', () => {
    expect(changedFields({ id: 'G1', name: 'Old', auto: false }, { id: 'G1', name: 'New', auto: false, unitCount: 3 })).toEqual(['name']);
    expect(changedFields(undefined, { id: 'G2', name: 'Made' })).toEqual(['id', 'name']);
    expect(changedFields({ a: { b: 1 } }, { a: { b: 2 } })).toEqual(['a']);
    expect(changedFields('x', 'y')).toEqual([]);
  });
});
