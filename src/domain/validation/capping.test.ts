import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  BUSY_UNIT_CAPPING_MESSAGE,
  CAPPING_OPTIONS,
  CAPPING_PRESETS_MBPS,
  CUSTOM_CAPPING_POSITIVE_MESSAGE,
  type CappingChoice,
  cappingErrors,
  cappingMbps,
  cellularCappingCheck,
  hdBitrate,
  hdMaxMbps,
  smartBandwidthLimit,
} from './capping.ts';

const CELLULAR_MESSAGE = 'Max Cellular Capping cannot be higher than Max Total Capping'; // spec 001 §5
const preset = (mbps: (typeof CAPPING_PRESETS_MBPS)[number]): CappingChoice => ({ kind: 'preset', mbps });
const custom = (mbps: string | number | null): CappingChoice => ({ kind: 'custom', mbps });
const disabled: CappingChoice = { kind: 'disabled' };

describe('capping options (spec 000 §5)', () => {
  it('lists disabled, custom, 3.6, 4.2, 4.4, 5.5, 6.2 and 8.0 Mbps in that order', () => {
    expect(CAPPING_OPTIONS.map((option) => (option.kind === 'preset' ? option.mbps : option.kind))).toEqual([
      'disabled',
      'custom',
      3.6,
      4.2,
      4.4,
      5.5,
      6.2,
      8.0,
    ]);
  });

  it.each([
    ['disabled', null, disabled],
    ['a preset', 5.5, preset(5.5)],
    ['a custom number', 7.25, custom('7.25')],
    ['an empty custom value', null, custom('')],
  ])('reads %s as %j Mbps', (_label, expected, choice) => {
    expect(cappingMbps(choice)).toBe(expected);
  });
});

describe('cappingErrors (spec 000 §5, 001 §5)', () => {
  it.each([
    ['cellular 4.2 under total 8.0', {}, preset(8.0), preset(4.2)],
    ['cellular equal to total', {}, preset(5.5), preset(5.5)],
    ['cellular 8.0 above total 3.6', { cellular: CELLULAR_MESSAGE }, preset(3.6), preset(8.0)],
    ['custom cellular 4.21 above total 4.2', { cellular: CELLULAR_MESSAGE }, preset(4.2), custom('4.21')],
    ['total disabled (no cap)', {}, disabled, preset(8.0)],
    ['cellular disabled', {}, preset(3.6), disabled],
    ['an empty custom total', { total: 'This field is required' }, custom(''), preset(3.6)],
    ['a custom total of 0', { total: CUSTOM_CAPPING_POSITIVE_MESSAGE }, custom(0), preset(3.6)],
    ['a custom cellular that is not a number', { cellular: 'Must be a number' }, preset(8.0), custom('fast')],
  ])('answers %s with %j', (_label, expected, total, cellular) => {
    expect(cappingErrors({ unitBusy: false, total, cellular })).toEqual(expected);
  });

  it('refuses to configure capping for a busy unit, whatever the values', () => {
    expect(cappingErrors({ unitBusy: true, total: preset(8.0), cellular: preset(3.6) })).toEqual({ unit: BUSY_UNIT_CAPPING_MESSAGE });
  });

  const mbps = fc.double({ min: 0.1, max: 1000, noNaN: true });

  it('passes for every cellular cap at or below the total cap', () => {
    fc.assert(
      fc.property(mbps, mbps, (a, b) => {
        const [cellular, total] = a <= b ? [a, b] : [b, a];
        return cellularCappingCheck(cellular, total) === null && Object.keys(cappingErrors({ unitBusy: false, total: custom(total), cellular: custom(cellular) })).length === 0;
      }),
    );
  });

  it('fails for every cellular cap above the total cap', () => {
    fc.assert(
      fc.property(mbps, mbps, (a, b) => {
        fc.pre(a !== b);
        const [total, cellular] = a < b ? [a, b] : [b, a];
        return cellularCappingCheck(cellular, total) === CELLULAR_MESSAGE && cappingErrors({ unitBusy: false, total: custom(total), cellular: custom(cellular) }).cellular === CELLULAR_MESSAGE;
      }),
    );
  });

  it('passes for any cellular cap when the total cap is disabled', () => {
    fc.assert(fc.property(mbps, (cellular) => cellularCappingCheck(cellular, null) === null));
  });
});

describe('smartBandwidthLimit (default 0, min 1000, max 20000 kbps, spec 000 §5, 002 §9)', () => {
  it.each([
    [0, null], // the default: no limit
    [1, 'Must be 1000 or more'],
    [999, 'Must be 1000 or more'],
    [1000, null],
    [20000, null],
    [20001, 'Must be 20000 or less'],
    [-1, 'Must be 1000 or more'],
    ['1500', null],
    ['1500.5', 'Must be an integer'],
    ['', 'This field is required'],
  ])('answers %j kbps with %j', (value, expected) => {
    expect(smartBandwidthLimit(value)).toBe(expected);
  });

  it('accepts every whole kbps value from 1000 to 20000', () => {
    fc.assert(fc.property(fc.integer({ min: 1000, max: 20000 }), (value) => smartBandwidthLimit(value) === null));
  });

  it('refuses every whole kbps value from 1 to 999 and above 20000', () => {
    const outside = fc.oneof(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 20001, max: 10_000_000 }));
    fc.assert(fc.property(outside, (value) => smartBandwidthLimit(value) !== null));
  });
});

describe('HD bitrate ceiling (spec 000 §9)', () => {
  it.each([
    ['singleCamera', 20, 20, null],
    ['singleCamera', 20, 20.1, 'Must be 20 or less'],
    ['multiCamera', 15, 15, null],
    ['multiCamera', 15, 15.1, 'Must be 15 or less'],
  ] as const)('caps %s at %j Mbps (%j Mbps → %j)', (mode, ceiling, value, expected) => {
    expect(hdMaxMbps(mode)).toBe(ceiling);
    expect(hdBitrate(mode)(value)).toBe(expected);
  });
});
