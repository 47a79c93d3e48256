/**
 * Recorded event logs (protocol.md "Recorded event logs (NDJSON)"): line 1 is the header
 * {"format":"luc-fleet-log","version":1,"recordedAt":"<ISO time>"}, then one envelope per line in
 * seq order. This module is pure (no Node, no DOM): the replay command reads files through it
 * (replay/log.ts) and the console's Replay page parses a picked or dropped file with it.
 *
 * Rules: line 1 must be the header (a missing or foreign header, or another version, is an error
 * naming line 1); blank lines are skipped; every other line must decode as an envelope and its
 * seq must be above the previous one (an error naming the line); only a torn LAST line (not valid
 * JSON, at the end of a file that does not end with a newline: a crash mid-write) is tolerated,
 * and reported as a warning.
 */
import { Schema } from 'effect';
import type { Decoded } from './issueText.ts';
import { decodeWith } from './issueText.ts';
import type { Envelope } from './envelope.ts';
import { decodeEnvelope } from './envelope.ts';
import { isBlankLine } from './logLines.ts';

export { isBlankLine } from './logLines.ts';

export const LOG_FORMAT = 'luc-fleet-log';
export const LOG_VERSION = 1;

const IsoTime = Schema.String.check(
  Schema.makeFilter((text: string) => !Number.isNaN(Date.parse(text)), { expected: 'an ISO date-time' }),
);

export const LogHeaderSchema = Schema.Struct({
  format: Schema.Literal(LOG_FORMAT),
  version: Schema.Literal(LOG_VERSION),
  recordedAt: IsoTime,
});
export type LogHeader = typeof LogHeaderSchema.Type;

const decodeHeaderFields = decodeWith(LogHeaderSchema, 'header');

/**
 * Decodes a parsed header. A foreign format and another version get their own sentences, since
 * they are the two mistakes a person makes (opening the wrong file, a log from a newer recorder).
 */
export function decodeLogHeader(input: unknown): Decoded<LogHeader> {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const { format, version } = input as { format?: unknown; version?: unknown };
    if (format !== LOG_FORMAT) {
      return { ok: false, error: `format: expected "${LOG_FORMAT}", got ${JSON.stringify(format) ?? 'nothing'}: not a fleet event log header` };
    }
    if (version !== LOG_VERSION) {
      return { ok: false, error: `version: expected ${LOG_VERSION}, got ${JSON.stringify(version) ?? 'nothing'}: this reader reads version ${LOG_VERSION} logs only` };
    }
  }
  return decodeHeaderFields(input);
}

/** Line 1 of a log, with its newline. `recordedAt` is an ISO time (the caller's clock). */
export function formatLogHeader(recordedAt: string): string {
  return `${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, recordedAt })}\n`;
}

/** One event line, with its newline; the fields in protocol order. */
export function formatLogLine(event: Envelope): string {
  const { seq, ts, kind, id, rev, data } = event;
  return `${JSON.stringify({ seq, ts, kind, id, rev, data })}\n`;
}

/** A stop: the log cannot be read past this line. */
export class LogFormatError extends Error {
  override readonly name = 'LogFormatError';
  constructor(
    /** 1-based line number. */
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

export type LogWarning = { readonly line: number; readonly message: string };

/** What one line was. */
export type LogLine =
  | { readonly type: 'header'; readonly header: LogHeader }
  | { readonly type: 'event'; readonly event: Envelope }
  | { readonly type: 'blank' }
  | { readonly type: 'torn'; readonly warning: LogWarning };

export interface LogLineParser {
  /**
   * Parses line `lineNumber` (1-based, without its newline). `tornAllowed` is true only for the
   * last line of a file that does not end with a newline. Throws LogFormatError.
   */
  parse(text: string, lineNumber: number, tornAllowed?: boolean): LogLine;
  /**
   * The seq rule alone, for an event line another reader decoded (the replay summary's fast path,
   * replay/summaryScan.ts): throws the LogFormatError `parse` would throw for that seq.
   */
  acceptSeq(seq: number, lineNumber: number): void;
  /** The header once line 1 was read. */
  readonly header: LogHeader | undefined;
}

const BOM = '\uFEFF';


/** A stateful parser for one log: it checks the header first and seq order after. */
export function createLogLineParser(): LogLineParser {
  let header: LogHeader | undefined;
  let lastSeq = -1;
  let lastSeqLine = 0;

  function parseHeader(text: string): LogLine {
    const line = text.startsWith(BOM) ? text.slice(1) : text;
    if (isBlankLine(line)) throw new LogFormatError(1, `missing log header: expected {"format":"${LOG_FORMAT}","version":${LOG_VERSION},"recordedAt":"<ISO time>"}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new LogFormatError(1, `missing log header: line 1 is not JSON; expected {"format":"${LOG_FORMAT}","version":${LOG_VERSION},...}`);
    }
    if (typeof parsed === 'object' && parsed !== null && !('format' in parsed) && 'seq' in parsed) {
      throw new LogFormatError(1, `missing log header: line 1 is an event; expected {"format":"${LOG_FORMAT}","version":${LOG_VERSION},...} first`);
    }
    const decoded = decodeLogHeader(parsed);
    if (!decoded.ok) throw new LogFormatError(1, `bad log header: ${decoded.error}`);
    header = decoded.value;
    return { type: 'header', header: decoded.value };
  }

  function acceptSeq(seq: number, lineNumber: number): void {
    if (seq <= lastSeq) {
      throw new LogFormatError(lineNumber, `seq ${seq} is not above seq ${lastSeq} of line ${lastSeqLine}: events must be in increasing seq order`);
    }
    lastSeq = seq;
    lastSeqLine = lineNumber;
  }

  return {
    get header() {
      return header;
    },
    acceptSeq,
    parse(text, lineNumber, tornAllowed = false) {
      if (header === undefined) {
        if (lineNumber !== 1) throw new LogFormatError(1, 'missing log header');
        return parseHeader(text);
      }
      if (isBlankLine(text)) return { type: 'blank' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        if (tornAllowed) {
          return {
            type: 'torn',
            warning: { line: lineNumber, message: `line ${lineNumber}: torn last line (incomplete JSON at the end of the file, no trailing newline) ignored` },
          };
        }
        throw new LogFormatError(lineNumber, `not valid JSON (${(error as Error).message})`);
      }
      const decoded = decodeEnvelope(parsed);
      if (!decoded.ok) throw new LogFormatError(lineNumber, `not a valid event: ${decoded.error}`);
      const event = decoded.value;
      acceptSeq(event.seq, lineNumber);
      return { type: 'event', event };
    },
  };
}

export type ParsedLog = { readonly header: LogHeader; readonly events: Envelope[]; readonly warnings: LogWarning[] };

/** Parses a whole log held in memory (the browser's File.text()); throws LogFormatError. */
export function parseLogText(text: string): ParsedLog {
  const parser = createLogLineParser();
  const events: Envelope[] = [];
  const warnings: LogWarning[] = [];
  const endsWithNewline = text.endsWith('\n');
  const lines = text.split('\n');
  // A text ending with "\n" splits into a final empty string that is not a line.
  const count = endsWithNewline ? lines.length - 1 : lines.length;
  if (count === 0 || (count === 1 && lines[0] === '')) throw new LogFormatError(1, 'missing log header: the log is empty');
  for (let index = 0; index < count; index++) {
    const raw = lines[index] ?? '';
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const result = parser.parse(line, index + 1, !endsWithNewline && index === count - 1);
    if (result.type === 'event') events.push(result.event);
    else if (result.type === 'torn') warnings.push(result.warning);
  }
  const header = parser.header;
  if (header === undefined) throw new LogFormatError(1, 'missing log header');
  return { header, events, warnings };
}
