/**
 * `npm run bench` (issue 6 item 5; not part of `npm test`): every figure in one go, a table with
 * the target and the ratio to a simpler baseline measured in the same run, and
 * bench/results/latest.json (a list of `{name, value, unit, target, baseline, ratio, ok, note}`).
 * The details of the run (profiles, raw passes, skipped slots, durations) go to
 * bench/results/latest-details.json. See bench/README.md and docs/performance.md.
 *
 * Order: replay (generates the logs the others read) → server fan-out → resume flood → bench page build →
 * worker ingest → memory → UI (console build, real server, Chromium) → replay loop at max (loop:
 * bench/ui/replayLoopBench.ts, issue 17) → scale-out with 1, 2, 3 instances on PostgreSQL + NATS (scale:
 * bench/scale/scaleBench.ts, issue 18). Every phase is bounded in time; a phase that fails is reported as
 * skipped with its reason, never as a passing figure. Exit code 1 when a figure misses its target
 * or a phase failed.
 *
 * `npm run bench -- --only ingest,ui` runs only the named phases (replay, fanout, fairness, ingest,
 * memory, ui, loop, scale) and writes the figures to bench/results/partial.json instead (latest.json is the full run's);
 * phases that read the generated logs generate them first when they are missing.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './child.ts';
import type { Figure, Skipped } from './figure.ts';
import { formatTable } from './figure.ts';
import { runFanoutBench } from './fanout/fanoutBench.ts';
import { runResumeFloodBench } from './fairness/resumeFloodBench.ts';
import { buildPage } from './ingest/chromium.ts';
import { runIngestBench } from './ingest/ingestBench.ts';
import { runMemoryBench } from './memory/memoryBench.ts';
import { runReplayBench } from './replay/replayBench.ts';
import { runUiBench } from './ui/uiBench.ts';
import { runReplayLoopBench } from './ui/replayLoopBench.ts';
import { runScaleBench } from './scale/scaleBench.ts';
import type { GeneratedLog } from './replay/logs.ts';
import { BENCH_LOGS, generateLog } from './replay/logs.ts';
import { FIXTURES_DIR } from '../fixtures/generate.ts';

const PHASES = ['replay', 'fanout', 'fairness', 'ingest', 'memory', 'ui', 'loop', 'scale'] as const;
type PhaseName = (typeof PHASES)[number];

/** `--only a,b`: the phases to run (all by default); an unknown name stops with a clear error. */
function selectedPhases(argv: readonly string[]): ReadonlySet<PhaseName> | null {
  const at = argv.indexOf('--only');
  if (at < 0) return null;
  const names = (argv[at + 1] ?? '').split(',').filter((name) => name !== '');
  const unknown = names.filter((name) => !(PHASES as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`--only takes a comma-separated list of ${PHASES.join(', ')}; got '${argv[at + 1] ?? ''}'`);
  }
  return new Set(names as PhaseName[]);
}

/** The generated logs when the replay phase did not run: reused from fixtures/generated, or generated now. */
function existingLogs(say: (line: string) => void): GeneratedLog[] {
  return BENCH_LOGS.map((spec) => {
    const path = join(FIXTURES_DIR, 'generated', `${spec.name}.ndjson`);
    if (existsSync(path)) return { name: spec.name, units: spec.units, path, events: 0, bytes: 0, seconds: 0 };
    say(`generating ${spec.name} (missing)`);
    return generateLog(spec);
  });
}


const RESULTS = join(ROOT, 'bench/results');

function say(line: string): void {
  const seconds = (performance.now() / 1000).toFixed(0).padStart(4);
  console.log(`[${seconds}s] ${line}`);
}

async function phase<T>(name: string, skipped: Skipped[], run: () => Promise<T>): Promise<T | null> {
  const started = performance.now();
  say(`${name}: start`);
  try {
    const result = await run();
    say(`${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] ?? String(error) : String(error);
    say(`${name}: FAILED after ${((performance.now() - started) / 1000).toFixed(1)} s: ${reason}`);
    skipped.push({ name, reason: `failed: ${reason}` });
    return null;
  }
}

async function main(): Promise<number> {
  const only = selectedPhases(process.argv.slice(2));
  const runs = (name: PhaseName): boolean => only === null || only.has(name);
  const started = performance.now();
  const figures: Figure[] = [];
  const skipped: Skipped[] = [];
  const details: Record<string, unknown> = {};
  const durations: Record<string, number> = {};
  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T | null> => {
    const t = performance.now();
    const result = await phase(name, skipped, run);
    durations[name] = Number(((performance.now() - t) / 1000).toFixed(1));
    return result;
  };

  const replay = runs('replay') ? await timed('replay', () => runReplayBench(say)) : null;
  let logs: GeneratedLog[] = runs('replay') || !(runs('ingest') || runs('memory')) ? [] : existingLogs(say);
  if (replay !== null) {
    figures.push(...replay.figures);
    details['replayProfiles'] = replay.profiles;
    details['replayProcesses'] = replay.processes;
    if (replay.ab.length > 0) details['processAB'] = replay.ab;
    logs = replay.logs;
    details['logs'] = logs;
  }

  const fanout = runs('fanout') ? await timed('fan-out', () => runFanoutBench(say)) : null;
  if (fanout !== null) {
    figures.push(...fanout.figures);
    details['fanout'] = fanout.runs;
  }

  // Fair work per socket (issue 16): another user's REST and events while one floods resumes.
  const fairness = runs('fairness') ? await timed('resume flood', () => runResumeFloodBench(say)) : null;
  if (fairness !== null) {
    figures.push(...fairness.figures);
    details['resumeFlood'] = fairness.details;
  }

  const log10k = logs.find((log) => log.name === 'bench-10k');
  const log50k = logs.find((log) => log.name === 'bench-50k');
  const pageDir = runs('ingest') || runs('memory') ? await timed('bench page build', () => buildPage()) : null;
  if (!runs('ingest')) {
    // not selected (--only)
  } else if (pageDir !== null && log10k !== undefined) {
    const ingest = await timed('worker ingest', () => runIngestBench(say, pageDir, log10k.path));
    if (ingest !== null) {
      figures.push(...ingest.figures);
      skipped.push(...ingest.skipped);
      details['ingest'] = ingest.runs;
    }
  } else skipped.push({ name: 'worker ingest', reason: 'needs the bench page and the 10k log' });
  if (!runs('memory')) {
    // not selected (--only)
  } else if (pageDir !== null && log50k !== undefined) {
    const memory = await timed('memory', () => runMemoryBench(say, pageDir, log50k.path));
    if (memory !== null) {
      figures.push(...memory.figures);
      skipped.push(...memory.skipped);
    }
  } else skipped.push({ name: 'memory', reason: 'needs the bench page and the 50k log' });
  if (pageDir !== null) rmSync(pageDir, { recursive: true, force: true });

  // The UI figures: the real console and server in Chromium (bench/ui/uiBench.ts).
  const ui = runs('ui') ? await timed('ui', () => runUiBench(say)) : null;
  if (ui !== null) {
    figures.push(...ui.figures);
    if (ui.error !== undefined) skipped.push({ name: 'UI 50k units: frame intervals and long tasks', reason: ui.error });
    details['ui'] = {
      firstList: ui.firstList,
      offered: ui.offered,
      frames: ui.runs.map((run) => ({ mode: run.mode, windows: run.windows.map((w) => ({ name: w.name, frames: w.intervals.length, longTasks: w.longTasks })) })),
    };
  }

  // A replay looping at max stays responsive (issue 17 item 5): frames, long tasks, clicks answered.
  const loop = runs('loop') ? await timed('replay loop', () => runReplayLoopBench(say)) : null;
  if (loop !== null) {
    figures.push(...loop.figures);
    details['replayLoop'] = { windows: loop.windows.map((w) => ({ name: w.name, frames: w.intervals.length, longTasks: w.longTasks, loops: w.loops })), clicks: loop.clicks };
  }

  // Scale-out (issue 18 item 6): events/s, p95 fan-out and memory with 1, 2 and 3 instances.
  const scale = runs('scale') ? await timed('scale-out', () => runScaleBench(say)) : null;
  if (scale !== null) {
    figures.push(...scale.figures);
    details['scale'] = scale.steps;
  }

  const seconds = (performance.now() - started) / 1000;
  mkdirSync(RESULTS, { recursive: true });
  const file = only === null ? 'latest' : 'partial';
  writeFileSync(join(RESULTS, `${file}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  writeFileSync(
    join(RESULTS, `${file}-details.json`),
    `${JSON.stringify({ finishedAt: new Date().toISOString(), seconds: Number(seconds.toFixed(1)), durations, node: process.version, skipped, ...details }, null, 2)}\n`,
  );
  console.log('');
  console.log(formatTable(figures, skipped));
  console.log('');
  console.log(`bench: ${figures.length} figures (${figures.filter((f) => f.ok).length} meet their target), ${skipped.length} skipped, in ${(seconds / 60).toFixed(1)} min → bench/results/${file}.json`);
  return figures.every((f) => f.ok) && skipped.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
