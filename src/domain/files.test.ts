import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { UnitId } from './brand.ts';
import {
  FILE_EXTENSIONS,
  UPLOADED_FILE_STATUSES,
  UPLOADS_KEPT_PER_UNIT,
  fileExtension,
  fileKind,
  fileMatchesFilters,
  keepLastUploads,
  partFileName,
  parsePartName,
  recordUpload,
  type FileFilters,
  type UploadedFile,
} from './files.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 1);

describe('file extensions and kinds (spec 001 §3)', () => {
  it('knows mkv, mp4, 3gp, mov, xml, json', () => {
    expect(FILE_EXTENSIONS).toEqual(['mkv', 'mp4', '3gp', 'mov', 'xml', 'json']);
  });

  it.each([
    ['clip.mkv', 'mkv', 'chunks'],
    ['clip.MP4', 'mp4', 'chunks'],
    ['phone.3gp', '3gp', 'chunks'],
    ['a.b.mov', 'mov', 'chunks'],
    ['story.xml', 'xml', 'metadata'],
    ['story.json', 'json', 'metadata'],
    ['notes.txt', null, null],
    ['mp4', null, null],
    ['.mp4', null, null],
    ['clip.', null, null],
  ])('%s has extension %j and kind %j', (name, extension, kind) => {
    expect(fileExtension(name)).toBe(extension);
    expect(fileKind(name)).toBe(kind);
  });
});

describe('multi-part names: name.mp4, name_part2.mp4, name_part3.mp4 ...', () => {
  it.each([
    ['interview', 1, 'mp4', 'interview.mp4'],
    ['interview', 2, 'mp4', 'interview_part2.mp4'],
    ['interview', 12, 'mkv', 'interview_part12.mkv'],
  ] as const)('part %s of %s.%s is named %s', (base, part, ext, expected) => {
    expect(partFileName(base, part, ext)).toBe(expected);
  });

  it.each([0, -1, 1.5])('refuses part number %d', (part) => {
    expect(() => partFileName('a', part, 'mp4')).toThrow(RangeError);
  });

  it.each([
    ['interview_part2.mp4', { baseName: 'interview', part: 2, extension: 'mp4' }],
    ['interview.mp4', { baseName: 'interview', part: 1, extension: 'mp4' }],
    ['clip_part1.mp4', { baseName: 'clip_part1', part: 1, extension: 'mp4' }],
    ['clip_part02.mp4', { baseName: 'clip_part02', part: 1, extension: 'mp4' }],
    ['_part2.mp4', { baseName: '_part2', part: 1, extension: 'mp4' }],
    ['clip_part2.txt', null],
  ])('parses %s', (name, expected) => {
    expect(parsePartName(name)).toEqual(expected);
  });

  it('round-trips every base name and part number', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-zA-Z0-9@~_\-+={},!()]{1,32}$/),
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom(...FILE_EXTENSIONS),
        (base, part, ext) => {
          const parsed = parsePartName(partFileName(base, part, ext));
          expect(parsed).not.toBeNull();
          expect(partFileName(parsed!.baseName, parsed!.part, parsed!.extension)).toBe(partFileName(base, part, ext));
          if (part > 1) expect(parsed).toEqual({ baseName: base, part, extension: ext });
        },
      ),
    );
  });
});

describe('uploaded files (spec 000 §3: last 10 per unit; pending, failed, uploading, success, rejected)', () => {
  const up = (i: number, status: UploadedFile['status'] = 'pending'): UploadedFile => ({ unitId: 'U1' as UnitId, path: `/rec/${i}.mp4`, status });

  it('lists the five statuses', () => {
    expect(UPLOADED_FILE_STATUSES).toEqual(['pending', 'failed', 'uploading', 'success', 'rejected']);
  });

  it.each([
    [9, 9],
    [10, 10],
    [11, 10],
    [0, 0],
  ])('keeps %i uploads as %i', (count, kept) => {
    const list = Array.from({ length: count }, (_, i) => up(i));
    const result = keepLastUploads(list);
    expect(result).toHaveLength(kept);
    expect(result).toEqual(list.slice(count - kept));
  });

  it('keeps the newest 10 whatever the count', () => {
    fc.assert(
      fc.property(fc.nat(40), (count) => {
        const list = Array.from({ length: count }, (_, i) => i);
        const kept = keepLastUploads(list);
        expect(kept.length).toBe(Math.min(count, UPLOADS_KEPT_PER_UNIT));
        if (count > 0) expect(kept.at(-1)).toBe(count - 1);
      }),
    );
  });

  it('replaces the entry of the same path and moves it to the end', () => {
    const list = [up(1), up(2), up(3)];
    expect(recordUpload(list, up(1, 'success')).map((u) => `${u.path}:${u.status}`)).toEqual(['/rec/2.mp4:pending', '/rec/3.mp4:pending', '/rec/1.mp4:success']);
  });

  it('drops the oldest when an 11th path arrives', () => {
    const list = Array.from({ length: 10 }, (_, i) => up(i));
    const next = recordUpload(list, up(10));
    expect(next).toHaveLength(10);
    expect(next[0]?.path).toBe('/rec/1.mp4');
    expect(next[9]?.path).toBe('/rec/10.mp4');
  });
});

describe('files filters (spec 001 §2: file kind chunks/metadata, date)', () => {
  it.each<[string, string, number, FileFilters, boolean]>([
    ['no filter matches anything', 'notes.txt', NOW - 400 * DAY, { kinds: [], date: 'any' }, true],
    ['chunks matches an mp4', 'a.mp4', NOW, { kinds: ['chunks'], date: 'any' }, true],
    ['chunks rejects an xml', 'a.xml', NOW, { kinds: ['chunks'], date: 'any' }, false],
    ['metadata matches a json', 'a.json', NOW, { kinds: ['metadata'], date: 'any' }, true],
    ['a kind filter rejects an unknown extension', 'a.txt', NOW, { kinds: ['chunks', 'metadata'], date: 'any' }, false],
    ['last 24 hours at exactly 24 h', 'a.mp4', NOW - DAY, { kinds: [], date: 'last24Hours' }, true],
    ['last 24 hours at 24 h and 1 ms', 'a.mp4', NOW - DAY - 1, { kinds: [], date: 'last24Hours' }, false],
    ['last 7 days at exactly 7 days', 'a.mp4', NOW - 7 * DAY, { kinds: [], date: 'last7Days' }, true],
    ['last 7 days at 7 days and 1 ms', 'a.mp4', NOW - 7 * DAY - 1, { kinds: [], date: 'last7Days' }, false],
    ['last 30 days at exactly 30 days', 'a.mp4', NOW - 30 * DAY, { kinds: [], date: 'last30Days' }, true],
    ['last 30 days at 30 days and 1 ms', 'a.mp4', NOW - 30 * DAY - 1, { kinds: [], date: 'last30Days' }, false],
    ['a file stamped in the future matches', 'a.mp4', NOW + DAY, { kinds: [], date: 'last24Hours' }, true],
    ['kind and date must both hold', 'a.xml', NOW, { kinds: ['chunks'], date: 'last24Hours' }, false],
  ])('%s', (_name, fileName, lastModified, filters, expected) => {
    expect(fileMatchesFilters({ fileName, lastModified }, filters, NOW)).toBe(expected);
  });
});
