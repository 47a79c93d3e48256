/**
 * Property tests of the file-name rules (spec 001 §5 "File name prefix: a-z A-Z 0-9 and
 * @~_-+={},!(); max 32; a file name must not already exist on the same media server") and of the
 * rename plan built on them (src/domain/fileNames.ts): for any media servers' files and any typed
 * prefix, an accepted rename never makes two files of one media server share a name, keeps each
 * file's extension and part, renames a recording's files together and nothing else; a refused one
 * says why in the spec's terms.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FILE_MESSAGES, planRename, recordingBaseOf, renamePrefixError } from './fileNames.ts';
import { fileExtension, parsePartName, partFileName, FILE_EXTENSIONS } from './files.ts';
import { FILE_PREFIX_MAX_LENGTH, FILE_PREFIX_SPECIAL_CHARACTERS } from './validation/filePrefix.ts';

const ALLOWED = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789${FILE_PREFIX_SPECIAL_CHARACTERS}`;
const allowedChar = fc.constantFrom(...ALLOWED.split(''));
/** A prefix the rule accepts: 1-32 allowed characters. */
const goodPrefix = fc.string({ unit: allowedChar, minLength: 1, maxLength: FILE_PREFIX_MAX_LENGTH });
/** Any text a user might type, with characters outside the rule. */
const anyText = fc.string({ unit: fc.constantFrom(...`${ALLOWED} /.\\:*?"<>|é#%&`.split('')), maxLength: 40 });

/** Files of 1-3 media servers: recordings of 1-3 parts plus maybe a metadata file, names built by the domain's rule. */
const mediaFiles = fc
  .array(
    fc.record({
      mmhId: fc.constantFrom('MMH-1', 'MMH-2', 'MMH-3'),
      base: fc.string({ unit: fc.constantFrom(...'abcAB01_-'.split('')), minLength: 1, maxLength: 6 }),
      parts: fc.integer({ min: 1, max: 3 }),
      extension: fc.constantFrom(...FILE_EXTENSIONS.filter((e) => e !== 'xml' && e !== 'json')),
      metadata: fc.boolean(),
    }),
    { maxLength: 12 },
  )
  .map((recordings) => {
    const files: { fileId: string; fileName: string; mmhId: string }[] = [];
    const taken = new Set<string>();
    for (const r of recordings) {
      const names = Array.from({ length: r.parts }, (_, i) => partFileName(r.base, i + 1, r.extension));
      if (r.metadata) names.push(`${r.base}.xml`);
      for (const name of names) {
        const key = `${r.mmhId}/${name}`;
        if (taken.has(key)) continue; // a media server never holds one name twice
        taken.add(key);
        files.push({ fileId: `F${files.length + 1}`, fileName: name, mmhId: r.mmhId });
      }
    }
    return files;
  })
  .filter((files) => files.length > 0);

describe('file name prefix rule (spec 001 §5)', () => {
  it('accepts every prefix of 1-32 allowed characters', () => {
    fc.assert(fc.property(goodPrefix, (prefix) => renamePrefixError(prefix) === null));
  });

  it('refuses any text with another character, more than 32, or nothing, with the spec’s words', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const error = renamePrefixError(text);
        const allowed = text.length > 0 && [...text].every((c) => ALLOWED.includes(c));
        if (text.trim() === '') return error === 'This field is required'; // blanks count as nothing typed
        if (text.length > FILE_PREFIX_MAX_LENGTH) return error === 'Must have at most 32 characters';
        return allowed ? error === null : error === FILE_MESSAGES.prefixCharacters;
      }),
    );
  });
});

describe('renaming keeps names unique on each media server (spec 001 §5)', () => {
  it('an accepted plan leaves no two files of a media server with one name, keeps extensions and parts, and moves one recording only', () => {
    fc.assert(
      fc.property(mediaFiles, fc.nat(), goodPrefix, (files, pick, prefix) => {
        const target = files[pick % files.length]!;
        const plan = planRename(files, target.fileId, prefix);
        const recording = files.filter((f) => f.mmhId === target.mmhId && recordingBaseOf(f.fileName) === recordingBaseOf(target.fileName));
        if (!plan.ok) {
          // Refused only because a new name is another file's on the same media server.
          expect(plan.error).toBe(FILE_MESSAGES.nameExists);
          const others = new Set(files.filter((f) => f.mmhId === target.mmhId && !recording.includes(f)).map((f) => f.fileName));
          const wanted = recording.map((f) => {
            const part = parsePartName(f.fileName);
            return part === null ? `${prefix}${f.fileName.slice(f.fileName.lastIndexOf('.'))}` : partFileName(prefix, part.part, part.extension);
          });
          expect(wanted.some((name) => others.has(name)) || new Set(wanted).size < wanted.length).toBe(true);
          return;
        }
        const after = new Map(files.map((f) => [f.fileId, f.fileName]));
        for (const r of plan.renames) after.set(r.fileId, r.to);
        // Unique per media server.
        for (const mmh of new Set(files.map((f) => f.mmhId))) {
          const names = files.filter((f) => f.mmhId === mmh).map((f) => after.get(f.fileId));
          expect(new Set(names).size).toBe(names.length);
        }
        // Only the target's recording moves; each keeps its extension and part.
        for (const r of plan.renames) {
          const file = files.find((f) => f.fileId === r.fileId)!;
          expect(recording).toContain(file);
          expect(fileExtension(r.to)).toBe(fileExtension(r.from));
          expect(parsePartName(r.to)?.part ?? 1).toBe(parsePartName(r.from)?.part ?? 1);
          expect(recordingBaseOf(r.to)).toBe(prefix);
        }
        // Every file of the recording ends under the new prefix.
        for (const f of recording) expect(recordingBaseOf(after.get(f.fileId)!)).toBe(prefix);
      }),
      { numRuns: 500 },
    );
  });

  it('renaming a recording to its own prefix changes nothing', () => {
    fc.assert(
      fc.property(mediaFiles, fc.nat(), (files, pick) => {
        const target = files[pick % files.length]!;
        const base = recordingBaseOf(target.fileName);
        fc.pre(renamePrefixError(base) === null);
        const plan = planRename(files, target.fileId, base);
        expect(plan).toEqual({ ok: true, renames: [] });
      }),
    );
  });
});
