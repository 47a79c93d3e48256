import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  FOLDER_MESSAGES,
  ROOT_FOLDER_NAMES,
  SHARE_FOLDER_NAME_MAX_LENGTH,
  folderDeletionRefusal,
  partyFormErrors,
  shareFolderNameError,
} from './shares.ts';

const REQUIRED = 'This field is required'; // spec 002 §5
const UNIQUE_NAME = 'Name field has to be unique'; // spec 002 §5
const MUST_BE_UNIQUE = 'This field must be unique'; // spec 002 §5
const ROOT_FIXED = 'Root folders cannot be edited';

const existing = [{ id: 's1', name: 'Affiliate-North', shareKey: 'north-key-1', inventoryId: 'INV-A' }];
const form = (values: Partial<{ name: string; shareKey: string; description: string; id: string; inventoryId: string }>) => ({ name: 'x', shareKey: '', description: '', inventoryId: 'INV-A', ...values });

describe('the publisher and subscriber form (spec 002 §3, §5)', () => {
  it.each<[string, 'publishers' | 'subscribers', ReturnType<typeof form>, Record<string, string>]>([
    ['a fine publisher', 'publishers', form({ name: 'Main' }), {}],
    ['a blank name', 'publishers', form({ name: '  ' }), { name: REQUIRED }],
    ['33 characters', 'subscribers', form({ name: 'n'.repeat(33) }), { name: 'Must have at most 32 characters' }],
    ['32 characters', 'subscribers', form({ name: 'n'.repeat(32) }), {}],
    ['a short key', 'publishers', form({ shareKey: 'short' }), { shareKey: 'Must have at least 8 characters' }],
    ['an empty key (drawn by the server)', 'subscribers', form({ shareKey: '' }), {}],
    ['a 256-character description', 'publishers', form({ description: 'd'.repeat(256) }), { description: 'Must have at most 255 characters' }],
    ['a taken subscriber name, without case', 'subscribers', form({ name: 'affiliate-north' }), { name: UNIQUE_NAME }],
    ['a taken subscriber key, without case', 'subscribers', form({ name: 'New', shareKey: 'NORTH-KEY-1' }), { shareKey: MUST_BE_UNIQUE }],
    ['the same subscriber saved again', 'subscribers', form({ id: 's1', name: 'Affiliate-North', shareKey: 'north-key-1' }), {}],
    ['a taken name in another inventory', 'subscribers', form({ name: 'Affiliate-North', inventoryId: 'INV-B' }), {}],
    ['a publisher named like another (no rule in the spec)', 'publishers', form({ name: 'Affiliate-North' }), {}],
  ])('%s', (_label, kind, values, expected) => {
    expect(partyFormErrors(kind, values, existing)).toEqual(expected);
  });
});

describe('folders (spec 002 §5: "Folder name unique. Root folders cannot be edited")', () => {
  it.each<[string, string | null]>([
    ['', REQUIRED],
    ['Desk', null],
    ['all publishers', UNIQUE_NAME],
    ['f'.repeat(SHARE_FOLDER_NAME_MAX_LENGTH), null],
    ['f'.repeat(SHARE_FOLDER_NAME_MAX_LENGTH + 1), 'Must have at most 32 characters'],
  ])('name %j → %j', (name, expected) => {
    expect(shareFolderNameError(name, [ROOT_FOLDER_NAMES.publishers])).toBe(expected);
  });

  it.each<[boolean, number, number, string | null]>([
    [true, 0, 0, ROOT_FIXED],
    [true, 3, 1, ROOT_FIXED],
    [false, 0, 0, null],
    [false, 1, 0, FOLDER_MESSAGES.notEmpty],
    [false, 0, 1, FOLDER_MESSAGES.notEmpty],
  ])('root %s holding %i parties and %i folders → %j', (isRoot, parties, folders, expected) => {
    expect(folderDeletionRefusal({ isRoot }, { parties, folders })).toBe(expected);
  });

  it('a root folder is never deletable, whatever it holds', () => {
    fc.assert(fc.property(fc.nat(), fc.nat(), (parties, folders) => folderDeletionRefusal({ isRoot: true }, { parties, folders }) === ROOT_FIXED));
  });
});
