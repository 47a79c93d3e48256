/**
 * Issue 15 item 5: replay from NDJSON timed as a WHOLE PROCESS, `npm run replay -- FILE --summary`
 * (npm, Node start-up, the prebuilt bundle, reading, the summary), against a bare `node -e` loop
 * that only JSON.parses each line of the same file, in the same run. The figure is the replay's
 * rate, its baseline the bare loop's rate; ratio ≥ 1.0 is the target.
 *
 * Fairness (docs/performance.md §1, "round p8"): PROCESS_ROUNDS rounds, each a bare loop and a
 * replay back to back, the order swapped every round (bare first, then replay first…) so that a
 * machine getting busier or quieter over a round does not always hit the same side; the log was
 * synced to disk when generated (logs.ts), so the kernel's write-back does not land in a round.
 * The figure's ratio is the ratio of the medians (the table's value / baseline); the note also
 * gives each round's own ratio (the two processes of one round ran under the same conditions) and
 * their median.
 *
 * The replay reads the log with the parallel summary reader (replay/parallelLog.ts). The way
 * before it, one thread (LUC_REPLAY_THREADS=0), is run once untimed: its summary must equal the
 * default's.
 *
 * A/B against another checkout (a look, not a figure): `LUC_BENCH_REPLAY_OTHER=/path/to/checkout`
 * adds a third process to every round, that checkout's own `npm run -s replay -- FILE --summary`
 * (its own bundle), the three in an order rotated every round; each process's CPU seconds (user +
 * system, from /usr/bin/time) are kept beside its wall time, since on a shared machine the CPU says
 * what each way costs when the wall only says how busy the machine was. The summaries must be
 * equal. `processAB` in the details and a line in the log give the medians and ratios.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { ROOT } from '../child.ts';
import type { Figure } from '../figure.ts';
import { atLeast, figure, median } from '../figure.ts';
import type { GeneratedLog } from './logs.ts';

/** Rounds per log: 5 (~20 s at 10k, ~30 s at 50k on this machine), where 3 rounds with a third, one-thread process took as long. */
export const PROCESS_ROUNDS = 5;
/** The other checkout of the A/B (unset: no A/B). */
const OTHER_CHECKOUT = process.env['LUC_BENCH_REPLAY_OTHER'];
/** A run longer than this is a failure (ms). */
const PROCESS_TIMEOUT_MS = 180_000;

/** The bare loop: read the file, JSON.parse every non-empty line, print the count. */
export const BARE_LOOP =
  "const fs=require('fs');const t=fs.readFileSync(process.argv[1],'utf8');let s=0,n=0;" +
  "for(;;){const e=t.indexOf('\\n',s);if(e<0)break;if(e>s){JSON.parse(t.slice(s,e));n+=1}s=e+1}console.log(n)";

type Timed = { readonly seconds: number; readonly stdout: string; readonly cpuSeconds?: number };

/** Marks /usr/bin/time's line on stderr (the A/B's CPU seconds: user + system of the process and its children). */
const CPU_MARK = 'luc-cpu-seconds';

function timeProcess(command: string, args: readonly string[], env: Record<string, string> = {}, cwd = ROOT, cpu = false): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [file, argv] = cpu ? ['/usr/bin/time', ['-f', `${CPU_MARK} %U %S`, command, ...args]] : [command, args];
    const child = spawn(file, argv, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const used = new RegExp(`${CPU_MARK} ([0-9.]+) ([0-9.]+)`).exec(stderr);
      const cpuSeconds = used === null ? undefined : Number(used[1]) + Number(used[2]);
      if (code === 0) resolve(cpuSeconds === undefined ? { seconds, stdout } : { seconds, stdout, cpuSeconds });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

const bare = (path: string, cpu = false) => timeProcess(process.execPath, ['-e', BARE_LOOP, path], {}, ROOT, cpu);
const replay = (path: string, oneThread = false, cwd = ROOT, cpu = false) =>
  timeProcess('npm', ['run', '-s', 'replay', '--', path, '--summary'], oneThread ? { LUC_REPLAY_THREADS: '0' } : {}, cwd, cpu);

/** One side of the A/B: wall and CPU seconds per round. */
export type ABSide = { readonly wall: number[]; readonly cpu: number[] };
export type ProcessAB = { readonly log: string; readonly other: string; readonly bare: ABSide; readonly replay: ABSide; readonly otherReplay: ABSide; readonly load: number[] };

/**
 * The A/B (LUC_BENCH_REPLAY_OTHER): PROCESS_ROUNDS rounds of the bare loop, this checkout's replay
 * and the other checkout's, in an order rotated every round, wall and CPU of each.
 */
export async function processAB(log: GeneratedLog, other: string, say: (line: string) => void): Promise<ProcessAB> {
  const expected = (await replay(log.path)).stdout;
  if ((await replay(log.path, false, other)).stdout !== expected) throw new Error(`${log.name}: ${other}'s summary differs from this checkout's`);
  const ab: ProcessAB = { log: log.name, other, bare: { wall: [], cpu: [] }, replay: { wall: [], cpu: [] }, otherReplay: { wall: [], cpu: [] }, load: [] };
  const sides: readonly [ABSide, () => Promise<Timed>][] = [
    [ab.bare, () => bare(log.path, true)],
    [ab.replay, () => replay(log.path, false, ROOT, true)],
    [ab.otherReplay, () => replay(log.path, false, other, true)],
  ];
  for (let round = 0; round < PROCESS_ROUNDS; round += 1) {
    ab.load.push(loadavg()[0] as number);
    for (let turn = 0; turn < sides.length; turn += 1) {
      const [side, run] = sides[(round + turn) % sides.length] as [ABSide, () => Promise<Timed>];
      const timed = await run();
      side.wall.push(timed.seconds);
      side.cpu.push(timed.cpuSeconds ?? Number.NaN);
    }
  }
  const s = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(', ');
  const m = (side: ABSide) => `wall ${s(side.wall)} (median ${median(side.wall).toFixed(2)}), CPU ${s(side.cpu)} (median ${median(side.cpu).toFixed(2)})`;
  say(
    `replay A/B ${log.name} (s, order rotated): bare ${m(ab.bare)}; this ${m(ab.replay)}; ${other} ${m(ab.otherReplay)}; ` +
      `bare/replay wall medians: this ${(median(ab.bare.wall) / median(ab.replay.wall)).toFixed(3)}, other ${(median(ab.bare.wall) / median(ab.otherReplay.wall)).toFixed(3)}; ` +
      `CPU this/other ${(median(ab.replay.cpu) / median(ab.otherReplay.cpu)).toFixed(3)}; load before each round ${ab.load.map((l) => l.toFixed(1)).join(' ')}`,
  );
  return ab;
}

/** The other checkout of the A/B, when one is set. */
export function abCheckout(): string | undefined {
  return OTHER_CHECKOUT === undefined || OTHER_CHECKOUT === '' ? undefined : OTHER_CHECKOUT;
}

export type ProcessRuns = {
  readonly log: string;
  readonly events: number;
  /** Seconds per round; round r ran the bare loop first when r is even, the replay first when odd. */
  readonly bare: number[];
  readonly replay: number[];
  /** Per round: bare seconds / replay seconds. */
  readonly ratios: number[];
  /** The 1-minute load average before each round. */
  readonly load: number[];
};

/** Times the bare loop and the replay PROCESS_ROUNDS times over `log` and makes the figure. */
export async function processFigure(log: GeneratedLog, label: string, say: (line: string) => void): Promise<{ figure: Figure; runs: ProcessRuns }> {
  // Build the bundle (when stale) and check the output once, untimed.
  const first = await replay(log.path);
  const events = (JSON.parse(first.stdout) as { events: number }).events;
  const single = await replay(log.path, true);
  if (single.stdout !== first.stdout) throw new Error(`${log.name}: the parallel reader's summary differs from the one-thread reader's`);
  const runs: ProcessRuns = { log: log.name, events, bare: [], replay: [], ratios: [], load: [] };
  const timeBare = async (): Promise<number> => {
    const loop = await bare(log.path);
    const lines = Number(loop.stdout.trim());
    if (lines !== events + 1) throw new Error(`${log.name}: the bare loop parsed ${lines} lines, the replay counted ${events} events + the header`);
    return loop.seconds;
  };
  const timeReplay = async (): Promise<number> => (await replay(log.path)).seconds;
  for (let round = 0; round < PROCESS_ROUNDS; round += 1) {
    runs.load.push(loadavg()[0] as number);
    let bareSeconds: number;
    let replaySeconds: number;
    if (round % 2 === 0) {
      bareSeconds = await timeBare();
      replaySeconds = await timeReplay();
    } else {
      replaySeconds = await timeReplay();
      bareSeconds = await timeBare();
    }
    runs.bare.push(bareSeconds);
    runs.replay.push(replaySeconds);
    runs.ratios.push(bareSeconds / replaySeconds);
  }
  const s = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(', ');
  const medianRatio = median(runs.ratios);
  say(`replay ${label} whole process (s, order alternated): bare JSON.parse loop ${s(runs.bare)}; npm run replay --summary ${s(runs.replay)}; ratios per round ${s(runs.ratios)} (median ${medianRatio.toFixed(2)}); ratio of medians ${(median(runs.bare) / median(runs.replay)).toFixed(2)}; load average before each round ${runs.load.map((l) => l.toFixed(1)).join(' ')}, now ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const bareRate = events / median(runs.bare);
  const replayRate = events / median(runs.replay);
  return {
    runs,
    figure: figure(
      `replay ${label}: whole process vs bare JSON.parse`,
      replayRate,
      'events/s',
      atLeast(Math.round(bareRate)),
      bareRate,
      `\`npm run replay -- FILE --summary\` (prebuilt bundle; the parallel summary reader: JSON.parse + the guard of the file's 2 MiB chunks on the main thread and a reader thread per other core, compact records, the fleet model on the main thread), median of ${PROCESS_ROUNDS} whole processes ${median(runs.replay).toFixed(2)} s; ` +
        `baseline: \`node -e\` reading the file and JSON.parse of each line, median ${median(runs.bare).toFixed(2)} s; target: ratio ≥ 1.0; ` +
        `rounds alternated (bare first, then replay first), ratio per round ${s(runs.ratios)}, their median ${medianRatio.toFixed(2)}; load average (1 min) before the rounds ${runs.load.map((l) => l.toFixed(1)).join(', ')}`,
    ),
  };
}
