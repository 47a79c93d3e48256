/**
 * The loopback feed of figures 3 and 4 (worker ingest, worker memory), its own process:
 * `node --import tsx bench/ingest/feedServer.ts '{"log": PATH, "units": N, "pageDir": DIR}'`.
 * On 127.0.0.1:0 it serves
 *   - the built bench page (pageDir) with COOP/COEP headers (cross-origin isolation, so the page
 *     may call performance.measureUserAgentSpecificMemory);
 *   - GET  /luc/luc-core-web/rest/devices/fetch?crnt_vcg_uid=G: a snapshot of the first N
 *     unit.added events of the log (watermark = their last seq);
 *   - GET  /luc/luc-core-web/rest/v2/units/{id}/capabilities: a field unit's capabilities, as the
 *     contract answers them (the pipeline asks once per unit that comes back online);
 *   - the websocket /luc/luc-core-web/ws, spoken by the real LiveSource (subscribe, then the REST
 *     snapshot); events go out only when asked:
 *   - POST /bench/start {rate, durationMs, batchMs} (answered at once; GET /bench/status says when
 *     it ended): streams the log's other events (unit.status,
 *     unit.usage, unit.alert) of those units in order, looping with each unit's revs continued so
 *     no loop looks like a gap, at `rate` events/s (0: as fast as the socket drains), in batches
 *     every `batchMs`: every frame of a batch is framed here and written to the socket in one
 *     write; a client that opened the websocket with `?frames=batch` (the console's worker) gets
 *     `{"op":"events"}` frames of up to 1,000 events, one that opened it with `?frames=bin` binary
 *     frames (src/protocol/binaryFrames.ts) of up to 1,000 events, split at the stream's
 *     1,000-event chunks (each chunk's body is encoded once, when the first binary client
 *     connects; seq, ts and rev are written per send), one that opened it with `?frames=bin2`
 *     version-2 frames (src/protocol/binaryFramesV2.ts: the same chunks, each event's id as a ref,
 *     an ids frame before the first events frame that uses ids the connection lacks; with
 *     `&usage=shapes` and / or `&status=shapes` also the usage columns, a shapes frame before the
 *     first events frame that uses shapes the connection lacks: src/protocol/shapesFrames.ts), the others
 *     one frame per event;
 *   - GET  /bench/sends: [firstIndex, count, sentAtEpochMs] per batch (performance.timeOrigin +
 *     performance.now(), the clock the page reads too).
 * Prints `feed ready http://127.0.0.1:PORT` when listening; the port is any free one, or
 * `LUC_BENCH_FEED_PORT` when set (a shared machine where each engineer has a port range).
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { createInterface } from 'node:readline';
import { EVENTS_OP, MAX_EVENTS_PER_FRAME } from '../../src/protocol/ops.ts';
import { assembleBinaryFrame, encodeBinaryBody, packFrameBody } from '../../src/protocol/binaryFrames.ts';
import { assembleEventsFrameV2, SentIds, WireIdTable } from '../../src/protocol/binaryFramesV2.ts';
import type { ShapeKinds, UsageColumns } from '../../src/protocol/shapesFrames.ts';
import { SentShapes, shapeKindsKey, WireShapeTable, usageColumnsOf } from '../../src/protocol/shapesFrames.ts';
import { LinkLayouts } from '../../src/protocol/linkLayouts.ts';
import type { EventKind } from '../../src/protocol/kinds.ts';
import { capabilitiesOf } from '../../src/server/areas/units/views.ts';

type Options = { log: string; units: number; pageDir: string };
/** One event to stream: the text around its rev (seq and ts are written when it is sent). */
type StreamEvent = { id: string; rev: number; kind: EventKind; head: string; tail: string };

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const REST = '/luc/luc-core-web/rest';
/** What the feed answers for any unit's capabilities (a field unit on 8.5.0: the contract's shape, GET v2/units/{id}/capabilities). */
const FIELD_UNIT_CAPABILITIES = capabilitiesOf('800', '8.5.0');
const WS_PATH = '/luc/luc-core-web/ws';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json', '.css': 'text/css' };
/** Most events held for streaming (bounded memory; the stream loops over them). */
const MAX_STREAM_EVENTS = 400_000;
/** Events per write when streaming as fast as the socket drains (rate 0). */
const SATURATION_BATCH = 2_000;

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const now = (): number => performance.timeOrigin + performance.now();

async function loadLog(): Promise<{ snapshot: string; stream: StreamEvent[]; watermark: number }> {
  const units: string[] = [];
  const known = new Set<string>();
  const stream: StreamEvent[] = [];
  let watermark = 0;
  const reader = createInterface({ input: createReadStream(options.log, { encoding: 'utf8' }), crlfDelay: Infinity });
  let first = true;
  for await (const line of reader) {
    if (first || line === '') {
      first = false;
      continue;
    }
    const event = JSON.parse(line) as { seq: number; kind: string; id: string; rev: number; data: unknown };
    if (event.kind === 'unit.added') {
      if (units.length < options.units && !known.has(event.id)) {
        units.push(`{"rev":${event.rev},"unit":${JSON.stringify(event.data)}}`);
        known.add(event.id);
        watermark = event.seq;
      }
      continue;
    }
    if (!known.has(event.id) || event.kind === 'unit.removed') continue;
    stream.push({ id: event.id, rev: event.rev, kind: event.kind as EventKind, head: `,"kind":"${event.kind}","id":"${event.id}","rev":`, tail: `,"data":${JSON.stringify(event.data)}}` });
    if (stream.length >= MAX_STREAM_EVENTS) break;
  }
  reader.close();
  return { snapshot: `{"watermark":${watermark},"units":[${units.join(',')}],"channels":[],"servers":[]}`, stream, watermark };
}

async function main(): Promise<void> {
  const { snapshot, stream, watermark } = await loadLog();
  // Per unit: how many stream events, and its first rev in the stream (revs continue across loops).
  const perUnit = new Map<string, { count: number; first: number }>();
  for (const event of stream) {
    const entry = perUnit.get(event.id);
    if (entry === undefined) perUnit.set(event.id, { count: 1, first: event.rev });
    else entry.count += 1;
  }
  let socket: Socket | null = null;
  /** The client opened the websocket with ?frames=batch (docs/protocol.md "Batched frames"). */
  let batchedFrames = false;
  /** The client opened the websocket with ?frames=bin or ?frames=bin2 (docs/protocol.md "Binary frames"). */
  let binaryFrames = false;
  /** ?frames=bin2: version 2, and what this connection was sent of the feed's id table. */
  let binaryV2: SentIds | null = null;
  /** `&usage=shapes` / `&status=shapes` with ?frames=bin2: what this connection was sent of the feed's shapes; null: no usage columns. */
  let shapesSent: SentShapes | null = null;
  /** The kinds of shape the connection asked for. */
  let shapeKinds: ShapeKinds = { usage: false, status: false };
  /** The feed's shapes, one table as a gateway has. */
  const usageShapes = new WireShapeTable();
  /**
   * Per chunk, its usage columns (null: no event shaped), each event's first value in them (and
   * one past the last) and its version-2 body with the shaped payloads as null; made per set of
   * kinds when the first client that asks for it connects (a worker before §3q asks for usage
   * shapes alone).
   */
  type ShapedChunk = { usage: UsageColumns | null; valueAt: Uint32Array; body: Uint8Array };
  const shapedChunksByKinds = new Map<string, ShapedChunk[]>();
  function shapedChunksOf(all: Chunk[]): ShapedChunk[] {
    const kindsKey = shapeKindsKey(shapeKinds);
    const cached = shapedChunksByKinds.get(kindsKey);
    if (cached !== undefined) return cached;
    const shapedChunks = all.map((chunk, c) => {
      const slice = stream.slice(c * MAX_EVENTS_PER_FRAME, c * MAX_EVENTS_PER_FRAME + chunk.ids.length);
      const usage = usageColumnsOf(usageShapes, slice.map((event, i) => ({ kind: event.kind, data: chunk.datas[i] })), shapeKinds);
      const valueAt = new Uint32Array(chunk.ids.length + 1);
      for (let i = 0; i < chunk.ids.length; i += 1) {
        const number = usage?.shapes[i] ?? 0;
        valueAt[i + 1] = (valueAt[i] as number) + (number === 0 ? 0 : usageShapes.shapeOf(number).valueCount);
      }
      return { usage, valueAt, body: packFrameBody(usage === null ? chunk.datas : chunk.datas.map((data, i) => (usage.shapes[i] === 0 ? data : null))) };
    });
    shapedChunksByKinds.set(kindsKey, shapedChunks);
    return shapedChunks;
  }
  /** The feed's refs (version 2): one table, as a gateway has. */
  const wireIds = new WireIdTable();
  /**
   * Per 1,000-event chunk of the stream: its events' ids and parsed payloads, its version-1 body
   * encoded whole, and for version 2 its refs, link-layout numbers (the layouts column, numbered
   * once over the stream in order: a number still stands for one layout when the stream loops,
   * where the worker then finds a number other than the last and compares the links) and body
   * (the payloads alone).
   */
  type Chunk = { ids: string[]; datas: unknown[]; body: Uint8Array; refs: Uint32Array; layouts: Uint32Array; bodyV2: Uint8Array };
  /** The feed's link-layout numbers (version 2's layouts column), one table as a gateway has. */
  const linkLayouts = new LinkLayouts();
  /**
   * Version 2's events frames carry the layouts column (as the gateway's); false for a worker built
   * before round p13, which refuses the flag (workerAB.ts: `layouts` in /bench/start).
   */
  let sendLayouts = true;
  let chunks: Chunk[] | null = null;
  function binaryChunks(): Chunk[] {
    if (chunks !== null) return chunks;
    const built: Chunk[] = [];
    for (let start = 0; start < stream.length; start += MAX_EVENTS_PER_FRAME) {
      const slice = stream.slice(start, start + MAX_EVENTS_PER_FRAME);
      const ids = slice.map((event) => event.id);
      const datas = slice.map((event) => (JSON.parse(`{"data"${event.tail.slice(event.tail.indexOf(':'))}`) as { data: unknown }).data);
      const refs = wireIds.refsOf(slice);
      const layouts = linkLayouts.columnOf(slice.map((event, i) => ({ kind: event.kind, data: datas[i] })), refs);
      built.push({ ids, datas, body: encodeBinaryBody(ids, datas), refs, layouts, bodyV2: packFrameBody(datas) });
    }
    chunks = built;
    return built;
  }
  let sends: [number, number, number][] = [];
  /** The next stream position to send on the current connection. */
  let position = 0;
  let seq = watermark;
  let status: { running: boolean; events: number; seconds: number; error: string | null } = { running: false, events: 0, seconds: 0, error: null };

  /** The header of an unmasked text frame of `length` bytes (the shortest length encoding, RFC 6455 §5.2: Chromium drops the connection otherwise). */
  function frameHeader(length: number, opcode = 0x81): Buffer {
    if (length < 126) return Buffer.from([opcode, length]);
    if (length < 65_536) return Buffer.from([opcode, 126, length >> 8, length & 0xff]);
    const header = Buffer.alloc(10);
    header[0] = opcode;
    header[1] = 127; // 64-bit length follows
    header.writeBigUInt64BE(BigInt(length), 2);
    return header;
  }

  /**
   * A framed batch: websocket frames (header and payload each) and, per frame on version 2, its
   * refs. The ids frames those need are made only when the batch is written (writeBatch): a batch
   * framed ahead and never written (the end of a saturation pass) must not count as sent.
   */
  type Batch = { frames: Buffer[]; refs: (Uint32Array | null)[]; shapes?: (Uint32Array | null)[] };

  /** The bytes of a batch as written now: on version 2 each events frame is preceded by the ids frame the connection lacks. */
  function writtenBytes(batch: Batch): Buffer {
    if (binaryV2 === null) return Buffer.concat(batch.frames);
    const parts: Buffer[] = [];
    for (const [i, frame] of batch.frames.entries()) {
      const refs = batch.refs[i];
      const ids = refs === null || refs === undefined ? null : binaryV2.idsFrameFor(wireIds, refs);
      if (ids !== null) parts.push(frameHeader(ids.byteLength, 0x82), Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength));
      const column = batch.shapes?.[i];
      const shapes = shapesSent === null || column === null || column === undefined ? null : shapesSent.shapesFrameFor(usageShapes, column);
      if (shapes !== null) parts.push(frameHeader(shapes.byteLength, 0x82), Buffer.from(shapes.buffer, shapes.byteOffset, shapes.byteLength));
      parts.push(frame);
    }
    return Buffer.concat(parts);
  }

  /**
   * Frames events index … index+count−1 into one batch to write at once: one text frame per event,
   * or, for a client that asked for batched frames, `{"op":"events"}` frames of at most
   * MAX_EVENTS_PER_FRAME events (as the server's gateway frames them).
   */
  function batchOf(index: number, count: number): Batch {
    if (binaryFrames) return binaryBatchOf(index, count);
    const ts = Math.floor(Date.now());
    const texts: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const event = stream[(index + i) % stream.length] as StreamEvent;
      const loop = Math.floor((index + i) / stream.length);
      const unit = perUnit.get(event.id) as { count: number; first: number };
      seq += 1;
      texts.push(`{"seq":${seq},"ts":${ts}${event.head}${event.rev + loop * unit.count}${event.tail}`);
    }
    const frames: string[] = [];
    if (!batchedFrames) frames.push(...texts);
    else for (let start = 0; start < texts.length; start += MAX_EVENTS_PER_FRAME) frames.push(`{"op":"${EVENTS_OP}","events":[${texts.slice(start, start + MAX_EVENTS_PER_FRAME).join(',')}]}`);
    const parts: Buffer[] = [];
    for (const text of frames) {
      const payload = Buffer.from(text);
      parts.push(frameHeader(payload.length), payload);
    }
    return { frames: [Buffer.concat(parts)], refs: [null] };
  }

  /** batchOf for a binary client: one binary frame per piece of a 1,000-event chunk (a whole chunk reuses its body). */
  function binaryBatchOf(index: number, count: number): Batch {
    const ts = Math.floor(Date.now());
    const all = binaryChunks();
    const batch: Batch = { frames: [], refs: [], shapes: [] };
    const shaped = shapesSent === null ? null : shapedChunksOf(all);
    let done = 0;
    while (done < count) {
      const at = (index + done) % stream.length;
      const chunk = all[Math.floor(at / MAX_EVENTS_PER_FRAME)] as Chunk;
      const offset = at % MAX_EVENTS_PER_FRAME;
      const take = Math.min(count - done, chunk.ids.length - offset);
      const whole = offset === 0 && take === chunk.ids.length;
      const first = index + done;
      const firstSeq = seq + 1;
      const column = (i: number) => {
        const position = first + i;
        const event = stream[position % stream.length] as StreamEvent;
        const unit = perUnit.get(event.id) as { count: number; first: number };
        return { seq: firstSeq + i, ts, rev: event.rev + Math.floor(position / stream.length) * unit.count, kind: event.kind };
      };
      let frame: Uint8Array;
      let refs: Uint32Array | null = null;
      let shapesColumn: Uint32Array | null = null;
      if (binaryV2 === null) {
        const body = whole ? chunk.body : encodeBinaryBody(chunk.ids.slice(offset, offset + take), chunk.datas.slice(offset, offset + take));
        frame = assembleBinaryFrame(take, column, body);
      } else {
        refs = chunk.refs.subarray(offset, offset + take);
        const layoutsColumn = sendLayouts ? chunk.layouts.subarray(offset, offset + take) : null;
        const own = shaped === null ? null : (shaped[Math.floor(at / MAX_EVENTS_PER_FRAME)] as ShapedChunk);
        if (own === null || own.usage === null) {
          frame = assembleEventsFrameV2(take, column, refs, whole ? chunk.bodyV2 : packFrameBody(chunk.datas.slice(offset, offset + take)), layoutsColumn);
        } else {
          const shapes = own.usage.shapes.subarray(offset, offset + take);
          const values = own.usage.values.subarray(own.valueAt[offset] as number, own.valueAt[offset + take] as number);
          const body = whole ? own.body : packFrameBody(chunk.datas.slice(offset, offset + take).map((data, i) => (shapes[i] === 0 ? data : null)));
          frame = assembleEventsFrameV2(take, column, refs, body, layoutsColumn, shapes.some((n) => n !== 0) ? { shapes, values } : null);
          shapesColumn = shapes;
        }
      }
      seq += take;
      batch.frames.push(Buffer.concat([frameHeader(frame.byteLength, 0x82), Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength)]));
      batch.refs.push(refs);
      batch.shapes?.push(shapesColumn);
      done += take;
    }
    return batch;
  }

  async function run(rate: number, durationMs: number, batchMs: number): Promise<{ events: number; seconds: number }> {
    sends = [];
    const target = socket;
    if (target === null) throw new Error('no websocket');
    const started = now();
    // Stream positions continue across the passes of one connection (its revs keep increasing, so a
    // second pass is not ignored as stale); a new connection, with a fresh snapshot, starts at 0.
    const base = position;
    let index = 0;
    let nextAt = started;
    // Saturation (rate 0): the next batch is framed while the socket drains the last one.
    let ready: Batch | null = rate === 0 ? batchOf(0, SATURATION_BATCH) : null;
    while (now() - started < durationMs) {
      if (target.destroyed || socket !== target) throw new Error(`the browser closed the websocket during the stream after ${index} events`);
      const elapsed = now() - started;
      const count = rate > 0 ? Math.floor((rate * Math.min(durationMs, elapsed + batchMs)) / 1000) - index : SATURATION_BATCH;
      if (count > 0) {
        const frames = writtenBytes(ready ?? batchOf(base + index, count));
        const sentAt = now();
        const drained = target.write(frames);
        sends.push([index, count, sentAt]);
        index += count;
        position = base + index;
        ready = rate === 0 ? batchOf(base + index, SATURATION_BATCH) : null;
        if (!drained) {
          // Wait for the reader, but never past the end of the stream: a stalled reader only lags.
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              target.off('drain', done);
              target.off('close', done);
              resolve();
            };
            const timer = setTimeout(done, Math.max(0, started + durationMs - now()));
            target.once('drain', done);
            target.once('close', done);
          });
          if (target.destroyed) throw new Error('the websocket closed during the stream');
        }
      }
      if (rate === 0) continue;
      nextAt += batchMs;
      const wait = nextAt - now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else nextAt = now();
    }
    if (ready !== null) seq -= SATURATION_BATCH; // the framed, unsent batch gave its seqs back
    return { events: index, seconds: (now() - started) / 1000 };
  }

  function body(req: IncomingMessage): Promise<string> {
    return new Promise((resolve) => {
      let text = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text));
    });
  }

  function send(res: ServerResponse, status: number, type: string, payload: string | Buffer): void {
    res.writeHead(status, {
      'content-type': type,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cache-control': 'no-store',
    });
    res.end(payload);
  }

  const server = createServer((req, res) => {
    if (process.env['FEED_DEBUG'] === '1') process.stderr.write(`feed: ${req.method} ${req.url}\n`);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === `${REST}/devices/fetch`) return send(res, 200, 'application/json', snapshot);
    // A unit back online has its capabilities refetched by the pipeline (one request per unit): answered at once.
    if (url.pathname.startsWith(`${REST}/v2/units/`) && url.pathname.endsWith('/capabilities')) {
      const uid = decodeURIComponent(url.pathname.slice(`${REST}/v2/units/`.length, -'/capabilities'.length));
      return send(res, 200, 'application/json', JSON.stringify({ uid, ...FIELD_UNIT_CAPABILITIES }));
    }
    if (url.pathname.startsWith(`${REST}/`)) return send(res, 404, 'application/json', '{"message":"not in the bench feed"}');
    if (url.pathname === '/bench/start' && req.method === 'POST') {
      void body(req).then((text) => {
        const { rate, durationMs, batchMs, layouts } = JSON.parse(text) as { rate: number; durationMs: number; batchMs: number; layouts?: boolean };
        sendLayouts = layouts ?? true;
        status = { running: true, events: 0, seconds: 0, error: null };
        run(rate, durationMs, batchMs).then(
          (result) => (status = { running: false, ...result, error: null }),
          (error: unknown) => (status = { running: false, events: 0, seconds: 0, error: String(error) }),
        );
        send(res, 202, 'application/json', '{"started":true}');
      });
      return;
    }
    if (url.pathname === '/bench/status') return send(res, 200, 'application/json', JSON.stringify(status));
    if (url.pathname === '/bench/sends') return send(res, 200, 'application/json', JSON.stringify(sends));
    const file = normalize(join(options.pageDir, url.pathname === '/' ? 'index.html' : url.pathname));
    if (!file.startsWith(normalize(options.pageDir))) return send(res, 403, 'text/plain', 'outside the page');
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
      return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    } catch {
      return send(res, 404, 'text/plain', 'not found');
    }
  });

  // The websocket handshake by hand: the feed writes pre-framed batches straight to the socket.
  server.on('upgrade', (req: IncomingMessage, raw: Socket) => {
    const key = req.headers['sec-websocket-key'];
    if (req.url?.split('?')[0] !== WS_PATH || typeof key !== 'string') {
      raw.destroy();
      return;
    }
    const accept = createHash('sha1').update(key + WS_GUID).digest('base64');
    raw.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    raw.setNoDelay(true);
    raw.on('data', () => undefined); // client frames (subscribe) are read and ignored
    raw.on('error', (error) => process.stderr.write(`feed: websocket error ${error.message}\n`));
    raw.on('close', () => {
      process.stderr.write('feed: websocket closed\n');
      if (socket === raw) socket = null;
    });
    if (socket !== null) process.stderr.write('feed: a second websocket replaces the first\n');
    socket?.destroy();
    socket = raw;
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    const frames = query.get('frames');
    batchedFrames = frames === 'batch';
    position = 0;
    binaryFrames = frames === 'bin' || frames === 'bin2';
    binaryV2 = frames === 'bin2' ? new SentIds() : null; // a new connection: its table starts empty
    shapeKinds = { usage: query.get('usage') === 'shapes', status: query.get('status') === 'shapes' };
    shapesSent = frames === 'bin2' && (shapeKinds.usage || shapeKinds.status) ? new SentShapes() : null;
    if (binaryFrames) binaryChunks(); // encoded before the stream starts, not during it
    if (shapesSent !== null) shapedChunksOf(binaryChunks()); // the usage columns too (a second or two for the 10k log: during the stream it stalled the first batch)
  });

  const wanted = Number(process.env['LUC_BENCH_FEED_PORT'] ?? 0);
  if (!(Number.isInteger(wanted) && wanted >= 0 && wanted < 65536)) throw new Error(`LUC_BENCH_FEED_PORT is "${process.env['LUC_BENCH_FEED_PORT']}": expected a port number`);
  server.listen(wanted, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    process.stdout.write(`feed ready http://127.0.0.1:${port} stream ${stream.length} events of ${perUnit.size} units\n`);
  });
  process.on('SIGTERM', () => process.exit(0));
}

void main();
