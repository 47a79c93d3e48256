/**
 * The user types of the console (spec 000 §6, 002 §6 "User types"). A signed-in user carries a
 * list of them (client configuration `loggedUserRoles`, spec 002 §3); role sets and guards ask
 * whether that list holds one of a set's members.
 */

export const USER_TYPES = [
  'super_user',
  'luc_media_group_admin',
  'luc_admin',
  'luc_regular',
  'luc_read',
  'luc_application',
  'luc_curator',
  'luc_multipoint',
  'luc_unit_control',
  'luc_contractor',
  'luc_vr_viewer',
  'luc_partner',
  'luc_freelancer',
  'staff',
] as const;

export type UserType = (typeof USER_TYPES)[number];

const KNOWN: ReadonlySet<string> = new Set(USER_TYPES);

/** True for one of the fourteen user type names, spelled exactly (the staff check is exact, spec 002 §6). */
export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && KNOWN.has(value);
}

/**
 * The known user types of a role list that came off the wire, in order and without repeats.
 * Unknown names are dropped: a role the console does not know grants nothing.
 */
export function userTypesOf(values: readonly unknown[]): UserType[] {
  const seen = new Set<UserType>();
  for (const value of values) if (isUserType(value)) seen.add(value);
  return [...seen];
}
