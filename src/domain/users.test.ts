import { describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from './roles/userTypes.ts';
import { USER_MESSAGES } from './validation/users.ts';
import {
  accountChangeRefusal,
  contactFormErrors,
  grantableUserTypes,
  licenceError,
  mergedInventories,
  nextPasswordExpiry,
  ownAccountRefusal,
  PASSWORD_LIFETIME_MS,
  passwordChangeErrors,
  USER_ADMIN_MESSAGES,
  userTypeGrantError,
} from './users.ts';
import { GRAPHICS_REGIONS, LU_SMART_COUNTRIES, withStoredValue } from './preferenceChoices.ts';
import { DEFAULT_LU_SMART_COUNTRY } from './preferences.ts';

// spec 002 §5 shared messages and the §8 catalogue, word for word.
const REQUIRED = 'This field is required';
const NUMERIC_ONLY = 'Must only contain numeric characters';

describe('who may give which user type (spec 002 §6; ours: super_user and staff by a super user only)', () => {
  it('gives a super user all 14 types, in the spec’s order', () => {
    expect(grantableUserTypes(['super_user'])).toEqual([...USER_TYPES]);
  });

  it.each(USER_TYPES.filter((type) => type !== 'super_user').map((type) => [type]))('gives %s the 12 types without super_user and staff', (caller) => {
    const types = grantableUserTypes([caller as UserType]);
    expect(types).toHaveLength(12);
    expect(types).not.toContain('super_user');
    expect(types).not.toContain('staff');
  });

  it.each([
    [['luc_admin'], 'luc_regular', null],
    [['luc_admin'], 'super_user', USER_ADMIN_MESSAGES.typeNotGrantable],
    [['luc_media_group_admin'], 'staff', USER_ADMIN_MESSAGES.typeNotGrantable],
    [['super_user'], 'staff', null],
    [['super_user'], 'luc_emperor', USER_ADMIN_MESSAGES.unknownUserType],
    [['super_user'], '', REQUIRED],
    [['super_user'], null, REQUIRED],
  ] as const)('%j giving %j → %j', (caller, type, expected) => {
    expect(userTypeGrantError(caller, type)).toBe(expected);
  });
});

describe('whose account an administrator may change', () => {
  it.each([
    ['an SSO user, even for a super user', ['super_user'], { sso: true, userType: 'luc_regular' }, USER_MESSAGES.ssoUserNotEditable],
    ['a super user, for an admin', ['luc_admin'], { sso: false, userType: 'super_user' }, USER_ADMIN_MESSAGES.protectedAccount],
    ['a staff account, for a partner', ['luc_partner'], { sso: false, userType: 'staff' }, USER_ADMIN_MESSAGES.protectedAccount],
    ['a staff account, for a super user', ['super_user'], { sso: false, userType: 'staff' }, null],
    ['a regular user, for an admin', ['luc_admin'], { sso: false, userType: 'luc_regular' }, null],
  ] as const)('%s → %j', (_name, caller, target, expected) => {
    expect(accountChangeRefusal(caller, target)).toBe(expected);
  });

  it('refuses deactivating or deleting one’s own account, and nobody else’s', () => {
    expect(ownAccountRefusal('U1', 'U1', 'deactivate')).toBe('You cannot deactivate your own account');
    expect(ownAccountRefusal('U1', 'U1', 'delete')).toBe('You cannot delete your own account');
    expect(ownAccountRefusal('U1', 'U2', 'delete')).toBeNull();
  });
});

describe('user licences (spec 002 §8 "no available user licence")', () => {
  it.each([
    ['no limit', [{ inventoryId: 'A', userLicences: null, activeUsers: 500 }], null],
    ['a free licence', [{ inventoryId: 'A', userLicences: 3, activeUsers: 2 }], null],
    ['all licences taken', [{ inventoryId: 'A', userLicences: 3, activeUsers: 3 }], USER_MESSAGES.noUserLicence],
    ['no licences at all', [{ inventoryId: 'A', userLicences: 0, activeUsers: 0 }], USER_MESSAGES.noUserLicence],
    ['one of two inventories full', [{ inventoryId: 'A', userLicences: null, activeUsers: 1 }, { inventoryId: 'B', userLicences: 1, activeUsers: 1 }], USER_MESSAGES.noUserLicence],
    ['no inventory', [], null],
  ] as const)('%s → %j', (_name, inventories, expected) => {
    expect(licenceError(inventories)).toBe(expected);
  });

  it('says "No user licence is available"', () => {
    expect(USER_MESSAGES.noUserLicence).toBe('No user licence is available');
  });
});

describe('the inventories after an administrator’s edit', () => {
  const sees = (id: string) => id.startsWith('OWN');
  it('replaces the caller’s part and keeps the inventories the caller cannot see', () => {
    expect(mergedInventories(['OWN-2'], ['OWN-1', 'FOREIGN-1'], sees)).toEqual(['OWN-2', 'FOREIGN-1']);
  });
  it('lets a super user (who sees all) replace every inventory', () => {
    expect(mergedInventories(['X'], ['A', 'B'], () => true)).toEqual(['X']);
  });
  it('lists each inventory once', () => {
    expect(mergedInventories(['OWN-1', 'OWN-1'], ['OWN-1'], sees)).toEqual(['OWN-1']);
  });
});

describe('the password change (spec 002 §5, §8)', () => {
  const form = (changes: Partial<{ oldPassword: string; password: string; passwordConfirmation: string }> = {}) => ({ oldPassword: 'Old-Passw0rd', password: 'New-Passw0rd', passwordConfirmation: 'New-Passw0rd', ...changes });

  it.each([
    ['a valid change', form(), {}],
    ['no old password', form({ oldPassword: '' }), { oldPassword: REQUIRED }],
    ['no new password', form({ password: '', passwordConfirmation: '' }), { password: REQUIRED }],
    ['a short new password', form({ password: 'Ab1', passwordConfirmation: 'Ab1' }), { password: 'Must have at least 8 characters' }],
    ['no uppercase letter', form({ password: 'new-passw0rd', passwordConfirmation: 'new-passw0rd' }), { password: USER_MESSAGES.passwordUppercase }],
    ['no lowercase letter', form({ password: 'NEW-PASSW0RD', passwordConfirmation: 'NEW-PASSW0RD' }), { password: USER_MESSAGES.passwordLowercase }],
    ['neither digit nor punctuation', form({ password: 'NewPassword', passwordConfirmation: 'NewPassword' }), { password: USER_MESSAGES.passwordDigitOrPunctuation }],
    ['a confirmation that differs', form({ passwordConfirmation: 'New-Passw0rd!' }), { passwordConfirmation: 'Passwords do not match' }],
  ])('%s → %j', (_name, value, expected) => {
    expect(passwordChangeErrors(value)).toEqual(expected);
  });

  it('keeps the expiry policy: 90 days more, or none', () => {
    expect(nextPasswordExpiry(1_000, 5_000)).toBe(5_000 + PASSWORD_LIFETIME_MS);
    expect(PASSWORD_LIFETIME_MS).toBe(90 * 86_400_000);
    expect(nextPasswordExpiry(null, 5_000)).toBeNull();
  });
});

describe('contact details (spec 002 §3 contact; §5 phone digits only)', () => {
  const contact = (changes: Partial<{ phone: string; company: string; address: string }> = {}) => ({ phone: '', company: '', address: '', ...changes });
  it.each([
    ['nothing given', contact(), {}],
    ['a phone of digits', contact({ phone: '447700900123' }), {}],
    ['a phone with a plus sign', contact({ phone: '+447700900123' }), { phone: NUMERIC_ONLY }],
    ['a phone with spaces', contact({ phone: '07700 900123' }), { phone: NUMERIC_ONLY }],
    ['a phone of 16 digits', contact({ phone: '1'.repeat(16) }), { phone: 'Must have at most 15 characters' }],
    ['a company of 256 characters', contact({ company: 'c'.repeat(256) }), { company: 'Must have at most 255 characters' }],
    ['an address of 255 characters', contact({ address: 'a'.repeat(255) }), {}],
  ])('%s → %j', (_name, value, expected) => {
    expect(contactFormErrors(value)).toEqual(expected);
  });
});

describe('preference choices (spec 002 §3 luSmartCountry, graphicsRegion)', () => {
  it('offers the spec’s default country, "usa", first', () => {
    expect(LU_SMART_COUNTRIES[0]?.value).toBe(DEFAULT_LU_SMART_COUNTRY);
  });
  it('lists each value once', () => {
    for (const list of [LU_SMART_COUNTRIES, GRAPHICS_REGIONS]) expect(new Set(list.map((c) => c.value)).size).toBe(list.length);
  });
  it('keeps a stored value that is not a choice, so the screen still shows it', () => {
    expect(withStoredValue(GRAPHICS_REGIONS, 'mars-north').at(-1)).toEqual({ value: 'mars-north', label: 'mars-north' });
    expect(withStoredValue(GRAPHICS_REGIONS, 'eu-west')).toHaveLength(GRAPHICS_REGIONS.length);
    expect(withStoredValue(GRAPHICS_REGIONS, null)).toHaveLength(GRAPHICS_REGIONS.length);
  });
});
