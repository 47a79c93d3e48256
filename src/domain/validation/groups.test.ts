import { describe, it, expect } from 'vitest';
import { PARENT_IS_DESCENDANT, groupNameError, parentInventoryError } from './groups.ts';

describe('group name (spec 002 §5: letters, numbers, underscores, hyphens)', () => {
  it.each([
    ['Field_Crews-2', [], null],
    ['Field crews', [], 'Should contain only letters, numbers, underscores and hyphens'],
    ['', [], 'This field is required'],
    ['g'.repeat(255), [], null],
    ['g'.repeat(256), [], 'Must be no more than 255 characters'],
    ['field_crews-2', ['Field_Crews-2'], 'Name is already taken. Please select a different name'],
  ] as const)('groupNameError(%j, %j) → %j', (name, taken, expected) => {
    expect(groupNameError(name, taken)).toBe(expected);
  });
});

describe('parent inventory (spec 002 §5)', () => {
  // inv-root ← inv-a ← inv-b ← inv-c
  const parentOf = new Map<string, string | null>([
    ['inv-root', null],
    ['inv-a', 'inv-root'],
    ['inv-b', 'inv-a'],
    ['inv-c', 'inv-b'],
  ]);

  it.each([
    ['inv-a', 'inv-a', 'Parent inventory cannot be the current inventory'],
    ['inv-a', 'inv-root', null],
    ['inv-a', null, null],
    ['inv-a', 'inv-c', PARENT_IS_DESCENDANT],
    ['inv-b', 'inv-c', PARENT_IS_DESCENDANT],
    ['inv-c', 'inv-a', null],
  ] as const)('inventory %s with parent %j → %j', (current, parent, expected) => {
    expect(parentInventoryError(current, parent, parentOf)).toBe(expected);
  });

  it('checks only equality when no hierarchy is given', () => {
    expect(parentInventoryError('inv-a', 'inv-c')).toBeNull();
    expect(parentInventoryError('inv-a', 'inv-a')).toBe('Parent inventory cannot be the current inventory');
  });

  it('stops on a hierarchy that already loops', () => {
    const looped = new Map<string, string | null>([
      ['x', 'y'],
      ['y', 'x'],
    ]);
    expect(parentInventoryError('z', 'x', looped)).toBeNull();
  });
});
