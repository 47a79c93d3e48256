import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isWithinListing, keepWithinListing } from './keepWithinListing.ts';

const page = (n: number) => ({ limit: 50, offset: (n - 1) * 50, sortBy: 'name', sortDir: 'asc' });

describe('keepWithinListing: the last rows stay on screen only within the same listing', () => {
  const cases: ReadonlyArray<readonly [string, readonly unknown[], readonly unknown[], boolean]> = [
    ['the next page of the same inventory', ['services', 'activation', 'inv-newsroom', page(1)], ['services', 'activation', 'inv-newsroom'], true],
    ['another search in the same group', ['groups', 'g1', 'members', 'units', 3], ['groups', 'g1', 'members', 'units'], true],
    ['another inventory (the CI failure: Sports rows under Newsroom)', ['services', 'activation', 'inv-sports', page(1)], ['services', 'activation', 'inv-newsroom'], false],
    ['another group', ['groups', 'g2', 'members', 'units', 1], ['groups', 'g1', 'members', 'units'], false],
    ['no inventory chosen before', ['services', 'activation', '', page(1)], ['services', 'activation', 'inv-newsroom'], false],
    ['a shorter key than the listing', ['services', 'activation'], ['services', 'activation', 'inv-newsroom'], false],
  ];
  it.each(cases)('%s', (_name, previousKey, baseKey, kept) => {
    const rows = { items: ['a row'] };
    expect(isWithinListing(previousKey, baseKey)).toBe(kept);
    expect(keepWithinListing(baseKey)(rows, { queryKey: previousKey })).toBe(kept ? rows : undefined);
  });

  it('shows nothing before the first answer', () => {
    expect(keepWithinListing(['a', 'b'])(undefined, undefined)).toBeUndefined();
  });

  it('keeps exactly when the previous key starts with the listing key (any keys)', () => {
    const part = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: 0, max: 5 }), fc.record({ page: fc.integer({ min: 1, max: 3 }) }));
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 3 }), fc.array(part, { maxLength: 3 }), fc.array(part, { minLength: 1, maxLength: 4 }), (base, tail, other) => {
        expect(isWithinListing([...base, ...tail], base)).toBe(true);
        const sameStart = other.length >= base.length && JSON.stringify(other.slice(0, base.length)) === JSON.stringify(base);
        expect(isWithinListing(other, base)).toBe(sameStart);
      }),
      { numRuns: 500 },
    );
  });
});
