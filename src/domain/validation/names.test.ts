import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  NAME_MAX_LENGTH,
  UNIT_NAME_IN_USE,
  alphaDash,
  entityNameError,
  genericName,
  nameLength,
  nameNotTaken,
  unitNameErrors,
} from './names.ts';

const GENERIC = 'Should contain only letters, numbers, underscores and hyphens';
const TAKEN = 'Name is already taken. Please select a different name';
const TOO_LONG = 'Must be no more than 255 characters';
const REQUIRED = 'This field is required';

describe('entity names (spec 001 §5: channel, device, server, video return; spec 002 §5)', () => {
  it.each([
    ['Studio_1-A', [], null],
    ['a', [], null],
    ['a'.repeat(255), [], null],
    ['a'.repeat(256), [], TOO_LONG],
    ['', [], REQUIRED],
    ['   ', [], REQUIRED],
    ['with space', [], GENERIC],
    ['dot.name', [], GENERIC],
    ['Café', [], GENERIC],
    ['semi;colon', [], GENERIC],
    ['Studio_1', ['studio_1'], TAKEN],
    ['Studio_1', ['Studio_2'], null],
  ] as const)('entityNameError(%j, %j) → %j', (name, taken, expected) => {
    expect(entityNameError(name, taken)).toBe(expected);
  });

  it('checks length before characters: 256 characters with a space reports the length', () => {
    expect(entityNameError(`${'a'.repeat(255)} `, [])).toBe(TOO_LONG);
  });

  it('passes every name of 1-255 letters, digits, underscores and hyphens that is not taken', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,255}$/), (name) => {
        expect(entityNameError(name, [])).toBeNull();
      }),
    );
  });

  it('refuses any name holding a character outside letters, digits, underscore and hyphen', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{0,20}$/),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[A-Za-z0-9_-]/.test(c) && c.trim() !== ''),
        (prefix, bad) => {
          expect(entityNameError(`${prefix}${bad}`, [])).toBe(GENERIC);
        },
      ),
    );
  });
});

describe('unit rename (spec 000 §5, §8)', () => {
  it.each([
    ['LU800-12', ['LU800-13'], null],
    ['LU800-12', ['lu800-12'], UNIT_NAME_IN_USE],
    ['LU 800', [], GENERIC],
    ['', [], REQUIRED],
    ['a'.repeat(256), [], TOO_LONG],
  ] as const)('unitNameErrors(%j, %j) → %j', (name, taken, expected) => {
    expect(unitNameErrors(name, taken)).toBe(expected);
  });

  it('quotes the spec catalogue text for a name in use', () => {
    expect(UNIT_NAME_IN_USE).toBe('Please select a different name. The current name is already in use');
  });
});

describe('single name checks', () => {
  it(`nameLength allows ${NAME_MAX_LENGTH} characters and refuses one more`, () => {
    expect(nameLength('x'.repeat(255))).toBeNull();
    expect(nameLength('x'.repeat(256))).toBe(TOO_LONG);
  });
  it('genericName and alphaDash share the characters but not the words', () => {
    expect(genericName('a b')).toBe(GENERIC);
    expect(alphaDash('a b')).toBe('Should contain only alpha-numeric characters, dashes and underscores');
    expect(alphaDash('a_b-1')).toBeNull();
  });
  it('nameNotTaken uses the name-taken message unless given another', () => {
    expect(nameNotTaken(['x'])('X')).toBe(TAKEN);
    expect(nameNotTaken(['x'], 'other')('x')).toBe('other');
  });
});
