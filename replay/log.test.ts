import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeEvent } from '../src/protocol/sampleEvents.ts';
import type { Envelope } from '../src/protocol/envelope.ts';
import { formatLogHeader, formatLogLine, LogFormatError, readLogFile } from './log.ts';

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

async function readAll(path: string) {
  const log = readLogFile(path);
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
