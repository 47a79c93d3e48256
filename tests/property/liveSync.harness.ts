/**
 * A simulated server ("the truth") and network for the model-based test of the live sync
 * (issue 4 item 8). The server keeps units with revs, a bounded event history for `resume`,
 * per-connection topics and an in-flight frame queue; the client is the real LiveSession feeding
 * the real FleetPipeline (model), with REST answers held until a `respond` command.
 *
 * Network faults modelled (the commands of the test):
 * - deliver: the next frame in flight reaches the client;
 * - duplicate: an old frame is delivered again;
 * - reorder: two adjacent in-flight frames of the same entity swap (per-entity order is what revs
 *   guard; across entities TCP and seq keep the order, and `resume` relies on it: a swap that
 *   jumped another entity's frame could lose that frame across a disconnect, which no real
 *   server-to-client path can do);
 * - drop: the server's slow-consumer path: the backlog in flight is dropped and `reset` is sent
 *   (src/server/live/gateway.ts overflow());
 * - disconnect / reconnect: frames in flight are lost; the client resumes or resyncs;
 * - snapshot: REST answers (snapshots and unit refetches) arrive, read from the truth at that time;
 * - subscribe: a view changes its visible units (batched subscribe/unsubscribe);
 * - conflate: the console wire's slow-consumer path (issue 15 item 4): the events in flight go
 *   through the server's real ConflatingOutbox (latest state per unit), framed by {"op":"behind"}
 *   and {"op":"caught-up","seq"} when revs were skipped (src/server/live/gateway.ts drain()).
 *   Control frames are never duplicated or reordered (TCP does neither), so those faults leave
 *   them alone.
 */
import { countersFromScratch } from '../../src/domain/units/counters.ts';
import { deriveUnitStatus } from '../../src/domain/units/status.ts';
import { activeAlertCount } from '../../src/domain/units/interface.ts';
import type { UnitAlert } from '../../src/domain/units/interface.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { EventKind } from '../../src/protocol/kinds.ts';
import type { UnitData, UnitStatusData } from '../../src/protocol/payloads.ts';
import type { Topic } from '../../src/protocol/ops.ts';
import { FleetPipeline } from '../../workers/pipeline/fleetPipeline.ts';
import type { UnitFetchResult } from '../../workers/model/unitRefetch.ts';
import { LiveSession } from '../../workers/sources/liveSession.ts';
import type { RestSnapshot } from '../../workers/sources/eventSource.ts';
import { reconnectDelay } from '../../workers/sources/reconnect.ts';
import type { Timers } from '../../workers/sources/clock.ts';
import { ConflatingOutbox } from '../../src/server/live/conflatingOutbox.ts';
import type { LiveEvent } from '../../src/server/live/types.ts';

export const UNIT_IDS = ['U0', 'U1', 'U2', 'U3', 'U4', 'U5'] as const;
export const GROUP = 'G1';

export const STATUSES: readonly UnitStatusData[] = [
  {},
  { state: 'offline' },
  { state: 'online' },
  { state: 'online', applications: { video: { state: 'streaming' } } },
  { state: 'online', applications: { video: {}, forward: {} } },
  { state: 'online', applications: { store: {} } },
  { state: 'online', applications: { upgrade: {} } },
];
const TYPES = ['800', 'Lite', 'Smart', 'PTMP'] as const;

export type Command =
  | { readonly t: 'mutate'; readonly unit: number; readonly what: 'status' | 'alert' | 'add' | 'remove'; readonly v: number }
  | { readonly t: 'deliver'; readonly n: number }
  | { readonly t: 'duplicate'; readonly pick: number }
  | { readonly t: 'reorder'; readonly pick: number }
  | { readonly t: 'drop' }
  | { readonly t: 'disconnect' }
  | { readonly t: 'reconnect' }
  | { readonly t: 'snapshot'; readonly pick: number }
  | { readonly t: 'subscribe'; readonly view: number; readonly units: readonly number[] }
  | { readonly t: 'conflate' };

/** The conflation marks (never duplicated or reordered: see the header). */
function isMark(text: string): boolean {
  return text.startsWith('{"op":"behind"') || text.startsWith('{"op":"caught-up"');
}

interface TruthUnit {
  rev: number;
  data: UnitData;
  status: UnitStatusData;
  alerts: UnitAlert[];
}

interface Connection {
  topics: Set<string>;
  inflight: string[];
  open: boolean;
}

type Pending = { resolve(): void };

/** A seeded uniform random (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const noTimers: Timers = { setTimeout: () => null, clearTimeout: () => undefined };

export class World {
  seq = 1_000;
  readonly revs = new Map<string, number>();
  readonly units = new Map<string, TruthUnit>();
  readonly history: Envelope[] = [];
  readonly delivered: string[] = [];
  readonly pending: Pending[] = [];
  conn: Connection | null = null;
  readonly pipeline: FleetPipeline;
  readonly session: LiveSession;
  /** Problems the simulated server saw in the client's frames (must stay empty). */
  readonly protocolErrors: string[] = [];
  now = 1_763_700_000_000;

  constructor(
    readonly historySize: number,
    readonly batchSize: number,
    seed: number,
  ) {
    const random = seeded(seed);
    this.pipeline = new FleetPipeline({
      deliver: () => undefined,
      requestFrame: () => undefined,
      clock: { now: () => this.now },
      timers: noTimers,
      fetchUnit: (id) => this.defer(() => this.unitAnswer(id)),
    });
    this.session = new LiveSession(
      {
        send: (text) => this.serverReceive(text),
        fetchSnapshot: () => this.defer(() => this.snapshotAnswer()),
        groupTopic: `group:${GROUP}`,
        batchSize,
        clock: { now: () => this.now },
        timers: noTimers,
        random,
      },
      this.pipeline,
    );
    this.session.closed(reconnectDelay(random));
  }

  // ---- the truth ------------------------------------------------------------------------------

  private publish<K extends EventKind>(kind: K, id: string, data: unknown): void {
    const rev = (this.revs.get(id) ?? 0) + 1;
    this.revs.set(id, rev);
    this.seq += 1;
    const event = { seq: this.seq, ts: this.now, kind, id, rev, data } as Envelope;
    this.history.push(event);
    if (this.history.length > this.historySize) this.history.shift();
    const unit = this.units.get(id);
    if (unit !== undefined) unit.rev = rev;
    if (this.conn?.open && this.conn.topics.has(`group:${GROUP}`)) this.conn.inflight.push(JSON.stringify(event));
  }

  mutate(index: number, what: 'status' | 'alert' | 'add' | 'remove', v: number): void {
    const id = UNIT_IDS[index % UNIT_IDS.length] ?? 'U0';
    const unit = this.units.get(id);
    const status = STATUSES[v % STATUSES.length] ?? {};
    if (unit === undefined) {
      if (what !== 'add' && v % 2 === 0) return;
      const alerts = this.alerts(id, v);
      const data: UnitData = { uid: id, name: `Unit ${id}`, type: TYPES[v % TYPES.length] ?? '800', status, alerts };
      this.units.set(id, { rev: 0, data, status, alerts });
      this.publish('unit.added', id, data);
      return;
    }
    switch (what) {
      case 'remove':
        this.units.delete(id);
        this.publish('unit.removed', id, {});
        return;
      case 'alert':
        unit.alerts = this.alerts(id, v);
        this.publish('unit.alert', id, { alerts: unit.alerts });
        return;
      case 'status':
      case 'add':
        unit.status = status;
        this.publish('unit.status', id, status);
        return;
    }
  }

  private alerts(id: string, v: number): UnitAlert[] {
    return [0, 1].map((i) => ({ id: `${id}-A${i}`, entityUniqueId: id, active: ((v >> i) & 1) === 1, severity: 'warning', type: 'battery' }));
  }

  private wholeUnit(unit: TruthUnit): UnitData {
    return { ...unit.data, status: unit.status, alerts: unit.alerts };
  }

  private snapshotAnswer(): RestSnapshot {
    const watermark = this.seq; // taken before the state is read
    return {
      watermark,
      snapshot: { units: [...this.units.values()].map((u) => ({ rev: u.rev, unit: this.wholeUnit(u) })), channels: [], servers: [] },
    };
  }

  private unitAnswer(id: string): UnitFetchResult {
    const unit = this.units.get(id);
    return unit === undefined ? { found: false } : { found: true, entry: { rev: unit.rev, unit: this.wholeUnit(unit) } };
  }

  /** A REST answer held until a `snapshot` command; read from the truth when it is released. */
  private defer<T>(read: () => T): Promise<T> {
    return new Promise<T>((resolve) => this.pending.push({ resolve: () => resolve(read()) }));
  }

  // ---- the server's side of the socket --------------------------------------------------------

  private serverReceive(text: string): void {
    const conn = this.conn;
    if (conn === null || !conn.open) {
      this.protocolErrors.push(`sent while closed: ${text}`);
      return;
    }
    const frame = JSON.parse(text) as { op: string; topics?: string[]; from?: number };
    switch (frame.op) {
      case 'subscribe':
      case 'unsubscribe': {
        const topics = frame.topics ?? [];
        if (topics.length > this.batchSize || topics.length === 0) this.protocolErrors.push(`batch of ${topics.length} > ${this.batchSize}`);
        for (const topic of topics) {
          if (frame.op === 'subscribe') conn.topics.add(topic);
          else conn.topics.delete(topic);
        }
        return;
      }
      case 'resume': {
        const from = frame.from ?? -1;
        const oldest = this.history[0]?.seq ?? this.seq + 1;
        if (from > this.seq || (from < this.seq && from + 1 < oldest)) {
          conn.inflight.push(JSON.stringify({ op: 'reset' }));
          return;
        }
        for (const event of this.history) if (event.seq > from) conn.inflight.push(JSON.stringify(event));
        return;
      }
      default:
        this.protocolErrors.push(`unknown op ${frame.op}`);
    }
  }

  // ---- commands ---------------------------------------------------------------------------------

  async run(command: Command): Promise<void> {
    this.now += 100;
    switch (command.t) {
      case 'mutate':
        this.mutate(command.unit, command.what, command.v);
        return;
      case 'deliver':
        for (let i = 0; i < command.n; i += 1) this.deliverOne();
        return;
      case 'duplicate': {
        const old = this.delivered[command.pick % Math.max(1, this.delivered.length)];
        if (old !== undefined && !isMark(old) && this.conn?.open) this.session.message(old);
        return;
      }
      case 'reorder': {
        // Two adjacent in-flight frames of the same entity swap: no other entity's frame is
        // jumped over, since across entities TCP and seq order hold and `resume` relies on them.
        const conn = this.conn;
        if (conn === null || conn.inflight.length < 2 || conn.inflight.some(isMark)) return;
        const idOf = (text: string) => (JSON.parse(text) as { id?: string }).id;
        for (let k = 0; k < conn.inflight.length - 1; k += 1) {
          const i = (command.pick + k) % (conn.inflight.length - 1);
          const a = conn.inflight[i] ?? '';
          const b = conn.inflight[i + 1] ?? '';
          const id = idOf(a);
          if (id === undefined || id !== idOf(b)) continue;
          conn.inflight[i] = b;
          conn.inflight[i + 1] = a;
          return;
        }
        return;
      }
      case 'drop':
        if (this.conn?.open) {
          this.conn.inflight.length = 0;
          this.conn.inflight.push(JSON.stringify({ op: 'reset' }));
        }
        return;
      case 'disconnect':
        this.disconnect();
        return;
      case 'reconnect':
        this.reconnect();
        return;
      case 'snapshot': {
        const answer = this.pending.splice(command.pick % Math.max(1, this.pending.length), 1)[0];
        answer?.resolve();
        await ticks();
        return;
      }
      case 'conflate':
        this.conflate();
        return;
      case 'subscribe': {
        const topics = command.units.map((u): Topic => `unit:${UNIT_IDS[u % UNIT_IDS.length] ?? 'U0'}`);
        this.session.setView(`view${command.view}`, topics);
        return;
      }
    }
  }

  /** The in-flight events as the gateway's ConflatingOutbox sends them; nothing when a control frame is in flight. */
  private conflate(): void {
    const conn = this.conn;
    if (conn === null || !conn.open || conn.inflight.length === 0) return;
    if (conn.inflight.some((text) => text.startsWith('{"op"'))) return; // the outbox holds events only
    const box = new ConflatingOutbox(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
    // The server's outbox holds its events in seq order: 'reorder' models the network after it, so
    // the events in flight go back to the server's order before the outbox conflates them.
    const queued = conn.inflight.map((text) => ({ event: JSON.parse(text) as LiveEvent, text })).sort((a, b) => a.event.seq - b.event.seq);
    for (const entry of queued) box.push(entry);
    const out: string[] = [];
    let sentSeq = -1;
    for (let entry = box.shift(); entry !== undefined; entry = box.shift()) {
      out.push(entry.text);
      sentSeq = Math.max(sentSeq, entry.event.seq);
    }
    conn.inflight = box.conflated ? [JSON.stringify({ op: 'behind' }), ...out, JSON.stringify({ op: 'caught-up', seq: sentSeq })] : out;
  }

  private deliverOne(): void {
    const text = this.conn?.inflight.shift();
    if (text === undefined) return;
    this.delivered.push(text);
    if (this.delivered.length > 200) this.delivered.shift();
    this.session.message(text);
  }

  disconnect(): void {
    if (this.conn === null) return;
    this.conn.open = false;
    this.conn = null;
    this.session.closed(5_000);
  }

  reconnect(): void {
    if (this.conn !== null) return;
    this.conn = { topics: new Set(), inflight: [], open: true };
    this.session.opened();
  }

  /** Network and REST go quiet: connected, every frame delivered, every answer given. */
  async quiesce(): Promise<void> {
    this.reconnect();
    for (let round = 0; round < 1_000; round += 1) {
      while ((this.conn?.inflight.length ?? 0) > 0) this.deliverOne();
      const answers = this.pending.splice(0);
      for (const answer of answers) answer.resolve();
      await ticks();
      if (answers.length === 0 && (this.conn?.inflight.length ?? 0) === 0 && this.pending.length === 0) return;
    }
    throw new Error('did not go quiet in 1,000 rounds');
  }

  // ---- comparisons ------------------------------------------------------------------------------

  /** The truth as the model should hold it: id → rev, raw status, alerts. */
  truthView(): Record<string, unknown> {
    return Object.fromEntries(
      [...this.units.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([id, u]) => [id, { rev: u.rev, status: u.status, alerts: u.alerts }]),
    );
  }

  modelView(): Record<string, unknown> {
    return Object.fromEntries(
      [...this.pipeline.model.units.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([id, u]) => [id, { rev: u.rev, status: u.raw, alerts: u.alerts }]),
    );
  }

  truthCounters() {
    return countersFromScratch(
      [...this.units.values()].map((u) => ({
        status: deriveUnitStatus(u.status, u.data),
        applications: u.status.applications,
        type: u.data.type,
        activeAlerts: activeAlertCount(u.alerts),
      })),
    );
  }

  /** What the server holds for the socket, and what the client wants. */
  topicsView(): { server: string[]; client: string[] } {
    return {
      server: [...(this.conn?.topics ?? [])].sort(),
      client: [`group:${GROUP}`, ...this.session.registry.topics()].sort(),
    };
  }
}

async function ticks(): Promise<void> {
  for (let i = 0; i < 6; i += 1) await Promise.resolve();
}
