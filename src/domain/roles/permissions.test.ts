import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACTIONS, may, PERMISSIONS, userTypesAllowed, type Action } from './permissions.ts';
import { USER_TYPES, type UserType } from './userTypes.ts';

/** The user types of each spec role set, written out from spec 002 §6 (not read back from the code). */
const ADMIN_SET: UserType[] = ['super_user', 'luc_admin', 'luc_media_group_admin', 'luc_partner', 'luc_contractor'];
const MEDIA_GROUP_SET: UserType[] = ['super_user', 'luc_media_group_admin'];

describe('the permissions table', () => {
  it.each<[Action, readonly UserType[]]>([
    ['groups.admin', ADMIN_SET], // spec 002 §2 /groups: admin set
    ['users.admin', ADMIN_SET], // spec 002 §2 /users: admin set
    ['units.admin', ADMIN_SET], // spec 000 §6 admin path, 002 §6 admin set
    ['shares.admin', MEDIA_GROUP_SET], // spec 002 §2 /publishers, /subscribers
    ['inventories.admin', ['super_user']], // spec 002 §2 system entities: super user only
    ['system.admin', ['super_user']], // spec 002 §6 super user checks
    ['modal.applyOk', ['luc_regular']], // spec 002 §5 modal footer
    ['support.menu', ['staff']], // spec 002 §6 staff, exact check
    ['self.read', [...USER_TYPES]], // everyone loads their own details
  ])('%s is granted to exactly %j', (action, expected) => {
    expect(new Set(userTypesAllowed(action))).toEqual(new Set(expected));
  });

  it.each<Action>(['units.operate', 'files.delete', 'ai.use'])('%s is refused to read-only users (spec 000 §6)', (action) => {
    expect(may(['luc_read'], action)).toBe(false);
    expect(may(['luc_regular'], action)).toBe(true);
  });

  it('a restriction wins over a grant: luc_read with luc_regular is read-only', () => {
    expect(may(['luc_regular', 'luc_read'], 'units.operate')).toBe(false);
  });

  it('no role grants nothing', () => {
    for (const action of ACTIONS) expect(may([], action)).toBe(false);
  });

  it('every action says where its rule comes from', () => {
    for (const action of ACTIONS) expect(PERMISSIONS[action].source.length).toBeGreaterThan(10);
  });

  it('roles add up: a user holding more types may do at least what each alone may (unless a deny type is added)', () => {
    const typeArb = fc.constantFrom(...USER_TYPES);
    fc.assert(
      fc.property(fc.array(typeArb, { maxLength: 4 }), typeArb, fc.constantFrom(...ACTIONS), (roles, extra, action) => {
        const denies: readonly string[] = (PERMISSIONS[action] as { deny?: readonly string[] }).deny ?? [];
        if (denies.includes(extra)) return;
        if (may(roles, action)) expect(may([...roles, extra], action)).toBe(true);
      }),
    );
  });
});
