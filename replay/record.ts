/**
 * `npm run record -- --out FILE [--url URL] [--duration S] [--user U --password P] [--group GID]...`
 * (issue 6 item 2): records a running server's live stream, as a signed-in user, into a log of
 * protocol.md's format.
 *
 * 1. Signs in (POST rest/auth/login with Application-Id: luc-console → session cookie).
 * 2. Lists the user's groups (GET rest/groups/fetch) unless --group is given.
 * 3. Opens the websocket with the cookie and subscribes to `group:<gid>` topics, at most
 *    SUBSCRIBE_BATCH per message (protocol.md: batches of 50).
 * 4. Unless --no-snapshot: reads each group's REST snapshot (GET rest/devices/fetch?crnt_vcg_uid=
 *    GID: {watermark, units, channels}) and writes it first as unit.added / channel.status lines,
 *    so the log is self-contained; live events at or below the snapshot's watermark are dropped.
 *    A server without that call gets a warning and a log of the live stream only.
 * 5. Writes the header, then every event as received, re-serialised in protocol field order, one
 *    line each; whole lines are appended every FLUSH_INTERVAL_MS (a crash loses at most a second
 *    and never leaves half a line behind a whole one). A frame that is not a protocol event, or
 *    whose seq is not above the last one written, is not written (counted and reported).
 * 6. Stops after --duration or on SIGINT/SIGTERM: closes the socket, writes what is buffered,
 *    closes the file, prints what it wrote. Exit 0; 1 when the server ended the recording
 *    (socket closed, sign-in refused); 2 bad arguments.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import WebSocket from 'ws';
import type { Envelope } from '../src/protocol/envelope.ts';
import { decodeEnvelope } from '../src/protocol/envelope.ts';
import { formatLogHeader, formatLogLine } from '../src/protocol/logFormat.ts';
import { assertNever } from '../src/domain/brand.ts';
import type { RecordOptions } from './args.ts';
import { parseRecordArgs, RECORD_USAGE } from './args.ts';

export const REST_PREFIX = '/luc/luc-core-web/rest';
export const WS_PATH = '/luc/luc-core-web/ws';
/** The console's Application-Id (CONSOLE_APPLICATION_ID of src/server/areas/clientApplications/repo.ts). */
export const APPLICATION_ID = 'luc-console';
/** Topics per subscribe message (protocol.md: at most 50 by default). */
export const SUBSCRIBE_BATCH = 50;
/** Whole lines are appended at least this often (ms): "flushed every second". */
export const FLUSH_INTERVAL_MS = 1_000;
/** At most this many refused frames are described on stderr; the rest are only counted. */
const MAX_REPORTED_REFUSALS = 5;

export class RecordError extends Error {
  override readonly name = 'RecordError';
}

export type RecordIo = {
  /** Progress and warnings (stderr in the CLI). */
  log(line: string): void;
  /** Aborting it stops the recording cleanly (SIGINT in the CLI). */
  signal?: AbortSignal;
  /** Every event written to the log, in order (tests feed a live model with it). */
  onEvent?(event: Envelope): void;
  /** Told once the subscribe frames were sent. */
  onSubscribed?(): void;
  /** ISO time for the header (default: now). */
  recordedAt?: string;
};

export type RecordResult = {
  readonly file: string;
  /** Event lines written (snapshot lines included). */
  readonly events: number;
  readonly snapshotLines: number;
  /** Frames not written: not protocol events, or out of seq order. */
  readonly refused: number;
  /** How the recording ended. */
  readonly endedBy: 'duration' | 'signal' | 'server';
  readonly closeCode: number | undefined;
};

/** One group's REST snapshot as the server answers devices/fetch. */
type GroupSnapshot = {
  watermark: number;
  units: { rev: number; unit: Record<string, unknown> }[];
  channels: { id: string; rev: number; status?: unknown }[];
};

async function rest(url: string, path: string, init: { method?: string; cookie?: string; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'application-id': APPLICATION_ID };
  if (init.cookie !== undefined) headers['cookie'] = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(`${url}${REST_PREFIX}/${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch (error) {
    throw new RecordError(`cannot reach ${url}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
  }
}

async function messageOf(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 200);
}

export async function signIn(url: string, user: string, password: string): Promise<string> {
  const response = await rest(url, 'auth/login', { method: 'POST', body: { username: user, password } });
  if (response.status !== 200) throw new RecordError(`sign-in as ${user} refused: ${response.status} ${await messageOf(response)}`);
  const pair = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '').filter((pair) => pair.includes('='));
  if (pair.length === 0) throw new RecordError('sign-in answered without a session cookie');
  return pair.join('; ');
}

export async function userGroups(url: string, cookie: string): Promise<string[]> {
  const response = await rest(url, 'groups/fetch', { cookie });
  if (response.status !== 200) throw new RecordError(`groups/fetch refused: ${response.status} ${await messageOf(response)}`);
  const body = (await response.json()) as unknown;
  if (!Array.isArray(body)) throw new RecordError('groups/fetch did not answer a list of groups');
  return body.flatMap((group) => (typeof group === 'object' && group !== null && typeof (group as { uid?: unknown }).uid === 'string' ? [(group as { uid: string }).uid] : []));
}

function isGroupSnapshot(body: unknown): body is GroupSnapshot {
  if (typeof body !== 'object' || body === null) return false;
  const { watermark, units, channels } = body as Partial<GroupSnapshot>;
  return typeof watermark === 'number' && Array.isArray(units) && Array.isArray(channels);
}

/** A group's REST snapshot, or the reason there is none. */
export async function groupSnapshot(url: string, cookie: string, groupId: string): Promise<GroupSnapshot | string> {
  const response = await rest(url, `devices/fetch?crnt_vcg_uid=${encodeURIComponent(groupId)}`, { cookie });
  if (response.status !== 200) return `devices/fetch answered ${response.status} for group ${groupId}`;
  const body = (await response.json()) as unknown;
  return isGroupSnapshot(body) ? body : `devices/fetch answered no {watermark, units, channels} for group ${groupId}`;
}

/**
 * The snapshot as log lines: every unit as unit.added (its rev), every channel with a status as
 * channel.status. They take the seqs just below the lowest watermark (the log needs increasing
 * seqs, and a replayer applies live events above the watermark after them); `ts` is the read time.
 * Returns the events and the seq live events must be above.
 */
export function snapshotEvents(snapshots: readonly GroupSnapshot[], ts: number): { events: Envelope[]; watermark: number; refused: string[] } {
  const watermark = Math.min(...snapshots.map((s) => s.watermark));
  const raw: { kind: 'unit.added' | 'channel.status'; id: string; rev: number; data: unknown }[] = [];
  for (const snap of snapshots) {
    for (const { rev, unit } of snap.units) raw.push({ kind: 'unit.added', id: String(unit['uid']), rev: Math.max(1, rev), data: unit });
    for (const channel of snap.channels) {
      if (channel.status !== undefined) raw.push({ kind: 'channel.status', id: channel.id, rev: Math.max(1, channel.rev), data: channel.status });
    }
  }
  // seqs watermark-n+1 … watermark; a younger bus than the fleet (watermark < n) shifts them up.
  const first = Math.max(0, watermark - raw.length + 1);
  const events: Envelope[] = [];
  const refused: string[] = [];
  for (const [index, entry] of raw.entries()) {
    const candidate = { seq: first + index, ts, ...entry };
    const decoded = decodeEnvelope(candidate);
    if (decoded.ok) events.push(decoded.value);
    else refused.push(`snapshot ${entry.kind} ${entry.id} is not a protocol event: ${decoded.error.slice(0, 300)}`);
  }
  return { events, watermark: Math.max(watermark, first + raw.length - 1), refused };
}

/** Appends whole lines to a new file; flush() writes what is buffered. */
class LogWriter {
  private readonly fd: number;
  private pending: string[] = [];

  constructor(readonly file: string) {
    try {
      this.fd = openSync(file, 'wx');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new RecordError(code === 'EEXIST' ? `${file} exists: choose another --out (a log is never overwritten)` : `cannot create ${file}: ${(error as Error).message}`);
    }
  }

  add(line: string): void {
    this.pending.push(line);
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('');
    this.pending = [];
    writeSync(this.fd, chunk);
  }

  close(): void {
    try {
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }
}

function openSocket(url: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${WS_PATH}`, { headers: { cookie, origin: url } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => reject(new RecordError(`websocket refused: ${response.statusCode} ${response.statusMessage ?? ''}`.trim())));
    ws.once('error', (error) => reject(new RecordError(`websocket failed: ${error.message}`)));
  });
}

/** Records until the duration passes, the signal aborts, or the server closes the socket. */
export async function record(options: RecordOptions, io: RecordIo): Promise<RecordResult> {
  const cookie = await signIn(options.url, options.user, options.password);
  const groups = options.groups.length > 0 ? [...options.groups] : await userGroups(options.url, cookie);
  if (groups.length === 0) throw new RecordError(`${options.user} belongs to no group: nothing to record`);
  const ws = await openSocket(options.url, cookie);

  // Live events wait here until the snapshot (if any) is written.
  let buffered: unknown[] | null = [];
  let writer: LogWriter | undefined;
  let lastSeq = -1;
  let events = 0;
  let refused = 0;
  const refuse = (why: string): void => {
    refused += 1;
    if (refused <= MAX_REPORTED_REFUSALS) io.log(`record: frame not written: ${why}${refused === MAX_REPORTED_REFUSALS ? ' (further refusals only counted)' : ''}`);
  };
  const write = (event: Envelope): void => {
    if (event.seq <= lastSeq) {
      refuse(`seq ${event.seq} is not above ${lastSeq} (already written)`);
      return;
    }
    lastSeq = event.seq;
    writer?.add(formatLogLine(event));
    events += 1;
    io.onEvent?.(event);
  };
  const take = (frame: unknown): void => {
    const decoded = decodeEnvelope(frame);
    if (decoded.ok) write(decoded.value);
    else refuse(`not a protocol event: ${decoded.error.slice(0, 300)}`);
  };

  ws.on('message', (data, isBinary) => {
    if (isBinary) return refuse('binary frame');
    let frame: unknown;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return refuse('not JSON');
    }
    const op = typeof frame === 'object' && frame !== null ? (frame as { op?: unknown }).op : undefined;
    if (typeof op === 'string') {
      // Control frames are not events: the log keeps events only.
      if (op === 'reset') io.log('record: the server reset this socket (it fell behind): events were dropped; the log has a gap here');
      else io.log(`record: server says ${String(data).slice(0, 300)}`);
      return;
    }
    if (buffered !== null) buffered.push(frame);
    else take(frame);
  });

  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const topics = groups.map((group) => `group:${group}`);
  for (let i = 0; i < topics.length; i += SUBSCRIBE_BATCH) ws.send(JSON.stringify({ op: 'subscribe', topics: topics.slice(i, i + SUBSCRIBE_BATCH) }));
  io.onSubscribed?.();

  let snapshotLines = 0;
  try {
    writer = new LogWriter(options.out);
    writer.add(formatLogHeader(io.recordedAt ?? new Date().toISOString()));
    if (options.snapshot) {
      const snapshots: GroupSnapshot[] = [];
      let missing: string | undefined;
      for (const group of groups) {
        const snap = await groupSnapshot(options.url, cookie, group);
        if (typeof snap === 'string') {
          missing = snap;
          break;
        }
        snapshots.push(snap);
      }
      if (missing === undefined && snapshots.length > 0) {
        const head = snapshotEvents(snapshots, Date.now());
        for (const why of head.refused) refuse(why);
        for (const event of head.events) write(event);
        snapshotLines = head.events.length;
        lastSeq = head.watermark;
        io.log(`record: snapshot of ${groups.length} group(s): ${snapshotLines} lines, live events above seq ${head.watermark}`);
      } else {
        io.log(`record: warning: no REST snapshot (${missing ?? 'no group'}); the log holds the live stream only, so units appear only through their unit.added events`);
      }
    }
  } catch (error) {
    ws.terminate();
    writer?.close();
    throw error;
  }
  const early = buffered ?? [];
  buffered = null;
  for (const frame of early) {
    const seq = typeof frame === 'object' && frame !== null ? (frame as { seq?: unknown }).seq : undefined;
    if (typeof seq === 'number' && seq <= lastSeq) continue; // already in the snapshot
    take(frame);
  }
  writer.flush();
  const openWriter = writer;
  io.log(`record: recording groups ${groups.join(', ')} to ${options.out}${options.durationS === null ? ' until Ctrl-C' : ` for ${options.durationS} s`}`);

  const flushTimer = setInterval(() => openWriter.flush(), FLUSH_INTERVAL_MS);
  let durationTimer: NodeJS.Timeout | undefined;
  const ended = await new Promise<RecordResult['endedBy']>((resolve) => {
    if (options.durationS !== null) durationTimer = setTimeout(() => resolve('duration'), options.durationS * 1000);
    if (io.signal?.aborted) resolve('signal');
    io.signal?.addEventListener('abort', () => resolve('signal'), { once: true });
    void closed.then(() => resolve('server'));
  });
  clearInterval(flushTimer);
  if (durationTimer !== undefined) clearTimeout(durationTimer);
  let closeCode: number | undefined;
  if (ended === 'server') closeCode = await closed;
  else {
    ws.close(1000, 'recording done');
    const forced = setTimeout(() => ws.terminate(), 2_000);
    await closed;
    clearTimeout(forced);
  }
  openWriter.close();
  return { file: options.out, events, snapshotLines, refused, endedBy: ended, closeCode };
}

export async function main(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, io: RecordIo & { out(line: string): void }): Promise<number> {
  const parsed = parseRecordArgs(argv, env);
  switch (parsed.kind) {
    case 'help':
      io.out(RECORD_USAGE);
      return 0;
    case 'error':
      io.log(`record: ${parsed.message}\n${RECORD_USAGE}`);
      return 2;
    case 'ok':
      break;
    default:
      return assertNever(parsed, 'parsed arguments');
  }
  try {
    const result = await record(parsed.options, io);
    const why = result.endedBy === 'server' ? `the server closed the socket (code ${result.closeCode ?? '-'})` : result.endedBy === 'signal' ? 'interrupted' : 'duration reached';
    io.log(
      `record: ${why}; wrote ${result.events.toLocaleString('en-US')} events (${result.snapshotLines} from the snapshot) to ${result.file}` +
        (result.refused > 0 ? `; ${result.refused} frames not written` : ''),
    );
    return result.endedBy === 'server' ? 1 : 0;
  } catch (error) {
    if (error instanceof RecordError) {
      io.log(`record: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1]?.endsWith('replay/record.ts')) {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  main(process.argv.slice(2), process.env, {
    log: (line) => process.stderr.write(`${line}\n`),
    out: (line) => process.stdout.write(`${line}\n`),
    signal: controller.signal,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`record: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
