import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  SHARE_MESSAGES,
  folderEditError,
  folderNameError,
  publisherNameError,
  shareName,
  subscriberErrors,
} from './shares.ts';
import type { SubscriberRecord } from './shares.ts';

const REQUIRED = 'This field is required';

describe('publisher and subscriber names (spec 002 §5: 1-32 characters)', () => {
  it.each([
    ['', REQUIRED],
    [' ', REQUIRED],
    ['a', null],
    ['a'.repeat(32), null],
    ['a'.repeat(33), 'Must have at most 32 characters'],
  ])('publisherNameError of a %#th name → %j', (name, expected) => {
    expect(publisherNameError(name)).toBe(expected);
  });

  it('passes exactly the non-blank names of 1-32 characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 40 }), (name) => {
        const ok = name.trim() !== '' && name.length <= 32;
        expect(shareName(name) === null).toBe(ok);
      }),
    );
  });
});

describe('subscribers (spec 002 §5: name and share key unique per inventory)', () => {
  const existing: SubscriberRecord[] = [
    { id: 's1', name: 'Newsroom', shareKey: 'KEY-1', inventoryId: 'inv-A' },
    { id: 's2', name: 'Sports', shareKey: 'KEY-2', inventoryId: 'inv-B' },
  ];

  it.each([
    ['a taken name in the same inventory', { name: 'newsroom', shareKey: 'KEY-9', inventoryId: 'inv-A' }, { name: 'Name field has to be unique' }],
    ['a taken share key in the same inventory', { name: 'Other', shareKey: 'KEY-1', inventoryId: 'inv-A' }, { shareKey: 'This field must be unique' }],
    ['the same name and key in another inventory', { name: 'Sports', shareKey: 'KEY-2', inventoryId: 'inv-A' }, {}],
    ['an empty name and key', { name: '', shareKey: '', inventoryId: 'inv-A' }, { name: REQUIRED, shareKey: REQUIRED }],
    ['a 33-character name', { name: 'n'.repeat(33), shareKey: 'KEY-9', inventoryId: 'inv-A' }, { name: 'Must have at most 32 characters' }],
    ['the subscriber being edited keeping its own name and key', { id: 's1', name: 'Newsroom', shareKey: 'KEY-1', inventoryId: 'inv-A' }, {}],
  ] as const)('reports %s', (_label, subscriber, expected) => {
    expect(subscriberErrors(subscriber, existing)).toEqual(expected);
  });
});

describe('folders (spec 002 §5: unique name; root folders cannot be edited)', () => {
  it.each([
    ['Clips', ['Archive'], null],
    ['clips', ['Clips'], 'Name field has to be unique'],
    ['', [], REQUIRED],
  ] as const)('folderNameError(%j, %j) → %j', (name, siblings, expected) => {
    expect(folderNameError(name, siblings)).toBe(expected);
  });

  it('refuses edits of a root folder only', () => {
    expect(folderEditError({ isRoot: true })).toBe(SHARE_MESSAGES.rootFolderNotEditable);
    expect(folderEditError({ isRoot: false })).toBeNull();
  });
});
