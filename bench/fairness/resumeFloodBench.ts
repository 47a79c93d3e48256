/**
 * Issue 16 item 1: what a resume flood from one hostile user costs everyone else. The real server
 * (src/server/main.ts) runs in a child process with the simulator filling the resume history
 * (SIM_RATE events/s for HISTORY_MS, so ~100,000 events are held); this process is the other
 * clients: one signs in and calls a cheap REST endpoint back to back, one socket receives its
 * group's events. Each is measured for WINDOW_MS before and WINDOW_MS during a flood in which
 * FLOODERS sockets send `resume from 0` frames as fast as the server reads them, reconnecting each
 * time the server closes one for overdrawing its frame budget (1008).
 *
 * Figures: REST p99 and event p99 (server ts → receive) during the flood, each with its value
 * before the flood as the baseline (ratio = during / before; 1 means the flood costs nothing);
 * the target is twice the baseline.
 * Before issue 16 a flood of 200 resume frames held a REST call for 10.3 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { atMost, figure, percentile, type Figure } from '../figure.ts';
import { startChild } from '../child.ts';

const SIM_RATE = 5_000;
const SIM_UNITS = 2_000;
const HISTORY_MS = 20_000;
const WINDOW_MS = 10_000;
const FLOODERS = 4;
const GROUP_ID = 'G-NEWS-NATIONAL';
const PASSWORD = 'bench-Pass-1';
const API = '/luc/luc-core-web/rest';
const HEADERS = { 'content-type': 'application/json', 'application-id': 'luc-console', accept: 'application/json' };
/**
 * Target: "within their normal latency" (issue 16) as a p99 at most TARGET_RATIO × the p99 of the
 * window before the flood, measured in the same run (this machine is shared; absolute figures
 * move with its load), and never asked below FLOOR_MS.
 */
const TARGET_RATIO = 2;
const FLOOR_MS = 20;
const targetFor = (before: number): number => Math.max(FLOOR_MS, Math.round(TARGET_RATIO * before));

async function signIn(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}${API}/auth/login`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ username, password: PASSWORD }) });
  if (response.status !== 200) throw new Error(`resume flood: sign-in of ${username} failed: HTTP ${response.status}`);
  const pair = (response.headers.get('set-cookie') ?? '').split(';')[0];
  if (!pair) throw new Error('resume flood: no session cookie');
  return pair;
}

/** One REST call every REST_PERIOD_MS (20/s: well inside the server's 3,000 a minute per address). */
const REST_PERIOD_MS = 50;

/** REST calls, one per period (or back to back when one takes longer), for `ms`: their latencies (ms). */
async function restLatencies(url: string, cookie: string, ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  let next = performance.now();
  while (performance.now() < end) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    next += REST_PERIOD_MS;
    const started = performance.now();
    const response = await fetch(`${url}${API}/v2/about`, { headers: { ...HEADERS, cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`resume flood: GET v2/about answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** A socket subscribed to the group; `take()` hands out the event latencies (ms) since the last call. */
async function eventWatcher(url: string, cookie: string): Promise<{ take(): number[]; close(): void }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/luc/luc-core-web/ws?frames=batch`, { headers: { cookie, origin: url } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let latencies: number[] = [];
  ws.on('message', (data) => {
    const now = Date.now();
    const frame = JSON.parse(String(data)) as { events?: { ts: number }[] };
    for (const event of frame.events ?? []) latencies.push(now - event.ts);
  });
  ws.send(JSON.stringify({ op: 'subscribe', topics: [`group:${GROUP_ID}`] }));
  return {
    take: () => latencies.splice(0),
    close: () => ws.terminate(),
  };
}

/** FLOODERS sockets sending resumes from 0 until `stop()`; counts frames sent and 1008 closes. */
function flood(url: string, cookie: string): { stop(): { frames: number; closed1008: number } } {
  let running = true;
  let frames = 0;
  let closed1008 = 0;
  const sockets = new Set<WebSocket>();
  const open = (): void => {
    if (!running) return;
    const ws = new WebSocket(`${url.replace('http', 'ws')}/luc/luc-core-web/ws`, { headers: { cookie, origin: url } });
    sockets.add(ws);
    ws.on('message', () => undefined);
    ws.on('error', () => undefined);
    ws.on('open', () => {
      ws.send(JSON.stringify({ op: 'subscribe', topics: [`group:${GROUP_ID}`] }));
      const burst = (): void => {
        if (!running || ws.readyState !== WebSocket.OPEN) return;
        for (let i = 0; i < 50; i += 1) ws.send('{"op":"resume","from":0}');
        frames += 50;
        setTimeout(burst, 5);
      };
      burst();
    });
    ws.on('close', (code) => {
      sockets.delete(ws);
      if (code === 1008) closed1008 += 1;
      setTimeout(open, 10);
    });
  };
  for (let i = 0; i < FLOODERS; i += 1) open();
  return {
    stop: () => {
      running = false;
      for (const ws of sockets) ws.terminate();
      return { frames, closed1008 };
    },
  };
}

export async function runResumeFloodBench(say: (line: string) => void): Promise<{ figures: Figure[]; details: Record<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), 'luc-bench-flood-'));
  const server = startChild('src/server/main.ts', [], {
    env: { PORT: '0', HOST: '127.0.0.1', LUC_DB: join(dir, 'luc.db'), LUC_DEMO_PASSWORD: PASSWORD, LUC_SIM_UNITS: String(SIM_UNITS), LUC_SIM_RATE: String(SIM_RATE), LUC_SIM_SEED: '7', LUC_LOG_LEVEL: 'warn' },
  });
  try {
    const url = (await server.waitFor(/LUC console: (http:\/\/[^\s/]+)\//, 60_000))[1] as string;
    const victim = await signIn(url, 'luc_admin');
    const hostile = await signIn(url, 'luc_read');
    say(`resume flood: filling the history for ${HISTORY_MS / 1000} s at ${SIM_RATE} events/s`);
    await new Promise((resolve) => setTimeout(resolve, HISTORY_MS));
    const watcher = await eventWatcher(url, victim);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    watcher.take();
    const restBefore = await restLatencies(url, victim, WINDOW_MS);
    const eventsBefore = watcher.take();
    const flooding = flood(url, hostile);
    const restDuring = await restLatencies(url, victim, WINDOW_MS);
    const eventsDuring = watcher.take();
    const flooded = flooding.stop();
    watcher.close();
    const details = {
      restCallsBefore: restBefore.length,
      restCallsDuring: restDuring.length,
      restP50Before: percentile(restBefore, 50),
      restP50During: percentile(restDuring, 50),
      eventsBefore: eventsBefore.length,
      eventsDuring: eventsDuring.length,
      floodFrames: flooded.frames,
      floodSocketsClosed1008: flooded.closed1008,
    };
    say(`resume flood: ${JSON.stringify(details)}`);
    const where = `${FLOODERS} sockets of luc_read sending resume-from-0 frames (${flooded.frames} sent, ${flooded.closed1008} sockets closed with 1008) over ${WINDOW_MS / 1000} s, ~100,000 events held; baseline: the same ${WINDOW_MS / 1000} s right before the flood`;
    return {
      details,
      figures: [
        figure('resume flood: REST p99 of another user', percentile(restDuring, 99), 'ms', atMost(targetFor(percentile(restBefore, 99))), percentile(restBefore, 99),
          `GET v2/about every 50 ms (${restDuring.length} calls during, ${restBefore.length} before; p50 ${details.restP50During.toFixed(1)} vs ${details.restP50Before.toFixed(1)} ms); ${where}`),
        figure('resume flood: event p99 of another user', percentile(eventsDuring, 99), 'ms', atMost(targetFor(percentile(eventsBefore, 99))), percentile(eventsBefore, 99),
          `server ts → receive on a batched socket subscribed to ${GROUP_ID} (${eventsDuring.length} events during, ${eventsBefore.length} before); ${where}`),
      ],
    };
  } finally {
    server.stop();
    await server.done(15_000).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
