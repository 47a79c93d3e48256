/**
 * A look, not a figure (issue 15 item 5, docs/performance.md §1 round p13): the fleet model's one
 * COLD pass over a log's events, this checkout's model against another checkout's, each pass in a
 * process of its own (the replay makes one pass per process, and the first pass costs 2-4x the
 * third: docs/performance.md), rounds alternated, CPU ms of the pass, the ratio of medians.
 *
 *   npx tsx bench/replay/modelPassAB.ts OTHER_CHECKOUT [ROUNDS] [LOG]
 *
 * Each process first reads the log with THIS checkout's parallel summary reader (untimed: the
 * same slim events for both sides), then imports its side's workers/model and times applyEvent
 * over every event once (process.cpuUsage: user + system, the reader thread stopped by then). Both
 * sides' summaries must be equal. ROUNDS default 8, LOG default the bench's 10k log. `AB_PASS=records`
 * starts both sides from the reader's records instead (see PASS_MODE).
 *
 * Why: on this 2-core machine with other work running, the whole-process A/B (processBench.ts)
 * varies by ±15 % a round and could not resolve a change worth ~5 % of the process; the model's
 * pass alone is ~0.3 s of CPU at 10k and most of the main thread's own work.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from '../figure.ts';
import { ROOT } from '../child.ts';

/** Rounds when none are given (each runs both sides once, ~2-5 s at 10k). */
const DEFAULT_ROUNDS = 8;
const DEFAULT_LOG = join(ROOT, 'fixtures', 'generated', 'bench-10k.ndjson');
/** A pass process longer than this is a failure (ms). */
const PASS_TIMEOUT_MS = 120_000;

type PassResult = { readonly cpuMs: number; readonly events: number; readonly summary: unknown };

/**
 * `AB_PASS=records` (round p15): the pass starts from the parallel reader's compact records instead
 * of slim envelopes (read untimed by THIS checkout's SummaryRecordWriter on one thread), and each
 * side times what its replay does with them: a side whose SummaryRecordReader has `applyTo`
 * feeds its summary fleet state (replay/summaryFleet.ts) from the records; a side without it turns
 * each record into a slim envelope (`forEach`) and applies it to its fleet model.
 */
const PASS_MODE = process.env['AB_PASS'] === 'records' ? 'records' : 'events';

/** In the child, AB_PASS=records: read `log` into records, then time one pass of `sideRoot`'s way over them. */
async function runRecordsPass(sideRoot: string, log: string): Promise<void> {
  const { SummaryRecordWriter } = await import('../../replay/summaryRecords.ts');
  const { chunkCount, readOwnedBytes } = await import('../../replay/logChunks.ts');
  const { PARALLEL_CHUNK_BYTES } = await import('../../replay/parallelLog.ts');
  const { SEGMENT_BYTES } = await import('../../replay/log.ts');
  const { openSync, fstatSync, closeSync } = await import('node:fs');
  const fd = openSync(log, 'r');
  const size = fstatSync(fd).size;
  const writer = new SummaryRecordWriter();
  const scratch = { buffer: Buffer.allocUnsafe(0) };
  const chunks = [];
  for (let chunk = 0; chunk < chunkCount(size, PARALLEL_CHUNK_BYTES); chunk += 1) chunks.push(writer.read(chunk, readOwnedBytes(fd, size, PARALLEL_CHUNK_BYTES, chunk, scratch), SEGMENT_BYTES));
  closeSync(fd);
  const side = (await import(join(sideRoot, 'replay', 'summaryRecords.ts'))) as typeof import('../../replay/summaryRecords.ts');
  const reader = new side.SummaryRecordReader();
  for (const read of chunks) reader.addEntries(0, read.entries);
  const ignore = (): boolean => true;
  let result: PassResult;
  if (typeof (reader as { applyTo?: unknown }).applyTo === 'function') {
    const { SummaryFleet } = (await import(join(sideRoot, 'replay', 'summaryFleet.ts'))) as typeof import('../../replay/summaryFleet.ts');
    const { summaryOf } = (await import(join(sideRoot, 'workers', 'model', 'summary.ts'))) as typeof import('../../workers/model/summary.ts');
    const fleet = new SummaryFleet();
    const before = process.cpuUsage();
    for (const read of chunks) reader.applyTo(0, read, fleet, ignore, ignore);
    const used = process.cpuUsage(before);
    result = { cpuMs: (used.user + used.system) / 1000, events: fleet.events, summary: summaryOf(fleet.parts()) };
  } else {
    const model = (await import(join(sideRoot, 'workers', 'model', 'fleetModel.ts'))) as typeof import('../../workers/model/fleetModel.ts');
    const { summary } = (await import(join(sideRoot, 'workers', 'model', 'summary.ts'))) as typeof import('../../workers/model/summary.ts');
    const fleet = model.createFleetModel({ trackChanges: false });
    const before = process.cpuUsage();
    for (const read of chunks) {
      reader.forEach(0, read, (event) => {
        model.applyEvent(fleet, event);
        return true;
      }, ignore);
    }
    const used = process.cpuUsage(before);
    result = { cpuMs: (used.user + used.system) / 1000, events: fleet.events, summary: summary(fleet) };
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** In the child: read `log`, then time one pass of `modelRoot`'s model over its events. */
async function runPass(modelRoot: string, log: string): Promise<void> {
  const { readLogFileInParallel } = await import('../../replay/parallelLog.ts');
  const events = [];
  for await (const batch of readLogFileInParallel(log, { workers: 1 }).batches()) for (const event of batch) events.push(event);
  const model = (await import(join(modelRoot, 'workers', 'model', 'fleetModel.ts'))) as typeof import('../../workers/model/fleetModel.ts');
  const { summary } = (await import(join(modelRoot, 'workers', 'model', 'summary.ts'))) as typeof import('../../workers/model/summary.ts');
  const fleet = model.createFleetModel({ trackChanges: false });
  const before = process.cpuUsage();
  for (const event of events) model.applyEvent(fleet, event);
  const used = process.cpuUsage(before);
  const result: PassResult = { cpuMs: (used.user + used.system) / 1000, events: events.length, summary: summary(fleet) };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function pass(modelRoot: string, log: string): PassResult {
  const run = spawnSync(process.execPath, ['--min-semi-space-size=16', '--import', 'tsx', join(ROOT, 'bench', 'replay', 'modelPassAB.ts'), '--pass', modelRoot, log], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: PASS_TIMEOUT_MS,
  });
  if (run.status !== 0) throw new Error(`model pass of ${modelRoot} exited with ${run.status}: ${run.stderr.slice(-2000)}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as PassResult;
}

function main(args: readonly string[]): void {
  const [otherArg, roundsArg, logArg] = args;
  if (otherArg === undefined) throw new Error('usage: npx tsx bench/replay/modelPassAB.ts OTHER_CHECKOUT [ROUNDS] [LOG]');
  const rounds = roundsArg === undefined ? DEFAULT_ROUNDS : Number(roundsArg);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`ROUNDS must be a whole number ≥ 1, got ${roundsArg}`);
  const log = resolve(logArg ?? DEFAULT_LOG);
  const sides = [
    { name: 'this', root: ROOT, cpu: [] as number[] },
    { name: resolve(otherArg), root: resolve(otherArg), cpu: [] as number[] },
  ];
  const load: number[] = [];
  let expected: string | undefined;
  for (let round = 0; round < rounds; round += 1) {
    load.push(loadavg()[0] as number);
    for (let turn = 0; turn < sides.length; turn += 1) {
      const side = sides[(round + turn) % sides.length] as (typeof sides)[number];
      const result = pass(side.root, log);
      const summary = JSON.stringify(result.summary);
      expected ??= summary;
      if (summary !== expected) throw new Error(`${side.name}'s model gives another summary than the first pass's`);
      side.cpu.push(result.cpuMs);
    }
  }
  const [self, other] = sides as [(typeof sides)[number], (typeof sides)[number]];
  const perRound = self.cpu.map((cpu, index) => cpu / (other.cpu[index] as number));
  const list = (values: readonly number[], digits = 0) => values.map((v) => v.toFixed(digits)).join(', ');
  console.log(`model's cold pass over ${log} (${PASS_MODE === 'records' ? "from the reader's records, " : ''}CPU ms, ${rounds} rounds, order rotated)`);
  console.log(`  this:  ${list(self.cpu)} (median ${median(self.cpu).toFixed(0)})`);
  console.log(`  other: ${list(other.cpu)} (median ${median(other.cpu).toFixed(0)}) ${other.name}`);
  console.log(`  this/other per round ${list(perRound, 2)} (median ${median(perRound).toFixed(3)}); ratio of medians ${(median(self.cpu) / median(other.cpu)).toFixed(3)}`);
  console.log(`  load average (1 min) before each round ${list(load, 1)}`);
}

if (process.argv[2] === '--pass' && PASS_MODE === 'records') await runRecordsPass(resolve(process.argv[3] as string), resolve(process.argv[4] as string));
else if (process.argv[2] === '--pass') await runPass(resolve(process.argv[3] as string), resolve(process.argv[4] as string));
else main(process.argv.slice(2));
