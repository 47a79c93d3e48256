/**
 * The activity feed's calls (issue 17 item 3): every write through the API as the server recorded
 * it (src/server/http/route.ts records each one; src/server/areas/activity/), read back by a time
 * span of at most 60 days, filtered by type (the area), user, entity and outcome, searched and
 * sorted. Paths and shapes are ours (the specs have no activity feed); docs/api.md lists them.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IntBetween, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, MAX_SEARCH_LENGTH, Page, SORT_DIRECTIONS, NotARef } from './common.ts';
import { ACTIVITY_OUTCOMES } from '../../domain/activity.ts';

const TAGS = ['activity'] as const;

/** The methods of a write (GET is never recorded). */
export const WRITE_METHODS = ['POST', 'PUT', 'DELETE'] as const;

export const ActivityEntry = Schema.Struct({
  id: Schema.Int,
  at: EpochMs,
  /** Who: the signed-in user (null id: a call without a session, e.g. a refused sign-in, with the username it named). */
  actor: Schema.Struct({ id: Schema.NullOr(Id), username: Schema.String, userType: Schema.String }),
  /** The Application-Id header the call carried. */
  applicationId: Schema.String,
  /** The type: the contract area of the call (groups, units, users, ...). */
  area: Schema.String,
  /** What: `METHOD path` of the endpoint, and its one-line summary. */
  operation: Schema.String,
  summary: Schema.String,
  method: Schema.Literals(WRITE_METHODS),
  status: Schema.Int,
  outcome: Schema.Literals(ACTIVITY_OUTCOMES),
  /** The server's message of a refusal or failure ('' when it went through). */
  message: Schema.String,
  /** Which entity: its kind (group, unit, user, inventory, or the area), id and name when known. */
  entity: Schema.Struct({ kind: Schema.String, id: Schema.String, name: Schema.String }),
  inventoryId: Schema.NullOr(Id),
  groupId: Schema.NullOr(Id),
  /** The request body, the entity before and the answer after (secrets redacted, 16 KiB at most each). */
  request: Schema.NullOr(Schema.Unknown),
  before: Schema.NullOr(Schema.Unknown),
  after: Schema.NullOr(Schema.Unknown),
  /** Fields whose value differs between before and after. */
  changed: Schema.Array(Schema.String),
});
export type ActivityEntry = typeof ActivityEntry.Type;

export const ACTIVITY_SEARCH_KEYS = ['any', 'username', 'entity', 'summary'] as const;
export const ACTIVITY_SORT_KEYS = ['at', 'username', 'area', 'entity', 'status'] as const;
export type ActivitySearchKey = (typeof ACTIVITY_SEARCH_KEYS)[number];
export type ActivitySortKey = (typeof ACTIVITY_SORT_KEYS)[number];

export const ActivityQuery = Schema.Struct({
  limit: Schema.optionalKey(IntBetween(1, MAX_PAGE_LIMIT)),
  offset: Schema.optionalKey(IntBetween(0, MAX_PAGE_OFFSET)),
  /** From (ms, inclusive); default 24 h ago; never before the 60 days kept. */
  from: Schema.optionalKey(EpochMs),
  /** To (ms, exclusive); default now. */
  to: Schema.optionalKey(EpochMs),
  /** The type: one area. */
  area: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(64))),
  /** One user (their id). */
  userId: Schema.optionalKey(NotARef('a filter over recorded history: the user may be gone')),
  /** One entity (its id, any kind). */
  entityId: Schema.optionalKey(NotARef('a filter over recorded history: the entity may be gone')),
  outcome: Schema.optionalKey(Schema.Literals(ACTIVITY_OUTCOMES)),
  searchKey: Schema.optionalKey(Schema.Literals(ACTIVITY_SEARCH_KEYS)),
  searchValue: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(MAX_SEARCH_LENGTH))),
  sortBy: Schema.optionalKey(Schema.Literals(ACTIVITY_SORT_KEYS)),
  sortDir: Schema.optionalKey(Schema.Literals(SORT_DIRECTIONS)),
});
export type ActivityQuery = typeof ActivityQuery.Type;

/**
 * A page of the feed. `total` counts at most ACTIVITY_COUNT_CAP + 1 matches (`capped` then): a
 * 60-day feed of a busy fleet is counted only as far as anyone pages; a search narrows it.
 */
export const ActivityPage = Schema.Struct({ ...Page(ActivityEntry).fields, capped: Schema.Boolean });
export type ActivityPage = typeof ActivityPage.Type;

/** The filters' choices: the areas with entries, and the users the caller may filter by. */
export const ActivityFacets = Schema.Struct({
  areas: Schema.Array(Schema.String),
  users: Schema.Array(Schema.Struct({ id: Id, username: Schema.String })),
});

export const listActivity = endpoint({
  method: 'GET',
  path: 'v2/activity',
  summary: 'The activity feed: writes through the API the caller may see (theirs; an admin’s inventories; all for a super user), newest first by default',
  tags: TAGS,
  query: ActivityQuery,
  response: ActivityPage,
});

export const activityFacets = endpoint({
  method: 'GET',
  path: 'v2/activity/facets',
  summary: 'The types (areas) and users the activity filters offer the caller, over the 60 days kept',
  tags: TAGS,
  response: ActivityFacets,
});

export const ACTIVITY_ENDPOINTS = [listActivity, activityFacets] as const;
