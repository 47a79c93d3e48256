import { describe, expect, it } from 'vitest';
import { delayMessage, delayOptions, delayTypeGroupOf } from './delayChoice.ts';

describe('delay picker (spec 000 §5, §9)', () => {
  it('offers normal delays from 1000 ms to 20000 ms, none flagged low', () => {
    const options = delayOptions('fieldUnits', '8.5.1', false);
    expect(options[0]?.ms).toBe(1000);
    expect(options[options.length - 1]?.ms).toBe(20_000);
    expect(options.some((o) => o.low)).toBe(false);
  });

  it('flags sub-second delays (below 1000 ms) as low; field units start at 400 ms', () => {
    const options = delayOptions('fieldUnits', '8.5.1', true);
    expect(options[0]).toEqual({ value: '400', ms: 400, low: true });
    expect(options.every((o) => o.low)).toBe(true);
  });

  it('starts the camera list at 500 ms', () => {
    expect(delayOptions('cameraUnits', '8.5.1', true)[0]?.ms).toBe(500);
  });

  it('offers no sub-second list to an old version', () => {
    expect(delayOptions('fieldUnits', '6.0', true)).toEqual([]);
  });

  it('reads an unknown type group as a field unit', () => {
    expect(delayTypeGroupOf('mmhServer')).toBe('fieldUnits');
  });

  it.each([
    [999, false, 'Must be 1000 or more'],
    [1000, false, null],
    [20_000, false, null],
    [20_001, false, 'Must be 20000 or less'],
    [399, true, 'Must be 400 or more'],
    [901, true, 'Must be 900 or less'],
  ] as const)('checks %i ms (sub-second %s) before sending: %s', (ms, subSecond, message) => {
    expect(delayMessage(ms, 'fieldUnits', subSecond)).toBe(message);
  });
});
