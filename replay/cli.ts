/**
 * `npm run replay -- FILE [--summary] [--speed N | --max] [--until SEQ|ISO-TIME]` (issue 6 item 1).
 *
 * - stdout: with --summary, exactly the replay summary JSON of protocol.md; otherwise a progress
 *   line per second of wall time, then the same summary JSON.
 * - stderr: a torn last line (tolerated), where --until stopped, and the replay's speed.
 * - Exit codes: 0 done (a torn last line included); 1 the log cannot be read (missing file, missing
 *   or foreign header, other version, bad line: the message names the line); 2 bad arguments.
 */
import { performance } from 'node:perf_hooks';
import { assertNever } from '../src/domain/brand.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { summary } from '../workers/model/summary.ts';
import type { ReplayOptions } from './args.ts';
import { parseReplayArgs, REPLAY_USAGE } from './args.ts';
import { LogFormatError } from './log.ts';
import type { PlayOptions } from './player.ts';
import { formatProgress, playLogFile, summarizeLogFile } from './player.ts';

export const EXIT_OK = 0;
export const EXIT_BAD_LOG = 1;
export const EXIT_USAGE = 2;

export type Output = { out(line: string): void; err(line: string): void };

const systemClock = { now: () => performance.now(), sleep: (ms: number) => sleep(ms) };

function rate(events: number, ms: number): string {
  if (ms <= 0) return 'n/a';
  return `${Math.round((events * 1000) / ms).toLocaleString('en-US')} events/s`;
}

/**
 * How `--summary` reads the log (docs/performance.md §1, the bench times each):
 * - by default the parallel summary reader (replay/parallelLog.ts): JSON.parse + the guard spread
 *   over the cores, the fleet model on this thread; `LUC_REPLAY_THREADS=N` sets its reader threads
 *   (0: the full reader on this thread alone, the way before it);
 * - `LUC_REPLAY_SUMMARY_SCAN=1`: the summary scanner (replay/summaryScan.ts) on this thread, same
 *   output but measured 2-3× SLOWER per line than V8's JSON.parse on this machine.
 */
export function summaryReading(env: NodeJS.ProcessEnv = process.env): Pick<PlayOptions, 'summaryReader' | 'parallel'> {
  if (env['LUC_REPLAY_SUMMARY_SCAN'] === '1') return { summaryReader: 'scan' };
  const threads = env['LUC_REPLAY_THREADS'];
  if (threads !== undefined && /^\d+$/.test(threads)) return { summaryReader: 'threads', parallel: { workers: Number(threads) } };
  return { summaryReader: 'threads' };
}

/**
 * The summary's fast way (replay/summaryFleet.ts): `--summary` of a whole log at --max read by the
 * parallel summary reader (the default). --until, a paced replay and LUC_REPLAY_SUMMARY_SCAN use
 * playLogFile and the fleet model.
 */
function summaryFast(options: ReplayOptions, reading: Pick<PlayOptions, 'summaryReader' | 'parallel'>): boolean {
  return options.summary && options.until === null && options.pace.kind === 'max' && reading.summaryReader === 'threads';
}

export async function runReplay(options: ReplayOptions, io: Output): Promise<number> {
  try {
    const reading = options.summary ? summaryReading() : {};
    if (summaryFast(options, reading)) {
      const result = await summarizeLogFile({ file: options.file, clock: systemClock, ...(reading.parallel === undefined ? {} : { parallel: reading.parallel }) });
      for (const warning of result.warnings) io.err(`replay: warning: ${options.file}: ${warning.message}`);
      io.err(`replay: ${result.events.toLocaleString('en-US')} events in ${(result.elapsedMs / 1000).toFixed(3)} s (${rate(result.events, result.elapsedMs)})`);
      io.out(JSON.stringify(result.summary, null, 2));
      return EXIT_OK;
    }
    const result = await playLogFile({
      file: options.file,
      pace: options.pace,
      until: options.until,
      clock: systemClock,
      ...reading,
      ...(options.summary ? {} : { onProgress: (progress) => io.out(formatProgress(progress)) }),
    });
    for (const warning of result.warnings) io.err(`replay: warning: ${options.file}: ${warning.message}`);
    if (result.stoppedBy === 'until' && options.until !== null) {
      const at = options.until.kind === 'seq' ? `seq ${options.until.seq}` : options.until.text;
      io.err(`replay: stopped at --until ${at} (last event applied: seq ${result.lastSeq ?? '-'})`);
    }
    io.err(`replay: ${result.events.toLocaleString('en-US')} events in ${(result.elapsedMs / 1000).toFixed(3)} s (${rate(result.events, result.elapsedMs)})`);
    io.out(JSON.stringify(summary(result.model), null, 2));
    return EXIT_OK;
  } catch (error) {
    if (error instanceof LogFormatError) {
      io.err(`replay: ${options.file}: ${error.message}`);
      return EXIT_BAD_LOG;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') {
      io.err(`replay: cannot read ${options.file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : 'permission denied'}`);
      return EXIT_BAD_LOG;
    }
    throw error;
  }
}

export async function main(argv: readonly string[], io: Output): Promise<number> {
  const parsed = parseReplayArgs(argv);
  switch (parsed.kind) {
    case 'help':
      io.out(REPLAY_USAGE);
      return EXIT_OK;
    case 'error':
      io.err(`replay: ${parsed.message}\n${REPLAY_USAGE}`);
      return EXIT_USAGE;
    case 'ok':
      return runReplay(parsed.options, io);
    default:
      return assertNever(parsed, 'parsed arguments');
  }
}

/**
 * Runs the command with `argv` on this process's stdout / stderr and sets its exit code. Called
 * when this file is run (tsx replay/cli.ts) and by replay/launch.mjs, which runs the prebuilt
 * bundle of this file (`npm run replay`: no TypeScript compiled at run time).
 */
export function runFromCommandLine(argv: readonly string[]): Promise<void> {
  const io: Output = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };
  return main(argv, io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`replay: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

if (process.argv[1]?.endsWith('replay/cli.ts')) void runFromCommandLine(process.argv.slice(2));
