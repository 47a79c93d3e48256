import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  compareVersions,
  hasFeature,
  majorOf,
  NEWEST_VERSION,
  OLDEST_VERSION,
  parseVersion,
  VERSION_GATES,
  versionAtLeast,
  type VersionGate,
} from './versions.ts';

describe('version gates (spec 000 §9, 001 §9)', () => {
  it.each<[VersionGate, string]>([
    ['forceOutput', '6.1.2'],
    ['multipoint', '5.0'],
    ['streamingOffline', '6.0'],
    ['restartServer', '6.4'],
    ['facebook', '6.2.1'],
    ['graphicsOverlay', '8.0'],
    ['serverInfo', '8.5'],
    ['speedTest', '7.5.1'],
  ])('gates %s at %s', (gate, minimum) => {
    expect(VERSION_GATES[gate]).toBe(minimum);
  });

  it.each<[VersionGate, string, boolean]>([
    // force output 6.1.2
    ['forceOutput', '6.1.1', false],
    ['forceOutput', '6.1', false],
    ['forceOutput', '6.1.2', true],
    ['forceOutput', '6.1.10', true],
    ['forceOutput', '6.2', true],
    // multipoint 5.0
    ['multipoint', '4.9.9', false],
    ['multipoint', '5', true],
    ['multipoint', '5.0', true],
    ['multipoint', '5.0.1', true],
    // streaming offline 6.0
    ['streamingOffline', '5.9.99', false],
    ['streamingOffline', '6.0', true],
    ['streamingOffline', '6.0.0', true],
    // restart server 6.4
    ['restartServer', '6.3.9', false],
    ['restartServer', '6.4', true],
    ['restartServer', '6.10', true],
    // Facebook 6.2.1
    ['facebook', '6.2', false],
    ['facebook', '6.2.0', false],
    ['facebook', '6.2.1', true],
    ['facebook', '6.3', true],
    // graphics overlay 8.0
    ['graphicsOverlay', '7.9.9', false],
    ['graphicsOverlay', '8.0', true],
    ['graphicsOverlay', '8', true],
    // server info 8.5
    ['serverInfo', '8.4.99', false],
    ['serverInfo', '8.5', true],
    ['serverInfo', '9.0', true],
    // speed test 7.5.1 ("7.5.1" > "7.5" > "7.4.10")
    ['speedTest', '7.4.10', false],
    ['speedTest', '7.5', false],
    ['speedTest', '7.5.0', false],
    ['speedTest', '7.5.1', true],
    ['speedTest', '7.5.1.123-rc', true],
    ['speedTest', 'v7.6', true],
  ])('%s on version %s → %s', (gate, version, expected) => {
    expect(hasFeature(version, gate)).toBe(expected);
  });

  it.each([null, undefined, '', 'beta', '7.x', '7..5'])('never unlocks a gate for an unknown version %j', (version) => {
    for (const gate of Object.keys(VERSION_GATES) as VersionGate[]) {
      expect(hasFeature(version, gate)).toBe(false);
    }
  });
});

describe('parseVersion and majorOf', () => {
  it.each<[string, readonly number[] | null]>([
    ['7.5.1', [7, 5, 1]],
    [' v8.5 ', [8, 5]],
    ['7.5.1.123-rc', [7, 5, 1, 123]],
    ['9.0+build7', [9, 0]],
    ['3.5', [3, 5]],
    ['', null],
    ['7.', null],
    ['.7', null],
    ['seven', null],
  ])('parses %j as %j', (text, expected) => {
    expect(parseVersion(text)).toEqual(expected);
  });

  it.each<[string, number | null]>([
    ['8.5.2', 8],
    ['9', 9],
    ['x.1', null],
  ])('reads the major of %j as %j', (text, expected) => {
    expect(majorOf(text)).toBe(expected);
  });
});

describe('compareVersions as dotted numbers (spec 001 §3)', () => {
  it.each<[string, string, -1 | 0 | 1]>([
    ['7.5.1', '7.5', 1],
    ['7.5', '7.4.10', 1],
    ['7.4.10', '7.4.9', 1],
    ['8.0', '8.0.0', 0],
    ['9.0', '8.5', 1],
    ['3.5', '9.0', -1],
    ['10.0', '9.9', 1],
    ['junk', '3.5', -1],
    ['3.5', 'junk', 1],
    ['junk', 'other junk', 0],
  ])('compares %s with %s as %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('knows the product range 3.5 to 9.0', () => {
    expect(OLDEST_VERSION).toBe('3.5');
    expect(NEWEST_VERSION).toBe('9.0');
    expect(compareVersions(OLDEST_VERSION, NEWEST_VERSION)).toBe(-1);
  });
});

/** Versions in the product range 3.5–9.0 and beyond (majors up to 12, minors up to 20, 1–4 parts). */
const versionText = fc
  .array(fc.integer({ min: 0, max: 20 }), { minLength: 0, maxLength: 3 })
  .chain((rest) => fc.integer({ min: 3, max: 12 }).map((major) => [major, ...rest].join('.')));

/** Also versions with a "v" prefix, build suffixes and outright junk, which sort first. */
const anyVersionText = fc.oneof(
  versionText,
  versionText.map((version) => `v${version}`),
  versionText.map((version) => `${version}-rc1`),
  fc.string({ maxLength: 6 }),
);

describe('version order is a total order (fast-check)', () => {
  it('is reflexive', () => {
    fc.assert(fc.property(anyVersionText, (a) => compareVersions(a, a) === 0));
  });

  it('is antisymmetric: a ≤ b and b ≤ a only when they are the same version', () => {
    fc.assert(
      fc.property(versionText, versionText, (a, b) => {
        const both = compareVersions(a, b) <= 0 && compareVersions(b, a) <= 0;
        const sameNumbers = (() => {
          const left = parseVersion(a) ?? [];
          const right = parseVersion(b) ?? [];
          const length = Math.max(left.length, right.length);
          return Array.from({ length }, (_, index) => (left[index] ?? 0) === (right[index] ?? 0)).every(Boolean);
        })();
        return both === sameNumbers;
      }),
    );
  });

  it('is antisymmetric in sign: compare(a, b) = -compare(b, a)', () => {
    fc.assert(fc.property(anyVersionText, anyVersionText, (a, b) => compareVersions(a, b) === -compareVersions(b, a)));
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(anyVersionText, anyVersionText, anyVersionText, (a, b, c) => {
        if (compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0) return compareVersions(a, c) <= 0;
        return true;
      }),
    );
  });

  it('is total: any two versions compare one way or the other', () => {
    fc.assert(
      fc.property(anyVersionText, anyVersionText, (a, b) => compareVersions(a, b) <= 0 || compareVersions(b, a) <= 0),
    );
  });

  it('sorts consistently: a sorted list is ordered pairwise', () => {
    fc.assert(
      fc.property(fc.array(anyVersionText, { maxLength: 20 }), (list) => {
        const sorted = [...list].sort(compareVersions);
        return sorted.every((version, index) => index === 0 || compareVersions(sorted[index - 1] ?? '', version) <= 0);
      }),
    );
  });

  it('treats "x" and "x.0" as the same version', () => {
    fc.assert(
      fc.property(versionText, (x) => {
        expect(compareVersions(x, `${x}.0`)).toBe(0);
        expect(compareVersions(`${x}.0`, x)).toBe(0);
        expect(compareVersions(x, `${x}.0.0`)).toBe(0);
      }),
    );
  });

  it('orders by the first differing part as an integer', () => {
    fc.assert(
      fc.property(versionText, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 50 }), (prefix, part, step) => {
        expect(compareVersions(`${prefix}.${part}`, `${prefix}.${part + step}`)).toBe(-1);
        expect(compareVersions(`${prefix}.${part + step}.0.1`, `${prefix}.${part}.99`)).toBe(1);
      }),
    );
  });

  it('makes versionAtLeast agree with compareVersions for valid versions', () => {
    fc.assert(
      fc.property(versionText, versionText, (version, minimum) => {
        expect(versionAtLeast(version, minimum)).toBe(compareVersions(version, minimum) >= 0);
      }),
    );
  });
});
