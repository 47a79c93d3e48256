/**
 * Deterministic unit seeds for the simulated fleet (issue 3 item 5): the identity core stores in
 * SQLite and hands back to the simulator. Product types in a realistic mix of spec 000 §3: mostly
 * field encoders, some LU-Smart and LU-Lite phone apps, some cameras, a few multipoint (ptmp) and
 * extender devices; placed on land (places.ts).
 */
import { assertNever } from '../../domain/brand.ts';
import { CAMERA_TYPES } from '../../domain/units/productTypes.ts';
import { LAND_AREAS } from './places.ts';
import { Random } from './random.ts';

export interface UnitSeed {
  uid: string;
  name: string;
  type: string;
  serial: string;
  groupId: string;
  inventoryId: string;
  lat: number;
  lng: number;
  swVersion: string;
}

/** The simulator's classes of unit, which decide links, battery and behaviour. */
export const SIM_FAMILIES = ['field', 'smart', 'lite', 'camera', 'ptmp', 'extender'] as const;
export type SimFamily = (typeof SIM_FAMILIES)[number];

/** Share of each family in the fleet (weights out of 100). */
export const FAMILY_MIX: readonly (readonly [SimFamily, number])[] = [
  ['field', 66],
  ['smart', 10],
  ['lite', 6],
  ['camera', 10],
  ['ptmp', 4],
  ['extender', 4],
];

/**
 * Field encoders of spec 000 §3 with weights (newer models more common). The excluded types
 * (300S, 300Se, 700SV) are left out.
 */
export const FIELD_TYPE_MIX: readonly (readonly [string, number])[] = [
  ['200', 2], ['200E', 1], ['210', 2], ['220', 2], ['40', 1], ['300', 3], ['300e', 2],
  ['400', 3], ['500', 4], ['600', 6], ['600c', 2], ['600 (DB)', 2], ['610', 5], ['610S', 3],
  ['710', 4], ['70L', 1], ['800', 8], ['800e', 5], ['810', 6],
  ['Solo', 2], ['Solo-Plus', 1], ['Solo Pro', 2], ['Solo Pro Plus', 1],
];
/** Extender devices (spec 000 §3: Drone and 800-Link) and the DataBridge boxes. */
export const EXTENDER_TYPE_MIX: readonly (readonly [string, number])[] = [
  ['Drone', 2], ['800-Link', 2], ['DataBridge Extender', 1], ['DataBridge Gateway', 1],
];

/** Software versions in the fleet (spec 000 §9: versions run from 3.5 to 9.0). */
export const SW_VERSION_MIX: readonly (readonly [string, number])[] = [
  ['6.4.2', 1], ['7.5.1', 3], ['7.8.2', 4], ['8.0.4', 4], ['8.5.1', 6], ['9.0.0', 3],
];

/**
 * A demo serial number in the spec's shape XNXXXNNNN (spec 001 §5), unique per index: 'L', a
 * digit, three letters counting the ten-thousands of the index, four digits of the index.
 */
export function demoSerial(index: number, digit: number): string {
  let block = Math.floor(index / 10_000);
  let letters = '';
  for (let k = 0; k < 3; k += 1) {
    letters = String.fromCharCode(65 + (block % 26)) + letters;
    block = Math.floor(block / 26);
  }
  return `L${digit}${letters}${String(index % 10_000).padStart(4, '0')}`;
}

export function familyOfType(type: string): SimFamily {
  if (type === 'Smart') return 'smart';
  if (type === 'Lite') return 'lite';
  if (type === 'PTMP') return 'ptmp';
  if ((CAMERA_TYPES as readonly string[]).includes(type)) return 'camera';
  if (EXTENDER_TYPE_MIX.some(([t]) => t === type)) return 'extender';
  return 'field';
}

function typeOf(family: SimFamily, random: Random): string {
  switch (family) {
    case 'field':
      return random.weighted(FIELD_TYPE_MIX);
    case 'smart':
      return 'Smart';
    case 'lite':
      return 'Lite';
    case 'camera':
      return random.pick(CAMERA_TYPES);
    case 'ptmp':
      return 'PTMP';
    case 'extender':
      return random.weighted(EXTENDER_TYPE_MIX);
    default:
      return assertNever(family, 'simulator family');
  }
}

/** Unit names allow letters, numbers, underscores and hyphens (spec 000 §5). */
function nameFor(city: string, type: string, index: number): string {
  return `${city}-${type.replace(/[^A-Za-z0-9]+/g, '')}-${String(index + 1).padStart(5, '0')}`;
}

/** The same (count, seed, groups) always gives the same seeds; uids are U000001, U000002, ... */
export function makeUnitSeeds(opts: { count: number; seed: number; groups: { groupId: string; inventoryId: string }[] }): UnitSeed[] {
  if (opts.groups.length === 0) throw new Error('makeUnitSeeds needs at least one group');
  const random = new Random(opts.seed);
  const weightedAreas = LAND_AREAS.map((area) => [area, area.weight] as const);
  const seeds: UnitSeed[] = [];
  for (let i = 0; i < opts.count; i += 1) {
    const family = random.weighted(FAMILY_MIX);
    const type = typeOf(family, random);
    const area = random.weighted(weightedAreas);
    const group = opts.groups[i % opts.groups.length] as { groupId: string; inventoryId: string };
    const lat = Math.round(random.between(area.latMin, area.latMax) * 1e5) / 1e5;
    const lng = Math.round(random.between(area.lngMin, area.lngMax) * 1e5) / 1e5;
    seeds.push({
      uid: `U${String(i + 1).padStart(6, '0')}`,
      name: nameFor(area.city, type, i),
      type,
      serial: demoSerial(i, random.int(0, 9)),
      groupId: group.groupId,
      inventoryId: group.inventoryId,
      lat,
      lng,
      swVersion: random.weighted(SW_VERSION_MIX),
    });
  }
  return seeds;
}
