import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  DELAY_STEPS_MS,
  type DelayBounds,
  canChangeDelayOnTheFly,
  delayChoices,
  delayErrors,
  interfacesAllowedForDelay,
  isLowDelay,
  roundDelay,
} from './delay.ts';

const server = { normalMinMs: 1000, subSecondMaxMs: 900 };
const field = (subSecond: boolean): DelayBounds => ({ ...server, subSecond, typeGroup: 'fieldUnits' });
const camera = (subSecond: boolean): DelayBounds => ({ ...server, subSecond, typeGroup: 'cameraUnits' });

describe('isLowDelay (below 1000 ms, spec 000 §9, 002 §5)', () => {
  it.each([
    [400, true],
    [999, true],
    [1000, false],
    [20000, false],
  ])('flags %j ms as low: %j', (ms, expected) => {
    expect(isLowDelay(ms)).toBe(expected);
  });
});

describe('canChangeDelayOnTheFly (from 0.9 s, spec 000 §5, §9)', () => {
  it.each([
    [899, 2000, false],
    [900, 2000, true],
    [2000, 899, false],
    [2000, 900, true],
    [900, 900, true],
  ])('from %j ms to %j ms: %j', (from, to, expected) => {
    expect(canChangeDelayOnTheFly(from, to)).toBe(expected);
  });
});

describe('interfacesAllowedForDelay (below 0.8 s only Ethernet or Wi-Fi, spec 000 §5)', () => {
  it.each([
    [400, ['lan', 'wifi']],
    [799, ['lan', 'wifi']],
    [800, ['cell', 'lan', 'wifi']],
    [3000, ['cell', 'lan', 'wifi']],
  ])('allows at %j ms the links %j', (ms, expected) => {
    expect(interfacesAllowedForDelay(ms)).toEqual(expected);
  });

  it('allows cellular exactly from 800 ms', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 20000 }), (ms) => interfacesAllowedForDelay(ms).includes('cell') === ms >= 800));
  });
});

describe('delayChoices (400-20000 ms, camera from 500 ms, spec 000 §5, 001 §9)', () => {
  it('offers a field unit on 8.0 the sub-second steps 400-900 ms', () => {
    expect(delayChoices({ typeGroup: 'fieldUnits', version: '8.0', subSecond: true })).toEqual([400, 500, 600, 700, 800, 900]);
  });

  it('starts the camera sub-second list at 500 ms', () => {
    expect(delayChoices({ typeGroup: 'cameraUnits', version: '8.0', subSecond: true })).toEqual([500, 600, 700, 800, 900]);
  });

  it('offers the normal list from the 1000 ms minimum to 20000 ms', () => {
    expect(delayChoices({ typeGroup: 'fieldUnits', version: '6.0', subSecond: false })).toEqual([
      1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 12000, 15000, 20000,
    ]);
  });

  it.each([
    ['6.9', []],
    ['7.0', [400, 500, 600, 700, 800, 900]],
    ['unknown', []],
  ])('gates the sub-second list by version: %j gives %j', (version, expected) => {
    expect(delayChoices({ typeGroup: 'fieldUnits', version, subSecond: true })).toEqual(expected);
  });

  it('follows the bounds the server supplies', () => {
    const bounds = { normalMinMs: 2000, subSecondMaxMs: 700 };
    expect(delayChoices({ typeGroup: 'fieldUnits', version: '8.0', subSecond: true, bounds })).toEqual([400, 500, 600, 700]);
    expect(delayChoices({ typeGroup: 'fieldUnits', version: '8.0', subSecond: false, bounds })[0]).toBe(2000);
  });

  it('never offers a choice outside 400-20000 ms, nor below 500 ms for a camera', () => {
    const request = fc.record({
      typeGroup: fc.constantFrom('fieldUnits', 'cameraUnits', 'liteUnits', 'smartUnits', 'ptmpUnits' as const),
      version: fc.constantFrom('5.0', '7.0', '8.5', '9.0'),
      subSecond: fc.boolean(),
      bounds: fc.record({ normalMinMs: fc.integer({ min: 0, max: 30000 }), subSecondMaxMs: fc.integer({ min: 0, max: 30000 }) }),
    });
    fc.assert(
      fc.property(request, (req) =>
        delayChoices(req).every((ms) => ms >= (req.typeGroup === 'cameraUnits' ? 500 : 400) && ms <= 20000),
      ),
    );
  });
});

describe('roundDelay (the accepted delay list is rounded, spec 002 §5)', () => {
  it.each([
    [1234, 1000],
    [1250, 1500], // a tie goes to the longer delay
    [449, 400],
    [450, 500],
    [17000, 15000],
    [17500, 20000],
    [100, 400],
    [99999, 20000],
  ])('rounds %j ms to %j ms', (ms, expected) => {
    expect(roundDelay(ms)).toBe(expected);
  });

  it('returns null when there is nothing to round to', () => {
    expect(roundDelay(800, [])).toBeNull();
  });

  it('always lands on a choice no farther than any other choice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30000 }), (ms) => {
        const rounded = roundDelay(ms) ?? Number.NaN;
        return DELAY_STEPS_MS.includes(rounded as (typeof DELAY_STEPS_MS)[number]) && DELAY_STEPS_MS.every((choice) => Math.abs(choice - ms) >= Math.abs(rounded - ms));
      }),
    );
  });
});

describe('delayErrors (normal minimum, sub-second maximum from the server, spec 000 §5)', () => {
  it.each([
    ['normal', 999, 'Must be 1000 or more', field(false)],
    ['normal', 1000, null, field(false)],
    ['normal', 20000, null, field(false)],
    ['normal', 20001, 'Must be 20000 or less', field(false)],
    ['sub-second field unit', 399, 'Must be 400 or more', field(true)],
    ['sub-second field unit', 400, null, field(true)],
    ['sub-second field unit', 900, null, field(true)],
    ['sub-second field unit', 901, 'Must be 900 or less', field(true)],
    ['sub-second camera', 499, 'Must be 500 or more', camera(true)],
    ['sub-second camera', 500, null, camera(true)],
    ['normal', '', 'This field is required', field(false)],
    ['normal', '1500.5', 'Must be an integer', field(false)],
    ['normal', 'soon', 'Must be a number', field(false)],
  ])('in the %s configuration answers %j ms with %j', (_label, value, expected, bounds) => {
    expect(delayErrors(value, bounds)).toBe(expected);
  });
});
