import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultParams, runScenario } from '../fixtures/generate.ts';
import { makeEvent } from '../src/protocol/sampleEvents.ts';
import { applyEvent, createFleetModel } from '../workers/model/fleetModel.ts';
import { summary, summaryOf } from '../workers/model/summary.ts';
import type { LogReader } from './log.ts';
import { formatLogLine, LogFormatError, readLogFile } from './log.ts';
import { HEADER, randomLogText } from './logArbitraries.ts';
import type { ChunkScratch } from './logChunks.ts';
import { chunkCount, readOwnedBytes } from './logChunks.ts';
import type { ParallelReadOptions } from './parallelLog.ts';
import { readLogFileInParallel } from './parallelLog.ts';
import { playLogFile, summarizeLogFile } from './player.ts';
import { SummaryFleet } from './summaryFleet.ts';

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'luc-parallel-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
function logFile(text: string): string {
  files += 1;
  const path = join(dir, `log-${files}.ndjson`);
  writeFileSync(path, text);
  return path;
}

/** The summary and warnings of a log read by `reader`, or its error message. */
async function outcome(reader: LogReader): Promise<unknown> {
  const model = createFleetModel();
  try {
    for await (const batch of reader.batches()) for (const event of batch) applyEvent(model, event);
  } catch (error) {
    if (error instanceof LogFormatError) return { error: error.message };
    throw error;
  }
  return { summary: summary(model), warnings: reader.warnings, lines: reader.lines };
}

/**
 * The same through the summary's fleet state (replay/summaryFleet.ts): the reader gives it every
 * event from its record, without an envelope, and yields none.
 */
async function fleetOutcome(path: string, options: ParallelReadOptions): Promise<unknown> {
  const fleet = new SummaryFleet();
  const reader = readLogFileInParallel(path, { ...options, fleet });
  let yielded = 0;
  try {
    for await (const batch of reader.batches()) yielded += batch.length;
  } catch (error) {
    if (error instanceof LogFormatError) return { error: error.message };
    throw error;
  }
  expect(yielded).toBe(0);
  return { summary: summaryOf(fleet.parts()), warnings: reader.warnings, lines: reader.lines };
}

/**
 * The parallel reader's outcome equals the full reader's (JSON.parse + decodeEnvelope on one
 * thread), with slim envelopes into the fleet model and with records into the summary's fleet state.
 */
async function expectSameOutcome(path: string, options: ParallelReadOptions): Promise<unknown> {
  const parallel = await outcome(readLogFileInParallel(path, options));
  const full = await outcome(readLogFile(path));
  expect(parallel).toEqual(full);
  expect(await fleetOutcome(path, options)).toEqual(full);
  return parallel;
}

describe('readOwnedBytes: chunks own every line exactly once', () => {
  it('the owned ranges of all chunks, in order, are the file, each cut just after a "\\n"', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'bc', '\n', '\r', 'é', '{"x":1}'), { maxLength: 60 }), fc.integer({ min: 1, max: 40 }), (pieces, chunkBytes) => {
        const path = logFile(pieces.join(''));
        const bytes = readFileSync(path);
        const fd = openSync(path, 'r');
        const scratch: ChunkScratch = { buffer: Buffer.allocUnsafe(0) };
        try {
          const parts: Buffer[] = [];
          let offset = 0;
          for (let chunk = 0; chunk < chunkCount(bytes.length, chunkBytes); chunk += 1) {
            const owned = readOwnedBytes(fd, bytes.length, chunkBytes, chunk, scratch);
            const part = Buffer.from(owned.bytes.subarray(owned.start, owned.end));
            offset += part.length;
            // A range ends just after a "\n", or at the end of the file (its tail).
            if (part.length > 0 && offset < bytes.length) expect(part[part.length - 1]).toBe(0x0a);
            parts.push(part);
          }
          expect(Buffer.concat(parts).equals(bytes)).toBe(true);
        } finally {
          closeSync(fd);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('readLogFileInParallel = the full reader (same summary, same errors, same warnings)', () => {
  it('on random logs (revs out of order, removals, bad lines, a torn end), chunks of any size, read here', async () => {
    await fc.assert(
      fc.asyncProperty(randomLogText, fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 300 }), async (text, chunkBytes, segmentBytes) => {
        await expectSameOutcome(logFile(text), { workers: 0, chunkBytes, segmentBytes });
      }),
      { numRuns: 400 },
    );
  });

  it('on "\\r\\n" and lone "\\r" line ends', async () => {
    await fc.assert(
      fc.asyncProperty(randomLogText, fc.constantFrom('\r\n', '\r'), fc.integer({ min: 1, max: 200 }), async (text, end, chunkBytes) => {
        await expectSameOutcome(logFile(text.replaceAll('\n', end)), { workers: 0, chunkBytes });
      }),
      { numRuns: 100 },
    );
  });

  it('on logs of the project generator (the simulator scripts), any seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 1_000_000 }), fc.integer({ min: 5, max: 40 }), fc.integer({ min: 64, max: 8192 }), async (seed, units, chunkBytes) => {
        let text = '';
        runScenario('busy-hour-10k', { ...defaultParams('busy-hour-10k'), seed, units, rate: 40, durationMs: 15_000 }, (chunk) => {
          text += chunk;
        });
        expect(await expectSameOutcome(logFile(text), { workers: 0, chunkBytes })).toHaveProperty('summary.units');
      }),
      { numRuns: 12 },
    );
  });

  it('with reader threads: random logs and the fixtures, chunks claimed by the threads in any order', async () => {
    const samples = fc.sample(randomLogText, { numRuns: 6, seed: 15 });
    for (const [index, text] of samples.entries()) {
      await expectSameOutcome(logFile(text), { workers: 1 + (index % 2), chunkBytes: 16 + index * 40, mainReads: index % 3 !== 0 });
    }
    for (const name of ['reconnect-storm', 'region-coverage-loss']) {
      const path = join(ROOT, 'fixtures', `${name}.ndjson`);
      const expected = JSON.parse(readFileSync(join(ROOT, 'fixtures', `${name}.summary.json`), 'utf8')) as unknown;
      for (const chunkBytes of [700, 64 * 1024]) {
        const read = await expectSameOutcome(path, { workers: 2, chunkBytes, mainReads: false });
        expect(read).toMatchObject({ summary: expected });
      }
    }
  }, 120_000);

  it('names the bad line, keeps the seq rule across chunks and reports a torn end', async () => {
    const added = formatLogLine(makeEvent('unit.added', 'U1', 1, 1));
    const status = (seq: number) => formatLogLine(makeEvent('unit.status', 'U1', seq, seq));
    const cases = [
      `${HEADER}${added}${status(2)}garbage\n${status(3)}`,
      `${HEADER}${added}${status(3)}${status(2)}`,
      `${HEADER}${added}${status(2)}{"seq":3,"ts":1,"kind":"unit.st`,
      `{"format":"luc-fleet-log","version":2,"recordedAt":"2025-11-21T04:40:00Z"}\n${added}`,
      `\n${HEADER}${added}`,
      `${added}`,
      '',
    ];
    const outcomes = [];
    for (const text of cases) outcomes.push(await expectSameOutcome(logFile(text), { workers: 0, chunkBytes: 40 }));
    expect(outcomes[0]).toEqual({ error: expect.stringMatching(/^line 4: not valid JSON/) });
    expect(outcomes[1]).toEqual({ error: expect.stringMatching(/^line 4: seq 2 is not above seq 3 of line 3/) });
    expect(outcomes[2]).toMatchObject({ warnings: [{ line: 4 }] });
    expect(outcomes[6]).toEqual({ error: 'line 1: missing log header: the log is empty' });
  });
});

describe('playLogFile with the parallel summary reader', () => {
  it('stops at --until with the full reader’s result, and stops its threads', async () => {
    let text = HEADER + formatLogLine(makeEvent('unit.added', 'U1', 1, 1));
    for (let seq = 2; seq < 400; seq += 1) text += formatLogLine(makeEvent('unit.status', 'U1', seq, seq));
    const file = logFile(`${text}garbage\n`);
    const clock = { now: () => performance.now(), sleep: async () => undefined };
    for (const seq of [1, 57, 398]) {
      const until = { kind: 'seq', seq } as const;
      const full = await playLogFile({ file, pace: { kind: 'max' }, until, clock });
      const threaded = await playLogFile({ file, pace: { kind: 'max' }, until, clock, summaryReader: 'threads', parallel: { workers: 1, chunkBytes: 1024, minBytes: 0, mainReads: seq !== 57 } });
      expect(summary(threaded.model)).toEqual(summary(full.model));
      expect([threaded.events, threaded.lastSeq, threaded.stoppedBy]).toEqual([full.events, full.lastSeq, full.stoppedBy]);
    }
  }, 60_000);
});

describe('summarizeLogFile (the --summary of a whole log at --max)', () => {
  it('gives playLogFile’s summary, warnings and event count, with reader threads or the full reader', async () => {
    const clock = { now: () => performance.now(), sleep: async () => undefined };
    const samples = fc.sample(randomLogText, { numRuns: 20, seed: 515 });
    let summaries = 0;
    for (const [index, text] of samples.entries()) {
      const file = logFile(text);
      const parallel = { workers: index % 3, chunkBytes: 16 + index * 30, minBytes: index % 4 === 0 ? 1 << 30 : 0 };
      let expected: unknown;
      try {
        const full = await playLogFile({ file, pace: { kind: 'max' }, until: null, clock });
        expected = { summary: summary(full.model), warnings: full.warnings, events: full.events };
      } catch (error) {
        if (!(error instanceof LogFormatError)) throw error;
        expected = { error: error.message };
      }
      let fast: unknown;
      try {
        const result = await summarizeLogFile({ file, clock, parallel });
        fast = { summary: result.summary, warnings: result.warnings, events: result.events };
        summaries += 1;
      } catch (error) {
        if (!(error instanceof LogFormatError)) throw error;
        fast = { error: error.message };
      }
      expect(fast).toEqual(expected);
    }
    expect(summaries).toBeGreaterThan(3);
  }, 60_000);
});
