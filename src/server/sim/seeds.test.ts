import { describe, it, expect } from 'vitest';
import { makeUnitSeeds, familyOfType, FAMILY_MIX } from './seeds.ts';
import { LAND_AREAS } from './places.ts';
import { PRODUCT_TYPES, isExcludedType } from '../../domain/units/productTypes.ts';
import { NAME_PATTERN } from '../../domain/validation/names.ts';

const groups = [
  { groupId: 'G1', inventoryId: 'I1' },
  { groupId: 'G2', inventoryId: 'I1' },
];

describe('makeUnitSeeds', () => {
  const seeds = makeUnitSeeds({ count: 5000, seed: 1234, groups });

  it('is deterministic: same seed, same seeds; another seed, another fleet', () => {
    expect(makeUnitSeeds({ count: 5000, seed: 1234, groups })).toEqual(seeds);
    expect(makeUnitSeeds({ count: 50, seed: 1235, groups })).not.toEqual(seeds.slice(0, 50));
  });

  it('gives unique uids, names and serials', () => {
    for (const key of ['uid', 'name', 'serial'] as const) expect(new Set(seeds.map((s) => s[key])).size).toBe(seeds.length);
  });

  it('names units with letters, numbers, underscores and hyphens only (spec 000 §5)', () => {
    for (const s of seeds) expect(s.name).toMatch(NAME_PATTERN);
  });

  it('uses product types of spec 000 §3 and never the excluded ones', () => {
    for (const s of seeds) {
      expect(PRODUCT_TYPES as readonly string[]).toContain(s.type);
      expect(isExcludedType(s.type)).toBe(false);
    }
  });

  it.each(FAMILY_MIX.map(([family, weight]) => [family, weight]))('has about %s %s%% of the fleet', (family, weight) => {
    const share = (seeds.filter((s) => familyOfType(s.type) === family).length / seeds.length) * 100;
    expect(Math.abs(share - weight)).toBeLessThan(3);
  });

  it('places every unit inside one of the land boxes (never in an ocean)', () => {
    for (const s of seeds) {
      const inside = LAND_AREAS.some((a) => s.lat >= a.latMin && s.lat <= a.latMax && s.lng >= a.lngMin && s.lng <= a.lngMax);
      expect(inside, `${s.uid} at ${s.lat},${s.lng}`).toBe(true);
    }
  });

  it('spreads units over every continent of the table', () => {
    const cities = new Set(seeds.map((s) => s.name.split('-')[0]));
    expect(cities.size).toBe(LAND_AREAS.length);
  });

  it('assigns groups round-robin with their inventory', () => {
    expect(seeds.slice(0, 4).map((s) => `${s.groupId}/${s.inventoryId}`)).toEqual(['G1/I1', 'G2/I1', 'G1/I1', 'G2/I1']);
  });

  it('refuses to seed without a group', () => {
    expect(() => makeUnitSeeds({ count: 1, seed: 1, groups: [] })).toThrow('at least one group');
  });
});
