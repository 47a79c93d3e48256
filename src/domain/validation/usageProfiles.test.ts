import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  USAGE_PROFILE_MESSAGES,
  USAGE_RESET_PERIODS,
  canDeleteUsageProfile,
  resetDay,
  splitUsageProfileDeletion,
  usageProfileFormErrors,
  usageProfileType,
  usageValue,
} from './usageProfiles.ts';

describe('reset day (spec 002 §5: a number 1-31)', () => {
  it.each([
    [0, 'Must be 1 or more'],
    [1, null],
    [31, null],
    [32, 'Must be 31 or less'],
    ['15', null],
    ['1.5', 'Must be an integer'],
    ['first', 'Must be a number'],
    ['', 'This field is required'],
    [null, 'This field is required'],
  ])('resetDay(%j) → %j', (value, expected) => {
    expect(resetDay(value)).toBe(expected);
  });

  it('passes every whole day 1-31 and refuses every whole number outside', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (day) => {
        expect(resetDay(day) === null).toBe(day >= 1 && day <= 31);
      }),
    );
  });
});

describe('value and type', () => {
  it.each([
    ['500', null],
    [0, null],
    ['2.5', null],
    [-1, 'Must be 0 or more'],
    ['lots', 'Must be a number'],
    ['', 'This field is required'],
  ])('usageValue(%j) → %j', (value, expected) => {
    expect(usageValue(value)).toBe(expected);
  });

  it.each([
    ['data', null],
    ['hours', null],
    ['minutes', 'Invalid field'],
    [null, 'This field is required'],
  ])('usageProfileType(%j) → %j', (value, expected) => {
    expect(usageProfileType(value)).toBe(expected);
  });

  it('lists the usage reset periods of spec 002 §9 (3, 6, 12 months or never)', () => {
    expect(USAGE_RESET_PERIODS).toEqual(['3months', '6months', '12months', 'never']);
  });
});

describe('usageProfileFormErrors', () => {
  it('returns no error for a valid profile', () => {
    expect(usageProfileFormErrors({ name: 'Monthly 50 GB', type: 'data', value: '51200', resetDay: 1 }, ['Other'])).toEqual({});
  });
  it('reports every broken field, with "Name field has to be unique" for a taken name', () => {
    expect(usageProfileFormErrors({ name: 'other', type: 'x', value: 'y', resetDay: 32 }, ['Other'])).toEqual({
      name: 'Name field has to be unique',
      type: 'Invalid field',
      value: 'Must be a number',
      resetDay: 'Must be 31 or less',
    });
  });
  it('limits the name to 255 characters', () => {
    expect(usageProfileFormErrors({ name: 'n'.repeat(256), type: 'hours', value: 10, resetDay: 1 }, []).name).toBe(
      'Must be no more than 255 characters',
    );
  });
});

describe('deleting usage profiles (spec 002 §5, §8)', () => {
  it.each([
    [{ isDefault: true, associatedDeviceCount: 0 }, 'The default profiles cannot be deleted.'],
    [{ isDefault: true, associatedDeviceCount: 3 }, 'The default profiles cannot be deleted.'],
    [{ isDefault: false, associatedDeviceCount: 1 }, 'Profiles with associated devices cannot be deleted.'],
    [{ isDefault: false, associatedDeviceCount: 0 }, null],
  ])('canDeleteUsageProfile(%j) → %j', (profile, expected) => {
    expect(canDeleteUsageProfile(profile)).toBe(expected);
  });

  it('splits a multi-select delete into deletable and refused profiles with reasons', () => {
    const profiles = [
      { id: 'a', isDefault: true, associatedDeviceCount: 0 },
      { id: 'b', isDefault: false, associatedDeviceCount: 2 },
      { id: 'c', isDefault: false, associatedDeviceCount: 0 },
    ];
    const result = splitUsageProfileDeletion(profiles);
    expect(result.deletable.map((p) => p.id)).toEqual(['c']);
    expect(result.refused.map((r) => [r.profile.id, r.reason])).toEqual([
      ['a', USAGE_PROFILE_MESSAGES.defaultNotDeletable],
      ['b', USAGE_PROFILE_MESSAGES.hasDevicesNotDeletable],
    ]);
  });
});
