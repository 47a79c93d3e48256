import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultParams, runScenario } from '../fixtures/generate.ts';
import type { Envelope } from '../src/protocol/envelope.ts';
import { decodeEnvelope } from '../src/protocol/envelope.ts';
import { EVENT_KINDS } from '../src/protocol/kinds.ts';
import { isDataOf } from '../src/protocol/payloadGuards.ts';
import { makeEvent, SAMPLE_DATA } from '../src/protocol/sampleEvents.ts';
import { readFileSync } from 'node:fs';
import { applyEvent, createFleetModel } from '../workers/model/fleetModel.ts';
import { summary } from '../workers/model/summary.ts';
import { formatLogHeader, formatLogLine, LogFormatError, readLogFile } from './log.ts';
import { summarizeLog } from './summary.ts';
import { MAX_DEPTH, scanSummaryEvent } from './summaryScan.ts';
import { dataOfKind, envelope, HEADER, lineText, link, randomLogText } from './logArbitraries.ts';

const dir = mkdtempSync(join(tmpdir(), 'luc-summary-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
function logFile(text: string): string {
  files += 1;
  const path = join(dir, `log-${files}.ndjson`);
  writeFileSync(path, text);
  return path;
}


/** The scanner on one line (followed by "\n", as in a file). */
function scan(line: string): ReturnType<typeof scanSummaryEvent> {
  const bytes = Buffer.from(`${line}\n`, 'utf8');
  return scanSummaryEvent(bytes, 0, bytes.length - 1);
}

/** The summary, or the error message, of a log read one way. */
async function outcome(path: string, fast: boolean): Promise<unknown> {
  try {
    return await summarizeLog(path, { fast });
  } catch (error) {
    if (error instanceof LogFormatError) return { error: error.message };
    throw error;
  }
}

async function expectSameOutcome(text: string): Promise<unknown> {
  const path = logFile(text);
  const fast = await outcome(path, true);
  expect(fast).toEqual(await outcome(path, false));
  return fast;
}

/** The fields of a decoded event the summary reads (fleetModel.ts + summary.ts). */
function summaryFields(event: { seq: number; ts: number; kind: string; id: string; rev: number; data: unknown }): unknown {
  const data = event.data as Record<string, unknown>;
  const status = (value: unknown) => {
    const raw = value as Record<string, unknown>;
    return { state: raw['state'], applications: raw['applications'] };
  };
  const read =
    event.kind === 'unit.status'
      ? status(data)
      : event.kind === 'unit.added'
        ? { uid: data['uid'], type: data['type'], status: status(data['status']), isDemo: data['isDemo'], isBlockedVendor: data['isBlockedVendor'], alerts: data['alerts'] }
        : event.kind === 'unit.alert'
          ? data
          : null;
  return { seq: event.seq, ts: event.ts, kind: event.kind, id: event.id, rev: event.rev, read };
}

// ------------------------------------------------------------------------------------------------
// Lines (the generators: replay/logArbitraries.ts)

describe('scanSummaryEvent', () => {
  it('accepts a line only when JSON.parse + decodeEnvelope accept it, with the same summary fields', () => {
    fc.assert(
      fc.property(lineText, (line) => {
        const scanned = scan(line);
        if (scanned === null) return;
        const decoded = decodeEnvelope(JSON.parse(line));
        expect(decoded.ok).toBe(true);
        if (decoded.ok) expect(summaryFields(scanned)).toEqual(summaryFields(decoded.value));
      }),
      { numRuns: 1_000 },
    );
  });

  it('reads every valid sample event (it does not fall back on what the recorder writes)', () => {
    for (const kind of EVENT_KINDS) {
      const line = formatLogLine(makeEvent(kind, 'U1', 2, 5) as Envelope).trimEnd();
      const scanned = scan(line);
      expect(scanned, kind).not.toBeNull();
      expect(summaryFields(scanned!)).toEqual(summaryFields(makeEvent(kind, 'U1', 2, 5)));
    }
  });

  it('reads the link lists of unit.usage exactly as the guard (isDataOf) judges them', () => {
    fc.assert(
      fc.property(fc.array(link, { maxLength: 4 }), (links) => {
        const line = JSON.stringify({ seq: 1, ts: 1, kind: 'unit.usage', id: 'U1', rev: 1, data: { links } });
        expect(scan(line) !== null).toBe(isDataOf('unit.usage', { links }));
      }),
      { numRuns: 1_000 },
    );
  });

  it('leaves escaped keys, non-JSON and deep nesting to the full parser', () => {
    expect(scan('{"s\\u0065q":1,"ts":1,"kind":"unit.removed","id":"U1","rev":1,"data":{}}')).toBeNull();
    expect(scan('{"seq":1,"ts":1,"kind":"unit.removed","id":"U1","rev":1,"data":{}} x')).toBeNull();
    expect(scan('{"seq":1,"ts":1,"kind":"unit.removed","id":"U1","rev":1,"data":{},}')).toBeNull();
    expect(scan('{"seq":01,"ts":1,"kind":"unit.removed","id":"U1","rev":1,"data":{}}')).toBeNull();
    const deep = `${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`;
    expect(scan(`{"seq":1,"ts":1,"kind":"unit.config","id":"U1","rev":1,"data":{"a":${deep}}}`)).toBeNull();
    // Strings with escapes and non-ASCII text are read as JSON.parse reads them.
    expect(scan('{"seq":1,"ts":1,"kind":"unit.removed","id":"U\\u00e9","rev":1,"data":{}}')?.id).toBe('Ué');
    expect(scan('{"seq":1,"ts":1,"kind":"unit.removed","id":"Ué","rev":1,"data":{}}')?.id).toBe('Ué');
  });
});

// ------------------------------------------------------------------------------------------------
// Whole logs: the fast summary equals the JSON.parse summary

describe('summarizeLog: fast path = JSON.parse path', () => {
  it('on logs of the project generator (the simulator scripts), any seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 1_000_000 }), fc.integer({ min: 5, max: 40 }), async (seed, units) => {
        let text = '';
        runScenario('busy-hour-10k', { ...defaultParams('busy-hour-10k'), seed, units, rate: 40, durationMs: 15_000 }, (chunk) => {
          text += chunk;
        });
        const summary = await expectSameOutcome(text);
        expect(summary).toHaveProperty('summary.units');
      }),
      { numRuns: 12 },
    );
  });

  it('on random event logs (revs out of order, removals, bad lines, a torn end)', async () => {
    await fc.assert(
      fc.asyncProperty(randomLogText, async (text) => {
        await expectSameOutcome(text);
      }),
      { numRuns: 400 },
    );
  });

  it('reads a fixture in 1-byte to 1 MiB chunks (lines cut anywhere) with the same summary', async () => {
    const path = join(import.meta.dirname, '..', 'fixtures', 'reconnect-storm.ndjson');
    const expected = (await summarizeLog(path, { fast: false })).summary;
    // A "\r\n" copy: chunks holding a "\r" take the full path, the others the scanner.
    const crlf = logFile(readFileSync(path, 'utf8').split('\n').slice(0, 600).join('\r\n'));
    const expectedCrlf = (await summarizeLog(crlf, { fast: false })).summary;
    for (const chunkBytes of [1, 7, 300, 4096, 1 << 20]) {
      for (const [file, want] of [[path, expected], [crlf, expectedCrlf]] as const) {
        const model = createFleetModel();
        for await (const batch of readLogFile(file, { chunkBytes, summaryOnly: true }).batches()) for (const event of batch) applyEvent(model, event);
        expect(summary(model), `${chunkBytes} bytes per read`).toEqual(want);
      }
    }
  });

  it('reports a torn last line as the full path does', async () => {
    const added = formatLogLine(makeEvent('unit.added', 'U1', 1, 1));
    const outcome = await expectSameOutcome(`${HEADER}${added}{"seq":2,"ts":1,"kind":"unit.sta`);
    expect(outcome).toMatchObject({ warnings: [{ line: 3 }] });
  });

  it('rejects a missing or other-version header naming line 1, as the full path does', async () => {
    const added = formatLogLine(makeEvent('unit.added', 'U1', 1, 1));
    expect(await expectSameOutcome(added)).toEqual({ error: expect.stringMatching(/^line 1: missing log header/) });
    expect(await expectSameOutcome(`{"format":"luc-fleet-log","version":2,"recordedAt":"2025-11-21T04:40:00Z"}\n${added}`)).toEqual({
      error: expect.stringMatching(/^line 1: bad log header: version: expected 1, got 2/),
    });
    expect(await expectSameOutcome('')).toEqual({ error: 'line 1: missing log header: the log is empty' });
  });

  it('names the bad line and keeps the seq rule', async () => {
    const added = formatLogLine(makeEvent('unit.added', 'U1', 1, 1));
    expect(await expectSameOutcome(`${HEADER}${added}garbage\n`)).toEqual({ error: expect.stringMatching(/^line 3: not valid JSON/) });
    expect(await expectSameOutcome(`${HEADER}${added}${added}`)).toEqual({ error: expect.stringMatching(/^line 3: seq 1 is not above seq 1 of line 2/) });
    const badLink = JSON.stringify({ seq: 2, ts: 2, kind: 'unit.usage', id: 'U1', rev: 2, data: { links: [{ port: 'eth0', uplinkKbps: -1, downlinkKbps: 0 }] } });
    expect(await expectSameOutcome(`${HEADER}${added}${badLink}\n`)).toEqual({ error: expect.stringMatching(/^line 3: not a valid event: data\.links/) });
  });
});
