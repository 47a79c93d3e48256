import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeEvent } from '../src/protocol/sampleEvents.ts';
import type { Envelope } from '../src/protocol/envelope.ts';
import { createLogLineParser, formatLogHeader, formatLogLine, LogFormatError, readLogFile } from './log.ts';
import type { LogWarning } from './log.ts';

const dir = mkdtempSync(join(tmpdir(), 'luc-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function logFile(text: string): string {
  const path = join(dir, `log-${++files}.ndjson`);
  writeFileSync(path, text);
  return path;
}

const HEADER = formatLogHeader('2025-11-21T04:40:00.000Z');
const added = formatLogLine(makeEvent('unit.added', 'U1', 1, 1));
const status = (seq: number) => formatLogLine(makeEvent('unit.status', 'U1', seq, seq, { state: 'online' }));

async function readAll(path: string, chunkBytes?: number) {
  const log = readLogFile(path, chunkBytes === undefined ? {} : { chunkBytes });
  const events: Envelope[] = [];
  for await (const event of log) events.push(event);
  return { events, warnings: log.warnings, header: log.header, lines: log.lines };
}

async function failure(path: string): Promise<LogFormatError> {
  try {
    await readAll(path);
  } catch (error) {
    if (error instanceof LogFormatError) return error;
    throw error;
  }
  throw new Error('expected a LogFormatError');
}

describe('readLogFile', () => {
  it('streams the events of a log in order', async () => {
    const result = await readAll(logFile(HEADER + added + '\n' + status(2) + status(3)));
    expect(result.header?.recordedAt).toBe('2025-11-21T04:40:00.000Z');
    expect(result.events.map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(result.warnings).toEqual([]);
    expect(result.lines).toBe(5);
  });

  it.each([
    ['an empty file', '', 1, 'missing log header'],
    ['a missing header', added + status(2), 1, 'missing log header'],
    ['a foreign header', '{"format":"csv","version":1,"recordedAt":"2025-11-21T04:40:00Z"}\n' + added, 1, 'format: expected "luc-fleet-log", got "csv"'],
    ['a version 2 header', '{"format":"luc-fleet-log","version":2,"recordedAt":"2025-11-21T04:40:00Z"}\n' + added, 1, 'version: expected 1, got 2'],
    ['a bad line', HEADER + added + status(2) + '{"seq":3,"ts":1,"kind":"unit.status","id":"U1","rev":3,"data":{"state":7}}\n' + status(4), 4, 'data.state: Expected string'],
    ['a line that is not JSON', HEADER + added + 'garbage\n' + status(3), 3, 'not valid JSON'],
    ['an out-of-order seq', HEADER + added + status(3) + status(2), 4, 'seq 2 is not above seq 3 of line 3'],
  ])('stops at %s with an error naming the line', async (_name, text, line, message) => {
    const error = await failure(logFile(text));
    expect(error.line).toBe(line);
    expect(error.message).toContain(`line ${line}: `);
    expect(error.message).toContain(message);
  });

  it('tolerates a torn last line and reports it as a warning', async () => {
    const result = await readAll(logFile(HEADER + added + status(2) + '{"seq":3,"ts":176370'));
    expect(result.events.map((event) => event.seq)).toEqual([1, 2]);
    expect(result.warnings).toEqual([
      { line: 4, message: 'line 4: torn last line (incomplete JSON at the end of the file, no trailing newline) ignored' },
    ]);
  });

  it('does not take a bad line followed by a newline for a torn one', async () => {
    const error = await failure(logFile(HEADER + added + '{"seq":3,"ts":176370\n'));
    expect(error.line).toBe(3);
  });
});

type Outcome = { seqs: number[]; warnings: LogWarning[]; lines: number; error: string | null };

/** The reader as it was before the fast path: node:readline over a file stream (the oracle). */
async function readlineOutcome(path: string): Promise<Outcome> {
  const parser = createLogLineParser();
  const outcome: Outcome = { seqs: [], warnings: [], lines: 0, error: null };
  const bytes = readFileSync(path);
  const tornPossible = bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a;
  const take = (line: string, tornAllowed: boolean): void => {
    outcome.lines += 1;
    const result = parser.parse(line, outcome.lines, tornAllowed);
    if (result.type === 'event') outcome.seqs.push(result.event.seq);
    else if (result.type === 'torn') outcome.warnings.push(result.warning);
  };
  const reader = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  try {
    let held: string | undefined;
    for await (const line of reader) {
      if (held !== undefined) take(held, false);
      held = line;
    }
    if (held !== undefined) take(held, tornPossible);
    if (parser.header === undefined) throw new LogFormatError(1, 'missing log header: the log is empty');
  } catch (error) {
    outcome.error = (error as Error).message;
  } finally {
    reader.close();
  }
  return outcome;
}

async function readerOutcome(path: string, chunkBytes: number, segmentBytes?: number): Promise<Outcome> {
  const log = readLogFile(path, segmentBytes === undefined ? { chunkBytes } : { chunkBytes, segmentBytes });
  const outcome: Outcome = { seqs: [], warnings: [], lines: 0, error: null };
  try {
    for await (const batch of log.batches()) for (const event of batch) outcome.seqs.push(event.seq);
  } catch (error) {
    outcome.error = (error as Error).message;
  }
  return { ...outcome, warnings: [...log.warnings], lines: log.lines };
}

describe('readLogFile reads like node:readline did, at any chunk size', () => {
  const named = (seq: number) => formatLogLine(makeEvent('unit.added', `U${seq}`, 1, seq, { uid: `U${seq}`, name: 'Café Montréal 😀', type: '800', status: { state: 'online' } })).slice(0, -1);
  // Pieces of a log: line ends of every kind, events (ASCII and not), blanks, garbage, a torn line.
  const piece = fc.constantFrom('EVENT', 'NAMED', '\n', '\r\n', '\r', ' ', 'garbage', '{"seq":', '\uFEFF');
  const logText = fc.tuple(fc.boolean(), fc.array(piece, { maxLength: 14 })).map(([withHeader, pieces]) => {
    let seq = 0;
    const body = pieces
      .map((p) => (p === 'EVENT' ? formatLogLine(makeEvent('unit.status', 'U1', ++seq, seq, { state: 'online' })).slice(0, -1) : p === 'NAMED' ? named(++seq) : p))
      .join('');
    return (withHeader ? HEADER : '') + body;
  });

  it('gives the same events, warnings, line count and error (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(logText, fc.constantFrom(1, 2, 3, 5, 7, 16, 64, 4096), fc.constantFrom(1, 2, 7, 100, 65_536), async (text, chunkBytes, segmentBytes) => {
        const path = logFile(text);
        expect(await readerOutcome(path, chunkBytes, segmentBytes)).toEqual(await readlineOutcome(path));
      }),
      { numRuns: 300 },
    );
  });

  it('reads a fixture in 1-byte to 1 MiB chunks and 1-byte to 64 KiB segments with the same result', async () => {
    const path = join(import.meta.dirname, '..', 'fixtures', 'reconnect-storm.ndjson');
    const expected = await readlineOutcome(path);
    expect(expected.seqs.length).toBe(1439);
    for (const chunkBytes of [1, 97, 4096, 1 << 20]) expect(await readerOutcome(path, chunkBytes)).toEqual(expected);
    for (const segmentBytes of [1, 333, 4096]) expect(await readerOutcome(path, 1 << 20, segmentBytes)).toEqual(expected);
  });

  it('hands over the events before a bad line, then stops naming it', async () => {
    const path = logFile(HEADER + added + status(2) + 'garbage\n' + status(4));
    const outcome = await readerOutcome(path, 1 << 20);
    expect(outcome.seqs).toEqual([1, 2]);
    expect(outcome.error).toMatch(/^line 4: not valid JSON/);
  });

  it('closes the file when the reader is left early or stops at a bad line', async () => {
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    for await (const batch of readLogFile(logFile(HEADER + added + status(2) + status(3)), { chunkBytes: 8 }).batches()) if (batch.length > 0) break;
    await readerOutcome(logFile(HEADER + added + 'garbage\n' + status(3)), 8);
    expect(openFiles()).toBe(before);
  });
});
