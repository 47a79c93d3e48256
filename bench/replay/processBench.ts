/**
 * Issue 15 item 5: replay from NDJSON timed as a WHOLE PROCESS, `npm run replay -- FILE --summary`
 * (npm, Node start-up, the prebuilt bundle, reading, the summary), against a bare `node -e` loop
 * that only JSON.parses each line of the same file, in the same run, alternated round by round so
 * that the machine's noise hits both alike. The figure is the replay's rate, its baseline the bare
 * loop's rate; ratio ≥ 1.0 is the target.
 *
 * The replay reads the log with the parallel summary reader (replay/parallelLog.ts: the file's
 * chunks parsed by the main thread and a reader thread per other core). A third process per round
 * runs the way before it, LUC_REPLAY_THREADS=0 (JSON.parse + decodeEnvelope + the model on one
 * thread), for the same-run ratio of the change, reported in the note and the details.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { ROOT } from '../child.ts';
import type { Figure } from '../figure.ts';
import { atLeast, figure, median } from '../figure.ts';
import type { GeneratedLog } from './logs.ts';

export const PROCESS_ROUNDS = 3;
/** A run longer than this is a failure (ms). */
const PROCESS_TIMEOUT_MS = 180_000;

/** The bare loop: read the file, JSON.parse every non-empty line, print the count. */
export const BARE_LOOP =
  "const fs=require('fs');const t=fs.readFileSync(process.argv[1],'utf8');let s=0,n=0;" +
  "for(;;){const e=t.indexOf('\\n',s);if(e<0)break;if(e>s){JSON.parse(t.slice(s,e));n+=1}s=e+1}console.log(n)";

type Timed = { readonly seconds: number; readonly stdout: string };

function timeProcess(command: string, args: readonly string[], env: Record<string, string> = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ seconds, stdout });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

const bare = (path: string) => timeProcess(process.execPath, ['-e', BARE_LOOP, path]);
const replay = (path: string, oneThread: boolean) => timeProcess('npm', ['run', '-s', 'replay', '--', path, '--summary'], oneThread ? { LUC_REPLAY_THREADS: '0' } : {});

export type ProcessRuns = { readonly log: string; readonly events: number; readonly bare: number[]; readonly replay: number[]; readonly oneThread: number[] };

/** Times the three processes PROCESS_ROUNDS times over `log` and makes the figure. */
export async function processFigure(log: GeneratedLog, label: string, say: (line: string) => void): Promise<{ figure: Figure; runs: ProcessRuns }> {
  // Build the bundle (when stale) and check the output once, untimed.
  const first = await replay(log.path, false);
  const events = (JSON.parse(first.stdout) as { events: number }).events;
  const single = await replay(log.path, true);
  if (single.stdout !== first.stdout) throw new Error(`${log.name}: the parallel reader's summary differs from the one-thread reader's`);
  const runs: ProcessRuns = { log: log.name, events, bare: [], replay: [], oneThread: [] };
  for (let round = 0; round < PROCESS_ROUNDS; round += 1) {
    const loop = await bare(log.path);
    const lines = Number(loop.stdout.trim());
    if (lines !== events + 1) throw new Error(`${log.name}: the bare loop parsed ${lines} lines, the replay counted ${events} events + the header`);
    runs.bare.push(loop.seconds);
    runs.replay.push((await replay(log.path, false)).seconds);
    runs.oneThread.push((await replay(log.path, true)).seconds);
  }
  const s = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(', ');
  say(`replay ${label} whole process (s): bare JSON.parse loop ${s(runs.bare)}; npm run replay --summary ${s(runs.replay)}; one thread (LUC_REPLAY_THREADS=0) ${s(runs.oneThread)}; ratios per round ${runs.bare.map((b, i) => (b / (runs.replay[i] as number)).toFixed(2)).join(', ')}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const bareRate = events / median(runs.bare);
  const replayRate = events / median(runs.replay);
  const oneThreadRate = events / median(runs.oneThread);
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
        `the way before, one thread (LUC_REPLAY_THREADS=0) ${median(runs.oneThread).toFixed(2)} s = ${Math.round(oneThreadRate)} events/s, ratio ${(oneThreadRate / bareRate).toFixed(2)}; parallel / one thread ${(replayRate / oneThreadRate).toFixed(2)}×`,
    ),
  };
}
