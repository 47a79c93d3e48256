/**
 * The REST calls of the story selection modal (our server: src/server/routes/stories.ts): the
 * inventory's stories (spec 001 §7 "stories and count"), adding one, and the story selected for a
 * unit (our path v2/units/{id}/story). Answers are decoded here, at the edge: inside, types are exact.
 */
import { apiRequest } from '../../api/http.ts';
import { STORY_TEXT_FIELDS, type Story, type StoryInput } from '../../domain/stories.ts';

export interface StoryPage {
  readonly total: number;
  readonly stories: readonly Story[];
}

export interface UnitStory {
  readonly uid: string;
  readonly inventoryId: string | null;
  readonly story: Story | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (record: Record<string, unknown>, key: string): string => (typeof record[key] === 'string' ? record[key] : '');

export class StoryDecodeError extends Error {}

export function decodeStory(value: unknown): Story {
  if (!isRecord(value) || typeof value['storyId'] !== 'string' || typeof value['slugline'] !== 'string') {
    throw new StoryDecodeError('The server answered a story without storyId or slugline');
  }
  const fields = Object.fromEntries(STORY_TEXT_FIELDS.map((field) => [field, text(value, field)])) as Record<(typeof STORY_TEXT_FIELDS)[number], string>;
  return {
    ...fields,
    storyId: value['storyId'],
    inventoryId: text(value, 'inventoryId'),
    lastModified: typeof value['lastModified'] === 'number' ? value['lastModified'] : 0,
  };
}

export function decodeStoryPage(value: unknown): StoryPage {
  if (!isRecord(value) || !Array.isArray(value['stories'])) throw new StoryDecodeError('The server answered no story list');
  return { total: typeof value['total'] === 'number' ? value['total'] : 0, stories: value['stories'].map(decodeStory) };
}

export function decodeUnitStory(value: unknown): UnitStory {
  if (!isRecord(value) || typeof value['uid'] !== 'string') throw new StoryDecodeError('The server answered no unit story');
  return {
    uid: value['uid'],
    inventoryId: typeof value['inventoryId'] === 'string' ? value['inventoryId'] : null,
    story: value['story'] === null || value['story'] === undefined ? null : decodeStory(value['story']),
  };
}

const inventoryStories = (inventoryId: string): string => `v2/admin/inventories/${encodeURIComponent(inventoryId)}/stories`;
const unitStory = (unitId: string): string => `v2/units/${encodeURIComponent(unitId)}/story`;

/** Stories of an inventory whose slugline contains `search` (case-insensitive), first page of `limit`. */
export async function fetchStories(inventoryId: string, search: string, limit: number, signal?: AbortSignal): Promise<StoryPage> {
  const query = { limit, ...(search.trim() !== '' ? { searchKey: 'slugline', searchValue: search.trim() } : {}) };
  return decodeStoryPage(await apiRequest(inventoryStories(inventoryId), { query, ...(signal ? { signal } : {}) }));
}

export async function createStory(inventoryId: string, input: StoryInput): Promise<Story> {
  return decodeStory(await apiRequest(inventoryStories(inventoryId), { method: 'POST', body: input }));
}

export async function fetchUnitStory(unitId: string, signal?: AbortSignal): Promise<UnitStory> {
  return decodeUnitStory(await apiRequest(unitStory(unitId), signal ? { signal } : {}));
}

export async function selectUnitStory(unitId: string, storyId: string | null): Promise<UnitStory> {
  return decodeUnitStory(await apiRequest(unitStory(unitId), { method: 'PUT', body: { storyId } }));
}
