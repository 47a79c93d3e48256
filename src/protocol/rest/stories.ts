/**
 * The stories area's calls (spec 001 §3 Story, §6 "Some user types cannot add, delete or configure
 * stories", §7 "Inventory sub-resources: … stories and count", §9 "Story fields max 1024, slugline
 * required") and the story selected for a unit. The spec shows no paths or shapes for them: the
 * paths under v2/admin/inventories/{inv}/stories and v2/units/{id}/story are ours (docs/api.md
 * "Stories").
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, PageQuery, RefTo, PartOf } from './common.ts';
import { STORY_SEARCH_KEYS, STORY_SORT_KEYS, STORY_TEXT_FIELDS, type StoryTextField } from '../../domain/stories.ts';

const TAGS = ['stories'] as const;

/**
 * Longest text a body's story field may carry (characters). Above the spec's 1024 so that
 * 1025-4096 characters get the spec's own words from the domain ("Must have at most 1024
 * characters", on the field); beyond that the schema refuses.
 */
export const STORY_FIELD_BOUND = 4096;

const textFields = <S extends Schema.Top>(schemaOf: () => S) => Object.fromEntries(STORY_TEXT_FIELDS.map((field) => [field, schemaOf()])) as Record<StoryTextField, S>;

/** A story as stored: the seven text fields of spec 001 §3, its id and the time of its last change. */
export const StoryView = Schema.Struct({
  storyId: Id,
  inventoryId: Id,
  ...textFields(() => Schema.String),
  lastModified: EpochMs,
});
export type StoryView = typeof StoryView.Type;

/** Any of the text fields: on a creation the others are empty, on a change the others are kept. */
export const StoryFields = Schema.Struct(textFields(() => Schema.optionalKey(Schema.String.check(Schema.isMaxLength(STORY_FIELD_BOUND)))));
export type StoryFields = typeof StoryFields.Type;

/** `v2/admin/inventories/{inv}/stories`: the inventory must be one of the caller's (404 otherwise). */
export const InventoryParams = Schema.Struct({ inv: Id });
export const InventoryStoryParams = Schema.Struct({ inv: Id, storyId: PartOf('story of the inventory') });

/** limit (50), offset, searchKey (slugline), searchValue, sortBy (slugline), sortDir (asc). */
export const StoryPageQuery = PageQuery(STORY_SEARCH_KEYS, STORY_SORT_KEYS);

export const StoryPage = Schema.Struct({
  total: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  limit: Schema.Int,
  offset: Schema.Int,
  stories: Schema.Array(StoryView),
});
export type StoryPage = typeof StoryPage.Type;

export const StoryCountQuery = Schema.Struct({
  searchKey: StoryPageQuery.fields.searchKey,
  searchValue: StoryPageQuery.fields.searchValue,
  crnt_vcg_uid: StoryPageQuery.fields.crnt_vcg_uid,
});

export const listStories = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{inv}/stories',
  summary: 'Stories of an inventory: search (searchKey default slugline), sort and paging (limit default 50)',
  tags: TAGS,
  params: InventoryParams,
  query: StoryPageQuery,
  response: StoryPage,
});

export const countStories = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories/{inv}/stories/count',
  summary: 'How many stories of an inventory match the search',
  tags: TAGS,
  params: InventoryParams,
  query: StoryCountQuery,
  response: Schema.Struct({ count: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) }),
});

export const createStory = endpoint({
  method: 'POST',
  path: 'v2/admin/inventories/{inv}/stories',
  summary: 'Add a story (slugline required, every field at most 1024 characters)',
  tags: TAGS,
  params: InventoryParams,
  body: StoryFields,
  response: StoryView,
});

export const updateStory = endpoint({
  method: 'PUT',
  path: 'v2/admin/inventories/{inv}/stories/{storyId}',
  summary: 'Change a story’s fields (the fields given replace the stored ones)',
  tags: TAGS,
  params: InventoryStoryParams,
  body: StoryFields,
  response: StoryView,
});

export const deleteStory = endpoint({
  method: 'DELETE',
  path: 'v2/admin/inventories/{inv}/stories/{storyId}',
  summary: 'Delete a story (units that had it selected have none afterwards)',
  tags: TAGS,
  params: InventoryStoryParams,
  response: Schema.Struct({ storyId: Id, deleted: Schema.Literal(true) }),
});

// ── The story of a unit (ours) ──────────────────────────────────────────────────────────────

/** The unit's selected story (null when none) and the inventory its stories come from. */
export const UnitStory = Schema.Struct({
  uid: Id,
  inventoryId: Schema.NullOr(Id),
  storyId: Schema.NullOr(Id),
  story: Schema.NullOr(StoryView),
});
export type UnitStory = typeof UnitStory.Type;

const UnitParams = Schema.Struct({ id: Id });

export const getUnitStory = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/story',
  summary: 'The story selected for a unit (null when none) and the inventory its stories come from',
  tags: ['units', ...TAGS],
  params: UnitParams,
  response: UnitStory,
});

export const selectUnitStory = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/story',
  summary: 'Select a story of the unit’s inventory for the unit ({storyId: null} clears it)',
  tags: ['units', ...TAGS],
  params: UnitParams,
  body: Schema.Struct({ storyId: Schema.NullOr(RefTo('story')) }),
  response: UnitStory,
});

/** Every endpoint of the area. */
export const STORY_ENDPOINTS = [listStories, countStories, createStory, updateStory, deleteStory, getUnitStory, selectUnitStory] as const;
