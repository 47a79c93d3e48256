/**
 * The users area's calls (spec 002 §3 User, §5 Users, §7 "Users ... calls: paths not shown", §8).
 * Paths under v2/admin/users are ours, in the style of the other admin calls. The signed-in user's
 * own account calls are in account.ts.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, Page, PageQuery, Ref, Removed, RefTo } from './common.ts';
import { NAME_MAX_CHARS } from '../../domain/constants.ts';
import { USERNAME_MAX_LENGTH } from '../../domain/validation/users.ts';
import { PASSWORD_TEXT_MAX_LENGTH } from './account.ts';

const TAGS = ['users'] as const;

/** A user as the admin list shows it (never a password or its hash). */
export const UserRow = Schema.Struct({
  id: Id,
  username: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.NullOr(Schema.String),
  userLabel: Schema.String,
  userType: Schema.String,
  active: Schema.Boolean,
  sso: Schema.Boolean,
  /** The user's inventories the caller administers (all of them for a super user). */
  inventories: Schema.Array(Ref),
  /** The user's groups in those inventories. */
  groups: Schema.Array(Ref),
  createdAt: EpochMs,
});
export type UserRow = typeof UserRow.Type;

export const USER_SEARCH_KEYS = ['username', 'name', 'email', 'userType'] as const;
export const USER_SORT_KEYS = ['username', 'name', 'email', 'userType', 'createdAt'] as const;
export type UserSearchKey = (typeof USER_SEARCH_KEYS)[number];
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

export const UserPageQuery = Schema.Struct({ ...PageQuery(USER_SEARCH_KEYS, USER_SORT_KEYS).fields, inventoryId: Schema.optionalKey(RefTo('inventory')) });
export const UserPage = Page(UserRow);

export const listUsers = endpoint({
  method: 'GET',
  path: 'v2/admin/users',
  summary: 'Users of the inventories the caller administers (all for a super user), paged, searched and sorted; inventoryId narrows to one',
  tags: TAGS,
  query: UserPageQuery,
  response: UserPage,
});

const Password = Schema.String.check(Schema.isMaxLength(PASSWORD_TEXT_MAX_LENGTH));
/** A user's inventories: ids, each once; the rules (at least one, the caller's, no external identity) are the domain's. */
const InventoryIds = Schema.Array(RefTo('inventory')).check(Schema.isMaxLength(500));

/**
 * A new user. The texts' rules (username 3-255 of letters, digits and @ . + - _; first name
 * uppercase; e-mail valid and unique; label max 30; password rules) are checked by the domain
 * (src/domain/validation/users.ts), so each failing field gets the spec's message.
 */
export const NewUser = Schema.Struct({
  username: Schema.String.check(Schema.isMaxLength(USERNAME_MAX_LENGTH)),
  firstName: Schema.String.check(Schema.isMaxLength(NAME_MAX_CHARS)),
  lastName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(NAME_MAX_CHARS))),
  email: Schema.String.check(Schema.isMaxLength(NAME_MAX_CHARS)),
  userLabel: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(1024))),
  userType: Schema.String.check(Schema.isMaxLength(64)),
  inventoryIds: InventoryIds,
  password: Password,
  passwordConfirmation: Password,
});
export type NewUser = typeof NewUser.Type;

/**
 * Changes to a user. The username is the sign-in name and stays as created (ours). A password is
 * set only when `password` is given (with its confirmation); inventories replace the caller's
 * part of the user's inventories (those the caller does not administer are kept).
 */
export const UserChanges = Schema.Struct({
  firstName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(NAME_MAX_CHARS))),
  lastName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(NAME_MAX_CHARS))),
  email: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(NAME_MAX_CHARS))),
  userLabel: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(1024))),
  userType: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(64))),
  inventoryIds: Schema.optionalKey(InventoryIds),
  password: Schema.optionalKey(Password),
  passwordConfirmation: Schema.optionalKey(Password),
});
export type UserChanges = typeof UserChanges.Type;

export const getUser = endpoint({ method: 'GET', path: 'v2/admin/users/{id}', summary: 'One user', tags: TAGS, params: IdParams, response: UserRow });

export const createUser = endpoint({
  method: 'POST',
  path: 'v2/admin/users',
  summary: 'Create a user in some of the caller’s inventories; joins their auto-association groups',
  tags: TAGS,
  body: NewUser,
  response: UserRow,
  successStatus: 201,
});

export const updateUser = endpoint({
  method: 'PUT',
  path: 'v2/admin/users/{id}',
  summary: 'Change a user’s names, e-mail, label, type, inventories or password (not an SSO user)',
  tags: TAGS,
  params: IdParams,
  body: UserChanges,
  response: UserRow,
});

export const deactivateUser = endpoint({
  method: 'POST',
  path: 'v2/admin/users/{id}/deactivate',
  summary: 'Deactivate a user: they can no longer sign in, their sessions end and their websockets close',
  tags: TAGS,
  params: IdParams,
  response: UserRow,
});

export const activateUser = endpoint({
  method: 'POST',
  path: 'v2/admin/users/{id}/activate',
  summary: 'Activate a user again (needs a free user licence in each of their inventories)',
  tags: TAGS,
  params: IdParams,
  response: UserRow,
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: 'v2/admin/users/{id}',
  summary: 'Delete a user: their sessions, memberships, preferences and contact go with them',
  tags: TAGS,
  params: IdParams,
  response: Removed,
});

export const USER_ENDPOINTS = [listUsers, getUser, createUser, updateUser, deactivateUser, activateUser, deleteUser] as const;
