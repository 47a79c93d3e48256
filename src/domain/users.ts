/**
 * The users area's rules beyond the form checks of validation/users.ts (spec 002 §3 User, §5 Users,
 * §6 user types, §8 Users error catalogue): who may grant which user type, which accounts an
 * administrator may change, user licences, and the signed-in user's own account (contact details,
 * password change). Pure: the server's service and the console's forms call the same functions.
 */
import { isSuperUser, type Roles } from './roles/roleSets.ts';
import { USER_TYPES, type UserType } from './roles/userTypes.ts';
import { firstError, type FormErrors } from './validation/check.ts';
import { maxLength, numericOnly, required } from './validation/fields.ts';
import { password as newPasswordRule, passwordsMatch, USER_MESSAGES } from './validation/users.ts';
import { MESSAGES } from './validation/messages.ts';

/**
 * User types only a super user may grant (ours; spec 002 §6: the super user checks and the exact
 * staff check make these the two types with powers beyond an inventory). An administrator of the
 * admin set grants the other twelve.
 */
export const SUPER_USER_ONLY_TYPES: readonly UserType[] = ['super_user', 'staff'];

/** Our wording for the users area's refusals that the spec does not word. */
export const USER_ADMIN_MESSAGES = {
  typeNotGrantable: 'Only a super user may give this user type',
  protectedAccount: 'Only a super user may change a super user or staff account',
  ownAccountDeactivate: 'You cannot deactivate your own account',
  ownAccountDelete: 'You cannot delete your own account',
  unknownUserType: 'Unknown user type',
} as const;

/** The user types this caller may give to a user (in the spec's order). */
export function grantableUserTypes(callerRoles: Roles): UserType[] {
  return isSuperUser(callerRoles) ? [...USER_TYPES] : USER_TYPES.filter((type) => !SUPER_USER_ONLY_TYPES.includes(type));
}

/** The refusal of giving `userType` (null when the caller may): unknown types and super-user-only types. */
export function userTypeGrantError(callerRoles: Roles, userType: string | null | undefined): string | null {
  if (userType === null || userType === undefined || userType === '') return MESSAGES.required;
  if (!(USER_TYPES as readonly string[]).includes(userType)) return USER_ADMIN_MESSAGES.unknownUserType;
  return (grantableUserTypes(callerRoles) as string[]).includes(userType) ? null : USER_ADMIN_MESSAGES.typeNotGrantable;
}

/**
 * Whether the caller may change this account at all (null: yes). Enterprise (SSO) users are managed
 * only by their IT admin (spec 002 §5), whoever asks; super user and staff accounts only by a super
 * user (ours: an administrator must not be able to take over an account above their own).
 */
export function accountChangeRefusal(callerRoles: Roles, target: { readonly sso: boolean; readonly userType: string }): string | null {
  if (target.sso) return USER_MESSAGES.ssoUserNotEditable;
  if (!isSuperUser(callerRoles) && (SUPER_USER_ONLY_TYPES as readonly string[]).includes(target.userType)) return USER_ADMIN_MESSAGES.protectedAccount;
  return null;
}

/** Deactivating or deleting oneself would lock the caller out mid-session (ours). */
export function ownAccountRefusal(callerId: string, targetId: string, action: 'deactivate' | 'delete'): string | null {
  if (callerId !== targetId) return null;
  return action === 'deactivate' ? USER_ADMIN_MESSAGES.ownAccountDeactivate : USER_ADMIN_MESSAGES.ownAccountDelete;
}

/** An inventory's user licences: null = no limit (spec 002 §8 "no available user licence"). */
export interface LicenceFacts {
  readonly inventoryId: string;
  readonly userLicences: number | null;
  /** Active users of the inventory now, the user being changed not counted. */
  readonly activeUsers: number;
}

/**
 * "No user licence is available" when one more active user in any of these inventories would
 * exceed its licences; null when every inventory has room (or no limit).
 */
export function licenceError(inventories: readonly LicenceFacts[]): string | null {
  return inventories.some((inv) => inv.userLicences !== null && inv.activeUsers + 1 > inv.userLicences) ? USER_MESSAGES.noUserLicence : null;
}

/**
 * The inventories a user ends up in after an administrator's edit: the ones the caller chose among
 * those they administer, plus the user's inventories the caller cannot see (kept as they are: an
 * administrator neither sees nor removes another tenant's membership). A super user sees all.
 */
export function mergedInventories(chosen: readonly string[], current: readonly string[], callerSees: (inventoryId: string) => boolean): string[] {
  const kept = current.filter((id) => !callerSees(id));
  return [...new Set([...chosen, ...kept])];
}

// ── The signed-in user's own account ─────────────────────────────────────────────────────────

/**
 * How long a password set in the console lasts before the password notice (spec 002 §2, §4) asks
 * for a new one, for users with an expiry policy (ours: 90 days, as the demo accounts).
 */
export const PASSWORD_LIFETIME_MS = 90 * 24 * 60 * 60_000;

/** The new expiry after a password change: the same policy (none stays none). */
export function nextPasswordExpiry(currentExpiry: number | null, now: number): number | null {
  return currentExpiry === null ? null : now + PASSWORD_LIFETIME_MS;
}

/** Contact details of a user (spec 002 §3 "contact", §7 users/contact; fields ours). */
export interface ContactForm {
  readonly phone: string;
  readonly company: string;
  readonly address: string;
}

/** Phone numbers as E.164 allows: at most 15 digits (ours; spec 002 §5 "phone number digits only"). */
export const CONTACT_PHONE_MAX_LENGTH = 15;
/** Company and address: the spec's general text limit (002 §9 "Name max 255"). */
export const CONTACT_TEXT_MAX_LENGTH = 255;

/** Contact rules: phone digits only ("Must only contain numeric characters"), lengths. Every field is optional. */
export function contactFormErrors(form: ContactForm): FormErrors<keyof ContactForm> {
  const errors: FormErrors<keyof ContactForm> = {};
  const phone = firstError(form.phone, [numericOnly, maxLength(CONTACT_PHONE_MAX_LENGTH)]);
  const company = maxLength(CONTACT_TEXT_MAX_LENGTH)(form.company);
  const address = maxLength(CONTACT_TEXT_MAX_LENGTH)(form.address);
  if (phone !== null) errors.phone = phone;
  if (company !== null) errors.company = company;
  if (address !== null) errors.address = address;
  return errors;
}

/** The password change form (spec 002 §5, §8: old must match, new rules, passwords match). */
export interface PasswordChangeForm {
  readonly oldPassword: string;
  readonly password: string;
  readonly passwordConfirmation: string;
}

/**
 * The errors a form can know without the server: the old password is required (whether it matches
 * is the server's answer, "Old password does not match"), the new one follows the rules, the
 * confirmation matches it.
 */
export function passwordChangeErrors(form: PasswordChangeForm): FormErrors<keyof PasswordChangeForm> {
  const errors: FormErrors<keyof PasswordChangeForm> = {};
  const old = required(form.oldPassword);
  const next = firstError(form.password, [required, newPasswordRule]);
  const confirmation = passwordsMatch(form.password, form.passwordConfirmation);
  if (old !== null) errors.oldPassword = old;
  if (next !== null) errors.password = next;
  if (confirmation !== null) errors.passwordConfirmation = confirmation;
  return errors;
}
