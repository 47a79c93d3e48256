/**
 * Batch upgrade file (system area). spec 002 §2 and §9 / 001 §5: at most 500 devices; unknown serials
 * are shown and ignored.
 *
 * The format (ours; the spec does not give it):
 * - UTF-8 text; a leading byte-order mark is ignored; lines end in CRLF, LF or CR.
 * - Delimiter: comma; a semicolon or tab when the first line has no comma but has one of those
 *   (spreadsheets in some locales save with semicolons).
 * - One device per row: the serial number is the first column; further columns are ignored.
 * - Values may be quoted with double quotes; inside quotes a doubled quote is a quote and the
 *   delimiter and line breaks are plain text (read by papaparse). Values are trimmed.
 * - An optional header: the first non-blank row, when its first value is not a serial number and
 *   mentions "serial" or is "SN" (any case), e.g. "Serial Number,Comment".
 * - Blank rows (nothing but delimiters and spaces) are skipped.
 * - Serial numbers must have the spec's format (serialNumber.ts); they are not upper-cased.
 * - A serial repeated in the file counts once (listed in `duplicates`).
 * Line numbers are 1-based physical lines where the row starts (a quoted line break moves later rows down).
 */
import Papa from 'papaparse';
import { isSerialNumber } from './serialNumber.ts';

/** spec 002 §9 and 001 §9. */
export const BATCH_UPGRADE_MAX_DEVICES = 500;

export interface CsvRecord {
  /** 1-based line where the record starts. */
  readonly line: number;
  readonly cells: readonly string[];
}

export interface CsvLineError {
  /** 1-based line, or null for the file as a whole. */
  readonly line: number | null;
  readonly message: string;
}

/** Our wording. */
export const BATCH_UPGRADE_MESSAGES = {
  unclosedQuote: 'A quoted value is not closed',
  missingSerial: 'The first column holds no serial number',
  invalidSerial: (value: string): string =>
    `"${value}" is not a valid serial number (expected XNXXXNNNN or XXXXXNNNN)`,
  tooMany: (count: number): string =>
    `The file lists ${count} devices; a batch upgrade takes at most ${BATCH_UPGRADE_MAX_DEVICES}`,
  noDevices: 'The file lists no known device',
} as const;

/** Delimiters we accept, in order of preference. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const BOM = '\uFEFF';

/** The delimiter of a file: the first of comma, semicolon, tab found on its first line; comma otherwise. */
export function detectDelimiter(text: string): CsvDelimiter {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  return CSV_DELIMITERS.find((delimiter) => firstLine.includes(delimiter)) ?? ',';
}

/**
 * Reads the records of a CSV text with papaparse (RFC 4180: quotes, doubled quotes, quoted line
 * breaks), each with the physical line where it starts. What papaparse does where the RFC is
 * silent: a quote inside an unquoted value is kept as text; a quote after leading spaces does not
 * open a quoted value. Line breaks inside a quoted value are read as "\n". Empty rows are dropped.
 * An unclosed quote drops that record and reports the line where it starts.
 */
export function readCsvRecords(
  text: string,
  delimiter: CsvDelimiter = detectDelimiter(text),
): { records: CsvRecord[]; errors: CsvLineError[] } {
  const source = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const records: CsvRecord[] = [];
  const errors: CsvLineError[] = [];
  // papaparse's cursor is where the next row starts: the line of a row is 1 + the breaks before it.
  let rowStart = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    delimiter,
    skipEmptyLines: false,
    step: (row) => {
      const cursor = row.meta.cursor;
      const recordLine = line;
      const raw = source.slice(rowStart, cursor);
      line += lineBreaksIn(raw);
      rowStart = cursor;
      if (row.errors.some((error) => error.code === 'MissingQuotes')) {
        errors.push({ line: recordLine, message: BATCH_UPGRADE_MESSAGES.unclosedQuote });
        return;
      }
      const cells = row.data.map((cell) => cell.replace(/\r\n|\r/g, '\n'));
      if (/^(\r\n|\n|\r)?$/.test(raw)) return; // an empty line (a quoted "" is a record)
      records.push({ line: recordLine, cells });
    },
  });
  return { records, errors };
}

/** How many line breaks (CRLF, LF or CR) a text holds. */
function lineBreaksIn(text: string): number {
  return text.match(/\r\n|\n|\r/g)?.length ?? 0;
}

export interface BatchUpgradeList {
  /** Known serials to upgrade, in file order, each once. */
  readonly serials: readonly string[];
  /** Well-formed serials that match no known device: shown to the user and left out. */
  readonly unknown: readonly string[];
  /** Serials listed more than once (counted once). */
  readonly duplicates: readonly string[];
  /** Problems with their lines; when not empty the batch must not be submitted. */
  readonly errors: readonly CsvLineError[];
}

const HEADER_CELL = /serial|^sn$/i;

/** Reads a batch-upgrade file against the serials of the devices the user may upgrade. */
export function parseBatchUpgradeCsv(text: string, knownSerials: Iterable<string>): BatchUpgradeList {
  const known = new Set(knownSerials);
  const { records, errors: readErrors } = readCsvRecords(text);
  const errors: CsvLineError[] = [...readErrors];
  const serials: string[] = [];
  const unknown: string[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  let overLimitLine: number | null = null;
  let firstRow = true;

  for (const record of records) {
    const first = (record.cells[0] ?? '').trim();
    if (record.cells.every((cell) => cell.trim() === '')) continue; // blank row
    if (firstRow) {
      firstRow = false;
      if (!isSerialNumber(first) && HEADER_CELL.test(first)) continue; // header row
    }
    if (first === '') {
      errors.push({ line: record.line, message: BATCH_UPGRADE_MESSAGES.missingSerial });
      continue;
    }
    if (!isSerialNumber(first)) {
      errors.push({ line: record.line, message: BATCH_UPGRADE_MESSAGES.invalidSerial(first) });
      continue;
    }
    if (seen.has(first)) {
      if (!duplicates.includes(first)) duplicates.push(first);
      continue;
    }
    seen.add(first);
    if (!known.has(first)) {
      unknown.push(first);
      continue;
    }
    serials.push(first);
    if (serials.length === BATCH_UPGRADE_MAX_DEVICES + 1) overLimitLine = record.line;
  }
  if (overLimitLine !== null) {
    errors.push({ line: overLimitLine, message: BATCH_UPGRADE_MESSAGES.tooMany(serials.length) });
  }
  if (serials.length === 0 && errors.length === 0) {
    errors.push({ line: null, message: BATCH_UPGRADE_MESSAGES.noDevices });
  }
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { serials, unknown, duplicates, errors };
}
