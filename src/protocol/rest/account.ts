/**
 * The signed-in user's own account (spec 002 §3 User, "contact"; §5 Users; §7 "User and client":
 * users/fetch_current_user_details, users/update_current_user, users/contact). The password change
 * call is ours (the spec lists "old password does not match" and "passwords do not match" among its
 * errors but shows no path): POST users/change_password.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, Ref, TextBetween } from './common.ts';
import { NAME_MAX_CHARS } from '../../domain/constants.ts';
import { CONTACT_PHONE_MAX_LENGTH, CONTACT_TEXT_MAX_LENGTH } from '../../domain/users.ts';
import { CURRENT_USER_CALL } from './sessionCalls.ts';

const TAGS = ['account'] as const;

/** Longest password text a call accepts (characters): far above any rule, short enough to hash cheaply. */
export const PASSWORD_TEXT_MAX_LENGTH = 1024;

/** The signed-in user as the console reads it (spec 002 §3 "User"); never a password or its hash. */
export const CurrentUserDetails = Schema.Struct({
  id: Id,
  /** The same id, under the name the client configuration uses. */
  userId: Id,
  username: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.NullOr(Schema.String),
  userLabel: Schema.String,
  userType: Schema.String,
  active: Schema.Boolean,
  /** Enterprise (SSO) user: managed by the IT admin, not editable here (spec 002 §5). */
  sso: Schema.Boolean,
  superuser: Schema.Boolean,
  groups: Schema.Array(Schema.Struct({ uid: Id, name: Schema.String, inventoryId: Id })),
  inventories: Schema.Array(Ref),
  /** ms since the epoch; null without an expiry policy. */
  passwordExpirationDate: Schema.NullOr(Schema.Int),
  /** Seconds left (negative once expired); null without an expiry policy (spec 002 §3). */
  secondsToPwdExpiration: Schema.NullOr(Schema.Int),
  forcePasswordChange: Schema.Boolean,
});
export type CurrentUserDetails = typeof CurrentUserDetails.Type;

export const fetchCurrentUserDetails = endpoint({
  ...CURRENT_USER_CALL,
  summary: 'The signed-in user',
  tags: TAGS,
  response: CurrentUserDetails,
});

/** What a user may change of their own account; the rules are the domain's (first name, e-mail, label). */
export const ProfileChanges = Schema.Struct({
  firstName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(NAME_MAX_CHARS))),
  lastName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(NAME_MAX_CHARS))),
  /** '' or null clears it. */
  email: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(NAME_MAX_CHARS)))),
  userLabel: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(1024))),
}).check(Schema.isMinProperties(1));
export type ProfileChanges = typeof ProfileChanges.Type;

/**
 * The answer of a profile change: the user as stored, and when a new e-mail was asked for, the
 * address a confirmation code was sent to (the e-mail changes once confirmed; the answer is the same
 * whether another account uses the address or not, issue 16 item 5).
 */
export const ProfileAnswer = Schema.Struct({ ...CurrentUserDetails.fields, emailConfirmationSentTo: Schema.optionalKey(Schema.String) });
export type ProfileAnswer = typeof ProfileAnswer.Type;

export const updateCurrentUser = endpoint({
  method: 'POST',
  path: 'users/update_current_user',
  summary: 'Update the signed-in user (names, user label; a new e-mail is mailed a confirmation code); SSO users are refused',
  tags: TAGS,
  body: ProfileChanges,
  response: ProfileAnswer,
});

/** Longest confirmation code accepted (characters; ours are 43). */
export const EMAIL_TOKEN_MAX_LENGTH = 256;

export const confirmEmail = endpoint({
  method: 'POST',
  path: 'users/confirm_email',
  summary: 'Ours: the code mailed to a new address changes the signed-in user’s e-mail (once, within 24 h)',
  tags: TAGS,
  body: Schema.Struct({ token: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(EMAIL_TOKEN_MAX_LENGTH)) }),
  response: CurrentUserDetails,
});

/** Contact details (fields ours): phone digits only, company, postal address. '' = none. */
export const Contact = Schema.Struct({
  phone: Schema.String.check(Schema.isMaxLength(CONTACT_PHONE_MAX_LENGTH)),
  company: Schema.String.check(Schema.isMaxLength(CONTACT_TEXT_MAX_LENGTH)),
  address: Schema.String.check(Schema.isMaxLength(CONTACT_TEXT_MAX_LENGTH)),
});
export type Contact = typeof Contact.Type;

export const ContactAnswer = Schema.Struct({ ...Contact.fields, userId: Id, email: Schema.NullOr(Schema.String), updatedAt: Schema.NullOr(EpochMs) });
export type ContactAnswer = typeof ContactAnswer.Type;

export const getContact = endpoint({
  method: 'GET',
  path: 'users/contact',
  summary: 'The signed-in user’s contact details (empty texts until saved) and e-mail',
  tags: TAGS,
  response: ContactAnswer,
});

export const saveContact = endpoint({
  method: 'POST',
  path: 'users/contact',
  summary: 'Save the signed-in user’s contact details (every field replaced; phone digits only)',
  tags: TAGS,
  body: Contact,
  response: ContactAnswer,
});

export const PasswordChange = Schema.Struct({
  oldPassword: TextBetween(0, PASSWORD_TEXT_MAX_LENGTH),
  password: TextBetween(0, PASSWORD_TEXT_MAX_LENGTH),
  passwordConfirmation: TextBetween(0, PASSWORD_TEXT_MAX_LENGTH),
});
export type PasswordChange = typeof PasswordChange.Type;

export const PasswordChanged = Schema.Struct({
  passwordExpirationDate: Schema.NullOr(Schema.Int),
  secondsToPwdExpiration: Schema.NullOr(Schema.Int),
  /** The user's other sessions that were ended (this one stays signed in). */
  otherSessionsEnded: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
});

export const changePassword = endpoint({
  method: 'POST',
  path: 'users/change_password',
  summary: 'Change the signed-in user’s password: the old one must match, the new one follow the rules and match its confirmation; other sessions end',
  tags: TAGS,
  body: PasswordChange,
  response: PasswordChanged,
});

export const ACCOUNT_ENDPOINTS = [fetchCurrentUserDetails, updateCurrentUser, getContact, saveContact, changePassword] as const;
