/**
 * A look, not a figure: how late the server answers while its simulator streams, and what its
 * periodic store writes cost (docs/performance.md §2 rounds p21 and p22).
 *
 *   npx tsx bench/server/loopProbe.ts [UNITS] [RATE] [--samples N] [--ab-root OTHER_CHECKOUT] [--rounds R] [--cpu-prof]
 *
 * Per pass: a fresh server (uiBench's startServer: its own SQLite file, LUC_DEMO_CHANNEL_SETS as the
 * UI bench, the simulator at RATE events/s, default 10,000 units at 60,000 events/s), 5 s to settle,
 * then a `HEAD /luc/luc-core-web/rest/openapi.json` every PROBE_EVERY_MS (a route that reads
 * nothing: its answer time is the time the request waited for the event loop), SAMPLES of them
 * (default 250). Printed per pass: p50 / p90 / p99 / max answer time (ms), the server's CPU over
 * the window (% of a core, /proc), and the incidents the recorder stored per second over the
 * window (counted in the pass's SQLite file after the server stopped; the recorder flushes every
 * second). With `--ab-root` each round runs this checkout's server and another's, one at a time,
 * the first side swapped every round, then the medians and their ratio. `--cpu-prof` runs each
 * server with `node --cpu-prof` into a temp folder and prints the profile's folder.
 */
import { mkdtempSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ROOT } from '../child.ts';
import { percentile, median } from '../figure.ts';
import { startServer, stopServer } from '../ui/uiBench.ts';

/** One HEAD request this often (ms): ~10 requests/s, nothing next to the simulator's 60,000 events/s. */
const PROBE_EVERY_MS = 100;
/** The server settles this long (ms) after it says it listens: the fleet's first announcements. */
const SETTLE_MS = 5_000;
/** Clock ticks per second of /proc/PID/stat's utime and stime (Linux's USER_HZ). */
const CLOCK_TICKS_PER_S = 100;

type Pass = { side: string; p50: number; p90: number; p99: number; max: number; cpuPct: number; incidentsPerS: number; load: number };

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** CPU seconds (user + system) the process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
}

async function probe(side: string, root: string, units: number, rate: number, samples: number, profileDir: string | null): Promise<Pass> {
  const consoleDir = mkdtempSync(join(tmpdir(), `luc-loop-${side}-`));
  // The server runs from this folder (its cwd: no built console, the probe reads no page) with its checkout's modules.
  symlinkSync(join(root, 'node_modules'), join(consoleDir, 'node_modules'));
  symlinkSync(join(root, 'tsconfig.json'), join(consoleDir, 'tsconfig.json'));
  const server = await startServer(consoleDir, units, rate, root, profileDir === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  const load = loadavg()[0] ?? 0;
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const pid = server.child.process.pid as number;
    const dbFile = join(server.dir, 'luc.db');
    const windowStart = Date.now();
    const cpuBefore = cpuSeconds(pid);
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const sentAt = performance.now();
      const answer = await fetch(`${server.url}/luc/luc-core-web/rest/openapi.json`, { method: 'HEAD' });
      times.push(performance.now() - sentAt);
      if (!answer.ok) throw new Error(`${side}: HEAD openapi.json answered ${answer.status}`);
      const wait = PROBE_EVERY_MS - (performance.now() - sentAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const windowEnd = Date.now();
    const cpuPct = ((cpuSeconds(pid) - cpuBefore) / ((windowEnd - windowStart) / 1000)) * 100;
    await stopServer(server);
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare('SELECT count(*) AS n FROM incidents WHERE at >= ? AND at < ?').get(windowStart, windowEnd) as { n: number };
    db.close();
    return { side, p50: median(times), p90: percentile(times, 90), p99: percentile(times, 99), max: Math.max(...times), cpuPct, incidentsPerS: row.n / ((windowEnd - windowStart) / 1000), load };
  } finally {
    await stopServer(server);
  }
}

function line(pass: Pass): string {
  const ms = (value: number) => value.toFixed(0).padStart(5);
  return `${pass.side.padEnd(6)} p50 ${ms(pass.p50)}  p90 ${ms(pass.p90)}  p99 ${ms(pass.p99)}  max ${ms(pass.max)} ms   server CPU ${pass.cpuPct.toFixed(0).padStart(3)} %   incidents ${pass.incidentsPerS.toFixed(0).padStart(6)}/s   load ${pass.load.toFixed(1)}`;
}

async function main(): Promise<void> {
  const positional = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('--') && !(all[i - 1] ?? '').startsWith('--'));
  const units = Number(positional[0] ?? 10_000);
  const rate = Number(positional[1] ?? 60_000);
  const samples = Number(option('--samples') ?? 250);
  const other = option('--ab-root');
  const rounds = Number(option('--rounds') ?? (other === undefined ? 1 : 3));
  const profileDir = process.argv.includes('--cpu-prof') ? mkdtempSync(join(tmpdir(), 'luc-loop-prof-')) : null;
  const sides: [string, string][] = other === undefined ? [['this', ROOT]] : [['this', ROOT], ['other', other]];
  console.log(`loopProbe: ${units} units at ${rate} events/s, ${samples} HEADs every ${PROBE_EVERY_MS} ms per pass, ${rounds} round(s)${profileDir === null ? '' : `, profiles in ${profileDir}`}`);
  const passes: Pass[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const [side, root] of order) {
      const pass = await probe(side, root, units, rate, samples, profileDir);
      passes.push(pass);
      console.log(`round ${round + 1}  ${line(pass)}`);
    }
  }
  if (sides.length === 2) {
    const of = (side: string, key: 'p50' | 'p90' | 'p99' | 'max' | 'cpuPct' | 'incidentsPerS') => median(passes.filter((p) => p.side === side).map((p) => p[key]));
    for (const key of ['p50', 'p90', 'p99', 'max', 'cpuPct', 'incidentsPerS'] as const) {
      console.log(`median ${key.padEnd(13)} this ${of('this', key).toFixed(1).padStart(8)}   other ${of('other', key).toFixed(1).padStart(8)}   ratio ${(of('this', key) / of('other', key)).toFixed(2)}`);
    }
  }
  if (profileDir !== null) console.log(`CPU profiles: ${readdirSync(profileDir).map((f) => join(profileDir, f)).join(' ')}`);
}

await main();
