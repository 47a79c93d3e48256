import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { MESSAGES, formatMessage } from './messages.ts';
import { firstError, isValid } from './check.ts';
import {
  INVALID_EMAIL,
  email,
  integer,
  ipOrDns,
  ipv4,
  isIpv4,
  matches,
  maxLength,
  maxValue,
  minLength,
  minValue,
  number,
  numericOnly,
  required,
  subnetMask,
  toNumber,
  uniqueAmong,
} from './fields.ts';

// spec 002 §5 "Shared messages", quoted word for word from the spec text.
const SPEC_002_SHARED_MESSAGES: ReadonlyArray<readonly [keyof typeof MESSAGES, string]> = [
  ['invalidField', 'Invalid field'],
  ['required', 'This field is required'],
  ['uniqueStreamId', 'Please make sure Stream ID is unique between the different streams'],
  ['uniqueName', 'Name field has to be unique'],
  ['mustBeUnique', 'This field must be unique'],
  ['pattern', 'Must match the pattern: {1}'],
  ['minLength', 'Must have at least {1} characters'],
  ['maxLength', 'Must have at most {1} characters'],
  ['minValue', 'Must be {1} or more'],
  ['maxValue', 'Must be {1} or less'],
  ['numericOnly', 'Must only contain numeric characters'],
  ['integer', 'Must be an integer'],
  ['number', 'Must be a number'],
  ['ipOrDns', 'Invalid IP field'],
  ['subnetMask', 'Invalid Subnet Mask field'],
  ['parentInventory', 'Parent inventory cannot be the current inventory'],
  ['unknownError', 'Unknown error'],
  ['genericName', 'Should contain only letters, numbers, underscores and hyphens'],
  ['alphaDash', 'Should contain only alpha-numeric characters, dashes and underscores'],
  ['nameTaken', 'Name is already taken. Please select a different name'],
  ['nameLength', 'Must be no more than 255 characters'],
];

describe('MESSAGES (spec 002 §5 shared messages)', () => {
  it.each(SPEC_002_SHARED_MESSAGES)('%s reads word for word "%s"', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('holds exactly the shared messages of the spec, no more', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(SPEC_002_SHARED_MESSAGES.map(([key]) => key).sort());
  });
});

describe('formatMessage', () => {
  it.each([
    [MESSAGES.minLength, { 1: 8 }, 'Must have at least 8 characters'],
    [MESSAGES.maxLength, { 1: 32 }, 'Must have at most 32 characters'],
    [MESSAGES.minValue, { 1: -511 }, 'Must be -511 or more'],
    [MESSAGES.maxValue, { 1: 24 }, 'Must be 24 or less'],
    [MESSAGES.pattern, { 1: '^a$' }, 'Must match the pattern: ^a$'],
    ['Server supports up to {0} output channels', { 0: 4 }, 'Server supports up to 4 output channels'],
  ] as const)('fills %j with %j', (template, values, expected) => {
    expect(formatMessage(template, values)).toBe(expected);
  });

  it('leaves a placeholder without a value as written', () => {
    expect(formatMessage('Must be {1} or {2}', { 1: 3 })).toBe('Must be 3 or {2}');
  });
});

describe('check.ts', () => {
  it('firstError returns the first failing check and stops there', () => {
    let calls = 0;
    const counting = (): string | null => {
      calls += 1;
      return 'second';
    };
    expect(firstError('', [required, counting])).toBe(MESSAGES.required);
    expect(calls).toBe(0);
    expect(firstError('x', [required, counting])).toBe('second');
    expect(calls).toBe(1);
  });

  it('isValid is true only when no field holds a message', () => {
    expect(isValid({})).toBe(true);
    expect(isValid({ name: undefined })).toBe(true);
    expect(isValid({ name: MESSAGES.required })).toBe(false);
  });
});

describe('required', () => {
  it.each([
    [null, MESSAGES.required],
    [undefined, MESSAGES.required],
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    ['a', null],
    [' a ', null],
  ])('required(%j) → %j', (value, expected) => {
    expect(required(value)).toBe(expected);
  });
});

describe('minLength and maxLength', () => {
  it.each([
    [2, 'ab', null],
    [3, 'ab', 'Must have at least 3 characters'],
    [3, 'abc', null],
    [8, 'abcdefg', 'Must have at least 8 characters'],
    [8, 'abcdefgh', null],
    [3, '', null], // empty passes: pair with required
  ])('minLength(%i) of %j → %j', (min, value, expected) => {
    expect(minLength(min)(value)).toBe(expected);
  });

  it.each([
    [32, 'a'.repeat(32), null],
    [32, 'a'.repeat(33), 'Must have at most 32 characters'],
    [30, 'a'.repeat(30), null],
    [30, 'a'.repeat(31), 'Must have at most 30 characters'],
    [1024, 'a'.repeat(1024), null],
    [1024, 'a'.repeat(1025), 'Must have at most 1024 characters'],
    [5, null, null],
  ])('maxLength(%i) of a %#th value → %j', (max, value, expected) => {
    expect(maxLength(max)(value)).toBe(expected);
  });

  it('maxLength passes exactly the strings of at most n characters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 64 }), fc.string({ maxLength: 80 }), (max, value) => {
        expect(maxLength(max)(value) === null).toBe(value.length <= max);
      }),
    );
  });
});

describe('matches', () => {
  it('uses the spec pattern message with the pattern source by default', () => {
    expect(matches(/^\d+$/)('x')).toBe('Must match the pattern: ^\\d+$');
  });
  it('uses the given message and lets empty values pass', () => {
    expect(matches(/^\d+$/, 'digits')('x')).toBe('digits');
    expect(matches(/^\d+$/, 'digits')('12')).toBeNull();
    expect(matches(/^\d+$/, 'digits')('')).toBeNull();
  });
});

describe('toNumber, number, integer, numericOnly', () => {
  it.each([
    ['12', 12],
    [' 12 ', 12],
    ['-511', -511],
    ['1.5', 1.5],
    [7, 7],
    ['', null],
    ['abc', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
  ])('toNumber(%j) → %j', (value, expected) => {
    expect(toNumber(value)).toBe(expected);
  });

  it.each([
    ['12', null],
    ['1.5', null],
    ['x1', MESSAGES.number],
    ['', null],
  ])('number(%j) → %j', (value, expected) => {
    expect(number(value)).toBe(expected);
  });

  it.each([
    ['12', null],
    [-511, null],
    ['1.5', MESSAGES.integer],
    ['abc', MESSAGES.integer],
    ['', null],
  ])('integer(%j) → %j', (value, expected) => {
    expect(integer(value)).toBe(expected);
  });

  it.each([
    ['0123456789', null],
    ['+33123', MESSAGES.numericOnly],
    ['12 34', MESSAGES.numericOnly],
    ['-1', MESSAGES.numericOnly],
    ['1.5', MESSAGES.numericOnly],
    ['', null],
  ])('numericOnly(%j) → %j', (value, expected) => {
    expect(numericOnly(value)).toBe(expected);
  });
});

describe('minValue and maxValue', () => {
  it.each([
    [1, 0, 'Must be 1 or more'],
    [1, 1, null],
    [8, 7, 'Must be 8 or more'],
    [8, '8', null],
    [-511, -512, 'Must be -511 or more'],
    [-511, -511, null],
    [1, 'abc', null], // not a number: left to number()
  ])('minValue(%j) of %j → %j', (min, value, expected) => {
    expect(minValue(min)(value)).toBe(expected);
  });

  it.each([
    [31, 31, null],
    [31, 32, 'Must be 31 or less'],
    [24, '25', 'Must be 24 or less'],
    [511, 512, 'Must be 511 or less'],
    [511, 511, null],
  ])('maxValue(%j) of %j → %j', (max, value, expected) => {
    expect(maxValue(max)(value)).toBe(expected);
  });
});

describe('IP and subnet checks', () => {
  it.each([
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['192.168.1.10', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['01.2.3.4', false],
    ['1.2.3.4.5', false],
  ])('isIpv4(%j) → %j', (value, expected) => {
    expect(isIpv4(value)).toBe(expected);
  });

  it.each([
    ['10.0.0.1', null],
    ['media.example.com', null],
    ['localhost', null],
    ['300.1.1.1', MESSAGES.ipOrDns],
    ['bad host', MESSAGES.ipOrDns],
    ['-lead.example.com', MESSAGES.ipOrDns],
    ['', null],
  ])('ipOrDns(%j) → %j', (value, expected) => {
    expect(ipOrDns(value)).toBe(expected);
  });

  it.each([
    ['10.0.0.1', null],
    ['media.example.com', MESSAGES.ipOrDns],
  ])('ipv4(%j) → %j', (value, expected) => {
    expect(ipv4(value)).toBe(expected);
  });

  it.each([
    ['255.255.255.0', null],
    ['255.255.254.0', null],
    ['255.255.255.255', null],
    ['0.0.0.0', null],
    ['255.0.255.0', MESSAGES.subnetMask],
    ['255.255.255.1', MESSAGES.subnetMask],
    ['255.255.256.0', MESSAGES.subnetMask],
  ])('subnetMask(%j) → %j', (value, expected) => {
    expect(subnetMask(value)).toBe(expected);
  });

  it('accepts every contiguous prefix mask /0 to /32', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 }), (prefix) => {
        const bits = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
        const mask = [24, 16, 8, 0].map((shift) => (bits >>> shift) & 255).join('.');
        expect(subnetMask(mask)).toBeNull();
      }),
    );
  });
});

describe('email', () => {
  it.each([
    ['ops@example.com', null],
    ['first.last+tag@sub.example.co.uk', null],
    ['no-at.example.com', INVALID_EMAIL],
    ['two@@example.com', INVALID_EMAIL],
    ['nodot@example', INVALID_EMAIL],
    ['space in@example.com', INVALID_EMAIL],
    ['', null],
  ])('email(%j) → %j', (value, expected) => {
    expect(email(value)).toBe(expected);
  });
});

describe('uniqueAmong', () => {
  it('flags a taken name ignoring case and surrounding spaces, with "Name field has to be unique"', () => {
    const unique = uniqueAmong(['Studio-1']);
    expect(unique(' studio-1 ')).toBe('Name field has to be unique');
    expect(unique('Studio-2')).toBeNull();
  });
  it('uses the given message', () => {
    expect(uniqueAmong(['a'], MESSAGES.mustBeUnique)('A')).toBe('This field must be unique');
  });
});

describe('generic checks count and parse as a person types', () => {
  it.each([
    ['0x10', null],
    ['0b11', null],
    ['1e3', null],
    ['12', 12],
    ['-4.5', -4.5],
    [' 7 ', 7],
    ['.5', 0.5],
  ] as const)('toNumber(%j) is %j (decimal literals only)', (text, expected) => {
    expect(toNumber(text)).toBe(expected);
  });

  it('counts an emoji as one character against a maximum length', () => {
    expect(maxLength(3)('ab😀')).toBeNull();
    expect(maxLength(2)('ab😀')).toBe('Must have at most 2 characters');
  });
});
