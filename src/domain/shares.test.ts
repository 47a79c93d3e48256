import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { USER_TYPES } from './roles/userTypes.ts';
import {
  MAX_SHARE_SUBSCRIBERS,
  SHARE_NAME_MAX_LENGTH,
  SHARE_NAME_MIN_LENGTH,
  SHARING_MESSAGES,
  maySeeShareKeys,
  publisherNameError,
  shareKey,
  shareKeyFromBytes,
  sharingSelectionError,
  subscriberErrors,
} from './shares.ts';

describe('publisher and subscriber names (spec 002 §5: "Publisher and subscriber names 1-32 characters")', () => {
  it('keeps the spec limits', () => {
    expect([SHARE_NAME_MIN_LENGTH, SHARE_NAME_MAX_LENGTH]).toEqual([1, 32]);
  });
  it.each([
    ['', 'This field is required'],
    ['a', null],
    ['a'.repeat(32), null],
    ['a'.repeat(33), 'Must have at most 32 characters'],
  ])('name of length %# → %j', (name, expected) => {
    expect(publisherNameError(name)).toBe(expected);
  });
  it('"Subscriber name and share key are unique per inventory"', () => {
    const existing = [{ id: 's1', name: 'Affiliate-East', shareKey: 'KEY-00001', inventoryId: 'INV-A' }];
    expect(subscriberErrors({ name: 'affiliate-east', shareKey: 'KEY-00001', inventoryId: 'INV-A' }, existing)).toEqual({
      name: 'Name field has to be unique',
      shareKey: 'This field must be unique',
    });
    expect(subscriberErrors({ name: 'Affiliate-East', shareKey: 'KEY-00001', inventoryId: 'INV-B' }, existing)).toEqual({});
  });
});

describe('share keys (ours: 8-64 letters, digits, dashes, underscores)', () => {
  it.each([
    ['', 'This field is required'],
    ['a'.repeat(7), 'Must have at least 8 characters'],
    ['a'.repeat(8), null],
    ['a'.repeat(64), null],
    ['a'.repeat(65), 'Must have at most 64 characters'],
    ['abc def gh', 'Should contain only alpha-numeric characters, dashes and underscores'],
    ['Key_2024-news', null],
  ])('shareKey(%j) → %j', (key, expected) => {
    expect(shareKey(key)).toBe(expected);
  });

  it('makes keys from random bytes that always pass the key rules', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 64 }), (bytes) => {
        const key = shareKeyFromBytes(bytes);
        expect(key).toHaveLength(bytes.length);
        expect(shareKey(key)).toBeNull();
      }),
    );
  });
});

describe('who sees share keys (spec 002 §6 media group set: super user or media group admin)', () => {
  it.each(USER_TYPES.map((type) => [type, type === 'super_user' || type === 'luc_media_group_admin'] as const))('%s → %s', (type, expected) => {
    expect(maySeeShareKeys([type])).toBe(expected);
  });
});

describe('a unit’s sharing options (ours: subscribers of its inventory, each once, at most 64)', () => {
  const inventory = ['S1', 'S2', 'S3'];
  it.each([
    [[], null],
    [['S1', 'S3'], null],
    [['S1', 'S1'], "Subscriber 'S1' is listed twice"],
    [['S1', 'S9'], "Subscriber 'S9' is not in this unit's inventory"],
  ])('%j → %j', (ids, expected) => {
    expect(sharingSelectionError(ids, inventory)).toBe(expected);
  });

  it('takes 64 subscribers and refuses 65', () => {
    const many = Array.from({ length: 65 }, (_, i) => `S${i}`);
    expect(MAX_SHARE_SUBSCRIBERS).toBe(64);
    expect(sharingSelectionError(many.slice(0, 64), many)).toBeNull();
    expect(sharingSelectionError(many, many)).toBe(SHARING_MESSAGES.tooMany);
  });
});
