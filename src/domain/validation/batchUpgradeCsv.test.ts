import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  BATCH_UPGRADE_MAX_DEVICES,
  BATCH_UPGRADE_MESSAGES,
  detectDelimiter,
  parseBatchUpgradeCsv,
  readCsvRecords,
} from './batchUpgradeCsv.ts';

/** n distinct serials of shape XXXXXNNNN: ABCDE0000, ABCDE0001, … */
const serialsOf = (n: number, prefix = 'ABCDE'): string[] =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

describe('readCsvRecords (papaparse, with the line where each record starts)', () => {
  it.each([
    ['LF', 'a,b\nc,d\n', [[1, ['a', 'b']], [2, ['c', 'd']]]],
    ['CRLF', 'a,b\r\nc,d\r\n', [[1, ['a', 'b']], [2, ['c', 'd']]]],
    ['CR', 'a,b\rc,d', [[1, ['a', 'b']], [2, ['c', 'd']]]],
    ['a BOM', '\uFEFFa,b\n', [[1, ['a', 'b']]]],
    ['quotes around a comma', '"a,1",b\n', [[1, ['a,1', 'b']]]],
    ['a doubled quote', '"say ""hi""",b', [[1, ['say "hi"', 'b']]]],
    ['a quoted CRLF spanning lines', '"two\r\nlines",x\r\nnext', [[1, ['two\nlines', 'x']], [3, ['next']]]],
    ['blank lines', '\n\na\n\n', [[3, ['a']]]],
    ['an empty trailing cell', 'a,\n', [[1, ['a', '']]]],
    ['a quote inside an unquoted value', 'a"b,c', [[1, ['a"b', 'c']]]],
    ['spaces before a quote (no quoted value: papaparse)', '  "a,b" ,c', [[1, ['  "a', 'b" ', 'c']]]],
    ['a quoted LF then more rows', '"x\ny",1\nz\n\nw', [[1, ['x\ny', '1']], [3, ['z']], [5, ['w']]]],
  ])('reads %s', (_label, text, expected) => {
    const { records, errors } = readCsvRecords(text, ',');
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.line, r.cells])).toEqual(expected);
  });

  it('reports an unclosed quote at the line where its record starts', () => {
    const { records, errors } = readCsvRecords('ok\n"never closed\nmore', ',');
    expect(records.map((r) => r.cells)).toEqual([['ok']]);
    expect(errors).toEqual([{ line: 2, message: BATCH_UPGRADE_MESSAGES.unclosedQuote }]);
  });

  it.each([
    ['serial,comment\n', ','],
    ['serial;comment\n', ';'],
    ['serial\tcomment\n', '\t'],
    ['ABCDE0001\n', ','],
  ])('detects the delimiter of %j as %j', (text, expected) => {
    expect(detectDelimiter(text)).toBe(expected);
  });

  it('reads back any table written with quotes, CRLF and a BOM', () => {
    const cell = fc.string({ maxLength: 8 });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const text = `\uFEFF${rows.map((row) => row.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n')}`;
        const { records, errors } = readCsvRecords(text, ',');
        expect(errors).toEqual([]);
        expect(records.map((r) => r.cells)).toEqual(rows.map((row) => row.map((c) => c.replace(/\r\n|\r/g, '\n'))));
      }),
    );
  });
});

describe('parseBatchUpgradeCsv (spec 002 §9: max 500 devices; unknown serials shown and ignored)', () => {
  const known = ['ABCDE0001', 'A1BCD2345', 'XYZAB9999'];

  it('reads one serial per row with a header, extra columns, CRLF and a BOM', () => {
    const text = '\uFEFFSerial Number,Comment\r\nABCDE0001,roof cam\r\n"A1BCD2345","truck, left"\r\n';
    expect(parseBatchUpgradeCsv(text, known)).toEqual({
      serials: ['ABCDE0001', 'A1BCD2345'],
      unknown: [],
      duplicates: [],
      errors: [],
    });
  });

  it('reads a file without a header', () => {
    expect(parseBatchUpgradeCsv('ABCDE0001\nXYZAB9999\n', known).serials).toEqual(['ABCDE0001', 'XYZAB9999']);
  });

  it('reads a semicolon file', () => {
    expect(parseBatchUpgradeCsv('serial;note\nABCDE0001;x\n', known).serials).toEqual(['ABCDE0001']);
  });

  it('shows unknown serials and leaves them out', () => {
    const result = parseBatchUpgradeCsv('ABCDE0001\nQQQQQ0000\n', known);
    expect(result.serials).toEqual(['ABCDE0001']);
    expect(result.unknown).toEqual(['QQQQQ0000']);
    expect(result.errors).toEqual([]);
  });

  it('counts a repeated serial once and lists it as a duplicate', () => {
    const result = parseBatchUpgradeCsv('ABCDE0001\nABCDE0001\nABCDE0001\n', known);
    expect(result.serials).toEqual(['ABCDE0001']);
    expect(result.duplicates).toEqual(['ABCDE0001']);
  });

  it('reports malformed rows with their line numbers, after a quoted line break', () => {
    const text = 'serial,note\n"ABCDE0001","two\nlines"\nabcde0001\n,orphan note\nXYZAB9999\n';
    const result = parseBatchUpgradeCsv(text, known);
    expect(result.serials).toEqual(['ABCDE0001', 'XYZAB9999']);
    expect(result.errors).toEqual([
      { line: 4, message: BATCH_UPGRADE_MESSAGES.invalidSerial('abcde0001') },
      { line: 5, message: BATCH_UPGRADE_MESSAGES.missingSerial },
    ]);
  });

  it('does not take a first row holding a malformed serial for a header', () => {
    const result = parseBatchUpgradeCsv('ABCD0001\nABCDE0001\n', known);
    expect(result.errors).toEqual([{ line: 1, message: BATCH_UPGRADE_MESSAGES.invalidSerial('ABCD0001') }]);
  });

  it.each([
    ['an empty file', ''],
    ['a header only', 'serial\n'],
    ['only unknown serials', 'QQQQQ0000\n'],
  ])('reports "no known device" for %s', (_label, text) => {
    expect(parseBatchUpgradeCsv(text, known).errors).toEqual([{ line: null, message: BATCH_UPGRADE_MESSAGES.noDevices }]);
  });

  it.each([
    [499, false],
    [500, false],
    [501, true],
  ])('with %i known devices reports the 500 limit: %j', (count, overLimit) => {
    const serials = serialsOf(count);
    const result = parseBatchUpgradeCsv(`serial\n${serials.join('\n')}\n`, serials);
    expect(result.serials).toHaveLength(count);
    expect(result.errors).toEqual(
      overLimit ? [{ line: BATCH_UPGRADE_MAX_DEVICES + 2, message: BATCH_UPGRADE_MESSAGES.tooMany(count) }] : [],
    );
  });

  it('does not count unknown serials toward the 500 limit', () => {
    const knownSerials = serialsOf(500);
    const strangers = serialsOf(20, 'ZZZZZ');
    const result = parseBatchUpgradeCsv([...knownSerials, ...strangers].join('\n'), knownSerials);
    expect(result.errors).toEqual([]);
    expect(result.unknown).toHaveLength(20);
  });

  it('keeps every known serial and shows every unknown one, whatever the mix and line endings', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 9999 }), { minLength: 1, maxLength: 60 }),
        fc.func(fc.boolean()),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.boolean(),
        (numbers, isKnown, eol, quoted) => {
          const all = numbers.map((n) => `KNOWN${String(n).padStart(4, '0')}`);
          const knownSet = all.filter((s) => isKnown(s));
          const body = all.map((s) => (quoted ? `"${s}",extra` : s)).join(eol);
          const result = parseBatchUpgradeCsv(body, knownSet);
          expect(result.serials).toEqual(knownSet);
          expect(result.unknown).toEqual(all.filter((s) => !isKnown(s)));
        },
      ),
    );
  });
});
