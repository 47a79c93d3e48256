import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  RESERVED_SOURCE_PORT_MESSAGE,
  ipPipePort,
  isSourcePortAllowed,
  port,
  sourcePort,
  videoReturnPort,
  webRtcPort,
} from './ports.ts';

describe('port (MPEG-TS port 0-65535, spec 001 §5)', () => {
  it.each([
    [-1, 'Must be 0 or more'],
    [0, null],
    [1, null],
    [65535, null],
    [65536, 'Must be 65535 or less'],
    ['8080', null],
    ['80.5', 'Must be an integer'],
    ['eighty', 'Must be a number'],
    ['', null],
  ])('answers %j with %j', (value, expected) => {
    expect(port(value)).toBe(expected);
  });
});

describe.each([
  ['video return destination port', videoReturnPort],
  ['IP pipe port', ipPipePort],
  ['web RTC port', webRtcPort],
])('%s (1-65535, spec 001 §5)', (_name, check) => {
  it.each([
    [-1, 'Must be 1 or more'],
    [0, 'Must be 1 or more'],
    [1, null],
    [65353, null],
    [65354, null], // above the 1-65353 text of the web RTC error: we keep 65535 as the rule
    [65535, null],
    [65536, 'Must be 65535 or less'],
  ])('answers %j with %j', (value, expected) => {
    expect(check(value)).toBe(expected);
  });
});

describe('sourcePort (0-553 or 558-65535, spec 001 §5)', () => {
  it.each([
    [-1, 'Must be 0 or more'],
    [0, null],
    [553, null],
    [554, RESERVED_SOURCE_PORT_MESSAGE],
    [555, RESERVED_SOURCE_PORT_MESSAGE],
    [557, RESERVED_SOURCE_PORT_MESSAGE],
    [558, null],
    [65535, null],
    [65536, 'Must be 65535 or less'],
    ['554', RESERVED_SOURCE_PORT_MESSAGE],
    ['', null],
  ])('answers %j with %j', (value, expected) => {
    expect(sourcePort(value)).toBe(expected);
  });
});

describe('port range properties', () => {
  it('accepts every integer port from 0 to 65535', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 65535 }), (value) => port(value) === null));
  });

  it('refuses every integer outside 0-65535', () => {
    const outside = fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 65536 }));
    fc.assert(fc.property(outside, (value) => port(value) !== null));
  });

  it('refuses port 0 and accepts 1-65535 for the non-zero port fields', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 65535 }), (value) =>
        [videoReturnPort, ipPipePort, webRtcPort].every((check) => check(value) === null && check(0) !== null),
      ),
    );
  });

  it('accepts a source port exactly when it is in 0-65535 and outside 554-557', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 70000 }), (value) => {
        const expected = value >= 0 && value <= 65535 && (value < 554 || value > 557);
        return isSourcePortAllowed(value) === expected && (sourcePort(value) === null) === expected;
      }),
    );
  });

  it('refuses every non-integer port', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 65535, noNaN: true }).filter((value) => !Number.isInteger(value)),
        (value) => port(value) === 'Must be an integer' && sourcePort(value) === 'Must be an integer',
      ),
    );
  });
});
