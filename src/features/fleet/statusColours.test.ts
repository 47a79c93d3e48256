import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { APPLICATION_NAMES, SPEED_TEST_VIDEO_STATE, UNIT_STATUSES, unitIconStatus, USER_FACING_STATUSES } from '../../domain/units/status.ts';
import { applicationsOf, iconStatusOf, STATUS_COLOURS, STATUS_HEX } from './statusColours.ts';

describe('unit icon status colours', () => {
  it('give every user-facing status its own colour', () => {
    const colours = USER_FACING_STATUSES.map((status) => STATUS_COLOURS[status]);
    expect(new Set(colours).size).toBe(USER_FACING_STATUSES.length);
    expect(new Set(USER_FACING_STATUSES.map((status) => STATUS_HEX[status])).size).toBe(USER_FACING_STATUSES.length);
  });

  it.each([
    ['offline', [], 'offline'],
    ['unavailable', [], 'offline'],
    ['idle', [], 'online'],
    ['streaming', ['video'], 'streaming'],
    ['storeandforward', ['store'], 'storeAndForward'],
    ['speedtest', [], 'speedTest'],
  ] as const)('shows a %s unit with applications %j as %s', (status, applications, expected) => {
    expect(iconStatusOf({ status, applications })).toBe(expected);
  });

  it('answers what the status rules answer with the whole applications map, for any status, applications and video state', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...UNIT_STATUSES),
        fc.uniqueArray(fc.oneof(fc.constantFrom(...APPLICATION_NAMES), fc.string({ maxLength: 6 })), { maxLength: 5 }),
        fc.option(fc.oneof(fc.constantFrom(SPEED_TEST_VIDEO_STATE, 'streaming', 'connecting'), fc.string({ maxLength: 6 })), { nil: undefined }),
        (status, applications, videoState) => {
          expect(iconStatusOf({ status, applications, videoState })).toBe(unitIconStatus(status, applicationsOf(applications, videoState)));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
