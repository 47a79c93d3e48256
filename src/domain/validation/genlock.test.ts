import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { genlockOffset, ptpDomainError, smptePortError, withinRuntimeBounds } from './genlock.ts';

describe('genlock offset (spec 001 §5: -511 to 511)', () => {
  it.each([
    [-512, 'Must be -511 or more'],
    [-511, null],
    [0, null],
    [511, null],
    [512, 'Must be 511 or less'],
    ['-511', null],
    ['10.5', 'Must be an integer'],
    ['x', 'Must be a number'],
    ['', 'This field is required'],
  ])('genlockOffset(%j) → %j', (value, expected) => {
    expect(genlockOffset(value)).toBe(expected);
  });

  it('passes exactly the whole numbers -511..511', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 2000 }), (n) => {
        expect(genlockOffset(n) === null).toBe(n >= -511 && n <= 511);
      }),
    );
  });
});

describe('runtime bounds (SMPTE port, PTP domain)', () => {
  const ports = { min: 1024, max: 65535 };
  const domains = { min: 0, max: 127 };

  it.each([
    [1023, ports, 'Must be 1024 or more'],
    [1024, ports, null],
    [65535, ports, null],
    [65536, ports, 'Must be 65535 or less'],
  ])('smptePortError(%j, %j) → %j', (value, bounds, expected) => {
    expect(smptePortError(value, bounds)).toBe(expected);
  });

  it.each([
    [-1, domains, 'Must be 0 or more'],
    [0, domains, null],
    [127, domains, null],
    [128, domains, 'Must be 127 or less'],
  ])('ptpDomainError(%j, %j) → %j', (value, bounds, expected) => {
    expect(ptpDomainError(value, bounds)).toBe(expected);
  });

  it('passes a whole value exactly when min ≤ value ≤ max, for any bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1200, max: 1200 }), (a, b, v) => {
        const bounds = { min: Math.min(a, b), max: Math.max(a, b) };
        expect(withinRuntimeBounds(v, bounds) === null).toBe(v >= bounds.min && v <= bounds.max);
      }),
    );
  });
});
