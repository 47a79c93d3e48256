/**
 * User form rules, spec 002 §5 (Users), §8 (Users error catalogue), §9 (limits).
 * Where the spec names a rule but not its words, the message below is ours (marked "our wording").
 */
import type { FieldCheck, FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { MESSAGES, formatMessage } from './messages.ts';
import { email, matches, maxLength, minLength, required, uniqueAmong } from './fields.ts';

type Text = string | null | undefined;

/** spec 002 §9 limits. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 8;
export const USER_LABEL_MAX_LENGTH = 30;

/** spec 002 §5: the punctuation a password may use, character for character. */
export const PASSWORD_PUNCTUATION = "!#$@_'+,?[].-";

/** Our wording for rules the spec names without words; the §8 catalogue texts made into sentences. */
export const USER_MESSAGES = {
  firstNameUppercase: 'First name must start with an uppercase letter',
  passwordCharacters: "Password may contain only letters, digits and the characters !#$@_'+,?[].-",
  passwordUppercase: 'Password must contain an uppercase letter',
  passwordLowercase: 'Password must contain a lowercase letter',
  passwordDigitOrPunctuation: "Password must contain a digit or one of the characters !#$@_'+,?[].-",
  passwordsDoNotMatch: 'Passwords do not match',
  oldPasswordDoesNotMatch: 'Old password does not match',
  usernameCharacters: 'Username may contain only letters, digits and @ . + - _',
  usernameExists: 'A user with this username already exists',
  emailUsedByAnotherUser: 'This email address is used by another user',
  inventoryRequired: 'Select at least one inventory',
  externalIdentityInventory: 'Users cannot be associated to inventories of an external identity provider',
  ssoUserNotEditable: 'Enterprise (SSO) users are managed only by the IT admin',
  noUserLicence: 'No user licence is available',
} as const;

/** spec 002 §5: first name must start with an uppercase letter (any script: É, Ж pass; digits do not). */
export const firstName: FieldCheck<Text> = (value) => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const first = value.trimStart().charAt(0);
  const isUppercase = first !== first.toLowerCase() && first === first.toUpperCase();
  return isUppercase ? null : USER_MESSAGES.firstNameUppercase;
};

const PASSWORD_PUNCTUATION_CLASS = /[!#$@_'+,?[\].-]/;
const PASSWORD_ALLOWED = /^[A-Za-z0-9!#$@_'+,?[\].-]*$/;

/**
 * New password, spec 002 §5: at least 8 characters, at least one uppercase letter A-Z, at least one
 * lowercase letter a-z, and at least one digit 0-9 or one of !#$@_'+,?[].-. Our reading of
 * "digit and/or punctuation from": any other character (space, accent, other symbols such as % & *)
 * is refused. Checked in this order; the first broken rule is shown.
 */
export const password: FieldCheck<Text> = (value) => {
  if (value === null || value === undefined || value === '') return null; // pair with required
  if (value.length < PASSWORD_MIN_LENGTH) return formatMessage(MESSAGES.minLength, { 1: PASSWORD_MIN_LENGTH });
  if (!PASSWORD_ALLOWED.test(value)) return USER_MESSAGES.passwordCharacters;
  if (!/[A-Z]/.test(value)) return USER_MESSAGES.passwordUppercase;
  if (!/[a-z]/.test(value)) return USER_MESSAGES.passwordLowercase;
  if (!/[0-9]/.test(value) && !PASSWORD_PUNCTUATION_CLASS.test(value)) return USER_MESSAGES.passwordDigitOrPunctuation;
  return null;
};

/** "Passwords do not match" (spec 002 §8) when the confirmation differs (exact, no trimming). */
export function passwordsMatch(newPassword: Text, confirmation: Text): string | null {
  return (newPassword ?? '') === (confirmation ?? '') ? null : USER_MESSAGES.passwordsDoNotMatch;
}

/**
 * "Old password does not match" (spec 002 §8). Checking a password against the stored one is the
 * server's job; it passes its verifier here so both sides show the same words.
 */
export function oldPasswordMatches(oldPassword: Text, verify: (oldPassword: string) => boolean): string | null {
  const entered = oldPassword ?? '';
  if (entered === '') return MESSAGES.required;
  return verify(entered) ? null : USER_MESSAGES.oldPasswordDoesNotMatch;
}

/** spec 002 §5: username 3-255 characters of letters, digits and @ . + - _ (ASCII letters). */
export const usernameCharacters: FieldCheck<Text> = matches(/^[A-Za-z0-9@.+\-_]+$/, USER_MESSAGES.usernameCharacters);

export function usernameError(value: Text, takenUsernames: Iterable<string> = []): string | null {
  return firstError(value, [
    required,
    minLength(USERNAME_MIN_LENGTH),
    maxLength(USERNAME_MAX_LENGTH),
    usernameCharacters,
    uniqueAmong(takenUsernames, USER_MESSAGES.usernameExists),
  ]);
}

/** spec 002 §5: email required, valid, unique per user ("used by another user", case-insensitive). */
export function userEmailError(value: Text, takenEmails: Iterable<string>): string | null {
  return firstError(value, [required, email, uniqueAmong(takenEmails, USER_MESSAGES.emailUsedByAnotherUser)]);
}

/** spec 002 §5: user label max 30 characters (optional field). */
export const userLabel: FieldCheck<Text> = maxLength(USER_LABEL_MAX_LENGTH);

/** spec 002 §5: at least one inventory. */
export function inventoriesError(inventoryIds: readonly string[]): string | null {
  return inventoryIds.length > 0 ? null : USER_MESSAGES.inventoryRequired;
}

/**
 * spec 002 §5: "Users cannot be associated to inventories of an external identity provider"; §8:
 * "cannot associate users to external-identity inventories". Applies to every user the console
 * associates (those inventories take their users from the identity provider).
 */
export function externalIdentityInventoryError(
  inventoryIds: readonly string[],
  externalIdentityInventoryIds: Iterable<string>,
): string | null {
  const external = new Set(externalIdentityInventoryIds);
  return inventoryIds.some((id) => external.has(id)) ? USER_MESSAGES.externalIdentityInventory : null;
}

/** spec 002 §5: enterprise (SSO) users are managed only by the IT admin; the console shows a not-allowed popover. */
export function userEditBlocked(user: { readonly sso: boolean }): string | null {
  return user.sso ? USER_MESSAGES.ssoUserNotEditable : null;
}

/** spec 002 §8 "no available user licence": creating a user needs a free licence. */
export function userLicenceError(freeLicences: number): string | null {
  return freeLicences > 0 ? null : USER_MESSAGES.noUserLicence;
}

export const USER_FORM_FIELDS = [
  'firstName',
  'email',
  'username',
  'userLabel',
  'userType',
  'inventoryIds',
  'password',
  'passwordConfirmation',
  'oldPassword',
] as const;
export type UserFormField = (typeof USER_FORM_FIELDS)[number];

export interface UserForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly username: string;
  readonly userLabel: string;
  readonly userType: string | null;
  readonly inventoryIds: readonly string[];
  /** Empty when the password is not being set. */
  readonly password?: string;
  readonly passwordConfirmation?: string;
  /** Only on the user's own password change. */
  readonly oldPassword?: string;
}

export interface UserFormContext {
  /** Emails of the other users (not the one being edited). */
  readonly takenEmails: Iterable<string>;
  /** Usernames of the other users. */
  readonly takenUsernames: Iterable<string>;
  /** Inventories whose users come from an external identity provider. */
  readonly externalIdentityInventoryIds: Iterable<string>;
  /** True on creation (a password must be set) and on a password change. */
  readonly passwordRequired: boolean;
  /** Given on the user's own password change: verifies the old password. */
  readonly verifyOldPassword?: (oldPassword: string) => boolean;
}

/** All user form errors, one message per field (spec 002 §5). */
export function userFormErrors(form: UserForm, context: UserFormContext): FormErrors<UserFormField> {
  const errors: FormErrors<UserFormField> = {};
  const set = (field: UserFormField, message: string | null): void => {
    if (message !== null) errors[field] = message;
  };
  set('firstName', firstName(form.firstName));
  set('email', userEmailError(form.email, context.takenEmails));
  set('username', usernameError(form.username, context.takenUsernames));
  set('userLabel', userLabel(form.userLabel));
  set('userType', required(form.userType));
  set(
    'inventoryIds',
    inventoriesError(form.inventoryIds) ??
      externalIdentityInventoryError(form.inventoryIds, context.externalIdentityInventoryIds),
  );
  const settingPassword = context.passwordRequired || (form.password ?? '') !== '';
  if (settingPassword) {
    set('password', firstError(form.password, [required, password]));
    set('passwordConfirmation', passwordsMatch(form.password, form.passwordConfirmation));
  }
  if (context.verifyOldPassword !== undefined) {
    set('oldPassword', oldPasswordMatches(form.oldPassword, context.verifyOldPassword));
  }
  return errors;
}
