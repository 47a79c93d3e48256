/**
 * Figure 4, memory (issue 6 item 5): the worker's bytes per unit (target ≤ 1 KB) as the heap
 * delta of 50,000 units in the fleet model:
 * - Node: heapProbe.ts in a child process with --expose-gc (heap used after full GCs);
 * - Chromium: the real worker on the bench page loads a 50,000-unit REST snapshot from the feed;
 *   performance.measureUserAgentSpecificMemory (the page is cross-origin isolated; the eager
 *   flag makes it answer at once) attributes bytes to the DedicatedWorkerGlobalScope, read before
 *   connecting and after the snapshot was loaded.
 * Baseline: the parsed unit.added data alone in a Map (Node), i.e. what any store of the same
 * data would hold; the ratio is the model's overhead over its data.
 */
import type { Figure, Skipped } from '../figure.ts';
import { atMost, figure } from '../figure.ts';
import { lastJson, startChild } from '../child.ts';
import { launchChromium, startFeed } from '../ingest/chromium.ts';

export const UNITS = 50_000;
export const TARGET_BYTES_PER_UNIT = 1_024;
const GROUP_ID = 'G-FIXTURE';

type Probe = { units: number; modelBytes: number; plainBytes: number };

async function chromiumBytesPerUnit(pageDir: string, log: string, say: (line: string) => void): Promise<number | string> {
  const feed = await startFeed(log, UNITS, pageDir);
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${feed.url}/index.html`);
    await page.evaluate(() => (window as any).bench.create('real'));
    await page.waitForTimeout(1_000);
    const before = await page.evaluate(() => (window as any).bench.workerMemory() as Promise<{ available: boolean; workerBytes: number; totalBytes: number }>);
    if (!before.available) return 'measureUserAgentSpecificMemory is not available on the bench page';
    await page.evaluate(async ([g, u]) => (window as any).bench.connect('real', g, u), [GROUP_ID, UNITS] as const);
    await page.waitForTimeout(2_000);
    const after = await page.evaluate(() => (window as any).bench.workerMemory() as Promise<{ available: boolean; workerBytes: number; totalBytes: number }>);
    say(`memory chromium: worker ${before.workerBytes} → ${after.workerBytes} bytes (tab total ${before.totalBytes} → ${after.totalBytes})`);
    return (after.workerBytes - before.workerBytes) / UNITS;
  } finally {
    await browser.close();
    feed.child.stop();
    await feed.child.done(10_000).catch(() => undefined);
  }
}

export async function runMemoryBench(say: (line: string) => void, pageDir: string, log: string): Promise<{ figures: Figure[]; skipped: Skipped[] }> {
  const figures: Figure[] = [];
  const skipped: Skipped[] = [];
  const child = startChild('bench/memory/heapProbe.ts', [log, String(UNITS)], { nodeArgs: ['--expose-gc'] });
  const probe = lastJson<Probe>(await child.done(120_000));
  say(`memory node: ${JSON.stringify(probe)}`);
  const plainPerUnit = probe.plainBytes / probe.units;
  figures.push(
    figure('memory: worker model per unit (Node)', probe.modelBytes / probe.units, 'bytes/unit', atMost(TARGET_BYTES_PER_UNIT), plainPerUnit,
      `heap used after GC, ${probe.units} units applied from unit.added; Node has 8-byte pointers (Chromium compresses them to 4); baseline: the parsed unit data alone in a Map`),
  );
  try {
    const chromium = await chromiumBytesPerUnit(pageDir, log, say);
    if (typeof chromium === 'string') skipped.push({ name: 'memory: worker per unit (Chromium)', reason: chromium });
    else {
      figures.push(
        figure('memory: worker per unit (Chromium)', chromium, 'bytes/unit', atMost(TARGET_BYTES_PER_UNIT), plainPerUnit,
          `measureUserAgentSpecificMemory, DedicatedWorkerGlobalScope bytes after − before a ${UNITS}-unit snapshot; baseline: the Node plain-Map figure`),
      );
    }
  } catch (error) {
    skipped.push({ name: 'memory: worker per unit (Chromium)', reason: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` });
  }
  return { figures, skipped };
}
