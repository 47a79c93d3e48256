import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { FILE_MESSAGES, FILE_PREFIX_SPECIAL_CHARACTERS, fileNameError, fileNameTaken, filePrefix } from './filePrefix.ts';
import type { StoredFile } from './filePrefix.ts';

describe('file name prefix (spec 001 §5: a-z A-Z 0-9 and @~_-+={},!(); max 32)', () => {
  it('quotes the spec special characters', () => {
    expect(FILE_PREFIX_SPECIAL_CHARACTERS).toBe('@~_-+={},!()');
  });

  it.each([
    ['Rome_2024-(cam1)', null],
    ['@~_-+={},!()', null],
    ['', null],
    ['p'.repeat(32), null],
    ['p'.repeat(33), 'Must have at most 32 characters'],
    ['with space', FILE_MESSAGES.prefixCharacters],
    ['dot.name', FILE_MESSAGES.prefixCharacters],
    ['slash/name', FILE_MESSAGES.prefixCharacters],
    ['semi;colon', FILE_MESSAGES.prefixCharacters],
    ['brackets[]', FILE_MESSAGES.prefixCharacters],
    ['Zürich', FILE_MESSAGES.prefixCharacters],
  ])('filePrefix(%j) → %j', (value, expected) => {
    expect(filePrefix(value)).toBe(expected);
  });

  it.each([...FILE_PREFIX_SPECIAL_CHARACTERS])('accepts the special character %j', (mark) => {
    expect(filePrefix(`cam${mark}1`)).toBeNull();
  });

  it('passes every prefix of 0-32 allowed characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9@~_\-+={},!()]{0,32}$/), (prefix) => {
        expect(filePrefix(prefix)).toBeNull();
      }),
    );
  });
});

describe('file name on a media server (spec 001 §5)', () => {
  const files: StoredFile[] = [
    { fileId: 'f1', fileName: 'interview.mp4', mmhId: 'mmh-1' },
    { fileId: 'f2', fileName: 'clip.mov', mmhId: 'mmh-2' },
  ];

  it.each([
    ['interview.mp4', 'mmh-1', undefined, true],
    ['interview.mp4', 'mmh-2', undefined, false], // another media server
    ['Interview.mp4', 'mmh-1', undefined, false], // case-sensitive
    ['interview.mp4', 'mmh-1', 'f1', false], // the file being renamed
    ['new.mp4', 'mmh-1', undefined, false],
  ])('fileNameTaken(%j, %j, except %j) → %j', (name, mmh, except, expected) => {
    expect(fileNameTaken(name, mmh, files, except)).toBe(expected);
    expect(fileNameError(name, mmh, files, except)).toBe(expected ? FILE_MESSAGES.nameExists : null);
  });
});
