/**
 * What figures 3 and 4 share in Chromium: the bench page built with vite (a bench-only entry,
 * bench/ingest/page/, into a temp folder), the loopback feed server (feedServer.ts, a child
 * process) and Debian's Chromium driven by Playwright (launch options as playwright.config.ts;
 * no browser is ever downloaded).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/chromium.ts';
import type { Child } from '../child.ts';
import { ROOT, startChild } from '../child.ts';

export const CHROMIUM = CHROMIUM_PATH;

/**
 * Builds the bench page (of the checkout at `root`: workerAB.ts builds another's too); returns the
 * folder to serve. `minify` false keeps the functions' names and lines for a CPU profile.
 */
export async function buildPage(root = ROOT, outDir = mkdtempSync(join(tmpdir(), 'luc-bench-page-')), minify = true): Promise<string> {
  await build({
    configFile: false,
    root: join(root, 'bench/ingest/page'),
    base: './',
    logLevel: 'warn',
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, sourcemap: false, minify, target: 'es2022' },
  });
  return outDir;
}

export type Feed = { readonly url: string; readonly child: Child };

export async function startFeed(log: string, units: number, pageDir: string): Promise<Feed> {
  const child = startChild('bench/ingest/feedServer.ts', [JSON.stringify({ log, units, pageDir })]);
  const match = await child.waitFor(/feed ready (http:\/\/\S+)/, 120_000);
  return { url: match[1] as string, child };
}

/** Chromium as the tests launch it (tests/chromium.ts), plus `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // measureUserAgentSpecificMemory answers at once instead of at the next natural GC.
    args: [...CHROMIUM_ARGS, '--enable-blink-features=ForceEagerMeasureMemory', ...extraArgs],
  });
}

/**
 * POST /bench/start, then polls /bench/status: `durationMs` of events at `rate` events/s (0: as fast
 * as the socket drains); `layouts`: version 2's frames carry the layouts column (false for a worker
 * built before round p13).
 */
export async function stream(feedUrl: string, rate: number, durationMs: number, batchMs: number, layouts = true): Promise<{ events: number; seconds: number }> {
  const response = await fetch(`${feedUrl}/bench/start`, { method: 'POST', body: JSON.stringify({ rate, durationMs, batchMs, layouts }) });
  if (response.status !== 202) throw new Error(`feed: ${response.status} ${await response.text()}`);
  const started = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    let status: { running: boolean; events: number; seconds: number; error: string | null };
    try {
      status = (await (await fetch(`${feedUrl}/bench/status`)).json()) as typeof status;
    } catch {
      continue; // a busy feed may drop a poll (keep-alive reset on a loaded machine): ask again
    }
    if (status.error !== null) throw new Error(`feed: ${status.error}`);
    if (!status.running) return status;
    if (performance.now() - started > durationMs + 60_000) throw new Error('feed: the stream did not end');
  }
}

export async function sends(feedUrl: string): Promise<[number, number, number][]> {
  return (await (await fetch(`${feedUrl}/bench/sends`)).json()) as [number, number, number][];
}
