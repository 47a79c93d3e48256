import { describe, it, expect } from 'vitest';
import { USER_TYPES, isUserType, userTypesOf } from './userTypes.ts';

// spec 000 §6 and 002 §6 list the same fourteen user types.
const SPEC_000_USER_TYPES = [
  'super_user', 'luc_media_group_admin', 'luc_admin', 'luc_regular', 'luc_read', 'luc_application', 'luc_curator',
  'luc_multipoint', 'luc_unit_control', 'luc_contractor', 'luc_vr_viewer', 'luc_partner', 'luc_freelancer', 'staff',
];

describe('user types (spec 000 §6, 002 §6)', () => {
  it('holds exactly the fourteen user types of the spec', () => {
    expect([...USER_TYPES].sort()).toEqual([...SPEC_000_USER_TYPES].sort());
  });

  it.each(SPEC_000_USER_TYPES)('recognises %s', (name) => {
    expect(isUserType(name)).toBe(true);
  });

  it.each([['Staff'], ['staff '], ['super user'], ['luc_superuser'], [''], [null], [undefined], [42], [['staff']]])(
    'rejects %j (exact spelling only)',
    (value) => {
      expect(isUserType(value)).toBe(false);
    },
  );

  it('keeps the known types of a wire role list, in order, without repeats', () => {
    expect(userTypesOf(['luc_read', 'unknown', 'staff', 7, 'luc_read', null])).toEqual(['luc_read', 'staff']);
  });

  it('gives an empty list when no role is known', () => {
    expect(userTypesOf(['admin', 'SUPER_USER'])).toEqual([]);
  });
});
