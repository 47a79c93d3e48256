import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ADHOC_PERIODS,
  ADHOC_PERIOD_LABELS,
  INVITE_FAILED,
  KEY_REGENERATION,
  emailListError,
  invalidEmails,
  inviteDeviceNameError,
  inviteFormErrors,
  isAdhocPeriod,
  isKeyRegeneration,
  parseEmailList,
  phoneNumber,
  supportCaseErrors,
} from './invites.ts';
import { INVALID_EMAIL } from './fields.ts';

const REQUIRED = 'This field is required';

describe('invite constants (spec 002 §4, §9; 000 §8)', () => {
  it('offers the ad-hoc periods 1 day, 3 days, 1 week, 1 month', () => {
    expect(ADHOC_PERIODS.map((p) => ADHOC_PERIOD_LABELS[p])).toEqual(['1 day', '3 days', '1 week', '1 month']);
  });
  it('offers the key regeneration choices never, daily, weekly, monthly', () => {
    expect(KEY_REGENERATION).toEqual(['never', 'daily', 'weekly', 'monthly']);
  });
  it.each([
    ['1week', true],
    ['2weeks', false],
  ])('isAdhocPeriod(%j) → %j', (value, expected) => {
    expect(isAdhocPeriod(value)).toBe(expected);
  });
  it.each([
    ['daily', true],
    ['hourly', false],
  ])('isKeyRegeneration(%j) → %j', (value, expected) => {
    expect(isKeyRegeneration(value)).toBe(expected);
  });
  it('quotes the generic invite failure', () => {
    expect(INVITE_FAILED).toBe('We encountered an error, please try again.');
  });
});

describe('device name (required and unique)', () => {
  it.each([
    ['Smart-07', [], null],
    ['', [], REQUIRED],
    ['smart-07', ['Smart-07'], 'Name is already taken. Please select a different name'],
    ['Smart 07', [], 'Should contain only letters, numbers, underscores and hyphens'],
  ] as const)('inviteDeviceNameError(%j, %j) → %j', (name, taken, expected) => {
    expect(inviteDeviceNameError(name, taken)).toBe(expected);
  });
});

describe('e-mail addresses (valid format, a list)', () => {
  it('splits on commas, semicolons and spaces', () => {
    expect(parseEmailList(' a@x.com, b@y.org;c@z.net\n d@w.io ,, ')).toEqual(['a@x.com', 'b@y.org', 'c@z.net', 'd@w.io']);
  });
  it.each([
    [['a@x.com', 'b@y.org'], null],
    [['a@x.com', 'b@'], INVALID_EMAIL],
    [[], REQUIRED],
  ])('emailListError(%j) → %j', (list, expected) => {
    expect(emailListError(list)).toBe(expected);
  });
  it('names the invalid addresses in order', () => {
    expect(invalidEmails(['bad', 'a@x.com', 'also@bad'])).toEqual(['bad', 'also@bad']);
  });
});

describe('phone number (digits only)', () => {
  it.each([
    ['0123456789', null],
    ['+331234', 'Must only contain numeric characters'],
    ['01 23 45', 'Must only contain numeric characters'],
    ['', REQUIRED],
  ])('phoneNumber(%j) → %j', (value, expected) => {
    expect(phoneNumber(value)).toBe(expected);
  });
  it('passes any string of digits and refuses a digit string with one non-digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,15}$/),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[0-9]/.test(c)),
        (digits, other) => {
          expect(phoneNumber(digits)).toBeNull();
          expect(phoneNumber(`${digits}${other}`)).not.toBeNull();
        },
      ),
    );
  });
});

describe('inviteFormErrors and supportCaseErrors', () => {
  it('checks the device name always and the e-mails and phone only when given', () => {
    expect(inviteFormErrors({ deviceName: 'Smart-1', emails: [], phone: null }, [])).toEqual({});
    expect(inviteFormErrors({ deviceName: '', emails: ['x'], phone: '12a' }, [])).toEqual({
      deviceName: REQUIRED,
      emails: INVALID_EMAIL,
      phone: 'Must only contain numeric characters',
    });
  });
  it('requires a support case description', () => {
    expect(supportCaseErrors({ description: '  ' })).toEqual({ description: REQUIRED });
    expect(supportCaseErrors({ description: 'Camera drops frames' })).toEqual({});
  });
});
