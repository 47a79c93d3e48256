/**
 * A look at the frame windows of the UI bench (issue 15 item 4) with a CPU profile of the page's
 * main thread per window: `npx tsx bench/ui/framesProfile.ts` (~2 min). Not a figure: it prints,
 * per window (list scrolling, multiview, map), the frame intervals, the long tasks, the time from
 * the menu click to the screen drawn, and the functions with the most self time (the DevTools
 * protocol's Profiler, sampled every PROFILE_SAMPLE_US, on an unminified build so names read).
 * The same server, load and windows as uiBench.ts; LUC_BENCH_UI_ROOT builds another checkout.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { build } from 'vite';
import { ROOT } from '../child.ts';
import { percentile } from '../figure.ts';
import type { FrameWindow } from './frameProbe.ts';
import { launch, loadList, measureWindow, openScreen, scrollList, SETTLE_MS, signedIn, startServer, stopServer, UNITS, VIEW_MS } from './uiBench.ts';

/** Sampling interval of the CPU profile (µs). */
const PROFILE_SAMPLE_US = 500;
/** Functions listed per window. */
const TOP = 25;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

function topSelf(profile: Profile): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) return;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

async function profiled(cdp: CDPSession, page: Page, name: string, during: () => Promise<void>): Promise<{ window: FrameWindow; top: string[] }> {
  await cdp.send('Profiler.start');
  const window = await measureWindow(page, name, during);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  return { window, top: topSelf(profile) };
}

function line(name: string, w: FrameWindow, openMs: number | null): string {
  return `${name}: ${w.intervals.length} frames, p50 ${percentile(w.intervals, 50).toFixed(1)}, p95 ${percentile(w.intervals, 95).toFixed(1)}, p99 ${percentile(w.intervals, 99).toFixed(1)}, max ${Math.max(...w.intervals).toFixed(0)} ms, ${w.longTasks.length} long tasks [${w.longTasks.map((d) => d.toFixed(0)).join(' ')}]${openMs === null ? '' : `, opened and drawn in ${openMs.toFixed(0)} ms`}`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'luc-frames-profile-'));
  const root = process.env['LUC_BENCH_UI_ROOT'] ?? ROOT;
  await build({ root, logLevel: 'warn', build: { outDir: join(dir, 'dist'), emptyOutDir: true, sourcemap: false, minify: process.env['LUC_PROFILE_MINIFY'] === '1' } });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  const browser = await launch();
  const server = await startServer(dir, UNITS);
  try {
    const { page } = await signedIn(browser, server.url);
    page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') console.log(`page ${message.type()}: ${message.text().slice(0, 300)}`); });
    page.on('pageerror', (error) => console.log(`page error: ${error.message.slice(0, 300)}`));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: PROFILE_SAMPLE_US });
    await loadList(page, UNITS).catch(async (error: unknown) => {
      await page.screenshot({ path: join(tmpdir(), 'luc-frames-profile-failed.png') }).catch(() => undefined);
      throw error;
    });
    await page.waitForTimeout(SETTLE_MS);
    const list = await profiled(cdp, page, 'list scrolling', () => scrollList(page));
    console.log(line('list scrolling', list.window, null));
    console.log(list.top.join('\n'));
    const wallOpen = await openScreen(page, 'Multiview', '[data-testid="multiview-wall"] canvas');
    const wall = await profiled(cdp, page, 'multiview', () => page.waitForTimeout(VIEW_MS));
    console.log(line('multiview', wall.window, wallOpen));
    console.log(wall.top.join('\n'));
    const mapOpen = await openScreen(page, 'Map', '[data-testid="unit-map"] canvas');
    const map = await profiled(cdp, page, 'map', () => page.waitForTimeout(VIEW_MS));
    console.log(line('map', map.window, mapOpen));
    console.log(map.top.join('\n'));
  } finally {
    await stopServer(server);
    await browser.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
