import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { USER_TYPES } from './roles/userTypes.ts';
import type { UserType } from './roles/userTypes.ts';
import {
  DEFAULT_STORY_SEARCH_KEY,
  STORY_FIELD_MAX_LENGTH,
  STORY_MESSAGES,
  STORY_SEARCH_KEYS,
  STORY_TEXT_FIELDS,
  mayEditStories,
  mergeStory,
  storySelectionError,
  storyWriteRefusal,
} from './stories.ts';

// spec 001 §9 (validation): "Story fields max 1024, slugline required."
const REQUIRED = 'This field is required';
const TOO_LONG = 'Must have at most 1024 characters';

describe('story fields (spec 001: "Story fields max 1024, slugline required")', () => {
  it('keeps the limit at 1024', () => {
    expect(STORY_FIELD_MAX_LENGTH).toBe(1024);
  });

  it('names the entity fields of spec 001 §3 that a user types', () => {
    expect([...STORY_TEXT_FIELDS].sort()).toEqual(['comments', 'crewName', 'keywords', 'provider', 'reporter', 'slugline', 'usageTerms']);
  });

  it.each(['', '   ', undefined])('refuses a new story without slugline (%j) with "This field is required"', (slugline) => {
    const { errors } = mergeStory(slugline === undefined ? {} : { slugline });
    expect(errors).toEqual({ slugline: REQUIRED });
  });

  it.each(STORY_TEXT_FIELDS)('takes 1024 characters in %s and refuses 1025 with the spec message', (field) => {
    const base = { slugline: 'FIRE-DOWNTOWN' };
    expect(mergeStory({ ...base, [field]: 'x'.repeat(1024) }).errors).toEqual({});
    expect(mergeStory({ ...base, [field]: 'x'.repeat(1025) }).errors).toEqual({ [field]: TOO_LONG });
  });

  it('counts characters, not UTF-16 units (1024 emoji pass)', () => {
    expect(mergeStory({ slugline: '📺'.repeat(1024) }).errors).toEqual({});
    expect(mergeStory({ slugline: '📺'.repeat(1025) }).errors).toEqual({ slugline: TOO_LONG });
  });

  it('trims the slugline and keeps other fields as typed', () => {
    expect(mergeStory({ slugline: '  FLOOD  ', comments: '  note ' }).form).toMatchObject({ slugline: 'FLOOD', comments: '  note ', reporter: '' });
  });

  it('changes only the given fields of a stored story', () => {
    const stored = mergeStory({ slugline: 'A', reporter: 'Kim', keywords: 'x' }).form;
    const { form, errors } = mergeStory({ reporter: 'Lee' }, stored);
    expect(errors).toEqual({});
    expect(form).toEqual({ ...stored, reporter: 'Lee' });
    expect(mergeStory({ slugline: '' }, stored).errors).toEqual({ slugline: REQUIRED });
  });

  it('passes exactly the inputs with a non-blank slugline and every field within 1024', () => {
    const text = fc.string({ maxLength: 1030, unit: 'grapheme-ascii' });
    fc.assert(
      fc.property(fc.record({ slugline: text, comments: text, keywords: text }), (input) => {
        const ok = input.slugline.trim() !== '' && [input.slugline.trim(), input.comments, input.keywords].every((v) => v.length <= 1024);
        expect(Object.keys(mergeStory(input).errors).length === 0).toBe(ok);
      }),
      { numRuns: 200 },
    );
  });
});

describe('who may add, delete or configure stories (spec 001 §6 "Some user types cannot…"; the list is ours)', () => {
  const DENIED: readonly UserType[] = ['luc_read', 'luc_vr_viewer', 'luc_application', 'luc_freelancer', 'luc_unit_control'];
  it.each(USER_TYPES.map((type) => [type, !DENIED.includes(type)] as const))('%s → may edit: %s', (type, allowed) => {
    expect(mayEditStories([type])).toBe(allowed);
    expect(storyWriteRefusal([type])).toBe(allowed ? null : STORY_MESSAGES.editingRefused);
  });

  it('lets the restriction win when a user holds a denied type as well', () => {
    expect(mayEditStories(['luc_regular', 'luc_read'])).toBe(false);
    expect(mayEditStories([])).toBe(false);
  });
});

describe('story selection for a unit (ours: a story of the unit’s own inventory)', () => {
  it.each([
    [{ inventoryId: 'INV-A' }, 'INV-A', null],
    [{ inventoryId: 'INV-B' }, 'INV-A', STORY_MESSAGES.notInInventory],
    [undefined, 'INV-A', STORY_MESSAGES.notInInventory],
    [{ inventoryId: 'INV-A' }, null, STORY_MESSAGES.notInInventory],
  ])('story %j for a unit of %j → %j', (story, inventory, expected) => {
    expect(storySelectionError(story, inventory)).toBe(expected);
  });

  it('searches by slugline by default, among entity fields only', () => {
    expect(DEFAULT_STORY_SEARCH_KEY).toBe('slugline');
    expect(STORY_SEARCH_KEYS).toContain(DEFAULT_STORY_SEARCH_KEY);
  });
});
