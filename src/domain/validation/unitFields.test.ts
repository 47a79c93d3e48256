import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { METADATA_FORBIDDEN_CHARS_MESSAGE, metadataErrors, metadataField, unitComment } from './unitFields.ts';

describe('unitComment (max 100 characters, spec 000 §5)', () => {
  it.each([
    ['empty', '', null],
    ['100 characters', 'c'.repeat(100), null],
    ['101 characters', 'c'.repeat(101), 'Must have at most 100 characters'],
  ])('answers a %s comment with %j', (_label, value, expected) => {
    expect(unitComment(value)).toBe(expected);
  });
});

describe('metadataField (no semicolon, no backslash, max 1024, spec 000 §5)', () => {
  it.each([
    ['empty', '', null],
    ['plain text', 'Reporter: Jane Doe, cam 2', null],
    ['1024 characters', 'm'.repeat(1024), null],
    ['1025 characters', 'm'.repeat(1025), 'Must have at most 1024 characters'],
    ['a semicolon', 'a;b', METADATA_FORBIDDEN_CHARS_MESSAGE],
    ['a backslash', 'C:\\clips', METADATA_FORBIDDEN_CHARS_MESSAGE],
    ['a semicolon and too long', ';'.repeat(1025), METADATA_FORBIDDEN_CHARS_MESSAGE],
  ])('answers %s with %j', (_label, value, expected) => {
    expect(metadataField(value)).toBe(expected);
  });

  it('refuses any text holding a semicolon or a backslash', () => {
    const withForbidden = fc
      .tuple(fc.string({ maxLength: 50 }), fc.constantFrom(';', '\\'), fc.string({ maxLength: 50 }))
      .map(([before, bad, after]) => before + bad + after);
    fc.assert(fc.property(withForbidden, (value) => metadataField(value) === METADATA_FORBIDDEN_CHARS_MESSAGE));
  });

  it('accepts any text up to 1024 characters without a semicolon or a backslash', () => {
    const clean = fc.string({ maxLength: 1024 }).map((value) => value.replace(/[;\\]/g, ''));
    fc.assert(fc.property(clean, (value) => metadataField(value) === null));
  });
});

describe('metadataErrors', () => {
  it('reports only the fields that break a rule, under their own names', () => {
    expect(metadataErrors({ title: 'ok', slug: 'a;b', notes: 'n'.repeat(1025) })).toEqual({
      slug: METADATA_FORBIDDEN_CHARS_MESSAGE,
      notes: 'Must have at most 1024 characters',
    });
  });
});
