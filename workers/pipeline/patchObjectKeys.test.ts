/**
 * The number keys of batteries and application name lists (patchObjectKeys.ts) stand for exactly
 * one JSON text each, and the columns writer that uses them (patchColumns.ts) still writes each
 * distinct text once per diff and decodes to what JSON gives: over random batteries (any subset of
 * the three fields in any order, extra fields, non-integer and out-of-range percentages, −0,
 * non-boolean flags, null-prototype objects) and random maps of application names (more than
 * MAX_NAMES, more distinct names than MAX_NAME_CODES).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UNIT_STATUSES } from '../../src/domain/units/status.ts';
import type { UnitStatus } from '../../src/domain/units/status.ts';
import { ASPECT } from './diff.ts';
import { decodePatchColumns, PATCH_COLUMNS_HEADER, PATCH_ROW_STRIDE, PatchColumnsWriter } from './patchColumns.ts';
import { batteryKey, mapNamesKey, MAX_NAME_CODES, MAX_NAMES, NameCodes, namesKey, NO_KEY } from './patchObjectKeys.ts';

// Few values, so that random batteries often share all but one field (a key that dropped a field would show).
const percentage = fc.oneof(fc.constantFrom(0, -0, 27, 28, 100), fc.constantFrom(27.5, 101, -1), fc.double({ min: -5, max: 120, noNaN: true }));
const flag = fc.oneof(fc.boolean(), fc.boolean(), fc.constantFrom<unknown>(0, 1, null, 'true', undefined));
type BatteryField = 'connected' | 'charging' | 'percentage' | 'voltage';
/** Every order of every subset of the three battery fields (16 lists, the empty one included). */
const FIELD_ORDERS: BatteryField[][] = (() => {
  const orders: BatteryField[][] = [[]];
  const grow = (prefix: BatteryField[]) => {
    for (const field of ['connected', 'charging', 'percentage'] as const) {
      if (prefix.includes(field)) continue;
      orders.push([...prefix, field]);
      grow([...prefix, field]);
    }
  };
  grow([]);
  return orders;
})();
/** A battery-like object: some of the fields in some order, sometimes odd values, an extra field or another prototype. */
const battery: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.oneof({ arbitrary: fc.constantFrom(...FIELD_ORDERS), weight: 4 }, { arbitrary: fc.shuffledSubarray(['connected', 'charging', 'percentage', 'voltage'] as const), weight: 1 }),
    fc.record({ connected: flag, charging: flag, percentage, voltage: fc.integer({ min: 0, max: 20 }) }),
    fc.constantFrom('plain', 'plain', 'plain', 'nullProto'),
  )
  .map(([names, values, proto]) => {
    const object: Record<string, unknown> = proto === 'plain' ? {} : (Object.create(null) as Record<string, unknown>);
    for (const name of names) object[name] = values[name];
    return object;
  });
const batteryOrNot = fc.oneof(battery, fc.constantFrom<unknown>(undefined, null, 7, 'full', [1, 2]));

/** Application names: a few common ones and many rare ones, so the codes run out now and then. */
const appName = fc.oneof(fc.constantFrom('video', 'store', 'forward', 'intercom', '0', '12'), fc.string({ minLength: 1, maxLength: 4 }));
const appMap = fc.uniqueArray(appName, { maxLength: MAX_NAMES + 2 }).map((names) => Object.fromEntries(names.map((name) => [name, { state: 'on' }])) as Record<string, unknown>);

describe('battery keys', () => {
  it('two batteries with keys have equal keys exactly when their JSON texts are equal', () => {
    fc.assert(
      fc.property(fc.array(batteryOrNot, { minLength: 20, maxLength: 60 }), (batteries) => {
        const keys = batteries.map(batteryKey);
        for (let i = 0; i < batteries.length; i += 1) {
          for (let j = i + 1; j < batteries.length; j += 1) {
            if (keys[i] === NO_KEY || keys[j] === NO_KEY) continue;
            expect(keys[i] === keys[j]).toBe(JSON.stringify(batteries[i]) === JSON.stringify(batteries[j]));
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keys the simulator\'s shape and refuses what a key cannot hold', () => {
    expect(batteryKey({ connected: true, charging: false, percentage: 27 })).not.toBe(NO_KEY);
    expect(batteryKey({ charging: false, connected: true, percentage: 27 })).not.toBe(batteryKey({ connected: true, charging: false, percentage: 27 }));
    expect(batteryKey({ percentage: -0 })).toBe(batteryKey({ percentage: 0 }));
    for (const odd of [{ percentage: 27.5 }, { percentage: undefined }, { connected: 1 }, { voltage: 3 }, Object.assign(Object.create(null) as object, { connected: true }), null, undefined, [true]]) {
      expect(batteryKey(odd)).toBe(NO_KEY);
    }
  });
});

describe('application name keys', () => {
  it('equal keys exactly when the name lists are equal; a map keys as its Object.keys', () => {
    fc.assert(
      fc.property(fc.array(appMap, { minLength: 2, maxLength: 60 }), (maps) => {
        const codes = new NameCodes();
        const keys = maps.map((map) => mapNamesKey(map, codes));
        maps.forEach((map, i) => {
          const listKey = namesKey(Object.keys(map), codes);
          expect(listKey).toBe(keys[i]);
          if (Object.keys(map).length > MAX_NAMES) expect(keys[i]).toBe(NO_KEY);
        });
        for (let i = 0; i < maps.length; i += 1) {
          for (let j = 0; j < maps.length; j += 1) {
            if (keys[i] === NO_KEY || keys[j] === NO_KEY) continue;
            expect(keys[i] === keys[j]).toBe(JSON.stringify(Object.keys(maps[i] as object)) === JSON.stringify(Object.keys(maps[j] as object)));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('runs out of codes after MAX_NAME_CODES names, and a map of another prototype goes by its text', () => {
    const codes = new NameCodes();
    for (let i = 0; i < MAX_NAME_CODES; i += 1) expect(codes.code(`app${i}`)).toBe(i + 1);
    expect(codes.code('one-too-many')).toBe(NO_KEY);
    expect(namesKey(['app0', 'one-too-many'], codes)).toBe(NO_KEY);
    expect(namesKey(['app3', 'app0'], codes)).toBe(4 * 256 + 1);
    expect(mapNamesKey(undefined, codes)).toBe(0);
    expect(mapNamesKey(Object.assign(Object.create(null) as object, { app0: {} }) as Record<string, unknown>, codes)).toBe(NO_KEY);
  });
});

/** The writer's JSON section: strings and objects, after the ids' text (patchColumns.ts layout). */
function tablesOf(buffer: ArrayBuffer): { o: unknown[] } {
  const head = new Float64Array(buffer, 0, PATCH_COLUMNS_HEADER);
  const numbers = PATCH_COLUMNS_HEADER + PATCH_ROW_STRIDE * (head[1] as number) + (head[2] as number);
  return JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, numbers * 8 + (head[4] as number), head[3] as number))) as { o: unknown[] };
}

describe('the columns writer with keys', () => {
  it('decodes to the JSON of each battery and name list, each distinct text once, over diffs with a reused writer', () => {
    const writer = new PatchColumnsWriter(); // reused: its name codes outlive the diffs, its keys do not
    const row = fc.record({ status: fc.constantFrom<UnitStatus>(...UNIT_STATUSES), applications: fc.option(appMap, { nil: undefined }), battery: batteryOrNot, viaList: fc.boolean() });
    fc.assert(
      fc.property(fc.array(fc.array(row, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 4 }), (diffs) => {
        for (const rows of diffs) {
          rows.forEach((r, i) => {
            writer.row(`U${i}`, i + 1, ASPECT.status);
            if (r.viaList) writer.status(r.status, 'online', undefined, Object.keys(r.applications ?? {}), false, r.battery ?? undefined);
            else writer.statusOfUnit(r.status, 'online', undefined, r.applications, false, r.battery ?? undefined);
          });
          const buffer = writer.finish();
          const patches = decodePatchColumns(buffer);
          rows.forEach((r, i) => {
            const patch = patches[i];
            expect(patch?.applications).toEqual(Object.keys(r.applications ?? {}));
            const want = r.battery ?? undefined;
            if (want === undefined) expect(patch?.battery).toBeUndefined();
            else expect(patch?.battery).toStrictEqual(JSON.parse(JSON.stringify(want)));
          });
          const texts = new Set<string>();
          for (const r of rows) {
            texts.add(JSON.stringify(Object.keys(r.applications ?? {})));
            if ((r.battery ?? undefined) !== undefined) texts.add(JSON.stringify(r.battery));
          }
          expect(tablesOf(buffer).o.length).toBe(texts.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});
