/**
 * Stories (metadata) as the unit page and the server use them: the entity (spec 001 §3), who may
 * add, delete or configure them (001 §6), how a request's fields become a checked story (001 §5:
 * fields max 1024, slugline required; the field checks live in validation/stories.ts), the
 * searchable fields of the inventory's story list (001 §7 "stories and count"), and which story a
 * unit may select (ours).
 */
import type { Roles } from './roles/roleSets.ts';
import { canEditStories, ROLE_SETS } from './roles/roleSets.ts';
import type { FormErrors } from './validation/check.ts';
import { STORY_TEXT_FIELDS, storyFormErrors } from './validation/stories.ts';
import type { StoryForm, StoryTextField } from './validation/stories.ts';

export { STORY_FIELD_MAX_LENGTH, STORY_TEXT_FIELDS } from './validation/stories.ts';
export type { StoryForm, StoryTextField } from './validation/stories.ts';

/** spec 001 §3: the whole entity. storyId and lastModified (ms since epoch) are set by the server. */
export interface Story extends StoryForm {
  readonly storyId: string;
  readonly inventoryId: string;
  readonly lastModified: number;
}

/**
 * spec 001 §6 "Some user types cannot add, delete or configure stories". Which ones is ours
 * (ROLE_SETS.storyEditingDenied): luc_read, luc_vr_viewer, luc_application, luc_freelancer,
 * luc_unit_control. Every other console user may.
 */
export const STORY_EDITING_DENIED = ROLE_SETS.storyEditingDenied;

/** Ours: the words of a refused story write (the spec names the rule, not the text). */
export const STORY_MESSAGES = {
  editingRefused: 'Your user type cannot add, delete or configure stories',
  notInInventory: "The story is not in this unit's inventory",
  notFound: 'Story not found',
} as const;

export function mayEditStories(roles: Roles): boolean {
  return canEditStories(roles);
}

/** The refusal message for a story add, change or delete, or null when the user may. */
export function storyWriteRefusal(roles: Roles): string | null {
  return mayEditStories(roles) ? null : STORY_MESSAGES.editingRefused;
}

/** A request body's story fields: any subset of the text fields (absent = unchanged / empty). */
export type StoryInput = Readonly<Partial<Record<StoryTextField, string>>>;

const EMPTY_FORM: StoryForm = Object.fromEntries(STORY_TEXT_FIELDS.map((field) => [field, ''])) as Record<StoryTextField, string>;

/**
 * The story a create (base undefined) or change (base = the stored story) would store, with its
 * errors. Given fields replace the base's; the slugline is trimmed (a blank one is "This field is
 * required"), other fields are kept as typed. Nothing is stored unless errors is empty.
 */
export function mergeStory(input: StoryInput, base?: StoryForm): { form: StoryForm; errors: FormErrors<StoryTextField> } {
  const merged: Record<StoryTextField, string> = { ...EMPTY_FORM };
  for (const field of STORY_TEXT_FIELDS) merged[field] = input[field] ?? base?.[field] ?? '';
  merged.slugline = merged.slugline.trim();
  return { form: merged, errors: storyFormErrors(merged) };
}

/** The fields a story list may be searched by (001 §7 "stories and count"); default slugline (ours). */
export const STORY_SEARCH_KEYS = ['slugline', 'storyId', 'crewName', 'provider', 'reporter', 'keywords'] as const;
export type StorySearchKey = (typeof STORY_SEARCH_KEYS)[number];
export const DEFAULT_STORY_SEARCH_KEY: StorySearchKey = 'slugline';

/** The orders of a story list (ours): by slugline (without case, the default) or by last change. */
export const STORY_SORT_KEYS = ['slugline', 'lastModified'] as const;
export type StorySortKey = (typeof STORY_SORT_KEYS)[number];

/** Ours: a story list page holds 50 stories unless asked otherwise (the unit list's page size, spec 000 §9). */
export const STORY_PAGE_SIZE = 50;

/**
 * Ours: a unit may select only a story of its own inventory (stories are inventory sub-resources,
 * 001 §7). Null when it may; a unit without an inventory can select none. An unknown story gets the
 * same words as another inventory's, so ids of other inventories reveal nothing.
 */
export function storySelectionError(story: Pick<Story, 'inventoryId'> | undefined, unitInventoryId: string | null): string | null {
  if (story === undefined) return STORY_MESSAGES.notInInventory;
  return unitInventoryId !== null && story.inventoryId === unitInventoryId ? null : STORY_MESSAGES.notInInventory;
}
