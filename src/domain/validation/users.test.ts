import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  PASSWORD_PUNCTUATION,
  USER_MESSAGES,
  externalIdentityInventoryError,
  firstName,
  inventoriesError,
  oldPasswordMatches,
  password,
  passwordsMatch,
  userEditBlocked,
  userEmailError,
  userFormErrors,
  userLabel,
  userLicenceError,
  usernameError,
} from './users.ts';
import type { UserForm, UserFormContext } from './users.ts';
import { INVALID_EMAIL } from './fields.ts';

const REQUIRED = 'This field is required';

describe('first name (spec 002 §5: starts with an uppercase letter)', () => {
  it.each([
    ['Anna', null],
    ['Émile', null],
    ['anna', USER_MESSAGES.firstNameUppercase],
    ['1Anna', USER_MESSAGES.firstNameUppercase],
    ['_Anna', USER_MESSAGES.firstNameUppercase],
    ['', null],
  ])('firstName(%j) → %j', (value, expected) => {
    expect(firstName(value)).toBe(expected);
  });
});

describe('new password (spec 002 §5: 8+, upper, lower, digit and/or !#$@_\'+,?[].-)', () => {
  it('quotes the spec punctuation set', () => {
    expect(PASSWORD_PUNCTUATION).toBe("!#$@_'+,?[].-");
  });

  it.each([
    ['Abcdef1', 'Must have at least 8 characters'], // 7 characters
    ['Abcdefg1', null], // 8 characters
    ['Abcdefg!', null], // punctuation instead of a digit
    ['Abcdef1!', null], // both
    ['abcdefg1', USER_MESSAGES.passwordUppercase],
    ['ABCDEFG1', USER_MESSAGES.passwordLowercase],
    ['Abcdefgh', USER_MESSAGES.passwordDigitOrPunctuation],
    ['Abcdef 1', USER_MESSAGES.passwordCharacters], // space
    ['Abcdef%1', USER_MESSAGES.passwordCharacters], // % is not in the spec's set
    ['Abcdéfg1', USER_MESSAGES.passwordCharacters], // accented letter
    ['', null], // left to required
  ])('password(%j) → %j', (value, expected) => {
    expect(password(value)).toBe(expected);
  });

  it.each([...PASSWORD_PUNCTUATION])('accepts %j as the digit-or-punctuation character', (mark) => {
    expect(password(`Abcdefg${mark}`)).toBeNull();
  });

  const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
  const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const digitOrMark = fc.constantFrom(...`0123456789${PASSWORD_PUNCTUATION}`);
  const allowed = fc.constantFrom(...`abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789${PASSWORD_PUNCTUATION}`);

  it('passes every password of 8+ allowed characters with an upper, a lower and a digit or mark', () => {
    fc.assert(
      fc.property(upper, lower, digitOrMark, fc.array(allowed, { minLength: 5, maxLength: 40 }), (u, l, d, rest) => {
        expect(password([u, l, d, ...rest].join(''))).toBeNull();
      }),
    );
  });

  it('refuses every password shorter than 8 characters', () => {
    fc.assert(
      fc.property(fc.array(allowed, { minLength: 1, maxLength: 7 }), (chars) => {
        expect(password(chars.join(''))).toBe('Must have at least 8 characters');
      }),
    );
  });

  it('refuses a password made only of letters', () => {
    fc.assert(
      fc.property(upper, lower, fc.array(fc.oneof(upper, lower), { minLength: 6, maxLength: 30 }), (u, l, rest) => {
        expect(password([u, l, ...rest].join(''))).toBe(USER_MESSAGES.passwordDigitOrPunctuation);
      }),
    );
  });
});

describe('password confirmation and old password', () => {
  it.each([
    ['Abcdefg1', 'Abcdefg1', null],
    ['Abcdefg1', 'Abcdefg2', 'Passwords do not match'],
    ['Abcdefg1', 'Abcdefg1 ', 'Passwords do not match'],
  ])('passwordsMatch(%j, %j) → %j', (a, b, expected) => {
    expect(passwordsMatch(a, b)).toBe(expected);
  });

  it('reports "Old password does not match" when the verifier refuses, and required when empty', () => {
    const verify = (entered: string): boolean => entered === 'Old-pass1';
    expect(oldPasswordMatches('Old-pass1', verify)).toBeNull();
    expect(oldPasswordMatches('Old-pass2', verify)).toBe('Old password does not match');
    expect(oldPasswordMatches('', verify)).toBe(REQUIRED);
  });
});

describe('username (spec 002 §5: 3-255 of letters, digits, @ . + - _)', () => {
  it.each([
    ['ab', [], 'Must have at least 3 characters'],
    ['abc', [], null],
    ['a'.repeat(255), [], null],
    ['a'.repeat(256), [], 'Must have at most 255 characters'],
    ['first.last+ops@example-co_1', [], null],
    ['first last', [], USER_MESSAGES.usernameCharacters],
    ['name!', [], USER_MESSAGES.usernameCharacters],
    ['', [], REQUIRED],
    ['Operator', ['operator'], USER_MESSAGES.usernameExists],
  ] as const)('usernameError(%j) → %j', (value, taken, expected) => {
    expect(usernameError(value, taken)).toBe(expected);
  });

  it('passes every 3-255 character username of the allowed characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9@.+\-_]{3,255}$/), (name) => {
        expect(usernameError(name)).toBeNull();
      }),
    );
  });
});

describe('email, label, inventories, SSO, licence', () => {
  it.each([
    ['ops@example.com', [], null],
    ['OPS@example.com', ['ops@example.com'], 'This email address is used by another user'],
    ['ops@', [], INVALID_EMAIL],
    ['', [], REQUIRED],
  ] as const)('userEmailError(%j, %j) → %j', (value, taken, expected) => {
    expect(userEmailError(value, taken)).toBe(expected);
  });

  it.each([
    ['a'.repeat(30), null],
    ['a'.repeat(31), 'Must have at most 30 characters'],
    ['', null],
  ])('userLabel of %j → %j', (value, expected) => {
    expect(userLabel(value)).toBe(expected);
  });

  it('requires at least one inventory', () => {
    expect(inventoriesError([])).toBe('Select at least one inventory');
    expect(inventoriesError(['inv-1'])).toBeNull();
  });

  it('refuses an association to an inventory of an external identity provider', () => {
    expect(externalIdentityInventoryError(['inv-1', 'sso-inv'], ['sso-inv'])).toBe(
      'Users cannot be associated to inventories of an external identity provider',
    );
    expect(externalIdentityInventoryError(['inv-1'], ['sso-inv'])).toBeNull();
  });

  it('blocks editing enterprise (SSO) users', () => {
    expect(userEditBlocked({ sso: true })).toBe(USER_MESSAGES.ssoUserNotEditable);
    expect(userEditBlocked({ sso: false })).toBeNull();
  });

  it.each([
    [0, USER_MESSAGES.noUserLicence],
    [1, null],
  ])('userLicenceError(%i) → %j', (free, expected) => {
    expect(userLicenceError(free)).toBe(expected);
  });
});

describe('userFormErrors', () => {
  const valid: UserForm = {
    firstName: 'Anna',
    lastName: 'Berg',
    email: 'anna@example.com',
    username: 'anna.berg',
    userLabel: 'Night desk',
    userType: 'luc_regular',
    inventoryIds: ['inv-1'],
    password: 'Abcdefg1',
    passwordConfirmation: 'Abcdefg1',
  };
  const context: UserFormContext = {
    takenEmails: ['other@example.com'],
    takenUsernames: ['other'],
    externalIdentityInventoryIds: ['sso-inv'],
    passwordRequired: true,
  };

  it('returns no error for a valid new user', () => {
    expect(userFormErrors(valid, context)).toEqual({});
  });

  it('returns one message per broken field', () => {
    const errors = userFormErrors(
      {
        ...valid,
        firstName: 'anna',
        email: 'other@example.com',
        username: 'an',
        userLabel: 'x'.repeat(31),
        userType: null,
        inventoryIds: ['sso-inv'],
        password: 'short',
        passwordConfirmation: 'different',
      },
      context,
    );
    expect(errors).toEqual({
      firstName: USER_MESSAGES.firstNameUppercase,
      email: 'This email address is used by another user',
      username: 'Must have at least 3 characters',
      userLabel: 'Must have at most 30 characters',
      userType: REQUIRED,
      inventoryIds: 'Users cannot be associated to inventories of an external identity provider',
      password: 'Must have at least 8 characters',
      passwordConfirmation: 'Passwords do not match',
    });
  });

  it('asks for at least one inventory before looking at identity providers', () => {
    expect(userFormErrors({ ...valid, inventoryIds: [] }, context).inventoryIds).toBe('Select at least one inventory');
  });

  it('requires a password on creation but skips it on an edit that leaves it empty', () => {
    const noPassword = { ...valid, password: '', passwordConfirmation: '' };
    expect(userFormErrors(noPassword, context).password).toBe(REQUIRED);
    expect(userFormErrors(noPassword, { ...context, passwordRequired: false })).toEqual({});
  });

  it('checks the old password only when a verifier is given', () => {
    const change = { ...valid, oldPassword: 'wrong' };
    expect(userFormErrors(change, context).oldPassword).toBeUndefined();
    expect(userFormErrors(change, { ...context, verifyOldPassword: (p) => p === 'right' }).oldPassword).toBe(
      'Old password does not match',
    );
  });
});
