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

const dir = mkdtempSync(join(tmpdir(), 'luc-summary-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
function logFile(text: string): string {
  files += 1;
  const path = join(dir, `log-${files}.ndjson`);
  writeFileSync(path, text);
  return path;
}

const HEADER = formatLogHeader('2025-11-21T04:40:00.000Z');

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
// Lines

const jsonText = fc.oneof(fc.string(), fc.constantFrom('online', 'offline', 'streaming', 'idle', 'U1', 'é', 'a"b', 'a\\b', '\u2028'));
const applications = fc.dictionary(
  fc.constantFrom('video', 'forward', 'store', 'upgrade', 'fetchlogs', 'multiCamera', 'switcher', 'transparent_bridge'),
  fc.oneof(fc.constant({}), fc.record({ state: fc.constantFrom('streaming', 'speedtest', 'idle') }), fc.jsonValue()),
);
const statusData = fc.record(
  { state: fc.oneof(fc.constantFrom('online', 'offline', 'unavailable', 'idle'), fc.jsonValue()), applications: fc.oneof(applications, fc.jsonValue()), video: fc.jsonValue() },
  { requiredKeys: [] },
);
const link = fc.record(
  {
    port: fc.oneof(fc.constantFrom('eth0', 'modem1'), fc.jsonValue()),
    type: fc.oneof(fc.constantFrom('lan', 'cell', 'wifi', 'LAN'), fc.jsonValue()),
    name: fc.oneof(fc.string(), fc.jsonValue()),
    connected: fc.oneof(fc.boolean(), fc.jsonValue()),
    signalQuality: fc.oneof(fc.double(), fc.integer(), fc.jsonValue()),
    sim: fc.oneof(fc.constantFrom(null, 'A', 'B', 'C'), fc.jsonValue()),
    uplinkKbps: fc.oneof(fc.nat(), fc.integer({ min: -5, max: 5 }), fc.double(), fc.jsonValue()),
    downlinkKbps: fc.oneof(fc.nat(), fc.constant(-0), fc.constant(1e308), fc.jsonValue()),
    signal: fc.jsonValue(),
  },
  { requiredKeys: [] },
);
const alert = fc.record(
  {
    id: fc.constantFrom('A1', 'A2'),
    entityUniqueId: fc.constant('U1'),
    active: fc.oneof(fc.boolean(), fc.jsonValue()),
    severity: fc.constantFrom('warning', 'critical', 'info', 'bad'),
    type: fc.constantFrom('battery', 'cameraDisconnected', 'bad'),
  },
  { requiredKeys: ['id', 'entityUniqueId', 'active', 'severity', 'type'] },
);
const unitData = fc.record(
  {
    uid: fc.oneof(fc.constantFrom('U1', ''), fc.jsonValue()),
    name: jsonText,
    type: fc.oneof(fc.constantFrom('610', '800', 'ptmp'), fc.jsonValue()),
    status: fc.oneof(statusData, fc.jsonValue()),
    isDemo: fc.oneof(fc.boolean(), fc.jsonValue()),
    isBlockedVendor: fc.boolean(),
    lat: fc.oneof(fc.double({ min: -100, max: 100 }), fc.jsonValue()),
    lng: fc.double(),
    address: jsonText,
    battery: fc.oneof(fc.constant(null), fc.record({ percentage: fc.integer({ min: -10, max: 110 }) }), fc.jsonValue()),
    links: fc.oneof(fc.array(link, { maxLength: 3 }), fc.jsonValue()),
    alerts: fc.oneof(fc.array(alert, { maxLength: 2 }), fc.jsonValue()),
    config: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
    serial: fc.jsonValue(),
  },
  { requiredKeys: ['uid', 'name', 'type', 'status'] },
);
const dataOfKind = (kind: (typeof EVENT_KINDS)[number]): fc.Arbitrary<unknown> => {
  switch (kind) {
    case 'unit.status':
      return statusData;
    case 'unit.added':
      return unitData;
    case 'unit.usage':
      return fc.oneof(fc.record({ links: fc.array(link, { maxLength: 4 }), uplinkKbps: fc.nat() }, { requiredKeys: [] }), fc.jsonValue());
    case 'unit.alert':
      return fc.oneof(fc.record({ alerts: fc.array(alert, { maxLength: 3 }) }), fc.jsonValue());
    default:
      return fc.oneof(fc.constant(SAMPLE_DATA[kind]), fc.jsonValue());
  }
};
const envelope = fc.constantFrom(...EVENT_KINDS).chain((kind) =>
  fc.record(
    {
      seq: fc.oneof(fc.nat(), fc.constantFrom(-1, 1.5, 2 ** 53, '3', 1e3)),
      ts: fc.oneof(fc.nat(), fc.constant(1_763_700_000_123)),
      kind: fc.oneof(fc.constant(kind), fc.constantFrom('unit.bogus', 7)),
      id: fc.oneof(fc.constantFrom('U1', 'U2', ''), jsonText, fc.jsonValue()),
      rev: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constantFrom(1.0, 2.5, '2')),
      data: dataOfKind(kind),
      extra: fc.jsonValue(),
    },
    { requiredKeys: ['seq', 'kind', 'id', 'rev', 'data'] },
  ),
);
/** The envelope's text, sometimes with spaces, a repeated key, or bytes cut or changed. */
const lineText = fc
  .tuple(envelope, fc.constantFrom('plain', 'spaced', 'repeated', 'cut', 'changed'), fc.nat(), fc.constantFrom('x', '"', '}', ']', ',', '\\', ' ', '\u0001', 'é'))
  .map(([event, how, at, char]) => {
    const text = JSON.stringify(event);
    switch (how) {
      case 'spaced':
        return JSON.stringify(event, null, 1).replace(/\n/g, ' ');
      case 'repeated':
        return `${text.slice(0, -1)},"seq":${JSON.stringify(event.seq)},"kind":"unit.removed","data":{}}`;
      case 'cut':
        return text.slice(0, at % text.length);
      case 'changed': {
        const index = at % text.length;
        return text.slice(0, index) + char + text.slice(index + 1);
      }
      default:
        return text;
    }
  });

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
    const unitId = fc.constantFrom('U1', 'U2', 'U3');
    const event = fc.constantFrom(...EVENT_KINDS).chain((kind) =>
      fc.tuple(fc.constant(kind), unitId, fc.integer({ min: 1, max: 6 }), dataOfKind(kind)),
    );
    const line = fc.oneof(
      { weight: 12, arbitrary: event.map((e) => ({ event: e })) },
      { weight: 1, arbitrary: lineText.map((text) => ({ text })) },
      { weight: 1, arbitrary: fc.constantFrom('', '   ', 'garbage').map((text) => ({ text })) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 30 }), fc.boolean(), async (lines, torn) => {
        let seq = 0;
        let text = HEADER;
        for (const item of lines) {
          if ('text' in item) text += `${item.text}\n`;
          else {
            seq += 1;
            const [kind, id, rev, data] = item.event;
            text += `${JSON.stringify({ seq, ts: 1_763_700_000_000 + seq, kind, id, rev, data })}\n`;
          }
        }
        if (torn) text += '{"seq":99999,"ts":1,"kind":"unit.st';
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
