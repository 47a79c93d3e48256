/**
 * The recorded-log reader and writer for Node (protocol.md "Recorded event logs (NDJSON)"). The
 * line rules live in src/protocol/logFormat.ts (pure, shared with the console's Replay page); this
 * module streams a file through them: readline over a file stream, one envelope at a time, so a
 * log of any size is read in constant memory.
 *
 * A torn last line is only possible when the file does not end with a newline; readline cannot
 * tell, so the reader looks at the file's last byte before it starts.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Envelope } from '../src/protocol/envelope.ts';
import type { LogHeader, LogWarning } from '../src/protocol/logFormat.ts';
import { createLogLineParser, LogFormatError } from '../src/protocol/logFormat.ts';

export {
  createLogLineParser,
  decodeLogHeader,
  formatLogHeader,
  formatLogLine,
  LOG_FORMAT,
  LOG_VERSION,
  LogFormatError,
  parseLogText,
} from '../src/protocol/logFormat.ts';
export type { LogHeader, LogLine, LogLineParser, LogWarning, ParsedLog } from '../src/protocol/logFormat.ts';

export interface LogReader extends AsyncIterable<Envelope> {
  /** Set once line 1 was read. */
  readonly header: LogHeader | undefined;
  /** The torn last line, if any, once iteration finished. */
  readonly warnings: readonly LogWarning[];
  /** Lines read so far (header and blank lines included). */
  readonly lines: number;
}

const NEWLINE = 0x0a;

/** True when the file is empty or its last byte is "\n". */
async function endsWithNewline(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return true;
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, size - 1);
    return byte[0] === NEWLINE;
  } finally {
    await handle.close();
  }
}

/**
 * Reads a log file: iterate it for the envelopes in order. Iteration throws LogFormatError (with
 * its line number) at the first bad line, and for a missing, foreign or other-version header.
 * The last line is held back one step so the reader knows which line is last (torn-line rule).
 */
export function readLogFile(path: string): LogReader {
  const warnings: LogWarning[] = [];
  const parser = createLogLineParser();
  let lines = 0;

  async function* events(): AsyncGenerator<Envelope> {
    const tornPossible = !(await endsWithNewline(path));
    const input = createReadStream(path, { encoding: 'utf8' });
    const reader = createInterface({ input, crlfDelay: Infinity });
    let held: string | undefined;
    try {
      for await (const line of reader) {
        if (held !== undefined) {
          lines += 1;
          const result = parser.parse(held, lines, false);
          if (result.type === 'event') yield result.event;
        }
        held = line;
      }
      if (held !== undefined) {
        lines += 1;
        const result = parser.parse(held, lines, tornPossible);
        if (result.type === 'event') yield result.event;
        else if (result.type === 'torn') warnings.push(result.warning);
      }
      if (parser.header === undefined) throw new LogFormatError(1, 'missing log header: the log is empty');
    } finally {
      reader.close();
      input.destroy();
    }
  }

  return {
    get header() {
      return parser.header;
    },
    warnings,
    get lines() {
      return lines;
    },
    [Symbol.asyncIterator]: () => events(),
  };
}
