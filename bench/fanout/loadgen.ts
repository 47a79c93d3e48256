/**
 * The fan-out load generator (figure 2), run as its own process so it never shares an event loop
 * with the server: `node --import tsx bench/fanout/loadgen.ts` with one JSON argument
 * {url, cookie, groupId, clients, warmupMs, durationMs, batched}. Bounded: `clients` loopback sockets, one
 * fixed measuring window, then every socket is closed and one JSON line is printed on stdout.
 *
 * Latency = receive time − the event's `ts` (the server's Date.now() when the bus published it;
 * both processes read the same machine clock, so the two ms clocks agree; resolution 1 ms). Only
 * the envelopes' `ts` are read from each frame (a regular expression on `"seq":N,"ts":T`, the order
 * the server writes them; no JSON.parse) to keep the generator cheap; a batched frame
 * (docs/protocol.md) holds many.
 */
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { withBatchedFrames } from '../../src/protocol/ops.ts';

export type LoadgenOptions = {
  readonly url: string;
  readonly cookie: string;
  readonly groupId: string;
  readonly clients: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  /** Stop opening sockets after this long and measure with those open (ms). */
  readonly connectBudgetMs: number;
  /** Open the sockets with ?frames=batch, as the console's worker does (docs/protocol.md). */
  readonly batched?: boolean;
  /** The server's pid (same machine): its CPU over the window is read from /proc (A/B, fanoutBench.ts). */
  readonly serverPid?: number;
};

export type LoadgenResult = {
  readonly clients: number;
  readonly connected: number;
  /** Events received by all clients in the window. */
  readonly events: number;
  /** Websocket messages (frames) received by all clients in the window: events / frames is the events per batched frame. */
  readonly frames: number;
  readonly seconds: number;
  /** Per-client event rates, min and max (events/s). */
  readonly perClientMin: number;
  readonly perClientMax: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** {"op":"reset"} frames (slow-consumer resets) and sockets closed by the server. */
  readonly resets: number;
  readonly closed: number;
  readonly connectSeconds: number;
  /** The server's CPU (user + system) over the window, from /proc/PID/stat (s); null without serverPid or /proc. */
  readonly serverCpuSeconds: number | null;
  /** This generator's own CPU over the window (s): it shares the 2 cores with the server. */
  readonly loadgenCpuSeconds: number;
};

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/** A process's CPU (user + system) so far, in seconds, from /proc/PID/stat; null when it cannot be read. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, in parentheses): utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return null;
  }
}

/** Latency histogram: 1 ms bins up to 60 s (the ts resolution is 1 ms). */
const HISTOGRAM_MS = 60_000;
const TS_PATTERN = /"seq":\d+,"ts":(\d+)/g;
/** Sockets opened at once while connecting (keeps the upgrade burst bounded). */
const CONNECT_CONCURRENCY = 50;
/** A socket not open after this long is given up (ms). */
const OPEN_TIMEOUT_MS = 10_000;

function percentileOf(histogram: Uint32Array, total: number, p: number): number {
  if (total === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms] ?? 0;
    if (seen >= rank) return ms;
  }
  return HISTOGRAM_MS;
}

export async function runLoad(options: LoadgenOptions): Promise<LoadgenResult> {
  const plainUrl = `${options.url.replace(/^http/, 'ws')}/luc/luc-core-web/ws`;
  const wsUrl = options.batched === true ? withBatchedFrames(plainUrl) : plainUrl;
  const histogram = new Uint32Array(HISTOGRAM_MS + 1);
  const perClient = new Uint32Array(options.clients);
  let measuring = false;
  let events = 0;
  let frames = 0;
  let resets = 0;
  let closed = 0;
  let max = 0;
  const sockets: WebSocket[] = [];
  const connectStarted = performance.now();

  const open = (index: number) =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, OPEN_TIMEOUT_MS);
      const ws = new WebSocket(wsUrl, { headers: { cookie: options.cookie, origin: options.url }, perMessageDeflate: false, skipUTF8Validation: true });
      sockets.push(ws);
      ws.on('open', () => {
        ws.send(JSON.stringify({ op: 'subscribe', topics: [`group:${options.groupId}`] }));
        resolve();
      });
      ws.on('message', (raw) => {
        if (!measuring) return;
        frames += 1;
        const text = raw.toString();
        const received = Date.now();
        let found = 0;
        for (const match of text.matchAll(TS_PATTERN)) {
          const latency = Math.max(0, received - Number(match[1]));
          histogram[Math.min(HISTOGRAM_MS, latency)] = (histogram[Math.min(HISTOGRAM_MS, latency)] ?? 0) + 1;
          if (latency > max) max = latency;
          found += 1;
        }
        if (found === 0 && text.includes('"reset"')) resets += 1;
        perClient[index] = (perClient[index] ?? 0) + found;
        events += found;
      });
      ws.on('close', () => {
        closed += 1;
        resolve();
      });
      ws.on('error', () => resolve());
    });

  for (let start = 0; start < options.clients && performance.now() - connectStarted < options.connectBudgetMs; start += CONNECT_CONCURRENCY) {
    const batch: Promise<void>[] = [];
    for (let i = start; i < Math.min(options.clients, start + CONNECT_CONCURRENCY); i += 1) batch.push(open(i));
    await Promise.all(batch);
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const connected = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  await new Promise((resolve) => setTimeout(resolve, options.warmupMs));
  closed = 0;
  measuring = true;
  const started = performance.now();
  const serverCpuAtStart = options.serverPid === undefined ? null : processCpuSeconds(options.serverPid);
  const ownCpuAtStart = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, options.durationMs));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const serverCpuAtEnd = options.serverPid === undefined ? null : processCpuSeconds(options.serverPid);
  const ownCpu = process.cpuUsage(ownCpuAtStart);
  for (const ws of sockets) ws.terminate();
  const rates = Array.from(perClient, (count) => count / seconds);
  return {
    clients: options.clients,
    connected,
    events,
    frames,
    seconds,
    perClientMin: Math.min(...rates),
    perClientMax: Math.max(...rates),
    p50: percentileOf(histogram, events, 50),
    p95: percentileOf(histogram, events, 95),
    p99: percentileOf(histogram, events, 99),
    max,
    resets,
    closed,
    connectSeconds,
    serverCpuSeconds: serverCpuAtStart === null || serverCpuAtEnd === null ? null : serverCpuAtEnd - serverCpuAtStart,
    loadgenCpuSeconds: (ownCpu.user + ownCpu.system) / 1e6,
  };
}

if (process.argv[1]?.endsWith('bench/fanout/loadgen.ts')) {
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadgenOptions;
  runLoad(options).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
