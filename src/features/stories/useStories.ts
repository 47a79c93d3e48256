/**
 * TanStack Query hooks of the story selection: the unit's selected story (shown on the unit page
 * header), the inventory's stories for a search, and the two writes. Keys start with 'session' so
 * signing out drops them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMay } from '../../app/useMay.ts';
import type { StoryInput } from '../../domain/stories.ts';
import { createStory, fetchStories, fetchUnitStory, selectUnitStory } from './storyCalls.ts';
import { keepWithinListing } from '../../components/admin/keepWithinListing.ts';

/** Stories shown at once in the modal (ours); the search narrows the rest. */
export const STORY_LIST_LIMIT = 50;

export const unitStoryKey = (unitId: string) => ['session', 'unit', unitId, 'story'] as const;
export const inventoryStoriesKey = (inventoryId: string) => ['session', 'inventory', inventoryId, 'stories'] as const;

export function useUnitStory(unitId: string) {
  return useQuery({ queryKey: unitStoryKey(unitId), queryFn: ({ signal }) => fetchUnitStory(unitId, signal) });
}

export function useInventoryStories(inventoryId: string | null, search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...inventoryStoriesKey(inventoryId ?? ''), search.trim()],
    queryFn: ({ signal }) => fetchStories(inventoryId ?? '', search, STORY_LIST_LIMIT, signal),
    enabled: enabled && inventoryId !== null,
    placeholderData: keepWithinListing(inventoryStoriesKey(inventoryId ?? '')),
  });
}

export function useSelectStory(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string | null) => selectUnitStory(unitId, storyId),
    onSuccess: (answer) => queryClient.setQueryData(unitStoryKey(unitId), answer),
  });
}

export function useCreateStory(inventoryId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoryInput) => createStory(inventoryId ?? '', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryStoriesKey(inventoryId ?? '') }),
  });
}

/** spec 001 §6: some user types cannot add, delete or configure stories (the permissions table's 'stories.edit'). */
export function useMayEditStories(): boolean {
  return useMay('stories.edit');
}
