/**
 * The replay engine behind `npm run replay` (issue 6 item 1): a log streamed through the same fleet
 * model as the worker (workers/model), paced by the events' timestamps, stopped at --until.
 *
 * Pacing: event i is applied when (ts_i − ts_first) / speed ms of wall time have passed since the
 * start; at --max nothing waits. The model sees the same events in the same order at any pace, so
 * the final state does not depend on the speed (tests: replay determinism).
 *
 * Time and sleeping are injected (the tests pass a fake clock); progress is reported once per
 * PROGRESS_INTERVAL_MS of wall time, looked at every PROGRESS_CHECK_EVERY events at --max.
 */
import type { Envelope } from '../src/protocol/envelope.ts';
import type { LogWarning } from '../src/protocol/logFormat.ts';
import type { FleetModel } from '../workers/model/fleetModel.ts';
import { applyEvent, createFleetModel } from '../workers/model/fleetModel.ts';
import type { Pace, Until } from './args.ts';
import type { LogReader } from './log.ts';
import { readLogFile } from './log.ts';
import type { SummaryLogOptions } from './parallelLog.ts';
import { readSummaryLog } from './parallelLog.ts';
import type { ReplaySummary } from '../workers/model/summary.ts';
import { summaryOf } from '../workers/model/summary.ts';
import { SummaryFleet } from './summaryFleet.ts';

/** A progress line every second of wall time (issue 6: "a compact progress line per second"). */
export const PROGRESS_INTERVAL_MS = 1_000;
/** At --max the wall clock is read once per this many events (a clock read per event costs ~5 %). */
export const PROGRESS_CHECK_EVERY = 4_096;
/** Waits shorter than this are skipped and caught up later (timers are not finer than ~1 ms). */
export const MIN_SLEEP_MS = 2;

export interface PlayerClock {
  /** Monotonic ms (performance.now in the CLI). */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export type Progress = {
  /** Wall ms since the replay started. */
  readonly elapsedMs: number;
  /** The last applied event (undefined before the first). */
  readonly seq: number | undefined;
  readonly ts: number | undefined;
  readonly events: number;
  readonly model: FleetModel;
};

export type PlayOptions = {
  readonly file: string;
  readonly pace: Pace;
  readonly until: Until | null;
  readonly clock: PlayerClock;
  readonly onProgress?: (progress: Progress) => void;
  /** Starts from this model (tests); default a new one. */
  readonly model?: FleetModel;
  /**
   * Only the replay summary will be read from the model (`--summary`), so the log may be read for
   * the summary's fields only (the units then hold slim data: do not show them):
   * - 'threads': the parallel summary reader (replay/parallelLog.ts), JSON.parse spread over the
   *   cores; a log below PARALLEL_MIN_BYTES, or with `parallel.workers` 0, is read by the full reader;
   * - 'scan': the summary scanner (replay/log.ts summaryOnly, replay/summaryScan.ts), one thread.
   * Default: the full reader (JSON.parse + decodeEnvelope of every line on this thread).
   */
  readonly summaryReader?: 'threads' | 'scan';
  /** For 'threads': reader threads besides this one (default: the cores but one), chunk size, size threshold. */
  readonly parallel?: SummaryLogOptions;
};

export type PlayResult = {
  readonly model: FleetModel;
  readonly warnings: readonly LogWarning[];
  /** Event lines applied. */
  readonly events: number;
  readonly elapsedMs: number;
  /** 'until' when --until stopped the replay before the end of the log. */
  readonly stoppedBy: 'end' | 'until';
  readonly lastSeq: number | undefined;
  readonly lastTs: number | undefined;
};

/** True when the event lies beyond the --until point (the replay stops before applying it). */
export function beyond(until: Until | null, event: Envelope): boolean {
  if (until === null) return false;
  return until.kind === 'seq' ? event.seq > until.seq : event.ts > until.ms;
}

function openLog(options: PlayOptions): LogReader {
  switch (options.summaryReader) {
    case 'threads':
      return readSummaryLog(options.file, options.parallel);
    case 'scan':
      return readLogFile(options.file, { summaryOnly: true });
    default:
      return readLogFile(options.file);
  }
}

/** Replays one log file; rejects with LogFormatError (naming the line) on a bad log. */
export async function playLogFile(options: PlayOptions): Promise<PlayResult> {
  const { clock, pace, until, onProgress } = options;
  // The replay reads the model's units, counters and transition counts, never its changes.
  const model = options.model ?? createFleetModel({ trackChanges: false });
  const log = openLog(options);
  const start = clock.now();
  const speed = pace.kind === 'speed' ? pace.factor : Number.POSITIVE_INFINITY;
  let nextProgress = start + PROGRESS_INTERVAL_MS;
  let firstTs: number | undefined;
  let lastSeq: number | undefined;
  let lastTs: number | undefined;
  let events = 0;
  let stoppedBy: PlayResult['stoppedBy'] = 'end';

  const report = (now: number): void => {
    if (now < nextProgress) return;
    nextProgress = now + PROGRESS_INTERVAL_MS;
    onProgress?.({ elapsedMs: now - start, seq: lastSeq, ts: lastTs, events, model });
  };

  // Batches (one per chunk of the file): the loop over a batch is synchronous at --max.
  play: for await (const batch of log.batches()) {
    for (const event of batch) {
      if (beyond(until, event)) {
        stoppedBy = 'until';
        break play;
      }
      if (speed !== Number.POSITIVE_INFINITY) {
        firstTs ??= event.ts;
        const due = start + (event.ts - firstTs) / speed;
        let now = clock.now();
        // Sleep in slices of at most a second so progress lines keep coming during long gaps.
        while (due - now >= MIN_SLEEP_MS) {
          await clock.sleep(Math.min(due - now, PROGRESS_INTERVAL_MS));
          now = clock.now();
          report(now);
        }
        report(now);
      } else if ((events & (PROGRESS_CHECK_EVERY - 1)) === 0) {
        report(clock.now());
      }
      applyEvent(model, event);
      events += 1;
      lastSeq = event.seq;
      lastTs = event.ts;
    }
  }
  return { model, warnings: log.warnings, events, elapsedMs: clock.now() - start, stoppedBy, lastSeq, lastTs };
}

export type SummaryPlayResult = {
  readonly summary: ReplaySummary;
  readonly warnings: readonly LogWarning[];
  /** Event lines read. */
  readonly events: number;
  readonly elapsedMs: number;
};

/**
 * `--summary` of a whole log at --max (no --until): the summary's own fleet state
 * (replay/summaryFleet.ts, the fleet model's rules on typed arrays) fed by the parallel summary
 * reader's records without an envelope per event, or, for a log the full reader reads (below
 * PARALLEL_MIN_BYTES, or no reader thread), by the full reader's envelopes. The same summary as
 * playLogFile + workers/model/summary.ts (summaryFleet.test.ts, parallelLog.test.ts); rejects with
 * LogFormatError (naming the line) on a bad log.
 */
export async function summarizeLogFile(options: { readonly file: string; readonly clock: PlayerClock; readonly parallel?: SummaryLogOptions }): Promise<SummaryPlayResult> {
  const fleet = new SummaryFleet();
  const log = readSummaryLog(options.file, { ...options.parallel, fleet });
  const start = options.clock.now();
  // The parallel reader gives its events to the fleet itself and yields none; the full reader yields them all.
  for await (const batch of log.batches()) for (const event of batch) fleet.applyEnvelope(event);
  return { summary: summaryOf(fleet.parts()), warnings: log.warnings, events: fleet.events, elapsedMs: options.clock.now() - start };
}

/** "12s  log 2025-11-21T04:40:01.000Z  seq 1042  events 12,000  units 1,000  offline 12  busy 40  idle 948  alerts 3" */
export function formatProgress(progress: Progress): string {
  const { counters, units } = progress.model;
  const time = progress.ts === undefined ? '-' : new Date(progress.ts).toISOString();
  const n = (value: number): string => value.toLocaleString('en-US');
  return [
    `${Math.round(progress.elapsedMs / 1000)}s`,
    `log ${time}`,
    `seq ${progress.seq ?? '-'}`,
    `events ${n(progress.events)}`,
    `units ${n(units.size)}`,
    `offline ${n(counters.offline)}`,
    `busy ${n(counters.busy)}`,
    `idle ${n(counters.idle)}`,
    `alerts ${n(counters.activeAlerts)}`,
  ].join('  ');
}
