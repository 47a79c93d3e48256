/**
 * The REST calls of the story selection modal, through the contract (src/protocol/rest/stories.ts):
 * the inventory's stories (spec 001 §7 "stories and count"), adding one, and the story selected for
 * a unit (our path v2/units/{id}/story). The answers are decoded by `call` with the endpoint's
 * Schema; a refused story rejects with an ApiError whose `fields` name each bad field.
 */
import { call } from '../../api/call.ts';
import type { StoryInput } from '../../domain/stories.ts';
import { createStory as createStoryEndpoint, getUnitStory, listStories, selectUnitStory as selectUnitStoryEndpoint, type StoryPage, type StoryView, type UnitStory } from '../../protocol/rest/stories.ts';

export type { StoryPage, StoryView, UnitStory } from '../../protocol/rest/stories.ts';

const withSignal = (signal: AbortSignal | undefined) => (signal !== undefined ? { signal } : {});

/** Stories of an inventory whose slugline contains `search` (case-insensitive), first page of `limit`. */
export function fetchStories(inventoryId: string, search: string, limit: number, signal?: AbortSignal): Promise<StoryPage> {
  const searching = search.trim() !== '' ? { searchKey: 'slugline' as const, searchValue: search.trim() } : {};
  return call(listStories, { params: { inv: inventoryId }, query: { limit, ...searching } }, withSignal(signal));
}

export function createStory(inventoryId: string, input: StoryInput): Promise<StoryView> {
  return call(createStoryEndpoint, { params: { inv: inventoryId }, body: input });
}

export function fetchUnitStory(unitId: string, signal?: AbortSignal): Promise<UnitStory> {
  return call(getUnitStory, { params: { id: unitId } }, withSignal(signal));
}

export function selectUnitStory(unitId: string, storyId: string | null): Promise<UnitStory> {
  return call(selectUnitStoryEndpoint, { params: { id: unitId }, body: { storyId } });
}
