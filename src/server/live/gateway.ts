/**
 * The websocket gateway at /luc/luc-core-web/ws (protocol.md; issue 3 item 6).
 *
 * - Upgrade: Origin checked first (403), then the session (401), through the deps.
 * - Ops: subscribe / unsubscribe (≤ MAX_TOPICS_PER_MESSAGE per message), resume {from}.
 *   Topics outside the user's groups are answered {"op":"denied","topics":[...]}.
 *   Bad frames are answered {"op":"error","message":"..."}; the socket stays open.
 * - Delivery: an event reaches a socket subscribed to its entity topic (unit:<uid>, channel:<id>)
 *   or to the group topic of the entity's group; authorization is checked again at delivery, so an
 *   entity that moves to another group stops reaching users outside it. One copy per socket.
 * - Heartbeat: a ping every PING_INTERVAL_MS; a peer silent (no pong, no frame) for more than
 *   DEAD_AFTER_MS - PING_INTERVAL_MS at a ping tick is terminated, so a dead peer is dropped
 *   40-60 s after its last sign of life.
 * - Batched frames: a socket opened with `?frames=batch` gets each burst's events in one
 *   `{"op":"events","events":[...]}` frame (≤ MAX_EVENTS_PER_FRAME events, ≤ MAX_BATCH_FRAME_BYTES),
 *   sent when the burst ends or the frame is full, and always before a control or close frame.
 * - Binary frames: a socket opened with `?frames=bin` (version 1) or `?frames=bin2` (version 2, ids
 *   sent once per connection: the console's own worker) gets the same
 *   batches as binary frames (binaryBatch.ts, docs/protocol.md "Binary frames"); control frames stay text.
 * - Slow consumers: above HIGH_WATER_BYTES of unsent data, events wait in a bounded, coalescing
 *   Outbox; when it overflows the client gets {"op":"reset"} (it refetches over REST) and the backlog
 *   is dropped; a second overflow before its send buffer drained closes the socket (1013).
 * - Falling behind on the console's wires (`?frames=batch` / `?frames=bin` / `?frames=bin2`, docs/protocol.md
 *   "Falling behind"): the backlog is a ConflatingOutbox, the latest state per entity, bounded by
 *   the entities the socket receives rather than by MAX_PENDING_EVENTS, so a socket slower than the
 *   stream gets the latest state instead of a reset and a full snapshot. Before the first event
 *   whose revs were skipped it gets {"op":"behind"}; once its backlog is empty,
 *   {"op":"caught-up","seq":N} (every event up to seq N sent or replaced by a later state: the
 *   resume point). A reset only when its facts (alerts, added, removed) overflow MAX_PENDING_EVENTS
 *   or MAX_PENDING_BYTES, or its slots MAX_CONFLATED_ENTRIES.
 *   Per-socket memory: ≤ HIGH_WATER_BYTES + one frame in the send buffer, ≤ MAX_PENDING_EVENTS and
 *   MAX_PENDING_BYTES in the outbox, ≤ MAX_TOPICS_PER_SOCKET topics.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import type { LiveBus } from './bus.ts';
import type { LiveEvent, Principal, TopicAuthority } from './types.ts';
import { familyOf } from './types.ts';
import { TopicNames } from './topicNames.ts';
import { decodeClientFrame, MAX_CLIENT_FRAME_BYTES, MAX_TOPICS_PER_MESSAGE, parseTopic } from './frames.ts';
import type { ClientFrame } from './frames.ts';
import { Outbox } from './outbox.ts';
import { ConflatingOutbox, MAX_CONFLATED_ENTRIES } from './conflatingOutbox.ts';
import { BinaryEventBatch, BinaryFrameMemo } from './binaryBatch.ts';
import { framed, TextEventBatch, TextFrameMemo } from './textBatch.ts';
import type { FramedEntry } from './textBatch.ts';
import type { OutboxEntry } from './outbox.ts';
import { assertNever } from '../../domain/brand.ts';
import { MAX_BATCH_FRAME_BYTES, MAX_EVENTS_PER_FRAME } from '../../protocol/ops.ts';

export { MAX_BATCH_FRAME_BYTES, MAX_CONFLATED_ENTRIES, MAX_EVENTS_PER_FRAME };

export const LIVE_PATH = '/luc/luc-core-web/ws';
/** Ping period (20 s) and the silence after which a peer is dead (60 s), issue 3 item 6. */
export const PING_INTERVAL_MS = 20_000;
export const DEAD_AFTER_MS = 60_000;
/** Unsent bytes above which a socket is a slow consumer (1 MiB), and below which it drains again. */
export const HIGH_WATER_BYTES = 1024 * 1024;
export const LOW_WATER_BYTES = 256 * 1024;
/** Bounds of a slow consumer's backlog: 10,000 entries or 8 MiB of serialized events. */
export const MAX_PENDING_EVENTS = 10_000;
export const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** How often backlogs are drained (ms). */
export const DRAIN_INTERVAL_MS = 50;
/** Most topics one socket may hold (a 50,000-unit fleet plus its channels and groups fits). */
export const MAX_TOPICS_PER_SOCKET = 100_000;
/** Largest frame ws accepts at all (1 MiB); beyond MAX_CLIENT_FRAME_BYTES it is answered with an error frame, beyond this ws closes with 1009. */
export const WS_MAX_PAYLOAD_BYTES = 1024 * 1024;

/** Close codes. */
export const CLOSE_SESSION_ENDED = 4401; // logout of the session that opened the socket
export const CLOSE_SLOW_CONSUMER = 1013; // "try again later": overflowed twice without draining
export const CLOSE_DEAD_PEER = 1001;
export const CLOSE_GOING_AWAY = 1001; // the server shuts down
export const CLOSE_POLICY_VIOLATION = 1008; // overdrew its frame budget

/** Events a resume replays per slice before it yields to the event loop (~2-5 ms of work). */
export const RESUME_SLICE_EVENTS = 1_000;
/** A socket's frame budget: FRAME_BUDGET units, refilled at FRAME_REFILL_PER_S units per second. */
export const FRAME_BUDGET = 400;
export const FRAME_REFILL_PER_S = 100;
/** A resume's price in budget units: one client reconnecting pays 1 of 20; 21 resumes in a row overdraw it. */
export const RESUME_COST = 20;
/** Any other frame (subscribe, unsubscribe, an invalid frame) costs one unit. */
export const FRAME_COST = 1;

export interface GatewayOptions {
  pingIntervalMs?: number;
  deadAfterMs?: number;
  highWaterBytes?: number;
  lowWaterBytes?: number;
  maxPendingEvents?: number;
  maxPendingBytes?: number;
  /** Bound of a conflating socket's latest-state slots (ConflatingOutbox). */
  maxConflatedEntries?: number;
  drainIntervalMs?: number;
  maxFrameBytes?: number;
  maxTopicsPerMessage?: number;
  maxTopicsPerSocket?: number;
  now?: () => number;
  /** Told when a slow consumer is reset or closed (for logs and metrics). */
  onSlowConsumer?: (info: { sessionId: string; userId: string; action: 'reset' | 'closed' }) => void;
  resumeSliceEvents?: number;
  frameBudget?: number;
  frameRefillPerS?: number;
  resumeCost?: number;
}

/** What a user may receive now: null when the user is gone or inactive. */
export interface UserAccess {
  readonly active: boolean;
  readonly groupIds: readonly string[];
}

export interface GatewayDeps {
  bus: LiveBus;
  /** The session of the upgrade request (cookie); null refuses the upgrade with 401. */
  authenticate(req: FastifyRequest): Principal | null | Promise<Principal | null>;
  authority: TopicAuthority;
  /** false refuses the upgrade with 403. */
  allowedOrigins(req: FastifyRequest): boolean;
  /** The user's current rights (groups, active), read when their access changed; null: gone. */
  accessOf?(userId: string): Promise<UserAccess | null>;
  path?: string;
  options?: GatewayOptions;
}

export interface GatewayHandle {
  closeSessionSockets(sessionId: string): void;
  /** Open sockets, for metrics and tests. */
  connectionCount(): number;
  /** Backlog sizes of every socket, for metrics and tests. */
  backlogs(): { events: number; bytes: number; buffered: number }[];
  /** A user's groups, type or active flag changed: their sockets follow (resolves once applied). */
  userAccessChanged(userId: string): Promise<void>;
  /** A unit or channel now belongs to `groupId` (null: none): sockets outside it lose its topic. */
  entityMoved(topic: string, groupId: string | null): void;
  /** A group was deleted: no socket keeps it. */
  groupRemoved(groupId: string): void;
}

type Settings = Required<GatewayOptions>;

function settingsOf(options: GatewayOptions = {}): Settings {
  return {
    pingIntervalMs: options.pingIntervalMs ?? PING_INTERVAL_MS,
    deadAfterMs: options.deadAfterMs ?? DEAD_AFTER_MS,
    highWaterBytes: options.highWaterBytes ?? HIGH_WATER_BYTES,
    lowWaterBytes: options.lowWaterBytes ?? LOW_WATER_BYTES,
    maxPendingEvents: options.maxPendingEvents ?? MAX_PENDING_EVENTS,
    maxPendingBytes: options.maxPendingBytes ?? MAX_PENDING_BYTES,
    maxConflatedEntries: options.maxConflatedEntries ?? MAX_CONFLATED_ENTRIES,
    drainIntervalMs: options.drainIntervalMs ?? DRAIN_INTERVAL_MS,
    maxFrameBytes: options.maxFrameBytes ?? MAX_CLIENT_FRAME_BYTES,
    maxTopicsPerMessage: options.maxTopicsPerMessage ?? MAX_TOPICS_PER_MESSAGE,
    maxTopicsPerSocket: options.maxTopicsPerSocket ?? MAX_TOPICS_PER_SOCKET,
    now: options.now ?? Date.now,
    onSlowConsumer: options.onSlowConsumer ?? (() => undefined),
    resumeSliceEvents: options.resumeSliceEvents ?? RESUME_SLICE_EVENTS,
    frameBudget: options.frameBudget ?? FRAME_BUDGET,
    frameRefillPerS: options.frameRefillPerS ?? FRAME_REFILL_PER_S,
    resumeCost: options.resumeCost ?? RESUME_COST,
  };
}

const RESET_FRAME = JSON.stringify({ op: 'reset' });
const BEHIND_FRAME = { op: 'behind' } as const;

/** What write coalescing needs of a TCP socket (net.Socket; a fake in some tests has neither). */
type Corkable = { cork(): void; uncork(): void };
function corkable(socket: unknown): Corkable | undefined {
  const candidate = socket as Partial<Corkable> | null | undefined;
  return typeof candidate?.cork === 'function' && typeof candidate.uncork === 'function' ? (candidate as Corkable) : undefined;
}

/**
 * Write coalescing: the simulator and the routes publish events in synchronous bursts (one tick,
 * many events). The first frame a socket gets in a burst corks its TCP socket; a microtask after
 * the burst uncorks every corked socket, so each socket writes the burst's frames in one writev
 * instead of one syscall per frame. Latency: a frame waits at most until the end of the current
 * task (for the simulator, the fan-out of its 50 ms tick: rate × 50 / 1000 events).
 *
 * Why (bench/fanout, 1,000 sockets, docs/performance.md §2): the server's CPU goes mostly to the
 * writev syscalls (43 % of a profile with coalescing); one syscall per frame instead lets it open
 * only 530-780 of the 1,000 sockets in 90 s and deliver a tenth of the events. A time budget
 * (release after 5 ms of a burst) halved the deliveries on the loaded machine for no clear gain
 * in p95, so the burst is the task.
 *
 * Soundness (ws 8): frames are still built and written by ws (`ws.send`, `ping`, `close`), in call
 * order, to the one socket; cork only holds them in that socket's write buffer. Node counts corks,
 * so ws's own cork/uncork around a frame's header and payload nests inside ours. Corked bytes count
 * in `ws.bufferedAmount` (the socket's writableLength), so the slow-consumer marks still see them;
 * `end()` flushes corked data and `terminate()` drops it, as it drops any unsent data. With
 * permessage-deflate (off on this server) ws writes after compressing, outside the burst: no
 * batching, no harm. The TCP socket is the upgrade request's (`request.raw.socket`, the socket
 * Node's 'upgrade' event hands to ws's handleUpgrade), not ws's private `_socket`.
 */
/** What a burst holds of a socket: its TCP socket to cork and its batch to frame at the end. */
interface BurstMember {
  readonly tcp: Corkable | undefined;
  flushBatch(): void;
}

class BurstCork {
  private readonly members = new Set<BurstMember>();

  /** Corks the member's TCP socket until the end of the current burst (once per burst). */
  hold(member: BurstMember): void {
    if (this.members.has(member)) return;
    member.tcp?.cork();
    if (this.members.size === 0) queueMicrotask(() => this.release());
    this.members.add(member);
  }

  /** End of the burst: each batched socket's events go out as one frame, then every socket is uncorked. */
  release(): void {
    for (const member of this.members) {
      member.flushBatch();
      member.tcp?.uncork();
    }
    this.members.clear();
  }
}

/** Sends an event's shared bytes as a text frame (ws would otherwise encode the text again per socket). */
function sendEntry(ws: WebSocket, entry: OutboxEntry): void {
  const bytes = (entry as Partial<FramedEntry>).bytes;
  if (bytes === undefined) ws.send(entry.text);
  else ws.send(bytes, { binary: false });
}

/** A token bucket of frame work: `spend` is false once the socket has overdrawn it. */
class FrameBudget {
  private units: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly refillPerMs: number,
    now: number,
  ) {
    this.units = capacity;
    this.at = now;
  }

  spend(cost: number, now: number): boolean {
    this.units = Math.min(this.capacity, this.units + (now - this.at) * this.refillPerMs);
    this.at = now;
    if (this.units < cost) return false;
    this.units -= cost;
    return true;
  }
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as Partial<Promise<T>> | null)?.then === 'function';
}

/** A resume being replayed to one socket: its events and how far it got (none yet while the bus reads them). */
interface ResumeInFlight {
  readonly events: readonly LiveEvent[];
  next: number;
}

class Connection {
  readonly topics = new Set<string>();
  /** The groups the user may receive now (replaced when their access changes). */
  groups: ReadonlySet<string>;
  /** A text socket's backlog resets when it overflows; a batched or binary socket's conflates (see the header). */
  readonly outbox: Outbox | ConflatingOutbox;
  readonly budget: FrameBudget;
  /** {"op":"behind"} was sent and {"op":"caught-up"} not yet (conflating sockets). */
  behind = false;
  /** The highest seq sent to this socket (the caught-up frame's resume point; -1: none). */
  sentSeq = -1;
  /** The resume being replayed (live events wait in the outbox meanwhile); null when none. */
  resume: ResumeInFlight | null = null;
  /** Events with seq up to this were replayed by the last resume: not delivered again (-1: none). */
  deliveredThrough = -1;
  /** Control answers (denied, error) held until the resume in flight has been replayed. */
  readonly deferredControls: object[] = [];
  /** The user's rights are being reloaded: deliver nothing until they are. */
  accessPending = 0;
  /** Events wait in the outbox, not sent, while a resume replays or the rights are reloaded. */
  get holding(): boolean {
    return this.resume !== null || this.accessPending > 0;
  }
  lastSeen: number;
  /** Unsent bytes: the socket's buffer and the batch not yet framed. */
  get unsent(): number {
    return this.ws.bufferedAmount + (this.batch?.bytes ?? 0);
  }
  /** Sends the batch held for this burst (batched sockets). */
  flushBatch(): void {
    if (!this.closed) this.batch?.flush(this.ws);
  }
  /** A reset was sent and the send buffer has not yet drained below the low-water mark. */
  resetUndrained = false;
  closed = false;

  constructor(
    readonly ws: WebSocket,
    /** The TCP socket ws writes to, corked during a burst (undefined: no coalescing). */
    readonly tcp: Corkable | undefined,
    readonly principal: Principal,
    settings: Settings,
    /** Set when the client asked for batched frames (`?frames=batch`) or binary frames (`?frames=bin`, `?frames=bin2`). */
    readonly batch: TextEventBatch | BinaryEventBatch | null,
  ) {
    this.groups = new Set(principal.groupIds);
    this.outbox = batch === null ? new Outbox(settings.maxPendingEvents, settings.maxPendingBytes) : new ConflatingOutbox(settings.maxPendingEvents, settings.maxPendingBytes, settings.maxConflatedEntries);
    this.lastSeen = settings.now();
    this.budget = new FrameBudget(settings.frameBudget, settings.frameRefillPerS / 1000, this.lastSeen);
  }
}

/** Where an event goes: its entity topic (none for servers) and the group that owns the entity. */
interface Route {
  entityTopic: string | undefined;
  group: string | undefined;
}

/**
 * The batch of a socket opened with `?frames=batch` (docs/protocol.md "Batched frames") or
 * `?frames=bin` / `?frames=bin2` ("Binary frames", versions 1 and 2; `&usage=shapes` and / or
 * `&status=shapes`: version 2 with the usage columns, src/protocol/shapesFrames.ts); null: one text
 * frame per event.
 */
function batchFor(req: FastifyRequest, memo: BinaryFrameMemo, textMemo: TextFrameMemo): TextEventBatch | BinaryEventBatch | null {
  const query = req.query as Record<string, unknown> | undefined;
  const frames = query?.['frames'];
  if (frames === 'batch') return new TextEventBatch(textMemo);
  if (frames === 'bin') return new BinaryEventBatch(memo);
  if (frames === 'bin2') return new BinaryEventBatch(memo, 2, { usage: query?.['usage'] === 'shapes', status: query?.['status'] === 'shapes' });
  return null;
}

export function registerLiveGateway(app: FastifyInstance, deps: GatewayDeps): GatewayHandle {
  const settings = settingsOf(deps.options);
  const path = deps.path ?? LIVE_PATH;
  const { bus, authority } = deps;
  const connections = new Set<Connection>();
  const byTopic = new Map<string, Set<Connection>>();
  const bySession = new Map<string, Set<Connection>>();
  const backlogged = new Set<Connection>();
  const burst = new BurstCork();
  const binaryMemo = new BinaryFrameMemo();
  /** The last batched text frame, shared by the sockets that get the same burst (textBatch.ts). */
  const textMemo = new TextFrameMemo();
  const principals = new WeakMap<FastifyRequest, Principal>();
  /** Topic names made once, and every entity's last known group (so unit.removed still reaches the group topic after the store forgot the unit). */
  const topicNames = new TopicNames();

  function groupOf(event: Pick<LiveEvent, 'kind' | 'id'>): string | undefined {
    const family = familyOf(event.kind);
    let group: string | undefined;
    switch (family) {
      case 'unit':
        group = authority.groupOfUnit(event.id);
        break;
      case 'channel':
        group = authority.groupOfChannel(event.id);
        break;
      case 'server':
        group = authority.groupOfServer?.(event.id);
        break;
      default:
        return assertNever(family, 'entity family');
    }
    return topicNames.groupOf(family, event.id, group);
  }

  function routeOf(event: LiveEvent): Route {
    const family = familyOf(event.kind);
    return { entityTopic: family === 'server' ? undefined : topicNames.entity(family, event.id), group: groupOf(event) };
  }

  function mayReceive(conn: Connection, route: Route): boolean {
    if (route.group === undefined || !conn.groups.has(route.group)) return false;
    return conn.topics.has(topicNames.group(route.group)) || (route.entityTopic !== undefined && conn.topics.has(route.entityTopic));
  }

  function sendControl(conn: Connection, frame: object): void {
    if (conn.closed) return;
    // An answer to a frame sent after a resume follows the resumed events, as it would have
    // when the replay ran in one go.
    if (conn.resume !== null) {
      conn.deferredControls.push(frame);
      return;
    }
    conn.flushBatch(); // the events before it go first
    conn.ws.send(JSON.stringify(frame));
  }

  /** After a reset: a version-2 socket's next ids frame restarts its table (docs/protocol.md "Binary frames"). */
  function restartIds(conn: Connection): void {
    if (conn.batch instanceof BinaryEventBatch) conn.batch.restartIds();
  }

  function overflow(conn: Connection): void {
    conn.outbox.clear();
    conn.behind = false; // the reset's snapshot replaces the latest states it was behind on
    conn.resume = null; // the reset replaces what the replay would have sent
    sendDeferredControls(conn);
    const who = { sessionId: conn.principal.sessionId, userId: conn.principal.userId };
    if (conn.resetUndrained) {
      drop(conn, CLOSE_SLOW_CONSUMER, 'slow consumer');
      settings.onSlowConsumer({ ...who, action: 'closed' });
      return;
    }
    conn.resetUndrained = true;
    conn.flushBatch();
    conn.ws.send(RESET_FRAME);
    restartIds(conn);
    settings.onSlowConsumer({ ...who, action: 'reset' });
  }

  /** Sends one event: its own text frame, or into the socket's batch (framed when full or at the burst's end). */
  function send(conn: Connection, entry: OutboxEntry): void {
    if (entry.event.seq > conn.sentSeq) conn.sentSeq = entry.event.seq;
    if (conn.batch === null) sendEntry(conn.ws, entry);
    else if (conn.batch.add(entry)) conn.flushBatch();
  }

  function deliver(conn: Connection, entry: OutboxEntry): void {
    if (conn.closed || entry.event.seq <= conn.deliveredThrough) return;
    if (!conn.holding && conn.outbox.size === 0 && conn.unsent < settings.highWaterBytes) {
      burst.hold(conn);
      send(conn, entry);
      return;
    }
    backlogged.add(conn);
    if (!conn.outbox.push(entry)) overflow(conn);
  }

  function drain(conn: Connection): void {
    if (conn.closed) {
      backlogged.delete(conn);
      return;
    }
    if (conn.ws.bufferedAmount < settings.lowWaterBytes) conn.resetUndrained = false;
    if (conn.holding) return; // the replay or the rights reload releases the outbox when done
    while (conn.outbox.size > 0 && conn.unsent < settings.highWaterBytes) {
      const entry = conn.outbox.shift();
      if (entry === undefined) break;
      // Rights may have changed while it waited (a user removed from a group, a unit moved); a
      // resume may have replayed it meanwhile.
      if (entry.event.seq <= conn.deliveredThrough || !mayReceive(conn, routeOf(entry.event))) continue;
      if (!conn.behind && conn.outbox instanceof ConflatingOutbox && conn.outbox.conflated) {
        // Revs are about to jump on purpose: the client must not refetch each entity (protocol.md "Falling behind").
        conn.behind = true;
        sendControl(conn, BEHIND_FRAME);
      }
      send(conn, entry);
    }
    if (conn.outbox.size === 0 && conn.behind && conn.outbox instanceof ConflatingOutbox) {
      conn.behind = false;
      conn.outbox.caughtUp();
      sendControl(conn, { op: 'caught-up', seq: conn.sentSeq });
    }
    conn.flushBatch();
    if (conn.outbox.size === 0 && !conn.resetUndrained) backlogged.delete(conn);
  }

  /** Ends a socket: a dead peer is cut (`terminate`), any other gets a close frame with its code. */
  function drop(conn: Connection, code: number, reason: string, how: 'close' | 'terminate' = 'close'): void {
    if (conn.closed) return;
    if (how === 'close') conn.flushBatch(); // the burst's events before the close frame, as unbatched
    forget(conn);
    if (how === 'terminate') conn.ws.terminate();
    else if (code === CLOSE_SLOW_CONSUMER) {
      // A slow consumer's buffer may never drain: close the TCP connection now.
      conn.ws.close(code, reason);
      conn.ws.terminate();
    } else conn.ws.close(code, reason);
  }

  function forget(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    connections.delete(conn);
    backlogged.delete(conn);
    conn.outbox.clear();
    for (const topic of conn.topics) unindex(conn, topic);
    conn.topics.clear();
    const sessionSet = bySession.get(conn.principal.sessionId);
    sessionSet?.delete(conn);
    if (sessionSet !== undefined && sessionSet.size === 0) bySession.delete(conn.principal.sessionId);
  }

  function unindex(conn: Connection, topic: string): void {
    const set = byTopic.get(topic);
    if (set === undefined) return;
    set.delete(conn);
    if (set.size === 0) byTopic.delete(topic);
  }

  function allowed(conn: Connection, topic: string): boolean {
    const parsed = parseTopic(topic);
    if (parsed === null) return false;
    switch (parsed.family) {
      case 'group':
        return conn.groups.has(parsed.id);
      case 'unit': {
        const group = authority.groupOfUnit(parsed.id);
        return group !== undefined && conn.groups.has(group);
      }
      case 'channel': {
        const group = authority.groupOfChannel(parsed.id);
        return group !== undefined && conn.groups.has(group);
      }
      default:
        return assertNever(parsed.family, 'topic family');
    }
  }

  function handleFrame(conn: Connection, frame: ClientFrame): void {
    switch (frame.op) {
      case 'subscribe': {
        const denied: string[] = [];
        const granted: string[] = [];
        for (const topic of new Set(frame.topics)) {
          if (conn.topics.has(topic)) continue;
          (allowed(conn, topic) ? granted : denied).push(topic);
        }
        if (conn.topics.size + granted.length > settings.maxTopicsPerSocket) {
          sendControl(conn, {
            op: 'error',
            message: `subscription limit of ${settings.maxTopicsPerSocket} topics per socket reached; none of these ${granted.length} topics was added`,
          });
        } else {
          for (const topic of granted) {
            conn.topics.add(topic);
            let set = byTopic.get(topic);
            if (set === undefined) byTopic.set(topic, (set = new Set()));
            set.add(conn);
          }
        }
        if (denied.length > 0) sendControl(conn, { op: 'denied', topics: denied });
        return;
      }
      case 'unsubscribe':
        for (const topic of frame.topics) {
          if (conn.topics.delete(topic)) unindex(conn, topic);
        }
        return;
      case 'resume': {
        // A second resume replaces the first: its history covers every event held meanwhile.
        conn.resume = null;
        conn.outbox.clear();
        sendDeferredControls(conn);
        const answer = bus.since(frame.from);
        if (!isPromise(answer)) {
          startReplay(conn, frame.from, answer);
          return;
        }
        // The bus reads the stream: live events and control answers wait (conn.holding) until the
        // history is here; a later resume, a reset or a close meanwhile makes this answer stale.
        const loading: ResumeInFlight = { events: [], next: 0 };
        conn.resume = loading;
        answer.then(
          (missed) => {
            if (conn.closed || conn.resume !== loading) return;
            conn.resume = null;
            startReplay(conn, frame.from, missed);
          },
          () => {
            if (conn.closed || conn.resume !== loading) return;
            conn.resume = null;
            startReplay(conn, frame.from, 'reset'); // the history cannot be read: the client refetches
          },
        );
        return;
      }
      default:
        return assertNever(frame, 'client frame');
    }
  }

  /**
   * Starts replaying a resume's history (or answers reset). Events up to the last one replayed
   * (at least `from`, which the client has) are never delivered again: a stream bus's history may
   * reach past what its listeners got so far, and those events would arrive live a second time.
   */
  function startReplay(conn: Connection, from: number, missed: readonly LiveEvent[] | 'reset'): void {
    if (missed === 'reset') {
      sendControl(conn, { op: 'reset' });
      restartIds(conn);
      releaseHeld(conn);
      return;
    }
    conn.deliveredThrough = Math.max(from, missed.length === 0 ? from : missed[missed.length - 1]!.seq);
    if (missed.length === 0) {
      sendDeferredControls(conn);
      releaseHeld(conn);
      return;
    }
    const resume: ResumeInFlight = { events: missed, next: 0 };
    conn.resume = resume;
    setImmediate(() => replaySlice(conn, resume));
  }

  /**
   * One slice of a resume: up to resumeSliceEvents events the socket may receive, then a yield
   * (setImmediate) so REST calls, other sockets and the simulator run between slices. The replay
   * waits (one drain period) while the socket's unsent bytes are above the high-water mark; when it
   * ends, the live events that waited in the outbox follow it.
   */
  function replaySlice(conn: Connection, resume: ResumeInFlight): void {
    if (conn.closed || conn.resume !== resume) return; // closed, replaced or reset meanwhile
    if (conn.accessPending > 0 || conn.unsent >= settings.highWaterBytes) {
      setTimeout(() => replaySlice(conn, resume), settings.drainIntervalMs).unref();
      return;
    }
    const end = Math.min(resume.events.length, resume.next + settings.resumeSliceEvents);
    for (; resume.next < end && conn.unsent < settings.highWaterBytes; resume.next += 1) {
      const event = resume.events[resume.next]!;
      if (!mayReceive(conn, routeOf(event))) continue;
      burst.hold(conn);
      send(conn, framed(event));
    }
    if (resume.next < resume.events.length) {
      setImmediate(() => replaySlice(conn, resume));
      return;
    }
    conn.resume = null;
    sendDeferredControls(conn);
    if (conn.outbox.size > 0) {
      backlogged.add(conn);
      drain(conn);
    }
  }

  function onMessage(conn: Connection, data: RawData, isBinary: boolean): void {
    const now = settings.now();
    conn.lastSeen = now;
    const raw = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data;
    const decoded = decodeClientFrame(raw, isBinary, settings);
    const cost = decoded.ok && decoded.frame.op === 'resume' ? settings.resumeCost : FRAME_COST;
    if (!conn.budget.spend(cost, now)) {
      conn.resume = null;
      conn.deferredControls.length = 0;
      sendControl(conn, {
        op: 'error',
        message: `too many frames: a socket may send ${settings.frameRefillPerS} frames per second (a resume counts ${settings.resumeCost}) after a burst of ${settings.frameBudget}; closing`,
      });
      drop(conn, CLOSE_POLICY_VIOLATION, 'too many frames');
      return;
    }
    if (!decoded.ok) {
      sendControl(conn, { op: 'error', message: decoded.message });
      return;
    }
    handleFrame(conn, decoded.frame);
  }

  function sendDeferredControls(conn: Connection): void {
    const frames = conn.deferredControls.splice(0);
    for (const frame of frames) sendControl(conn, frame);
  }

  /** Drops the socket's topics it may no longer hold, telling it with one `denied` frame. */
  function dropForeignTopics(conn: Connection, topics: Iterable<string>): void {
    const denied: string[] = [];
    for (const topic of topics) {
      if (!conn.topics.has(topic) || allowed(conn, topic)) continue;
      conn.topics.delete(topic);
      unindex(conn, topic);
      denied.push(topic);
    }
    if (denied.length > 0) sendControl(conn, { op: 'denied', topics: denied });
  }

  /** Releases what waited while the rights were reloaded, checked against the new rights. */
  function releaseHeld(conn: Connection): void {
    if (conn.closed || conn.holding || conn.outbox.size === 0) return;
    backlogged.add(conn);
    drain(conn);
  }

  async function userAccessChanged(userId: string): Promise<void> {
    const mine = [...connections].filter((conn) => conn.principal.userId === userId);
    if (mine.length === 0) return;
    // Hold delivery now (synchronously, before the write's answer goes out), so no event of a
    // group the user just lost reaches them while the new rights load.
    for (const conn of mine) conn.accessPending += 1;
    let access: UserAccess | null;
    try {
      access = deps.accessOf === undefined ? null : await deps.accessOf(userId);
    } catch {
      access = null; // cannot tell what they may see: close rather than leak
    }
    for (const conn of mine) {
      conn.accessPending -= 1;
      if (conn.closed) continue;
      if (access === null || !access.active) {
        drop(conn, CLOSE_SESSION_ENDED, 'access ended');
        continue;
      }
      conn.groups = new Set(access.groupIds);
      dropForeignTopics(conn, [...conn.topics]);
      releaseHeld(conn);
    }
  }

  /**
   * Fan-out of one bus event: serialized once (JSON text, then its UTF-8 bytes, shared by every
   * socket), authorized by map lookups (the entity's group from the authority's in-memory maps;
   * the socket's groups and topics are Sets). A socket on both the group topic and the entity
   * topic gets one copy. No per-event allocation grows with the number of sockets.
   */
  const unsubscribeBus = bus.subscribe((event) => {
    const route = routeOf(event);
    const group = route.group;
    if (group === undefined) return;
    const groupSet = byTopic.get(topicNames.group(group));
    const entitySet = route.entityTopic === undefined ? undefined : byTopic.get(route.entityTopic);
    if (groupSet === undefined && entitySet === undefined) return;
    let entry: OutboxEntry | null = null;
    const send = (conn: Connection): void => {
      entry ??= framed(event);
      deliver(conn, entry);
    };
    if (groupSet !== undefined) for (const conn of groupSet) send(conn);
    if (entitySet !== undefined) {
      for (const conn of entitySet) if (conn.groups.has(group) && !groupSet?.has(conn)) send(conn);
    }
  });

  const drainTimer = setInterval(() => {
    for (const conn of backlogged) drain(conn);
  }, settings.drainIntervalMs);
  drainTimer.unref();

  const heartbeatTimer = setInterval(() => {
    const silentLimit = settings.deadAfterMs - settings.pingIntervalMs;
    const now = settings.now();
    for (const conn of connections) {
      if (now - conn.lastSeen > silentLimit) drop(conn, CLOSE_DEAD_PEER, 'no pong', 'terminate');
      else conn.ws.ping();
    }
  }, settings.pingIntervalMs);
  heartbeatTimer.unref();

  // preClose: before the websocket plugin closes its server (which would cut the sockets without a
  // close frame, 1005 on the client), every socket is told 1001 "going away".
  app.addHook('preClose', async () => {
    for (const conn of [...connections]) {
      drop(conn, CLOSE_GOING_AWAY, 'server shutting down');
      conn.tcp?.uncork();
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(drainTimer);
    clearInterval(heartbeatTimer);
    unsubscribeBus();
    for (const conn of [...connections]) drop(conn, CLOSE_GOING_AWAY, 'server shutting down');
  });

  app.register(async (scope) => {
    if (!scope.hasDecorator('websocketServer')) {
      await scope.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } });
    }
    scope.get(
      path,
      {
        websocket: true,
        onRequest: async (req, reply) => {
          if (!deps.allowedOrigins(req)) {
            return reply.code(403).send({ message: 'Origin not allowed' });
          }
          const principal = await deps.authenticate(req);
          if (principal === null) {
            return reply.code(401).send({ message: 'Authentication required: sign in first' });
          }
          principals.set(req, principal);
          return undefined;
        },
      },
      (socket, req) => {
        const principal = principals.get(req);
        if (principal === undefined) {
          socket.close(1008, 'unauthenticated');
          return;
        }
        const conn = new Connection(socket, corkable(req.raw.socket), principal, settings, batchFor(req, binaryMemo, textMemo));
        connections.add(conn);
        let sessionSet = bySession.get(principal.sessionId);
        if (sessionSet === undefined) bySession.set(principal.sessionId, (sessionSet = new Set()));
        sessionSet.add(conn);
        socket.on('message', (data: RawData, isBinary: boolean) => {
          try {
            onMessage(conn, data, isBinary);
          } catch (error) {
            req.log.error({ err: error }, 'live gateway: frame handling failed');
            sendControl(conn, { op: 'error', message: 'internal error while handling the frame' });
          }
        });
        socket.on('pong', () => {
          conn.lastSeen = settings.now();
        });
        socket.on('close', () => forget(conn));
        socket.on('error', () => forget(conn));
      },
    );
  });

  return {
    closeSessionSockets(sessionId: string): void {
      const set = bySession.get(sessionId);
      if (set === undefined) return;
      for (const conn of [...set]) drop(conn, CLOSE_SESSION_ENDED, 'session ended');
    },
    connectionCount: () => connections.size,
    userAccessChanged,
    entityMoved(topic: string, groupId: string | null): void {
      const holders = byTopic.get(topic);
      if (holders === undefined) return;
      for (const conn of [...holders]) if (groupId === null || !conn.groups.has(groupId)) dropForeignTopics(conn, [topic]);
    },
    groupRemoved(groupId: string): void {
      for (const conn of connections) {
        if (!conn.groups.has(groupId)) continue;
        const groups = new Set(conn.groups);
        groups.delete(groupId);
        conn.groups = groups;
        dropForeignTopics(conn, [`group:${groupId}`]);
      }
    },
    backlogs: () =>
      [...connections].map((c) => ({ events: c.outbox.size, bytes: c.outbox.byteSize, buffered: c.ws.bufferedAmount })),
  };
}
