/**
 * In-browser A/B of the fleet worker (docs/performance.md §3e's next step, §3h): this checkout's
 * worker against another checkout's, in alternated passes, so that both see the same machine from
 * minute to minute. A look, not a figure of the bench.
 *
 * Both bench pages (bench/ingest/page/, each built from its own checkout with vite, so each holds
 * its own workers/fleet.worker.ts) are served by the feed (feedServer.ts), this one at `/`, the
 * other at `/other/`. Each round runs one pass per side, the side first swapped every round. Each
 * pass has its own feed and its own Chromium, both ended after it (runPass: nothing carries over
 * from pass to pass, round p17): a page of that side, its worker connected on version 2
 * (`?frames=bin2`) and the 10,000-unit snapshot loaded, then a steady stream of STEADY_RATE
 * events/s for STEADY_MS (the figure's stream). Per pass: the worker thread's CPU over the stream
 * (/proc, as ingestBench.ts, this browser's processes only: browserPids.ts), the kernel's share of
 * it and the thread's minor page faults a second (fresh memory touched: §3o), p50 / p99
 * event-to-diff, and events per worker CPU-second.
 * Prints each pass, then per side the medians and the ratio other / this of the CPU medians and
 * the median of the per-round ratios.
 *
 * `AB_LAYOUTS=this,other` (default `1,0`): whether each side's frames carry version 2's layouts
 * column (a checkout before round p13 refuses it); `AB_SHAPES=this,other` (default `0,0`): whether
 * each side's worker asks for usage shapes (`&usage=shapes`, round p18: a checkout before it
 * asks for none whatever this says); `AB_RATE`, `AB_MS` override the stream.
 * `AB_PROFILE=this|other|both`: a CPU profile of that side's worker over each counted pass's stream
 * (workerProfile.ts; both pages then built unminified, so names and lines read), each pass's
 * profile written to the temp folder and the side's top self time and GC share printed at the end.
 *
 *   npx tsx bench/ingest/workerAB.ts OTHER_CHECKOUT [ROUNDS]
 */
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from '../child.ts';
import { median } from '../figure.ts';
import { BENCH_LOGS, generateLog } from '../replay/logs.ts';
import { browserMarker, processTree } from './browserPids.ts';
import { buildPage, launchChromium, sends, startFeed, stream } from './chromium.ts';
import { BATCH_MS, DRAIN_MS, GROUP_ID, STEADY_MS, STEADY_RATE, threadStatsBetween, UNITS, workerThreadStats } from './ingestBench.ts';
import { streamStats } from './latency.ts';
import type { CpuProfile, WorkerProfiler } from './workerProfile.ts';
import { saveProfile, startWorkerProfile, summarize } from './workerProfile.ts';

const other = process.argv[2];
if (other === undefined) throw new Error('usage: npx tsx bench/ingest/workerAB.ts OTHER_CHECKOUT [ROUNDS]');
const rounds = Number(process.argv[3] ?? 4);
const layouts = (process.env['AB_LAYOUTS'] ?? '1,0').split(',').map((flag) => flag === '1');
const shapes = (process.env['AB_SHAPES'] ?? '0,0').split(',').map((flag) => flag === '1');
const rate = Number(process.env['AB_RATE'] ?? STEADY_RATE);
const durationMs = Number(process.env['AB_MS'] ?? STEADY_MS);
const profiled = process.env['AB_PROFILE'] ?? '';
if (!['', 'this', 'other', 'both'].includes(profiled)) throw new Error(`AB_PROFILE is "${profiled}": expected this, other or both`);
const profiles = new Map<string, CpuProfile[]>([['this', []], ['other', []]]);

const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const spec = BENCH_LOGS.find((log) => log.name === 'bench-10k');
if (spec === undefined) throw new Error('no bench-10k log spec');
const log = join(ROOT, 'fixtures/generated/bench-10k.ndjson');
if (!existsSync(log)) generateLog(spec);

// This side's page at the root, the other's under /other/ (relative asset paths: base './').
const minify = profiled === '';
const pageDir = await buildPage(ROOT, mkdtempSync(join(tmpdir(), 'luc-worker-ab-')), minify);
const otherDir = await buildPage(resolve(other), undefined, minify);
cpSync(otherDir, join(pageDir, 'other'), { recursive: true });

type Side = { name: 'this' | 'other'; path: string; layouts: boolean; shapes: boolean };
const sides: Side[] = [
  { name: 'this', path: '/index.html', layouts: layouts[0] ?? true, shapes: shapes[0] ?? false },
  { name: 'other', path: '/other/index.html', layouts: layouts[1] ?? false, shapes: shapes[1] ?? false },
];
type Pass = { cpuPercent: number; systemShare: number; faultsPerSecond: number; p50: number; p99: number; delivered: number; perCpuSecond: number; load: number };
const results = new Map<string, Pass[]>(sides.map((side) => [side.name, []]));

/**
 * One pass on its own feed and its own Chromium, both ended after it: a pass inherits nothing from
 * the one before (round p17: with one browser and one feed for the whole run, p50 climbed from
 * ~17 ms in the first rounds to 54-396 ms in the last, on both sides). The feed keeps state across
 * connections (its seq, its encoded chunks and id table), the browser its closed pages' memory.
 */
async function runPass(side: Side, round: number): Promise<void> {
  const feed = await startFeed(log, UNITS, pageDir);
  const marker = browserMarker();
  const browser = await launchChromium([marker]);
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.log(`${side.name} page error: ${error.message}`));
    await page.goto(`${feed.url}${side.path}`);
    await page.evaluate(async ([g, u, wire]) => (window as any).bench.connect('real', g, u, wire), [GROUP_ID, UNITS, side.shapes ? 'binary-shapes' : 'binary'] as const);
    await page.evaluate(() => (window as any).bench.reset());
    // This browser's processes only: other browsers on a shared machine have worker threads too.
    const pids = processTree(marker);
    const load = loadavg()[0] ?? 0;
    const profiler: WorkerProfiler | null = round > 0 && (profiled === side.name || profiled === 'both') ? await startWorkerProfile(browser) : null;
    const statsBefore = workerThreadStats(pids);
    const started = performance.now();
    await stream(feed.url, rate, durationMs, BATCH_MS, side.layouts);
    const wall = performance.now() - started;
    const used = threadStatsBetween(statsBefore, workerThreadStats(pids));
    const cpu = used?.cpuMs ?? null;
    if (profiler !== null) {
      const profile = await profiler.stop();
      profiles.get(side.name)?.push(profile);
      console.log(`  profile: ${saveProfile(profile, join(pageDir, `worker-${side.name}-round${round}.cpuprofile`))}`);
    }
    await sleep(DRAIN_MS);
    const cutoff = now();
    const recorded = (await page.evaluate(() => (window as any).bench.take())) as { times: number[]; events: number[] };
    const stats = streamStats(await sends(feed.url), recorded.times, recorded.events, cutoff);
    if (cpu === null) throw new Error(`no DedicatedWorker thread in /proc under this browser's ${pids.size} processes`);
    const delivered = recorded.events.reduce((sum, n) => sum + n, 0);
    const kernel = used as NonNullable<typeof used>;
    const pass: Pass = { cpuPercent: (100 * cpu) / wall, systemShare: cpu > 0 ? kernel.systemMs / cpu : 0, faultsPerSecond: kernel.minorFaults / (wall / 1000), p50: stats.p50, p99: stats.p99, delivered, perCpuSecond: delivered / (cpu / 1000), load };
    if (round > 0) results.get(side.name)?.push(pass);
    console.log(
      `${round === 0 ? 'warm-up' : `round ${round}`} ${side.name}: worker ${pass.cpuPercent.toFixed(1)} % of a core (${(100 * pass.systemShare).toFixed(0)} % of it in the kernel, ${Math.round(pass.faultsPerSecond)} minor faults/s), ${Math.round(pass.perCpuSecond)} events per worker CPU-second, p50 ${pass.p50.toFixed(1)} ms, p99 ${pass.p99.toFixed(1)} ms, ${delivered} of ${stats.sent} events in ${stats.diffs} diffs, load ${load.toFixed(1)}`,
    );
  } finally {
    await browser.close();
    feed.child.stop();
    await feed.child.done(10_000).catch(() => undefined);
  }
}

for (let round = 0; round <= rounds; round += 1) {
  // Round 0 warms both sides (the page build's files in the disk cache, the log read) and is not counted.
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) await runPass(side, round);
}

const of = (name: string, field: keyof Pass) => median((results.get(name) ?? []).map((pass) => pass[field]));
const thisCpu = results.get('this') ?? [];
const otherCpu = results.get('other') ?? [];
const perRound = thisCpu.map((pass, i) => (otherCpu[i]?.cpuPercent ?? Number.NaN) / pass.cpuPercent);
for (const side of sides) {
  console.log(`${side.name} (layouts ${side.layouts ? 'on' : 'off'}, shapes ${side.shapes ? 'on' : 'off'}): median worker CPU ${of(side.name, 'cpuPercent').toFixed(1)} % of a core (${(100 * of(side.name, 'systemShare')).toFixed(0)} % in the kernel, ${Math.round(of(side.name, 'faultsPerSecond'))} minor faults/s), ${Math.round(of(side.name, 'perCpuSecond'))} events per worker CPU-second, p50 ${of(side.name, 'p50').toFixed(1)} ms, p99 ${of(side.name, 'p99').toFixed(1)} ms`);
}
// Latency per round as CPU: other / this, so above 1 means this side's figure is lower (better).
const ratioPerRound = (field: 'p50' | 'p99') => thisCpu.map((pass, i) => (otherCpu[i]?.[field] ?? Number.NaN) / pass[field]);
for (const field of ['p50', 'p99'] as const) {
  const list = ratioPerRound(field);
  console.log(`${field} event-to-diff, other / this: ${(of('other', field) / of('this', field)).toFixed(3)} (medians), ${median(list).toFixed(3)} (median of per-round ratios), this lower in ${list.filter((r) => r > 1).length} of ${list.length}`);
}
const loads = [...thisCpu, ...otherCpu].map((pass) => pass.load);
if (loads.length > 0) console.log(`load average (1 min) before the counted passes: ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
for (const [name, list] of profiles) {
  if (list.length > 0) console.log([`${name}'s worker, CPU profile over ${list.length} passes (self time):`, ...summarize(list)].join('\n'));
}
console.log(`worker CPU at ${rate} events/s, other / this: ${(of('other', 'cpuPercent') / of('this', 'cpuPercent')).toFixed(3)} (medians), ${median(perRound).toFixed(3)} (median of per-round ratios), this lower in ${perRound.filter((r) => r > 1).length} of ${perRound.length}`);
process.exit(0);
