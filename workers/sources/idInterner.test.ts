import { describe, expect, it } from 'vitest';
import { IdInterner } from './idInterner.ts';

/**
 * A string equal to `text` but a different object (as each binary frame decodes its ids). JavaScript
 * cannot observe which object a string is, so this checks values and the bound; the identity is
 * what the profile measures (docs/performance.md §3b).
 */
const fresh = (text: string): string => [...text].join('');

describe('IdInterner', () => {
  it('gives back an equal id, holds one entry per id, and only the snapshot ids after a reset', () => {
    const ids = new IdInterner();
    const first = fresh('U-00001');
    expect(ids.intern(first)).toBe(first);
    expect(ids.intern(fresh('U-00001'))).toBe(first);
    expect(ids.intern('U-00002')).toBe('U-00002');
    expect(ids.size).toBe(2);
    const model = fresh('U-00001');
    ids.reset([model, 'C-1']);
    expect(ids.intern(fresh('U-00001'))).toBe(model);
    expect(ids.size).toBe(2);
  });
});
