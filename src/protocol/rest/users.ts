/**
 * The users area's calls (spec 002 §3 User, §5 Users, §7 "Users ... calls: paths not shown", §8).
 * Paths under v2/admin/users are ours, in the style of the other admin calls.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, Page, PageQuery, Ref } from './common.ts';

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
  inventories: Schema.Array(Ref),
  groups: Schema.Array(Ref),
  createdAt: EpochMs,
});
export type UserRow = typeof UserRow.Type;

export const USER_SEARCH_KEYS = ['username', 'name', 'email', 'userType'] as const;
export const USER_SORT_KEYS = ['username', 'name', 'email', 'userType', 'createdAt'] as const;

export const listUsers = endpoint({
  method: 'GET',
  path: 'v2/admin/users',
  summary: 'Users of the inventories the caller administers (all for a super user), paged, searched and sorted; inventoryId narrows to one',
  tags: TAGS,
  query: Schema.Struct({ ...PageQuery(USER_SEARCH_KEYS, USER_SORT_KEYS).fields, inventoryId: Schema.optionalKey(Id) }),
  response: Page(UserRow),
});
