/**
 * A look at the tab's heap figure (uiBench.ts "memory: tab heap 50k units"), A/B in one run:
 * `npx tsx bench/ui/tabHeapProbe.ts [OTHER_CHECKOUT] [ROUNDS]`. Not a figure. Per side (this
 * checkout; then OTHER_CHECKOUT's console AND server) and per round (the sides alternated), the same
 * page loads as the bench before its heap reading (packed, JSON, packed, JSON snapshot of 50,000
 * units in one page), then the page's heap after forced GCs and the fleet worker's, read as the bench
 * reads them:
 * - "bench": SETTLE_MS after the last list, as uiBench.ts;
 * - "later": LATER_MS after that (the list's screen warm-up, src/app/warmScreens.ts, surely done);
 * - "no warm-up": the same page loads with the multiview's and the map's chunks refused (the
 *   warm-up's import() fails and is left alone), read at the "later" moment.
 * LUC_HEAP_SNAPSHOT=1: a DevTools heap snapshot of the page at the "later" moment, summed by node
 * type and constructor (self bytes and counts; top TOP rows), written to $TMPDIR/luc-heap-SIDE-ROUND.txt;
 * LUC_HEAP_SNAPSHOT=bench: one at the bench's moment too (…-bench.txt).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { ROOT } from '../child.ts';
import { workerHeapBytes } from './workerHeap.ts';
import { buildConsole, launch, loadList, SETTLE_MS, signedIn, startServer, stopServer, UNITS, type Server } from './uiBench.ts';

/** Readings after the bench's one, every LATER_STEP_MS up to LATER_MS (the warm-up runs 3 s after the first rows, after 1 s without input, when idle). */
const LATER_MS = 8_000;
const LATER_STEP_MS = 2_000;
/** LUC_HEAP_BLOCK=both: a second page with the warmed chunks refused; =only: that page alone; default: as shipped only. */
const BLOCK_PASSES = { both: [false, true], only: [true] }[process.env['LUC_HEAP_BLOCK'] ?? ''] ?? [false];
/** Rows of the heap snapshot's summary. */
const TOP = 40;
/** The chunks the unit list warms (multiview, map, OpenLayers, Konva), refused in the "no warm-up" pass. */
const WARMED_CHUNK = /\/assets\/(MultiviewScreen|MapScreen|UnitMap|ol-|ol\.|konva|Konva|MultiView)[^/]*\.js$/;

async function pageHeap(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const gc = (window as unknown as { gc?: () => void }).gc;
    for (let i = 0; i < 3; i += 1) {
      gc?.();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
  });
}

type Snapshot = { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };

/** A heap snapshot of the page, summed by type and constructor name (self size, count). */
async function heapSummary(page: Page): Promise<string> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (event: { chunk: string }) => chunks.push(event.chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  const parsed = JSON.parse(chunks.join('')) as Snapshot;
  const fields = parsed.snapshot.meta.node_fields;
  const types = parsed.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size')];
  const sums = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let at = 0; at < parsed.nodes.length; at += width) {
    const type = types[parsed.nodes[at + typeAt] as number] ?? '?';
    const rawName = parsed.strings[parsed.nodes[at + nameAt] as number] ?? '';
    // Strings by type only (their name is their text); other nodes by type and constructor name.
    const name = type.includes('string') || type === 'number' ? '' : rawName.length > 80 ? `${rawName.slice(0, 80)}…` : rawName;
    const key = `${type} ${name}`;
    const size = parsed.nodes[at + sizeAt] as number;
    total += size;
    const sum = sums.get(key) ?? { bytes: 0, count: 0 };
    sum.bytes += size;
    sum.count += 1;
    sums.set(key, sum);
  }
  const windows = [...sums.entries()].filter(([key]) => /^(object|native) Window\b/.test(key)).map(([key, s]) => `${key} ×${s.count}`);
  const rows = [...sums.entries()]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, TOP)
    .map(([key, s]) => `${(s.bytes / 1e6).toFixed(2).padStart(8)} MB ${String(s.count).padStart(8)}  ${key}`);
  return [`snapshot: ${(total / 1e6).toFixed(1)} MB self in ${parsed.nodes.length / width} nodes; windows: ${windows.join('; ') || 'none'}`, ...rows].join('\n');
}

/** The bench's page loads (packed, JSON, packed, JSON) in one page; `block` refuses the warmed chunks. */
async function benchLoads(browser: Browser, server: Server, block: boolean): Promise<{ page: Page; close(): Promise<void> }> {
  const { context, page } = await signedIn(browser, server.url);
  if (block) await context.route(WARMED_CHUNK, (route) => route.abort());
  for (const query of ['', '?benchSnapshotJson', '', '?benchSnapshotJson']) {
    const first = await loadList(page, UNITS, query);
    console.log(`  list loaded${block ? ' (warm-up refused)' : ''}${query}: full list painted ${first.fullPaintedMs.toFixed(0)} ms after the bytes`);
  }
  return { page, close: () => context.close() };
}

/** The store's fill end (luc:fleet-snapshot-filled) against the list's full rows (luc:unit-list-full-rows), or "not ended". */
async function fillEnd(page: Page): Promise<string> {
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  const [filled, full] = (await page.evaluate(
    "['luc:fleet-snapshot-filled', 'luc:unit-list-full-rows'].map((name) => performance.getEntriesByName(name).at(-1)?.startTime ?? null)",
  )) as [number | null, number | null];
  if (filled === null) return 'not ended at the reading';
  return full === null ? `ended at ${filled.toFixed(0)} ms` : `ended ${(filled - full).toFixed(0)} ms after the full list`;
}

const mb = (bytes: number | null): string => (bytes === null ? '?' : (bytes / 1e6).toFixed(1));

async function side(browser: Browser, dir: string, root: string, name: string, round: number): Promise<void> {
  const server = await startServer(dir, UNITS, undefined, root);
  const say = (line: string) => console.log(`round ${round} ${name} (load ${loadavg()[0]?.toFixed(1)}): ${line}`);
  try {
    for (const block of BLOCK_PASSES) {
      const { page, close } = await benchLoads(browser, server, block);
      const readings: string[] = [];
      // The bench's moment, then every LATER_STEP_MS until LATER_MS (a heap that falls meanwhile was transient).
      await page.waitForTimeout(SETTLE_MS);
      for (let waited = 0; waited <= LATER_MS; waited += LATER_STEP_MS) {
        if (waited > 0) await page.waitForTimeout(LATER_STEP_MS);
        readings.push(`+${waited / 1000} s page ${mb(await pageHeap(page))} worker ${mb(await workerHeapBytes(browser))}`);
        // Where the store's first-snapshot fill ended (its columns let go), against the full list's mark.
        if (waited === 0) readings.push(`fill ${await fillEnd(page)}`);
        if (waited === 0 && !block && process.env['LUC_HEAP_SNAPSHOT'] === 'bench') {
          const file = join(tmpdir(), `luc-heap-${name}-${round}-bench.txt`);
          writeFileSync(file, await heapSummary(page));
          say(`heap snapshot summary at the bench's moment: ${file}`);
        }
      }
      say(`${block ? 'warm-up refused' : 'as shipped'}: ${readings.join(', ')} MB`);
      if (!block && process.env['LUC_HEAP_SNAPSHOT'] !== undefined) {
        const file = join(tmpdir(), `luc-heap-${name}-${round}.txt`);
        writeFileSync(file, await heapSummary(page));
        say(`heap snapshot summary: ${file}`);
      }
      await close();
    }
  } finally {
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  const other = process.argv[2];
  const rounds = Number(process.argv[3] ?? 1);
  const sides: { name: string; root: string; dir: string }[] = [];
  for (const [name, root] of [['this', ROOT], ...(other === undefined ? [] : [['other', other]])] as [string, string][]) {
    const dir = mkdtempSync(join(tmpdir(), `luc-tab-heap-${name}-`));
    process.env['LUC_BENCH_UI_ROOT'] = root;
    await buildConsole(dir);
    sides.push({ name, root, dir });
  }
  const browser = await launch();
  try {
    for (let round = 1; round <= rounds; round += 1) {
      const order = round % 2 === 1 ? sides : [...sides].reverse();
      for (const s of order) await side(browser, s.dir, s.root, s.name, round);
    }
  } finally {
    await browser.close();
    for (const s of sides) rmSync(s.dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
