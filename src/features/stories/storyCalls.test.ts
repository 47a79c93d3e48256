import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractError } from '../../api/call.ts';
import { API_PREFIX } from '../../api/http.ts';
import { createStory, fetchStories, fetchUnitStory, selectUnitStory } from './storyCalls.ts';

const BASE = 'http://console.test';
const STORY = {
  storyId: 'STY-NEWS-1',
  inventoryId: 'INV-NEWS',
  slugline: 'FLOODS-RIVERSIDE',
  crewName: 'Crew 1',
  usageTerms: 'Internal use only',
  provider: 'Newsroom',
  reporter: 'A. Moreau',
  keywords: 'weather',
  comments: '',
  lastModified: 1_700_000_000_000,
};

describe('the story calls, through the contract', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const answer = (body: unknown, status = 200) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
  const sent = () => {
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    return { url: String(url).replace(`${BASE}${API_PREFIX}/`, ''), method: init?.method, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) };
  };
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { origin: BASE });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('asks an inventory’s stories by slugline, the first page of `limit`, and keeps every field of spec 001 §3', async () => {
    answer({ total: 9, limit: 50, offset: 0, stories: [STORY] });
    expect(await fetchStories('INV-NEWS', '  flood ', 50)).toEqual({ total: 9, limit: 50, offset: 0, stories: [STORY] });
    expect(sent()).toEqual({ url: 'v2/admin/inventories/INV-NEWS/stories?limit=50&searchKey=slugline&searchValue=flood', method: 'GET', body: undefined });
    answer({ total: 0, limit: 50, offset: 0, stories: [] });
    await fetchStories('INV-NEWS', '   ', 50);
    expect(sent().url).toBe('v2/admin/inventories/INV-NEWS/stories?limit=50');
  });

  it('adds a story and selects or clears a unit’s story', async () => {
    answer(STORY);
    expect(await createStory('INV-NEWS', { slugline: 'FLOODS-RIVERSIDE' })).toEqual(STORY);
    expect(sent()).toMatchObject({ url: 'v2/admin/inventories/INV-NEWS/stories', method: 'POST', body: { slugline: 'FLOODS-RIVERSIDE' } });
    answer({ uid: 'U1', inventoryId: 'INV-NEWS', storyId: 'STY-NEWS-1', story: STORY });
    expect((await selectUnitStory('U1', 'STY-NEWS-1')).story?.slugline).toBe('FLOODS-RIVERSIDE');
    expect(sent()).toMatchObject({ url: 'v2/units/U1/story', method: 'PUT', body: { storyId: 'STY-NEWS-1' } });
    answer({ uid: 'U1', inventoryId: null, storyId: null, story: null });
    expect(await selectUnitStory('U1', null)).toEqual({ uid: 'U1', inventoryId: null, storyId: null, story: null });
    expect(sent().body).toEqual({ storyId: null });
  });

  it.each<[unknown, string]>([
    [{ uid: 'U1', inventoryId: 'INV-NEWS', storyId: null }, 'no story field'],
    [{ uid: 'U1', inventoryId: 'INV-NEWS', storyId: 'S', story: { ...STORY, slugline: 7 } }, 'a slugline that is not text'],
    [{ story: null }, 'no uid'],
  ])('refuses the unit story answer %j (%s) as a broken contract', async (body) => {
    answer(body);
    await expect(fetchUnitStory('U1')).rejects.toBeInstanceOf(ContractError);
  });
});
