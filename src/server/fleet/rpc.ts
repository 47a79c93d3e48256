/**
 * The fleet over NATS (issue 18, docs/architecture.md "The fleet port").
 *
 * FleetRpcServer runs on the fleet owner (the process with the simulator). It answers
 * - luc.fleet.rpc: `{method, args}` → `{ok: true, value}` or `{ok: false, status, message}`; an
 *   HttpError thrown by the fleet keeps its status, text and extra fields; an unknown method or bad
 *   arguments answer 400 naming what is wrong; anything else 500 "Internal Error" (logged here).
 * - luc.fleet.snapshot: the whole live state (FleetSnapshot, mirror.ts) with the revs and the
 *   bus's last seq at that moment.
 *
 * RemoteFleet implements FleetPort on a front that is not the owner: reads from its FleetMirror
 * (fed by the bus, seeded by the snapshot; seeded again when a rev jumps or `reseed()` is called,
 * e.g. after the bus said reset), commands as NATS requests. An owner that does not answer within
 * FLEET_RPC_TIMEOUT_MS (or is not there at all) becomes HttpError 503 FLEET_NOT_ANSWERING.
 */
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { HttpError } from '../http/errors.ts';
import type { LiveEvent } from '../live/types.ts';
import type { ChannelStatusData } from '../sim/channels.ts';
import { realClock, type SimClock } from '../sim/clock.ts';
import type { CommandResult, SimCommand } from '../sim/commands.ts';
import type { Broadcast, FileTransfer, TransferRecord } from '../sim/fileTransfers.ts';
import type { ServerServicesData } from '../sim/servers.ts';
import type { UnitSeed } from '../sim/seeds.ts';
import type { UnitAddedData } from '../sim/unit.ts';
import type { VrLiveState } from '../sim/videoReturn.ts';
import type { LocalFleet } from './local.ts';
import { FleetMirror, type FleetSnapshot, type LiveBusLike, type MirrorBus } from './mirror.ts';
import type { ChannelsPort, FilesPort, FleetPort, IntercomSessionView, LiveUnit, ServersPort, StartLogsResult, VideoReturnPort } from './port.ts';
import {
  decodeArgs,
  FLEET_NOT_ANSWERING,
  FLEET_RPC_QUEUE,
  FLEET_RPC_SUBJECT,
  FLEET_RPC_TIMEOUT_MS,
  FLEET_SNAPSHOT_SUBJECT,
  isFleetMethod,
  type FleetMethod,
  type FleetMethodArgs,
  type FleetReply,
  type FreshChannel,
} from './wire.ts';

export { FLEET_NOT_ANSWERING, FLEET_RPC_SUBJECT, FLEET_RPC_TIMEOUT_MS, FLEET_SNAPSHOT_SUBJECT } from './wire.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// ────────────────────────────────────────────────────────────────────────────────────────────────
// The owner's side

type Handler<M extends FleetMethod> = (fleet: LocalFleet, args: FleetMethodArgs<M>) => Promise<unknown>;

/** What each method runs on the owner's LocalFleet (readonly tuples from the schemas are spread back to the port's arguments). */
const HANDLERS: { [M in FleetMethod]: Handler<M> } = {
  addUnit: (fleet, [seed]) => fleet.addUnit(seed),
  removeUnit: (fleet, [uid]) => fleet.removeUnit(uid),
  command: (fleet, [uid, command]) => fleet.command(uid, command as SimCommand),
  commandInProgress: (fleet, [uid]) => fleet.commandInProgress(uid),
  socialProviders: (fleet, [uid]) => fleet.socialProviders(uid),
  'channels.add': (fleet, [channel]) => fleet.channels.add(channel),
  'channels.remove': (fleet, [id]) => fleet.channels.remove(id),
  'channels.startLogs': (fleet, [id]) => fleet.channels.startLogs(id),
  'channels.stopLogs': (fleet, [id]) => fleet.channels.stopLogs(id),
  'files.drain': (fleet) => fleet.files.drain(),
  'files.transfers': (fleet) => fleet.files.transfers(),
  'files.broadcastOf': (fleet, [id]) => fleet.files.broadcastOf(id),
  'files.startBroadcast': (fleet, [id, broadcast]) => fleet.files.startBroadcast(id, broadcast),
  'files.stopBroadcast': (fleet, [id]) => fleet.files.stopBroadcast(id),
  'videoReturn.observe': (fleet, [setup]) => fleet.videoReturn.observe(setup),
  'videoReturn.forget': (fleet, [id]) => fleet.videoReturn.forget(id),
  'servers.add': (fleet, [setup, announce]) => fleet.servers.add({ ...setup, channelIds: [...setup.channelIds] }, announce),
  'servers.setVersion': (fleet, [id, version]) => fleet.servers.setVersion(id, version),
  'servers.remove': (fleet, [id]) => fleet.servers.remove(id),
  'servers.restart': (fleet, [id]) => fleet.servers.restart(id),
  'servers.refreshServices': (fleet, [id]) => fleet.servers.refreshServices(id),
};

/** The channel a method changes: its status goes back with the answer (read-your-writes on the front). */
const CHANNEL_OF: Partial<Record<FleetMethod, (args: readonly unknown[]) => string>> = {
  'channels.add': (args) => (args[0] as { id: string }).id,
  'channels.startLogs': (args) => args[0] as string,
  'channels.stopLogs': (args) => args[0] as string,
  'files.startBroadcast': (args) => args[0] as string,
  'files.stopBroadcast': (args) => args[0] as string,
};

/** The owner's whole live state now, with the revs its bus gave and the bus's last seq (luc.fleet.snapshot). */
export function fleetSnapshot(fleet: LocalFleet, bus: Pick<LiveBusLike, 'revOf' | 'lastSeq'>): FleetSnapshot {
  const lastSeq = bus.lastSeq();
  const units: UnitAddedData[] = [];
  for (const unit of fleet.units()) {
    const data = fleet.snapshot(unit.uid);
    if (data !== undefined) units.push(data);
  }
  const channels = fleet.sim.channels.ids().flatMap((id) => {
    const status = fleet.channelStatus(id);
    return status === undefined ? [] : [{ id, status }];
  });
  const servers = fleet.sim.servers.ids().flatMap((id) => {
    const status = fleet.servers.status(id);
    return status === undefined ? [] : [status];
  });
  const ids = [...units.map((u) => u.uid), ...channels.map((c) => c.id), ...servers.map((s) => s.deviceId)];
  return { units, channels, servers, revs: ids.map((id): [string, number] => [id, bus.revOf(id)]), lastSeq };
}

export interface FleetRpcServerOptions {
  nc: NatsConnection;
  /** The owner's simulator, through the port. */
  fleet: LocalFleet;
  /** The owner's bus: the revs it gave and its last seq (the snapshot's). */
  bus: Pick<LiveBusLike, 'revOf' | 'lastSeq'>;
  /** Where an unexpected failure is reported (the answer only says "Internal Error"). */
  logError?: (message: string, error: unknown) => void;
}

export class FleetRpcServer {
  private subscriptions: Subscription[] = [];

  constructor(private readonly options: FleetRpcServerOptions) {}

  /** Subscribes; resolves once the NATS server has the subscriptions (a request sent after it is answered). */
  async start(): Promise<void> {
    if (this.subscriptions.length > 0) return;
    const { nc } = this.options;
    this.subscriptions = [
      nc.subscribe(FLEET_RPC_SUBJECT, { queue: FLEET_RPC_QUEUE, callback: (error, msg) => (error === null ? void this.answer(msg) : this.log('fleet rpc subscription failed', error)) }),
      nc.subscribe(FLEET_SNAPSHOT_SUBJECT, { queue: FLEET_RPC_QUEUE, callback: (error, msg) => (error === null ? this.answerSnapshot(msg) : this.log('fleet snapshot subscription failed', error)) }),
    ];
    await nc.flush();
  }

  stop(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
  }

  /** The whole live state now (mirror.ts FleetSnapshot). */
  snapshot(): FleetSnapshot {
    return fleetSnapshot(this.options.fleet, this.options.bus);
  }

  /** Runs one request (exposed for tests that skip the wire). */
  async handle(raw: unknown): Promise<FleetReply> {
    if (!isObject(raw) || typeof raw['method'] !== 'string' || !Array.isArray(raw['args'])) {
      return { ok: false, status: 400, message: 'A fleet request is {"method": text, "args": list}' };
    }
    const method = raw['method'];
    if (!isFleetMethod(method)) return { ok: false, status: 400, message: `Unknown fleet method '${method.slice(0, 64)}'` };
    const decoded = decodeArgs[method](raw['args']);
    if (!decoded.ok) return { ok: false, status: 400, message: `Bad arguments for ${method}: ${decoded.error}` };
    try {
      const value = await (HANDLERS[method] as Handler<FleetMethod>)(this.options.fleet, decoded.value as never);
      const channelOf = CHANNEL_OF[method];
      const channel: FreshChannel | undefined = channelOf === undefined ? undefined : this.fresh(channelOf(decoded.value as readonly unknown[]));
      return { ok: true, value, ...(channel !== undefined ? { channel } : {}) };
    } catch (error) {
      if (error instanceof HttpError) return { ok: false, status: error.statusCode, message: error.message, ...(Object.keys(error.extra).length > 0 ? { extra: error.extra } : {}) };
      this.log(`fleet rpc ${method} failed`, error);
      return { ok: false, status: 500, message: 'Internal Error' };
    }
  }

  private fresh(id: string): FreshChannel {
    const status = this.options.fleet.channelStatus(id);
    return { id, rev: this.options.bus.revOf(id), ...(status !== undefined ? { status } : {}) };
  }

  private async answer(msg: Msg): Promise<void> {
    let raw: unknown;
    try {
      raw = msg.json();
    } catch {
      msg.respond(JSON.stringify({ ok: false, status: 400, message: 'A fleet request must be JSON' } satisfies FleetReply));
      return;
    }
    msg.respond(JSON.stringify(await this.handle(raw)));
  }

  private answerSnapshot(msg: Msg): void {
    try {
      msg.respond(JSON.stringify({ ok: true, value: this.snapshot() } satisfies FleetReply));
    } catch (error) {
      this.log('fleet snapshot failed', error);
      msg.respond(JSON.stringify({ ok: false, status: 500, message: 'Internal Error' } satisfies FleetReply));
    }
  }

  private log(message: string, error: unknown): void {
    (this.options.logError ?? ((m: string, e: unknown) => console.error(m, e)))(message, error);
  }
}

// ────────────────────────────────────────────────────────────────────────────────────────────────
// A front's side

export interface RemoteFleetOptions {
  nc: NatsConnection;
  /** The front's bus: its events feed the mirror; its revs are seeded from the snapshot when it can. */
  bus: MirrorBus;
  /** How long a request waits for the owner (ms; FLEET_RPC_TIMEOUT_MS). */
  timeoutMs?: number;
  logError?: (message: string, error: unknown) => void;
}

/** A reply's envelope, checked: anything else is the owner misbehaving (502-like, said as 503 with its reason). */
function replyOf(payload: unknown): FleetReply {
  if (!isObject(payload) || typeof payload['ok'] !== 'boolean') throw new HttpError(503, `${FLEET_NOT_ANSWERING} (the owner's answer is not a fleet reply)`);
  if (payload['ok']) return payload as FleetReply;
  const status = payload['status'];
  const message = payload['message'];
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599 || typeof message !== 'string') {
    throw new HttpError(503, `${FLEET_NOT_ANSWERING} (the owner's refusal has no status and message)`);
  }
  return { ok: false, status, message, ...(isObject(payload['extra']) ? { extra: payload['extra'] } : {}) };
}

function expect<T>(check: (value: unknown) => boolean, what: string): (value: unknown) => T {
  return (value) => {
    if (!check(value)) throw new HttpError(503, `${FLEET_NOT_ANSWERING} (the owner answered ${what} with something else)`);
    return value as T;
  };
}
const asVoid = (): void => undefined;
const asBoolean = expect<boolean>((v) => typeof v === 'boolean', 'a yes/no');
const asTexts = expect<string[]>((v) => Array.isArray(v) && v.every((t) => typeof t === 'string'), 'a list of texts');
const asList = <T>(what: string) => expect<T[]>((v) => Array.isArray(v) && v.every(isObject), what);
const asObject = <T>(what: string) => expect<T>(isObject, what);
const asOptional = <T>(what: string) => expect<T | undefined>((v) => v === undefined || isObject(v), what);
const asCommandResult = expect<CommandResult>(
  (v) => isObject(v) && (v['ok'] === true || (v['ok'] === false && typeof v['status'] === 'number' && typeof v['message'] === 'string')),
  'a command',
);
const asLogsResult = expect<StartLogsResult>((v) => isObject(v) && (v['ok'] === true || (v['ok'] === false && typeof v['reason'] === 'string')), 'a log fetch');

export class RemoteFleet implements FleetPort {
  readonly mirror = new FleetMirror();
  readonly simClock: SimClock = realClock();
  readonly channels: ChannelsPort;
  readonly files: FilesPort;
  readonly videoReturn: VideoReturnPort;
  readonly servers: ServersPort;
  private readonly timeoutMs: number;
  private unsubscribe: (() => void) | null = null;
  /** Events that came while a snapshot was on its way (applied after it, by the rev rule). */
  private pending: LiveEvent[] | null = null;
  private seeding: Promise<void> | null = null;

  constructor(private readonly options: RemoteFleetOptions) {
    this.timeoutMs = options.timeoutMs ?? FLEET_RPC_TIMEOUT_MS;
    const call = this.call.bind(this);
    this.channels = {
      status: (id) => this.mirror.channelStatus(id),
      add: (channel) => call('channels.add', [channel], asVoid),
      remove: async (id) => {
        await call('channels.remove', [id], asVoid);
        this.mirror.forgetChannel(id);
      },
      startLogs: (id) => call('channels.startLogs', [id], asLogsResult),
      stopLogs: (id) => call('channels.stopLogs', [id], asVoid),
    };
    this.files = {
      drain: () => call('files.drain', [], asList<TransferRecord>('transfer records')),
      transfers: () => call('files.transfers', [], asList<FileTransfer>('transfers')),
      broadcastOf: (id) => call('files.broadcastOf', [id], asOptional<Broadcast>('a broadcast')),
      startBroadcast: (id, broadcast) => call('files.startBroadcast', [id, broadcast], asObject<Broadcast>('a broadcast')),
      stopBroadcast: (id) => call('files.stopBroadcast', [id], asBoolean),
    };
    this.videoReturn = {
      receivers: () => this.mirror.receivers(),
      // The owner counts the receivers itself (its units are the truth); a front's map is not sent.
      observe: (setup) => call('videoReturn.observe', [setup], asObject<VrLiveState>('a video return state')),
      forget: (id) => call('videoReturn.forget', [id], asVoid),
    };
    this.servers = {
      has: (id) => this.mirror.serverKnown(id),
      status: (id) => this.mirror.serverStatus(id),
      add: (setup, announce = true) => call('servers.add', [setup, announce], asVoid),
      setVersion: (id, version) => call('servers.setVersion', [id, version], asVoid),
      remove: async (id) => {
        await call('servers.remove', [id], asVoid);
        this.mirror.forgetServer(id);
      },
      restart: (id) => call('servers.restart', [id], asBoolean),
      refreshServices: (id) => call('servers.refreshServices', [id], asOptional<ServerServicesData>('services')),
    };
  }

  /** Follows the bus and seeds the mirror from the owner (rejects with 503 when the owner does not answer; call again). */
  async start(): Promise<void> {
    if (this.unsubscribe === null) this.unsubscribe = this.options.bus.subscribe((event) => this.onEvent(event));
    await this.reseed();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Asks the owner for a fresh snapshot (at start, after the bus said reset, when a rev jumped); one at a time. */
  reseed(): Promise<void> {
    this.seeding ??= this.seedOnce().finally(() => {
      this.seeding = null;
    });
    return this.seeding;
  }

  private async seedOnce(): Promise<void> {
    this.pending = [];
    try {
      const snapshot = await this.request(FLEET_SNAPSHOT_SUBJECT, {}, (value) => {
        if (!isObject(value) || !Array.isArray(value['units']) || !Array.isArray(value['channels']) || !Array.isArray(value['servers']) || !Array.isArray(value['revs']) || typeof value['lastSeq'] !== 'number') {
          throw new HttpError(503, `${FLEET_NOT_ANSWERING} (the owner's snapshot is not one)`);
        }
        return value as unknown as FleetSnapshot;
      });
      this.mirror.seed(snapshot);
      this.options.bus.seedRevs?.(snapshot.revs);
      for (const event of this.pending) this.mirror.apply(event);
    } finally {
      this.pending = null;
    }
  }

  private onEvent(event: LiveEvent): void {
    if (this.pending !== null) {
      this.pending.push(event);
      return;
    }
    this.mirror.apply(event);
    if (this.mirror.stale) {
      this.reseed().catch((error: unknown) => this.log('fleet mirror: reseeding failed', error));
    }
  }

  // ── Reads (the mirror) ──

  unit(uid: string): LiveUnit | undefined {
    return this.mirror.unit(uid);
  }

  units(): Iterable<LiveUnit> {
    return this.mirror.units();
  }

  snapshot(uid: string): UnitAddedData | undefined {
    return this.mirror.snapshot(uid);
  }

  channelStatus(id: string): ChannelStatusData | undefined {
    return this.mirror.channelStatus(id);
  }

  intercomSessions(): IntercomSessionView[] {
    return this.mirror.intercomSessions();
  }

  serverOnline(serverId: string): boolean {
    return this.mirror.serverOnline(serverId);
  }

  // ── Commands (the owner) ──

  addUnit(seed: UnitSeed): Promise<void> {
    return this.call('addUnit', [seed], asVoid);
  }

  removeUnit(uid: string): Promise<boolean> {
    return this.call('removeUnit', [uid], asBoolean);
  }

  command(uid: string, command: SimCommand): Promise<CommandResult> {
    return this.call('command', [uid, command], asCommandResult);
  }

  commandInProgress(uid: string): Promise<boolean> {
    return this.call('commandInProgress', [uid], asBoolean);
  }

  socialProviders(uid: string): Promise<string[]> {
    return this.call('socialProviders', [uid], asTexts);
  }

  /** One RPC: the owner's refusal becomes the same HttpError; a channel it changed is shown at once. */
  async call<T>(method: FleetMethod, args: unknown[], decode: (value: unknown) => T): Promise<T> {
    return this.request(FLEET_RPC_SUBJECT, { method, args }, decode);
  }

  private async request<T>(subject: string, body: unknown, decode: (value: unknown) => T): Promise<T> {
    let msg: Msg;
    try {
      msg = await this.options.nc.request(subject, JSON.stringify(body), { timeout: this.timeoutMs });
    } catch (error) {
      // A timeout, no owner subscribed (no responders), or the connection closed: all say "not answering".
      this.log(`fleet rpc to ${subject} got no answer`, error);
      throw new HttpError(503, FLEET_NOT_ANSWERING);
    }
    let payload: unknown;
    try {
      payload = msg.json();
    } catch {
      throw new HttpError(503, `${FLEET_NOT_ANSWERING} (the owner's answer is not JSON)`);
    }
    const reply = replyOf(payload);
    if (!reply.ok) throw new HttpError(reply.status, reply.message, reply.extra ?? {});
    if (isObject(reply.channel) && typeof reply.channel.id === 'string' && typeof reply.channel.rev === 'number') {
      this.mirror.applyChannel(reply.channel.id, reply.channel.rev, isObject(reply.channel.status) ? (reply.channel.status as unknown as ChannelStatusData) : undefined);
    }
    return decode(reply.value);
  }

  private log(message: string, error: unknown): void {
    (this.options.logError ?? (() => undefined))(message, error);
  }
}
