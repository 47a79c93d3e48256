import { describe, expect, it } from 'vitest';
import { IdInterner } from './idInterner.ts';

/** A string equal to `text` but a different object (as each binary frame decodes its ids). */
const fresh = (text: string): string => [...text].join('');

describe('IdInterner', () => {
  it('gives the first string seen for an id, and the snapshot ids after a reset', () => {
    const ids = new IdInterner();
    const first = fresh('U-00001');
    expect(ids.intern(first)).toBe(first);
    expect(ids.intern(fresh('U-00001'))).toBe(first);
    const model = fresh('U-00001');
    ids.reset([model, 'C-1']);
    expect(ids.intern(fresh('U-00001'))).toBe(model);
    expect(ids.size).toBe(2);
  });
});
