/**
 * Reads a recorded log held in memory or arriving in chunks (a picked or dropped file, a log the
 * server streams) through the protocol's line parser (src/protocol/logFormat.ts): line 1 must be
 * the header, every other line an envelope in increasing seq order; errors are LogFormatError
 * naming the line. Only a torn LAST line (no trailing newline) is tolerated, and reported.
 *
 * Pure: no DOM, no Node. TextDecoder (a global in workers, browsers and Node) turns bytes into
 * text; it is stateful across chunks, so a UTF-8 character split between two chunks is kept whole.
 */
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { LogHeader, LogWarning } from '../../src/protocol/logFormat.ts';
import { createLogLineParser, LogFormatError } from '../../src/protocol/logFormat.ts';

export type LoadedLog = {
  readonly header: LogHeader;
  readonly events: readonly Envelope[];
  readonly warnings: readonly LogWarning[];
};

export interface LogChunkReader {
  /** Feeds the next piece of the log (text, or UTF-8 bytes). Throws LogFormatError at a bad line. */
  push(chunk: string | ArrayBuffer | Uint8Array): void;
  /** The end of the log: parses the held last line (torn allowed) and returns the log. */
  end(): LoadedLog;
}

export function createLogChunkReader(): LogChunkReader {
  const parser = createLogLineParser();
  const decoder = new TextDecoder('utf-8');
  const events: Envelope[] = [];
  const warnings: LogWarning[] = [];
  let carry = '';
  let lineNumber = 0;

  function take(line: string, last: boolean): void {
    lineNumber += 1;
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    const result = parser.parse(text, lineNumber, last);
    if (result.type === 'event') events.push(result.event);
    else if (result.type === 'torn') warnings.push(result.warning);
  }

  function feed(text: string): void {
    carry += text;
    let start = 0;
    for (let newline = carry.indexOf('\n', start); newline >= 0; newline = carry.indexOf('\n', start)) {
      take(carry.slice(start, newline), false);
      start = newline + 1;
    }
    carry = carry.slice(start);
  }

  return {
    push(chunk) {
      feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    },
    end() {
      feed(decoder.decode());
      // A log that ends with "\n" leaves nothing held; otherwise the held text is the last line.
      if (carry !== '') take(carry, true);
      carry = '';
      const header = parser.header;
      if (header === undefined) throw new LogFormatError(1, 'missing log header: the log is empty');
      return { header, events, warnings };
    },
  };
}

/** Reads a whole log given at once (text or bytes). Throws LogFormatError naming the line. */
export function readLog(input: string | ArrayBuffer | Uint8Array): LoadedLog {
  const reader = createLogChunkReader();
  reader.push(input);
  return reader.end();
}
