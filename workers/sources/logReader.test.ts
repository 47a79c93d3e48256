import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatLogHeader, formatLogLine, LogFormatError, parseLogText } from '../../src/protocol/logFormat.ts';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import { createLogChunkReader, readLog } from './logReader.ts';

const HEADER = formatLogHeader('2025-11-21T04:40:00.000Z');
const LOG = HEADER + [1, 2, 3].map((seq) => formatLogLine(makeEvent('unit.status', 'U1', seq + 1, seq))).join('');
const STORM_TEXT = readFileSync(new URL('../../fixtures/reconnect-storm.ndjson', import.meta.url), 'utf8');

function errorOf(run: () => unknown): LogFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof LogFormatError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('readLog', () => {
  it('reads the header and the events of a log', () => {
    const log = readLog(LOG);
    expect(log.header.format).toBe('luc-fleet-log');
    expect(log.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(log.warnings).toEqual([]);
  });

  it('reads bytes like text (ArrayBuffer and Uint8Array)', () => {
    const bytes = new TextEncoder().encode(STORM_TEXT);
    expect(readLog(bytes.buffer).events).toEqual(parseLogText(STORM_TEXT).events);
    expect(readLog(bytes).events.length).toBe(1439);
  });

  it('tolerates and reports a torn last line (no trailing newline)', () => {
    const log = readLog(`${LOG}{"seq":4,"ts":17637`);
    expect(log.events).toHaveLength(3);
    expect(log.warnings).toEqual([{ line: 5, message: expect.stringMatching(/^line 5: torn last line/) }]);
  });

  it('refuses a bad line that is not last, naming it', () => {
    expect(errorOf(() => readLog(`${HEADER}{"seq":4,"ts":17637\n${formatLogLine(makeEvent('unit.status', 'U1', 2, 5))}`))).toMatchObject({ line: 2 });
  });

  it.each([
    ['an event first (missing header)', formatLogLine(makeEvent('unit.status', 'U1', 2, 1)), /^line 1: missing log header/],
    ['an empty file', '', /^line 1: missing log header/],
    ['another version', '{"format":"luc-fleet-log","version":2,"recordedAt":"2025-11-21T04:40:00.000Z"}\n', /^line 1: bad log header: version/],
    ['a foreign header', '{"format":"gpx","version":1}\n', /^line 1: bad log header: format/],
  ])('refuses %s with an error naming line 1', (_name, text, message) => {
    const error = errorOf(() => readLog(text));
    expect(error.line).toBe(1);
    expect(error.message).toMatch(message);
  });

  it('reads a log cut into chunks at any points exactly like the whole text (fast-check)', () => {
    const bytes = new TextEncoder().encode(`${LOG}{"seq":9,"ts":17`); // with a torn last line
    const whole = readLog(bytes);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 8 }), (cuts) => {
        const reader = createLogChunkReader();
        let from = 0;
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          reader.push(bytes.subarray(from, cut));
          from = cut;
        }
        reader.push(bytes.subarray(from));
        expect(reader.end()).toEqual(whole);
      }),
    );
  });

  it('keeps a UTF-8 character split between two chunks whole', () => {
    const text = `${HEADER}${formatLogLine(makeEvent('unit.added', 'U1', 1, 1, { uid: 'U1', name: 'Zürich ☃', type: '800', status: { state: 'online' } }))}`;
    const bytes = new TextEncoder().encode(text);
    const at = bytes.indexOf(0xe2) + 1; // inside the 3-byte snowman
    const reader = createLogChunkReader();
    reader.push(bytes.subarray(0, at));
    reader.push(bytes.subarray(at));
    const event = reader.end().events[0];
    expect(event?.kind === 'unit.added' && event.data.name).toBe('Zürich ☃');
  });
});
