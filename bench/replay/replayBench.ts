/**
 * Figure 1, Node replay (issue 6 item 5): events per second through the fleet model
 * (workers/model applyEvent), for a 10k-unit and a 50k-unit log generated in the run (logs.ts).
 *
 * - pre-parsed: the events decoded once into memory, then applied to a fresh model per pass;
 *   the median of PASSES passes (the first pass includes JIT warm-up).
 * - from NDJSON: the replay command's own path (replay/player.ts playLogFile at --max: the file
 *   read in 1 MiB chunks, each decoded once and split on "\n" (replay/log.ts), the shared line
 *   parser with JSON.parse + decodeEnvelope + seq check, then applyEvent, a batch per chunk);
 *   the median of NDJSON_PASSES passes.
 * - baseline: the immer reducer (immerBaseline.ts) over the same events, time-boxed; for NDJSON
 *   with JSON.parse of each line in the timed loop.
 * The profile splits one NDJSON pass of the 10k log into its stages (read + decode in chunks,
 * split, JSON.parse, guard, apply; readline for comparison, the reader used before) to show where
 * the time goes.
 */
import { closeSync, createReadStream, openSync, readFileSync, readSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { createInterface } from 'node:readline';
import type { Envelope } from '../../src/protocol/envelope.ts';
import { decodeEnvelope } from '../../src/protocol/envelope.ts';
import { createLogLineParser } from '../../src/protocol/logFormat.ts';
import { applyEvent, createFleetModel } from '../../workers/model/fleetModel.ts';
import { CHUNK_BYTES } from '../../replay/log.ts';
import { playLogFile } from '../../replay/player.ts';
import type { Figure } from '../figure.ts';
import { atLeast, figure, median } from '../figure.ts';
import { immerRate } from './immerBaseline.ts';
import type { GeneratedLog } from './logs.ts';
import { BENCH_LOGS, generateLog } from './logs.ts';
import type { ProcessAB, ProcessRuns } from './processBench.ts';
import { abCheckout, processAB, processFigure } from './processBench.ts';

export const PASSES = 7;
export const NDJSON_PASSES = 3;
/** Time box of each immer baseline measurement (ms). */
export const BASELINE_BUDGET_MS = 1_500;
/** spec targets, issue 6 item 5 (events/s). */
export const PREPARSED_TARGET = 1_000_000;
export const NDJSON_TARGET = 500_000;

export type ReplayProfile = {
  readonly log: string;
  readonly events: number;
  readonly bytesPerEvent: number;
  /** µs per event of each stage, measured alone. */
  readonly usPerEvent: { readline: number; readDecode: number; split: number; jsonParse: number; guard: number; apply: number; playLogFile: number };
};

/** Lines of a log held in memory, without the header. */
function eventLines(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  return lines.slice(1).filter((line) => line !== '');
}

function decodeAll(lines: readonly string[]): Envelope[] {
  return lines.map((line, index) => {
    const decoded = decodeEnvelope(JSON.parse(line));
    if (!decoded.ok) throw new Error(`bench log line ${index + 2}: ${decoded.error}`);
    return decoded.value;
  });
}

function applyRate(events: readonly Envelope[]): number {
  const model = createFleetModel();
  const started = performance.now();
  for (const event of events) applyEvent(model, event);
  return events.length / ((performance.now() - started) / 1000);
}

async function playRate(path: string): Promise<number> {
  const clock = { now: () => performance.now(), sleep: async () => undefined };
  const started = performance.now();
  const result = await playLogFile({ file: path, pace: { kind: 'max' }, until: null, clock });
  return result.events / ((performance.now() - started) / 1000);
}

async function readlineSeconds(path: string): Promise<number> {
  const started = performance.now();
  const reader = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let count = 0;
  for await (const line of reader) count += line.length > 0 ? 1 : 0;
  return (performance.now() - started) / 1000 + count * 0;
}

/** The reader's I/O and decoding alone: CHUNK_BYTES reads, each decoded up to its last "\n". */
function readDecodeSeconds(path: string): number {
  const started = performance.now();
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let carry = 0;
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, carry, buffer.length - carry, null);
      if (read === 0) break;
      const filled = carry + read;
      const last = buffer.subarray(0, filled).lastIndexOf(0x0a) + 1;
      const block = buffer.subarray(0, last);
      length += (isAscii(block) ? block.toString('latin1') : block.toString('utf8')).length;
      buffer.copy(buffer, 0, last, filled);
      carry = filled - last;
    }
    if (length < 0) throw new Error('unreachable');
  } finally {
    closeSync(fd);
  }
  return (performance.now() - started) / 1000;
}

function seconds(run: () => void): number {
  const started = performance.now();
  run();
  return (performance.now() - started) / 1000;
}

async function profile(log: GeneratedLog, lines: readonly string[], events: readonly Envelope[]): Promise<ReplayProfile> {
  const n = lines.length;
  const us = (s: number) => Number(((s * 1e6) / n).toFixed(3));
  const text = readFileSync(log.path, 'utf8');
  const split = seconds(() => {
    let start = 0;
    let count = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      count += end > start ? 1 : 0;
      start = end + 1;
    }
    if (count < 0) throw new Error('unreachable');
  });
  const parsed: unknown[] = new Array(n);
  const jsonParse = seconds(() => {
    for (let i = 0; i < n; i += 1) parsed[i] = JSON.parse(lines[i] as string);
  });
  const guard = seconds(() => {
    for (const value of parsed) if (!decodeEnvelope(value).ok) throw new Error('bad event');
  });
  const apply = seconds(() => {
    const model = createFleetModel();
    for (const event of events) applyEvent(model, event);
  });
  const readline = await readlineSeconds(log.path);
  const readDecode = readDecodeSeconds(log.path);
  const play = 1 / (await playRate(log.path));
  return {
    log: log.name,
    events: n,
    bytesPerEvent: Math.round(log.bytes / (n + 1)),
    usPerEvent: { readline: us(readline), readDecode: us(readDecode), split: us(split), jsonParse: us(jsonParse), guard: us(guard), apply: us(apply), playLogFile: Number((play * 1e6).toFixed(3)) },
  };
}

/** The line parser alone over in-memory lines (shared with the console's Replay page). */
export function lineParserRate(lines: readonly string[]): number {
  const parser = createLogLineParser();
  parser.parse('{"format":"luc-fleet-log","version":1,"recordedAt":"2025-11-21T04:40:00.000Z"}', 1);
  const model = createFleetModel();
  const started = performance.now();
  for (let i = 0; i < lines.length; i += 1) {
    const result = parser.parse(lines[i] as string, i + 2);
    if (result.type === 'event') applyEvent(model, result.event);
  }
  return lines.length / ((performance.now() - started) / 1000);
}

export type ReplayBenchResult = { figures: Figure[]; profiles: ReplayProfile[]; logs: GeneratedLog[]; processes: ProcessRuns[]; ab: ProcessAB[] };

export async function runReplayBench(say: (line: string) => void): Promise<ReplayBenchResult> {
  const figures: Figure[] = [];
  const profiles: ReplayProfile[] = [];
  const logs: GeneratedLog[] = [];
  const processes: ProcessRuns[] = [];
  const ab: ProcessAB[] = [];
  const other = abCheckout();
  for (const spec of BENCH_LOGS) {
    const log = generateLog(spec);
    logs.push(log);
    say(`replay: generated ${log.name}: ${log.events.toLocaleString('en-US')} events, ${(log.bytes / 1e6).toFixed(1)} MB in ${log.seconds.toFixed(1)} s`);
    // Issue 15 item 5: the whole `npm run replay -- FILE --summary` process against a bare JSON.parse loop.
    const whole = await processFigure(log, `${spec.units / 1000}k units`, say);
    figures.push(whole.figure);
    processes.push(whole.runs);
    // A look, not a figure: this checkout's replay against another's (LUC_BENCH_REPLAY_OTHER).
    if (other !== undefined) ab.push(await processAB(log, other, say));
    // NDJSON first, on a heap without the in-memory copies below (the replay command starts with
    // an empty heap; 100-150 MB of held lines and events made every GC of the pass slower).
    const ndjson: number[] = [];
    for (let pass = 0; pass < NDJSON_PASSES; pass += 1) ndjson.push(await playRate(log.path));
    const lines = eventLines(log.path);
    const events = decodeAll(lines);
    const label = `${spec.units / 1000}k units`;

    const preparsed = Array.from({ length: PASSES }, () => applyRate(events));
    const immerPre = immerRate(events, BASELINE_BUDGET_MS);
    say(`replay ${label} pre-parsed: passes ${preparsed.map((r) => Math.round(r)).join(', ')} events/s; immer ${Math.round(immerPre.rate)} events/s over ${immerPre.applied} events`);
    figures.push(
      figure(`replay ${label}: pre-parsed`, median(preparsed), 'events/s', atLeast(PREPARSED_TARGET), immerPre.rate,
        `median of ${PASSES} passes over ${events.length} events; baseline: immer reducer, one produce per event (${immerPre.applied} events in ${BASELINE_BUDGET_MS} ms)`),
    );

    const immerNd = immerRate(events, BASELINE_BUDGET_MS, lines);
    say(`replay ${label} NDJSON (playLogFile): passes ${ndjson.map((r) => Math.round(r)).join(', ')} events/s; immer+JSON.parse ${Math.round(immerNd.rate)} events/s`);
    figures.push(
      figure(`replay ${label}: from NDJSON`, median(ndjson), 'events/s', atLeast(NDJSON_TARGET), immerNd.rate,
        `replay/player.ts playLogFile at --max, median of ${NDJSON_PASSES} passes (run before the in-memory copies are loaded), ${Math.round(log.bytes / (events.length + 1))} B/event; baseline: JSON.parse + immer reducer per line`),
    );
    if (spec.units === 10_000) {
      const p = await profile(log, lines, events);
      profiles.push(p);
      say(`replay profile ${log.name} (µs/event): ${JSON.stringify(p.usPerEvent)}; line parser + apply over in-memory lines: ${Math.round(lineParserRate(lines))} events/s`);
    }
  }
  return { figures, profiles, logs, processes, ab };
}
