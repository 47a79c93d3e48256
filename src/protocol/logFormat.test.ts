import { describe, expect, it } from 'vitest';
import { decodeLogHeader, formatLogHeader, formatLogLine, LogFormatError, parseLogText } from './logFormat.ts';
import { makeEvent } from './sampleEvents.ts';

const HEADER = formatLogHeader('2025-11-21T04:40:00.000Z');
const line = (seq: number, rev = seq) => formatLogLine(makeEvent('unit.status', 'U1', rev, seq));
const added = formatLogLine(makeEvent('unit.added', 'U1', 1, 1));

function errorOf(text: string): LogFormatError {
  try {
    parseLogText(text);
  } catch (error) {
    if (error instanceof LogFormatError) return error;
    throw error;
  }
  throw new Error('expected a LogFormatError');
}

describe('log header', () => {
  it('writes the header of protocol.md', () => {
    expect(HEADER).toBe('{"format":"luc-fleet-log","version":1,"recordedAt":"2025-11-21T04:40:00.000Z"}\n');
    expect(decodeLogHeader(JSON.parse(HEADER))).toEqual({
      ok: true,
      value: { format: 'luc-fleet-log', version: 1, recordedAt: '2025-11-21T04:40:00.000Z' },
    });
  });

  it.each([
    [{ version: 1, recordedAt: '2025-11-21T04:40:00Z' }, 'format: expected "luc-fleet-log", got nothing'],
    [{ format: 'other-log', version: 1, recordedAt: '2025-11-21T04:40:00Z' }, 'format: expected "luc-fleet-log", got "other-log"'],
    [{ format: 'luc-fleet-log', version: 2, recordedAt: '2025-11-21T04:40:00Z' }, 'version: expected 1, got 2'],
    [{ format: 'luc-fleet-log', version: 1, recordedAt: 'yesterday' }, 'recordedAt: Expected an ISO date-time'],
    [{ format: 'luc-fleet-log', version: 1 }, 'recordedAt: Missing key'],
  ])('rejects the header %o', (header, message) => {
    const decoded = decodeLogHeader(header);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toContain(message);
  });
});

describe('parseLogText', () => {
  it('reads the header and the events in order, skipping blank lines', () => {
    const log = parseLogText(HEADER + added + '\n' + line(2) + '\r\n' + line(3));
    expect(log.header.recordedAt).toBe('2025-11-21T04:40:00.000Z');
    expect(log.events.map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(log.warnings).toEqual([]);
  });

  it.each([
    ['an empty file', '', 1, 'missing log header'],
    ['a log that starts with an event', added + line(2), 1, 'missing log header: line 1 is an event'],
    ['a blank first line', '\n' + HEADER + added, 1, 'missing log header'],
    ['a foreign header', '{"format":"other-log","version":1,"recordedAt":"2025-11-21T04:40:00Z"}\n' + added, 1, 'format: expected "luc-fleet-log"'],
    ['a version 2 header', '{"format":"luc-fleet-log","version":2,"recordedAt":"2025-11-21T04:40:00Z"}\n' + added, 1, 'version: expected 1, got 2'],
    ['a bad JSON line in the middle', HEADER + added + '{"seq":2,\n' + line(3), 3, 'not valid JSON'],
    ['an event with a bad field', HEADER + added + '{"seq":2,"ts":1,"kind":"unit.status","id":"U1","rev":"2","data":{}}\n', 3, 'not a valid event: rev: Expected number'],
    ['seq going back', HEADER + line(5) + line(4), 3, 'seq 4 is not above seq 5 of line 2'],
    ['a repeated seq', HEADER + line(5) + line(5, 6), 3, 'seq 5 is not above seq 5 of line 2'],
    ['an incomplete last line that ends with a newline', HEADER + added + '{"seq":2,"ts"\n', 3, 'not valid JSON'],
  ])('stops at %s with an error naming the line', (_name, text, lineNumber, message) => {
    const error = errorOf(text);
    expect(error.line).toBe(lineNumber);
    expect(error.message).toContain(`line ${lineNumber}: `);
    expect(error.message).toContain(message);
  });

  it('tolerates a torn last line (no trailing newline) and reports it', () => {
    const log = parseLogText(HEADER + added + line(2) + '{"seq":3,"ts":17637000');
    expect(log.events.map((event) => event.seq)).toEqual([1, 2]);
    expect(log.warnings).toEqual([
      { line: 4, message: 'line 4: torn last line (incomplete JSON at the end of the file, no trailing newline) ignored' },
    ]);
  });

  it('accepts a complete last line without a trailing newline', () => {
    const log = parseLogText(HEADER + added + line(2).trimEnd());
    expect(log.events).toHaveLength(2);
    expect(log.warnings).toEqual([]);
  });

  it('reads back what formatLogLine wrote', () => {
    const event = makeEvent('unit.usage', 'U1', 4, 9);
    expect(parseLogText(HEADER + formatLogLine(event)).events).toEqual([event]);
  });
});
