import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { outputLicenceError, serverMaxChannels } from './servers.ts';

describe('server max channels (spec 001 §5: 8-24)', () => {
  it.each([
    [7, 'Must be 8 or more'],
    [8, null],
    [24, null],
    [25, 'Must be 24 or less'],
    ['16', null],
    ['8.5', 'Must be an integer'],
    ['eight', 'Must be a number'],
    ['', 'This field is required'],
  ])('serverMaxChannels(%j) → %j', (value, expected) => {
    expect(serverMaxChannels(value)).toBe(expected);
  });

  it('passes exactly the whole numbers 8-24', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (n) => {
        expect(serverMaxChannels(n) === null).toBe(n >= 8 && n <= 24);
      }),
    );
  });
});

describe('output licence (spec 001 §5: server supports up to {0} output channels)', () => {
  it.each([
    [4, 4, null],
    [5, 4, 'Server supports up to 4 output channels'],
    [0, 0, null],
    [1, 0, 'Server supports up to 0 output channels'],
  ])('%i requested with %i licensed → %j', (requested, licensed, expected) => {
    expect(outputLicenceError(requested, licensed)).toBe(expected);
  });
});
