/**
 * A CPU profile of the fleet worker in Chromium (docs/performance.md §3i): the DevTools protocol's
 * Profiler on the dedicated worker's target, through a browser-level session (Playwright opens CDP
 * sessions on pages only; bench/ui/workerHeap.ts attaches the same way). workerAB.ts starts it
 * before a pass's stream and stops it after, with `AB_PROFILE=this|other|both`.
 *
 * The summary: the functions with the most self time, and the shares of garbage collection
 * ("(garbage collector)"), idle ("(idle)": the worker waiting for the next message) and the
 * program's own ("(program)": the engine outside JS). Shares are of the busy samples (idle left out),
 * so they read as shares of the worker's CPU.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, CDPSession } from '@playwright/test';
import { ask } from '../ui/workerHeap.ts';

/** Sampling interval in µs: 100 µs gives ~10,000 samples a second of busy worker, enough for shares of 0.5 %. */
const SAMPLE_US = 100;
const TOP = 25;

type TargetInfo = { targetId: string; type: string; url: string };
type ProfileNode = { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export type WorkerProfiler = { stop(): Promise<CpuProfile> };

/** Starts the Profiler on the browser's one dedicated worker whose URL holds `urlPart` (the fleet worker's chunk). */
export async function startWorkerProfile(browser: Browser, urlPart = 'fleet.worker'): Promise<WorkerProfiler> {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
  const workers = targetInfos.filter((t) => t.type === 'worker' && t.url.includes(urlPart));
  const target = workers[0];
  if (workers.length !== 1 || target === undefined) throw new Error(`worker profile: ${workers.length} worker targets with "${urlPart}" in their URL, expected 1 (${targetInfos.map((t) => `${t.type} ${t.url}`).join(', ')})`);
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
  let id = 1;
  await ask(cdp, sessionId, id++, 'Profiler.enable');
  await ask(cdp, sessionId, id++, 'Profiler.setSamplingInterval', { interval: SAMPLE_US });
  await ask(cdp, sessionId, id++, 'Profiler.start');
  return {
    async stop() {
      try {
        const { profile } = (await ask(cdp, sessionId, id++, 'Profiler.stop')) as { profile: CpuProfile };
        return profile;
      } finally {
        await cdp.detach().catch(() => undefined);
      }
    },
  };
}

/** Self time per function (name, file, line), ms, summed over the profiles. */
function selfTimes(profiles: readonly CpuProfile[]): Map<string, number> {
  const self = new Map<string, number>();
  for (const profile of profiles) addSelfTimes(profile, self);
  return self;
}

function addSelfTimes(profile: CpuProfile, self: Map<string, number>): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((nodeId, index) => {
    const frame = byId.get(nodeId)?.callFrame;
    if (frame === undefined) return;
    const file = frame.url.split('/').pop() ?? '';
    const key = frame.url === '' ? frame.functionName : `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
}

/** The summary lines over one or more passes: busy ms, GC and program shares, the TOP functions by self time (share of busy). */
export function summarize(profiles: readonly CpuProfile[]): string[] {
  const self = selfTimes(profiles);
  const idle = self.get('(idle)') ?? 0;
  self.delete('(idle)');
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  const share = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %`;
  const lines = [
    `  busy ${busy.toFixed(0)} ms, idle ${idle.toFixed(0)} ms; garbage collector ${share(self.get('(garbage collector)') ?? 0)}, program ${share(self.get('(program)') ?? 0)}`,
  ];
  for (const [name, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP)) lines.push(`  ${ms.toFixed(0).padStart(6)} ms ${share(ms)}  ${name}`);
  return lines;
}

/** Writes the profile (open it in DevTools' Performance panel) and returns its path. */
export function saveProfile(profile: CpuProfile, path: string): string {
  writeFileSync(path, JSON.stringify(profile));
  return path;
}
