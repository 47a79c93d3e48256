import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { INVALID_SERIAL_NUMBER, SERIAL_NUMBER_SHAPES, isSerialNumber, serialNumber, serialNumberShape } from './serialNumber.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const letter = fc.constantFrom(...LETTERS);
const digit = fc.constantFrom(...DIGITS);

/** A generator for one shape: X → uppercase letter, N → digit. */
const ofShape = (shape: string): fc.Arbitrary<string> =>
  fc.tuple(...[...shape].map((slot) => (slot === 'X' ? letter : digit))).map((chars) => chars.join(''));

/** Characters that are neither an uppercase letter nor a digit (lowercase, symbols, space). */
const neither = fc.constantFrom(...'abcxyz-_ .#é/'.split(''));

describe('serial number (spec 001 §5: XNXXXNNNN or XXXXXNNNN)', () => {
  it.each([
    ['A1BCD2345', 'XNXXXNNNN'],
    ['ABCDE2345', 'XXXXXNNNN'],
    ['a1BCD2345', null],
    ['A1BCD234', null], // 8 characters
    ['A1BCD23456', null], // 10 characters
    ['A1B2D2345', null],
    ['12BCD2345', null],
    ['ABCDEF345', null],
    [' A1BCD2345', null],
    ['', null],
  ])('serialNumberShape(%j) → %j', (value, expected) => {
    expect(serialNumberShape(value)).toBe(expected);
  });

  it('gives the format message for a wrong value and lets an empty value pass', () => {
    expect(serialNumber('A1BCD23X5')).toBe(INVALID_SERIAL_NUMBER);
    expect(serialNumber('ABCDE2345')).toBeNull();
    expect(serialNumber('')).toBeNull();
  });

  it.each(SERIAL_NUMBER_SHAPES)('passes every generated string of shape %s', (shape) => {
    fc.assert(
      fc.property(ofShape(shape), (value) => {
        expect(isSerialNumber(value)).toBe(true);
        expect(serialNumberShape(value)).toBe(shape);
      }),
    );
  });

  it.each(SERIAL_NUMBER_SHAPES)('refuses shape %s with any one character changed into the wrong class', (shape) => {
    fc.assert(
      fc.property(ofShape(shape), fc.nat({ max: 8 }), letter, digit, neither, (value, index, l, d, other) => {
        // Position 2 (index 1) may be a letter or a digit (one per shape), so only a character of
        // neither class is wrong there; elsewhere the other class is wrong too.
        const slot = shape.charAt(index);
        const replacements = index === 1 ? [other] : [slot === 'X' ? d : l, other];
        for (const replacement of replacements) {
          const mutated = value.slice(0, index) + replacement + value.slice(index + 1);
          expect(isSerialNumber(mutated)).toBe(false);
        }
      }),
    );
  });

  it('turns one shape into the other by changing the second character’s class', () => {
    fc.assert(
      fc.property(ofShape('XNXXXNNNN'), letter, (value, l) => {
        expect(serialNumberShape(value.charAt(0) + l + value.slice(2))).toBe('XXXXXNNNN');
      }),
    );
  });
});
