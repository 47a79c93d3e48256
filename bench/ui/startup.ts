/**
 * Start-up (issue 15 item 6), in the same Chromium and against the same server as the UI bench:
 *
 * - the JavaScript the sign-in page loads to show its form (the scripts asked for before the page
 *   starts prefetching what a sign-in needs next, src/app/signInPrefetch.ts), what it prefetches
 *   then while the user would type (until the network is idle), and what the unit list adds
 *   (every script response of the page and its worker, in order), gzipped: each file of the build
 *   as served, through zlib's gzip at level 9 (what a server or CDN would send; ours sends it
 *   uncompressed on loopback);
 * - the largest chunk of the build, against Vite's 500 kB warning (minified, not gzipped);
 * - the time from submitting the sign-in form to the first list rows painted, and to the list
 *   painted in its full order (the marks of the first-list figure), with SMALL_UNITS units, for a
 *   browser with nothing cached (a fresh context);
 * - the timeline of that sign-in (ms from the submit): each request of the page and its worker
 *   (sent, answered), the worker's start, the page's navigations and the app's `luc:` marks, so a
 *   slow start-up says where its time went (sign-in answer → shell chunk → guard's calls → the
 *   worker and its snapshot → rows).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from '@playwright/test';
import { FRAME_PROBE } from './frameProbe.ts';

/** The sign-in page's mark as it starts prefetching (src/app/signInPrefetch.ts SIGN_IN_PREFETCH_MARK; not imported: that module imports the worker's URL). */
const SIGN_IN_PREFETCH_MARK = 'luc:sign-in-prefetch';

/** Vite's chunkSizeWarningLimit (kB, minified). */
export const CHUNK_WARNING_KB = 500;

/** One step of the sign-in's timeline: ms from the submit, and what happened. */
export type TimelineStep = { atMs: number; what: string };

export type StartupResult = {
  /** The sign-in page's own scripts: asked for before it starts its prefetch (src/app/signInPrefetch.ts). */
  signInScripts: { file: string; bytes: number; gzip: number }[];
  /** What the sign-in page then prefetches while the user types (until the network is idle). */
  prefetchScripts: { file: string; bytes: number; gzip: number }[];
  prefetchGzipBytes: number;
  listScripts: { file: string; bytes: number; gzip: number }[];
  signInGzipBytes: number;
  listGzipBytes: number;
  largestChunk: { file: string; bytes: number };
  submitToFirstRowsMs: number;
  submitToFullListMs: number;
  timeline: TimelineStep[];
};

function sizes(dist: string, urls: readonly string[]): { file: string; bytes: number; gzip: number }[] {
  const seen = new Set<string>();
  const out: { file: string; bytes: number; gzip: number }[] = [];
  for (const url of urls) {
    const path = new URL(url).pathname;
    if (seen.has(path)) continue;
    seen.add(path);
    const bytes = readFileSync(join(dist, path));
    out.push({ file: path, bytes: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength });
  }
  return out;
}

export function largestChunk(dist: string): { file: string; bytes: number } {
  const assets = join(dist, 'assets');
  let best = { file: '', bytes: 0 };
  for (const name of readdirSync(assets)) {
    if (!name.endsWith('.js')) continue;
    const bytes = statSync(join(assets, name)).size;
    if (bytes > best.bytes) best = { file: name, bytes };
  }
  return best;
}

const sum = (list: readonly { gzip: number }[]): number => list.reduce((total, item) => total + item.gzip, 0);

export async function measureStartup(browser: Browser, url: string, dist: string, user: string, password: string): Promise<StartupResult> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(FRAME_PROBE);
    await context.addInitScript(() => {
      document.addEventListener('submit', () => ((window as unknown as { __submitAt: number }).__submitAt = performance.now()), true);
    });
    const scripts: string[] = [];
    /** When each script's request started (ms since the epoch), by its place in `scripts`. */
    const startedAt: number[] = [];
    const record = (response: Response) => {
      const address = response.url();
      if (!new URL(address).pathname.endsWith('.js')) return;
      scripts.push(address);
      startedAt.push(response.request().timing().startTime);
    };
    context.on('response', record);
    // The timeline, in wall-clock ms (Date.now here, performance.timeOrigin + startTime in the page: one machine, one clock).
    const steps: { at: number; what: string }[] = [];
    const step = (what: string) => steps.push({ at: Date.now(), what });
    const named = (address: string) => {
      const url = new URL(address);
      return url.pathname.replace(/^.*\/assets\//, '').replace(/^\/luc\/luc-core-web\/rest\//, 'REST ') + (url.search.length > 0 ? '?…' : '');
    };
    context.on('request', (request) => step(`→ ${request.method()} ${named(request.url())}`));
    context.on('requestfinished', (request) => step(`← ${named(request.url())}`));
    context.on('requestfailed', (request) => step(`× ${named(request.url())} ${request.failure()?.errorText ?? ''}`));
    const page = await context.newPage();
    page.on('worker', (worker) => {
      scripts.push(worker.url()); // the fleet worker's own module
      startedAt.push(Date.now());
      step(`worker started ${named(worker.url())}`);
    });
    page.on('websocket', (socket) => step(`websocket ${named(socket.url())}`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) step(`at ${new URL(frame.url()).pathname}`);
    });
    await page.goto('/login', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    const signInCount = scripts.length;
    // The page's own scripts are those asked for before it started prefetching what a sign-in needs next.
    const prefetchAt = await page.evaluate((mark) => {
      const entry = performance.getEntriesByName(mark, 'mark')[0];
      return entry === undefined ? Number.POSITIVE_INFINITY : performance.timeOrigin + entry.startTime;
    }, SIGN_IN_PREFETCH_MARK);
    await page.getByLabel('Username').fill(user);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForFunction(() => (window as unknown as { __uiBench: { firstList(): unknown } }).__uiBench.firstList() !== null, null, { timeout: 180_000, polling: 200 });
    const timing = await page.evaluate(() => {
      const at = (window as unknown as { __submitAt: number }).__submitAt;
      const first = (window as unknown as { __uiBench: { firstList(): { paintedMs: number; fullPaintedMs: number } } }).__uiBench.firstList();
      const snapshot = performance.getEntriesByName('luc:fleet-snapshot', 'mark')[0]?.startTime ?? Number.NaN;
      const bytes = performance.getEntriesByName('luc:fleet-snapshot-bytes', 'mark')[0]?.startTime ?? snapshot;
      const marks = performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('luc:'));
      return {
        firstRows: snapshot + first.paintedMs - at,
        full: bytes + first.fullPaintedMs - at,
        submitAt: performance.timeOrigin + at,
        marks: marks.map((mark) => ({ at: performance.timeOrigin + mark.startTime, what: `mark ${mark.name}` })),
        painted: [
          { at: performance.timeOrigin + snapshot + first.paintedMs, what: 'first rows painted' },
          { at: performance.timeOrigin + bytes + first.fullPaintedMs, what: 'full order painted' },
        ],
      };
    });
    const timeline = [...steps, ...timing.marks, ...timing.painted]
      .map((entry) => ({ atMs: Math.round(entry.at - timing.submitAt), what: entry.what }))
      .filter((entry) => entry.atMs >= -50)
      .sort((a, b) => a.atMs - b.atMs);
    const own = scripts.slice(0, signInCount).filter((_, index) => (startedAt[index] as number) < prefetchAt);
    const prefetched = scripts.slice(0, signInCount).filter((_, index) => (startedAt[index] as number) >= prefetchAt);
    const signInScripts = sizes(dist, own);
    const prefetchScripts = sizes(dist, prefetched);
    const listScripts = sizes(dist, scripts);
    return {
      signInScripts,
      prefetchScripts,
      prefetchGzipBytes: sum(prefetchScripts),
      listScripts,
      signInGzipBytes: sum(signInScripts),
      listGzipBytes: sum(listScripts),
      largestChunk: largestChunk(dist),
      submitToFirstRowsMs: timing.firstRows,
      submitToFullListMs: timing.full,
      timeline,
    };
  } finally {
    await context.close();
  }
}
