/**
 * "Max speed with loop stays responsive" (issue 17 item 5), measured in Debian's Chromium against
 * the real console and server: a committed fixture (fixtures/reconnect-storm.ndjson, 1,439 events:
 * at max it is over in a few ms, so it wraps around as often as the player lets it, the worst case
 * for a loop) is opened on /replay, set to max with loop on, and played. Then:
 *
 * - frame intervals (requestAnimationFrame, p95 and p99) and long tasks (≥ 50 ms) over two
 *   windows: the replay page itself (LOOP_VIEW_MS), then the unit list of the replayed fleet
 *   (reached through the menu, the same worker and store) for as long;
 * - clicks answered: Pause then Play, CLICKS times each, from the click to the player saying so
 *   (replay-phase badge), as the user would feel it (ms, median and max);
 * - loops done over the windows (the replay's index going back to the start, sampled).
 *
 * Baseline, same run and page: the unit list with the replay paused (the fleet standing still).
 * `npm run bench -- --only loop`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ROOT } from '../child.ts';
import type { Figure } from '../figure.ts';
import { atMost, figure, median, percentile } from '../figure.ts';
import { FRAME_PROBE, type FrameWindow } from './frameProbe.ts';
import { BREAKDOWN_CATEGORIES, printLongTasks } from './traceBreakdown.ts';
import { buildConsole, FRAME_P95_MS, FRAME_P99_MS, launch, LONG_TASK_MS, measureWindow, startServer, stopServer, type Server } from './uiBench.ts';

/** The looped fixture (committed; its events and summary are checked by the replay tests). */
export const LOOP_FIXTURE = join(ROOT, 'fixtures/reconnect-storm.ndjson');
/** Each window's length (ms). */
export const LOOP_VIEW_MS = 6_000;
/** Pause/Play clicks measured (each). */
export const CLICKS = 5;
/** Ours: a click is answered within 100 ms (the usual bound for "instant" feedback). */
export const CLICK_TARGET_MS = 100;
/** A small live fleet (the replay replaces it): the server only serves the console here. */
const LIVE_UNITS = 200;
/** A traced click's tasks printed from this long (ms): a click answered in 100 ms has room for few of them. */
const TRACE_CLICK_TASK_MS = 16;
const LIVE_RATE = 50;
const PASSWORD = 'bench-Pass-1';
const API = '/luc/luc-core-web/rest';
const HEADERS = { 'application-id': 'luc-console' };

type Say = (line: string) => void;
type Window = FrameWindow & { name: string; loops: number };

async function signIn(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(FRAME_PROBE);
  const page = await context.newPage();
  const login = await page.request.post(`${API}/auth/login`, { headers: HEADERS, data: { username: 'super_user', password: PASSWORD } });
  if (login.status() !== 200) throw new Error(`loop: sign-in failed: HTTP ${login.status()}`);
  const { UNIT_ALERT_FLAGS } = await import('../../src/domain/units/alertSettings.ts');
  // Every unit alert a toast (a replay raises them as live does); LUC_BENCH_LOOP_ALERTS=off: none.
  const alerts = process.env['LUC_BENCH_LOOP_ALERTS'] !== 'off';
  const saved = await page.request.put(`${API}/userPreferences/vue`, { headers: HEADERS, data: { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, alerts])) } });
  if (!saved.ok()) throw new Error(`loop: preferences: HTTP ${saved.status()}`);
  return page;
}

/** The replay's index as the player shows it ("N of 1,439"). */
async function replayIndex(page: Page): Promise<number> {
  const text = (await page.getByTestId('replay-index').textContent({ timeout: 5_000 }).catch(() => '')) ?? '';
  return Number((text.split(' of ')[0] ?? '').replace(/,/g, ''));
}

/** A frame window that also counts the wrap-arounds it sees (the index going down), sampling every 50 ms. */
async function loopWindow(page: Page, name: string, sampleIndex: boolean): Promise<Window> {
  let loops = 0;
  const window = await measureWindow(page, name, async () => {
    const started = Date.now();
    let last = -1;
    while (Date.now() - started < LOOP_VIEW_MS) {
      if (sampleIndex) {
        const index = await replayIndex(page);
        if (index < last) loops += 1;
        last = index;
      }
      await page.waitForTimeout(50);
    }
  });
  return { ...window, loops };
}

/**
 * In the page: each click on a button (capture phase, page clock) and each change of the player's
 * phase badge's text (a MutationObserver: its callback runs right after the DOM commit), so a
 * click's answer is also timed on the page's own clock, without Playwright's round trips.
 */
const CLICK_PROBE = `(() => {
  const probe = { clicks: [], phases: [] };
  let last = null;
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button !== null) probe.clicks.push([performance.now(), button.getAttribute('aria-label') || '']);
  }, true);
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid="replay-phase"]')?.textContent ?? null;
    if (text !== last) { last = text; probe.phases.push([performance.now(), text]); }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
  window.__loopClicks = probe;
})()`;

type ClickProbe = { clicks: [number, string][]; phases: [number, string | null][] };

/** Click → the player's phase badge says so (ms), Pause and Play alternately: as Playwright sees it, and on the page's clock. */
async function clickLatencies(page: Page): Promise<Clicks> {
  const phase = page.getByTestId('replay-phase');
  const pause: number[] = [];
  const play: number[] = [];
  await page.evaluate(CLICK_PROBE);
  for (let i = 0; i < CLICKS; i += 1) {
    for (const [button, answer, into] of [['Pause', 'Paused', pause], ['Play', 'Playing', play]] as const) {
      await page.waitForTimeout(300);
      const started = performance.now();
      await page.getByRole('button', { name: button, exact: true }).click({ timeout: 10_000 });
      await phase.filter({ hasText: answer }).waitFor({ timeout: 10_000 });
      into.push(performance.now() - started);
    }
  }
  const probe = (await page.evaluate(() => (window as unknown as { __loopClicks: ClickProbe }).__loopClicks)) as ClickProbe;
  // Each Pause/Play click → the first badge text after it that answers it.
  const inPage = probe.clicks
    .filter(([, label]) => label === 'Pause' || label === 'Play')
    .map(([at, label]) => {
      const answer = label === 'Pause' ? 'Paused' : 'Playing';
      const answered = probe.phases.find(([when, text]) => when >= at && text === answer);
      return answered === undefined ? Number.NaN : answered[0] - at;
    });
  return { pause, play, inPage };
}

function text(w: Window): string {
  return `${w.name}: ${w.intervals.length} frames, p50 ${percentile(w.intervals, 50).toFixed(1)}, p95 ${percentile(w.intervals, 95).toFixed(1)}, max ${Math.max(0, ...w.intervals).toFixed(0)} ms, ${w.longTasks.length} long tasks (longest ${Math.max(0, ...w.longTasks).toFixed(0)} ms)${w.loops > 0 ? `, ≥ ${w.loops} loops seen` : ''}`;
}

type Clicks = { pause: number[]; play: number[]; inPage: number[] };
export type LoopResult = { figures: Figure[]; windows: Window[]; clicks: Clicks };

/**
 * `trace`: a folder for Chromium traces (the unit-list window, the clicks) whose long tasks are
 * printed with their heaviest functions on the page's main thread and the fleet worker
 * (traceBreakdown.ts printLongTasks); null: none.
 */
async function measureLoop(browser: Browser, url: string, say: Say, trace: string | null = null): Promise<LoopResult> {
  const page = await signIn(browser, url);
  try {
    await page.goto('/replay');
    await page.getByTestId('replay-file-input').setInputFiles(LOOP_FIXTURE);
    await page.getByTestId('replay-index').filter({ hasText: 'of 1,439' }).waitFor({ timeout: 30_000 });
    await page.getByRole('combobox', { name: 'Speed' }).click();
    await page.getByRole('option', { name: 'max', exact: true }).click();
    // The switch shows the worker's answer, a moment after the click.
    await page.getByRole('switch', { name: 'Loop' }).click({ force: true });
    await page.waitForFunction(() => (document.querySelector('input[role="switch"]') as HTMLInputElement | null)?.checked === true, null, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByTestId('replay-phase').filter({ hasText: 'Playing' }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_000);
    const windows: Window[] = [await loopWindow(page, 'replay page, looping at max', true)];
    say(`loop: ${text(windows[0] as Window)}`);
    const clicksTrace = trace === null ? null : join(trace, `clicks-${Date.now()}.json`);
    if (clicksTrace !== null) await browser.startTracing(page, { path: clicksTrace, categories: BREAKDOWN_CATEGORIES });
    const clicks = await clickLatencies(page);
    if (clicksTrace !== null) {
      await browser.stopTracing();
      printLongTasks(clicksTrace, TRACE_CLICK_TASK_MS);
    }
    say(`loop: clicks answered: pause ${clicks.pause.map((v) => v.toFixed(0)).join(', ')} ms; play ${clicks.play.map((v) => v.toFixed(0)).join(', ')} ms; on the page's clock (click event → badge changed), in click order: ${clicks.inPage.map((v) => v.toFixed(0)).join(', ')} ms`);
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Unit List', exact: true }).click();
    await page.locator('[role="row"][data-unit-id]').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_000);
    const listTrace = trace === null ? null : join(trace, `list-${Date.now()}.json`);
    if (listTrace !== null) await browser.startTracing(page, { path: listTrace, categories: BREAKDOWN_CATEGORIES });
    windows.push(await loopWindow(page, 'unit list, looping at max', false));
    if (listTrace !== null) {
      await browser.stopTracing();
      printLongTasks(listTrace, LONG_TASK_MS - 10);
    }
    say(`loop: ${text(windows[1] as Window)}`);
    // Baseline: the same list, the replay paused (Space on the replay page would need it shown: go back).
    await page.goBack();
    await page.getByRole('button', { name: 'Pause', exact: true }).click({ timeout: 10_000 });
    await page.goForward();
    await page.locator('[role="row"][data-unit-id]').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_000);
    const base = await loopWindow(page, 'unit list, replay paused', false);
    say(`loop: baseline ${text(base)}`);

    const looping = windows.flatMap((w) => w.intervals);
    const longTasks = windows.reduce((sum, w) => sum + w.longTasks.length, 0);
    const clicksAll = [...clicks.pause, ...clicks.play];
    const where = `${LOOP_FIXTURE.split('/').pop()} (1,439 events) at max with loop, ${LOOP_VIEW_MS / 1000} s on /replay then ${LOOP_VIEW_MS / 1000} s on the unit list; ${windows.map(text).join('; ')}; baseline: ${text(base)}`;
    const figures = [
      figure('replay loop at max: frame interval p95', percentile(looping, 95), 'ms', atMost(FRAME_P95_MS), percentile(base.intervals, 95), where),
      figure('replay loop at max: frame interval p99', percentile(looping, 99), 'ms', atMost(FRAME_P99_MS), percentile(base.intervals, 99), 'same windows; baseline: the list with the replay paused'),
      figure(`replay loop at max: long tasks ≥ ${LONG_TASK_MS} ms`, longTasks, 'tasks', atMost(0), base.longTasks.length, `PerformanceObserver('longtask') over the two windows (${(looping.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s)`),
      figure('replay loop at max: click answered (median)', median(clicksAll), 'ms', atMost(CLICK_TARGET_MS), null,
        `Pause and Play clicked ${CLICKS} times each while looping, from the click to the player's phase badge saying so: pause ${clicks.pause.map((v) => v.toFixed(0)).join(', ')} ms, play ${clicks.play.map((v) => v.toFixed(0)).join(', ')} ms (max ${Math.max(...clicksAll).toFixed(0)} ms; includes Playwright's own round trips); on the page's clock (click event → badge changed) median ${median(clicks.inPage).toFixed(0)} ms`),
    ];
    return { figures, windows: [...windows, base], clicks };
  } finally {
    await page.context().close().catch(() => undefined);
  }
}

export async function runReplayLoopBench(say: Say): Promise<LoopResult> {
  const dir = mkdtempSync(join(tmpdir(), 'luc-bench-loop-'));
  let browser: Browser | null = null;
  let server: Server | null = null;
  try {
    await buildConsole(dir);
    say('loop: console built');
    server = await startServer(dir, LIVE_UNITS, LIVE_RATE);
    browser = await launch();
    return await measureLoop(browser, server.url, say);
  } finally {
    if (server !== null) await stopServer(server);
    await browser?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A look, not a figure: `npx tsx bench/ui/replayLoopBench.ts OTHER_CHECKOUT [ROUNDS]` measures the
 * loop phase on this checkout's console and server and on another checkout's (each built once,
 * both servers up, one browser), the first side swapped every round; prints each pass's figures
 * and the medians with the ratio this/other. OTHER_CHECKOUT `-`: this side only.
 * LOOP_TRACE=this|other|both: that side's passes also record Chromium traces of the clicks and
 * of the unit-list window and print their tasks of ≥ 16 ms (clicks) and ≥ 40 ms (list) with the
 * heaviest functions on the page and in the worker (traced passes run slower: compare them with
 * each other). LUC_BENCH_UI_MINIFY=0 keeps the functions' names. LOOP_PORTS=8341,8342: the
 * servers' ports (default any free ones).
 */
async function runLoopAB(other: string | null, rounds: number): Promise<void> {
  const { loadavg } = await import('node:os');
  const traceSides = process.env['LOOP_TRACE'] ?? '';
  const ports = (process.env['LOOP_PORTS'] ?? '0,0').split(',');
  const sides = [{ name: 'this', root: ROOT }, ...(other === null ? [] : [{ name: 'other', root: other }])].map((side, i) => ({
    ...side,
    dir: mkdtempSync(join(tmpdir(), `luc-loop-ab-${side.name}-`)),
    port: ports[i] ?? '0',
  }));
  const servers: Server[] = [];
  let browser: Browser | null = null;
  const passes: { side: string; result: LoopResult; load: number }[] = [];
  try {
    const urls = new Map<string, string>();
    for (const side of sides) {
      await buildConsole(side.dir, side.root);
      const server = await startServer(side.dir, LIVE_UNITS, LIVE_RATE, side.root, [], side.port);
      servers.push(server);
      urls.set(side.name, server.url);
    }
    browser = await launch();
    for (let round = 1; round <= rounds; round += 1) {
      for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
        const traced = traceSides === 'both' || traceSides === side.name;
        const traceDir = traced ? mkdtempSync(join(tmpdir(), 'luc-loop-trace-')) : null;
        const load0 = loadavg()[0] ?? 0;
        const result = await measureLoop(browser, urls.get(side.name) as string, (line) => console.log(`  ${side.name}: ${line}`), traceDir);
        const load = (load0 + (loadavg()[0] ?? 0)) / 2;
        passes.push({ side: side.name, result, load });
        console.log(`round ${round} ${side.name}: ${result.figures.map((f) => `${f.name.replace('replay loop at max: ', '')} ${f.value.toFixed(1)}`).join(', ')}; in-page click median ${median(result.clicks.inPage).toFixed(0)} ms (load ${load.toFixed(1)})`);
      }
    }
  } finally {
    for (const server of servers) await stopServer(server);
    await browser?.close().catch(() => undefined);
    for (const side of sides) rmSync(side.dir, { recursive: true, force: true });
  }
  const names = passes[0]?.result.figures.map((f) => f.name) ?? [];
  const medianOf = (side: string, pick: (r: LoopResult) => number) => median(passes.filter((p) => p.side === side).map((p) => pick(p.result)));
  const rows: [string, (r: LoopResult) => number][] = [
    ...names.map((name): [string, (r: LoopResult) => number] => [name, (r) => r.figures.find((f) => f.name === name)?.value ?? Number.NaN]),
    ['click answered on the page clock (median)', (r) => median(r.clicks.inPage)],
    ['unit list window: long tasks', (r) => r.windows[1]?.longTasks.length ?? Number.NaN],
  ];
  console.log(`medians over ${rounds} rounds (load ${Math.min(...passes.map((p) => p.load)).toFixed(1)}-${Math.max(...passes.map((p) => p.load)).toFixed(1)}):`);
  for (const [name, pick] of rows) {
    const mine = medianOf('this', pick);
    const theirs = other === null ? Number.NaN : medianOf('other', pick);
    console.log(`  ${name}: this ${mine.toFixed(1)}${other === null ? '' : `, other ${theirs.toFixed(1)}, ratio this/other ${(mine / theirs).toFixed(3)}`}`);
  }
}

// `npx tsx bench/ui/replayLoopBench.ts`: these figures alone; with OTHER_CHECKOUT (or `-`) the A/B above.
if (process.argv[1]?.endsWith('bench/ui/replayLoopBench.ts')) {
  const other = process.argv[2];
  const run =
    other === undefined
      ? runReplayLoopBench((line) => console.log(line)).then((result) => console.log(JSON.stringify(result.figures, null, 2)))
      : runLoopAB(other === '-' ? null : other, Number(process.argv[3] ?? 4));
  run.then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
