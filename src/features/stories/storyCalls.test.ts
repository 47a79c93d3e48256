import { describe, it, expect } from 'vitest';
import { StoryDecodeError, decodeStory, decodeStoryPage, decodeUnitStory } from './storyCalls.ts';

const wire = {
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

describe('story answers decoded at the edge', () => {
  it('keeps every field of spec 001 §3', () => {
    expect(decodeStory(wire)).toEqual(wire);
  });

  it('reads missing text fields as empty and refuses a story without id or slugline', () => {
    expect(decodeStory({ storyId: 'S', slugline: 'X' })).toMatchObject({ reporter: '', inventoryId: '', lastModified: 0 });
    expect(() => decodeStory({ slugline: 'X' })).toThrow(StoryDecodeError);
    expect(() => decodeStory({ storyId: 'S', slugline: 7 })).toThrow(StoryDecodeError);
    expect(() => decodeStory(null)).toThrow(StoryDecodeError);
  });

  it('decodes a page and a unit’s selection (null when none)', () => {
    expect(decodeStoryPage({ total: 9, limit: 50, offset: 0, stories: [wire] })).toEqual({ total: 9, stories: [wire] });
    expect(() => decodeStoryPage({ total: 1 })).toThrow(StoryDecodeError);
    expect(decodeUnitStory({ uid: 'U1', inventoryId: 'INV-NEWS', storyId: null, story: null })).toEqual({ uid: 'U1', inventoryId: 'INV-NEWS', story: null });
    expect(decodeUnitStory({ uid: 'U1', inventoryId: null, storyId: 'STY-NEWS-1', story: wire }).story?.slugline).toBe('FLOODS-RIVERSIDE');
    expect(() => decodeUnitStory({ story: wire })).toThrow(StoryDecodeError);
  });
});
