import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chooseGroup } from './groupChoice.ts';

const groups = [{ uid: 'G-1' }, { uid: 'G-2' }, { uid: 'G-3' }];

describe('chooseGroup: the group the fleet stream is bound to', () => {
  it.each([
    ['keeps the saved group the user still has', 'G-2', 'G-2'],
    ['falls back to the first group when none was saved', null, 'G-1'],
    ['falls back to the first group when the saved one is gone', 'G-9', 'G-1'],
    ['falls back to the first group for an empty saved id', '', 'G-1'],
  ] as const)('%s', (_name, saved, expected) => {
    expect(chooseGroup(groups, saved)).toBe(expected);
  });

  it('chooses nothing for a user without groups', () => {
    expect(chooseGroup([], 'G-1')).toBeNull();
  });

  it('always answers one of the user’s groups when there is one', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1 }), fc.option(fc.string()), (ids, saved) => {
        const chosen = chooseGroup(ids.map((uid) => ({ uid })), saved);
        expect(ids).toContain(chosen);
      }),
    );
  });
});
