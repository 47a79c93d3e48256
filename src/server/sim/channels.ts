/**
 * The media servers' channels in the simulator (spec 001 §4 "Channel status: offline, idle,
 * collecting (streaming), connecting, unavailable (treated as offline), play stored file"). The
 * FleetSimulator owns the units and tells this module which unit uses which channel; this module
 * owns each channel's state and publishes `channel.status` when what it reports changes.
 *
 * What a channel reports, first match wins:
 * 1. its server is down → offline (no units: nothing reaches a server that is down);
 * 2. its server has just come back → unavailable for UNAVAILABLE_AFTER_RESTART_MS (the media
 *    services start), then as below;
 * 3. a unit streams to it → collecting; a unit connects to it → connecting;
 * 4. it plays a stored file (the files simulator's broadcast, src/server/sim/fileTransfers.ts) →
 *    playStoredFile;
 * 5. otherwise idle.
 * The files simulator's facts of the channel (a file coming back to its server, the stored file it
 * broadcasts) ride along (`extras`), so the status stays the channel's whole state.
 * A channel's log fetch (spec 001 §7 channels/{id}/fetchlogs) runs beside its status, phases
 * connecting → collecting → stopping (`fetchLogs` of channel.status); only one channel at a time.
 *
 * Servers are all online until the servers issue adds their churn: it calls `setServerOnline`
 * (FleetSimulator.setServerOnline) and reads `serverOnline`. Determinism: one random stream of its
 * own (the fleet's seed, stream 6), timers on the fleet's clock.
 */
import type { LiveBus } from '../live/bus.ts';
import type { SimClock, TimerHandle } from './clock.ts';
import type { Random } from './random.ts';
import { PHASE_MS } from './commands.ts';
import type { ChannelFileTransfer } from './fileTransfers.ts';

export interface SimChannel {
  id: string;
  groupId: string;
  /** The server the channel runs on (any type): down takes the channel offline; none: always up. */
  serverId?: string | null;
  /** The MMH media server the channel's files land on (src/server/sim/fileTransfers.ts); none: no file transfers. */
  mediaServerId?: string | null;
}

export type ChannelUsage = 'connecting' | 'streaming';
export type LogPhase = 'connecting' | 'collecting' | 'stopping';

/** What the files simulator says of a channel (src/server/sim/fileTransfers.ts). */
export interface ChannelExtras {
  /** The file coming back to the channel's media server now (spec 001 §3 fileTransfer path and status). */
  fileTransfer?: ChannelFileTransfer | undefined;
  /** The stored file the channel plays (channelfiles/broadcast/start). */
  broadcast?: { fileId: string } | undefined;
}

/** channel.status data as the simulator publishes it (docs/protocol.md). */
export interface ChannelStatusData {
  status: 'offline' | 'idle' | 'collecting' | 'connecting' | 'unavailable' | 'playStoredFile';
  /** Units sending to the channel now (connecting or streaming). */
  unitIds: string[];
  fileTransfer?: ChannelFileTransfer;
  broadcast?: { fileId: string };
  /** The channel's log fetch, while one runs. */
  fetchLogs?: { state: LogPhase };
}

/** How long a channel stays unavailable after its server comes back (ms, drawn in this range). */
export const UNAVAILABLE_AFTER_RESTART_MS = [2_000, 5_000] as const;

interface ChannelState {
  readonly id: string;
  serverId: string | null;
  users: Map<string, ChannelUsage>;
  /**
   * The users' ids in the order `sort()` gives (UTF-16 code units), kept as they change: the status
   * names them sorted, and sorting per change was ~4.5 % of the server's event loop at the bench's
   * 60,000 events/s (docs/performance.md §2 round p25).
   */
  readonly sortedIds: string[];
  /** How many users stream, and how many connect. */
  usersStreaming: number;
  usersConnecting: number;
  /** The media services are starting after the server came back. */
  starting: boolean;
  startTimer: TimerHandle | null;
  logs: LogPhase | null;
  logTimer: TimerHandle | null;
  /** The last published status (publish changes only; null: none yet). */
  last: ChannelStatusData | null;
}

export type LogsRefusal = 'unknownChannel' | 'channelOffline' | 'otherChannelFetching';

/**
 * True when the two statuses' JSON texts are equal (the simulator's change test), without making
 * them: a unit's channel change compared ~25 unit ids as text, ~3 % of the server's event loop at
 * the bench's 60,000 events/s (docs/performance.md §2 round p25). The extras (file transfer,
 * broadcast, log fetch) are rare and compared as text.
 */
export function sameChannelStatus(a: ChannelStatusData, b: ChannelStatusData): boolean {
  if (a.status !== b.status || a.unitIds.length !== b.unitIds.length) return false;
  for (let i = 0; i < a.unitIds.length; i++) if (a.unitIds[i] !== b.unitIds[i]) return false;
  if (a.fileTransfer === undefined && b.fileTransfer === undefined && a.broadcast === undefined && b.broadcast === undefined && a.fetchLogs === undefined && b.fetchLogs === undefined) return true;
  return JSON.stringify([a.fileTransfer, a.broadcast, a.fetchLogs]) === JSON.stringify([b.fileTransfer, b.broadcast, b.fetchLogs]);
}

const NO_EXTRAS = (): ChannelExtras => ({});

/** Where `id` is or would go in `ids` (sorted as `sort()` sorts strings). */
function sortedIndex(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] as string) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertSorted(ids: string[], id: string): void {
  ids.splice(sortedIndex(ids, id), 0, id);
}

function removeSorted(ids: string[], id: string): void {
  const at = sortedIndex(ids, id);
  if (ids[at] === id) ids.splice(at, 1);
}

function countUser(channel: ChannelState, usage: ChannelUsage, by: 1 | -1): void {
  if (usage === 'streaming') channel.usersStreaming += by;
  else channel.usersConnecting += by;
}

export class ChannelSimulator {
  private readonly channels = new Map<string, ChannelState>();
  private readonly offlineServers = new Set<string>();

  constructor(
    private readonly bus: LiveBus,
    private readonly clock: SimClock,
    private readonly random: Random,
    channels: readonly SimChannel[] = [],
    /** The files simulator's facts of a channel (read on every publish). */
    private readonly extras: (channelId: string) => ChannelExtras = NO_EXTRAS,
  ) {
    for (const channel of channels) this.ensure(channel.id, channel.serverId ?? null);
  }

  /** Publishes every channel's status once (the fleet's start), then changes only. */
  announce(): void {
    for (const channel of this.channels.values()) {
      const data = this.dataOf(channel);
      channel.last = data;
      this.bus.publish('channel.status', channel.id, data);
    }
  }

  /** Cancels every pending phase (the fleet's stop). */
  stop(): void {
    for (const channel of this.channels.values()) {
      this.cancel(channel, 'startTimer');
      this.cancel(channel, 'logTimer');
    }
  }

  /** A channel created after the start (admin create): known from now on, and announced. */
  add(channel: SimChannel): void {
    const state = this.ensure(channel.id, channel.serverId ?? null);
    state.serverId = channel.serverId ?? null;
    this.publish(state, true);
  }

  /** Publishes a channel again when what it reports changed (a file transfer step, a broadcast). */
  refresh(id: string): void {
    this.publish(this.ensure(id, null));
  }

  /** A channel deleted: forgotten (its units keep its id until they pick another). */
  remove(id: string): void {
    const channel = this.channels.get(id);
    if (channel === undefined) return;
    this.cancel(channel, 'startTimer');
    this.cancel(channel, 'logTimer');
    this.channels.delete(id);
  }

  /** Sets what a unit does with a channel (undefined: nothing) and publishes the channel when that changed. */
  setUse(channelId: string, uid: string, usage: ChannelUsage | undefined, publish: boolean): void {
    const channel = this.ensure(channelId, null);
    const before = channel.users.get(uid);
    if (before === usage) return;
    if (before === undefined) insertSorted(channel.sortedIds, uid);
    else countUser(channel, before, -1);
    if (usage === undefined) {
      channel.users.delete(uid);
      removeSorted(channel.sortedIds, uid);
    } else {
      channel.users.set(uid, usage);
      countUser(channel, usage, 1);
    }
    if (publish) this.publish(channel);
    else channel.last = this.dataOf(channel);
  }

  /** The status a channel reports now, or undefined for a channel the simulator does not know. */
  status(id: string): ChannelStatusData | undefined {
    const channel = this.channels.get(id);
    return channel === undefined ? undefined : this.dataOf(channel);
  }

  /** Every channel the simulator knows (the fleet owner's snapshot, src/server/fleet/rpc.ts). */
  ids(): string[] {
    return [...this.channels.keys()];
  }

  /** True unless the server was set down (every server is up until the servers issue's churn). */
  serverOnline(serverId: string): boolean {
    return !this.offlineServers.has(serverId);
  }

  /** A server goes down (its channels go offline) or comes back (unavailable, then idle or in use). */
  setServerOnline(serverId: string, online: boolean): void {
    if (online === this.serverOnline(serverId)) return;
    if (online) this.offlineServers.delete(serverId);
    else this.offlineServers.add(serverId);
    for (const channel of this.channels.values()) {
      if (channel.serverId !== serverId) continue;
      if (!online) {
        this.cancel(channel, 'startTimer');
        this.cancel(channel, 'logTimer');
        channel.starting = false;
        channel.logs = null;
      } else {
        channel.starting = true;
        const [min, max] = UNAVAILABLE_AFTER_RESTART_MS;
        channel.startTimer = this.clock.setTimeout(() => {
          channel.startTimer = null;
          channel.starting = false;
          this.publish(channel);
        }, this.random.int(min, max));
      }
      this.publish(channel);
    }
  }

  /** Starts a channel's log fetch: refused for an unknown or offline channel, and while another channel fetches. */
  startLogs(channelId: string): { ok: true } | { ok: false; reason: LogsRefusal } {
    const channel = this.channels.get(channelId);
    if (channel === undefined) return { ok: false, reason: 'unknownChannel' };
    if (this.down(channel) || channel.starting) return { ok: false, reason: 'channelOffline' };
    if (channel.logs !== null) return { ok: true };
    for (const other of this.channels.values()) if (other !== channel && other.logs !== null) return { ok: false, reason: 'otherChannelFetching' };
    this.logPhase(channel, 'connecting', PHASE_MS.logsConnecting, () =>
      this.logPhase(channel, 'collecting', PHASE_MS.logsCollecting, () => this.logPhase(channel, 'stopping', PHASE_MS.logsStopping, () => this.endLogs(channel))),
    );
    return { ok: true };
  }

  /** Stops a channel's log fetch (stopping, then done); nothing to stop is fine. */
  stopLogs(channelId: string): void {
    const channel = this.channels.get(channelId);
    if (channel === undefined || channel.logs === null || channel.logs === 'stopping') return;
    this.cancel(channel, 'logTimer');
    this.logPhase(channel, 'stopping', PHASE_MS.logsStopping, () => this.endLogs(channel));
  }

  // ---------------------------------------------------------------------------------------------

  private ensure(id: string, serverId: string | null): ChannelState {
    let channel = this.channels.get(id);
    if (channel === undefined) {
      channel = { id, serverId, users: new Map(), sortedIds: [], usersStreaming: 0, usersConnecting: 0, starting: false, startTimer: null, logs: null, logTimer: null, last: null };
      this.channels.set(id, channel);
    }
    return channel;
  }

  private down(channel: ChannelState): boolean {
    return channel.serverId !== null && this.offlineServers.has(channel.serverId);
  }

  private dataOf(channel: ChannelState): ChannelStatusData {
    const { fileTransfer, broadcast } = this.extras(channel.id);
    const extra = {
      ...(fileTransfer !== undefined ? { fileTransfer } : {}),
      ...(broadcast !== undefined ? { broadcast: { fileId: broadcast.fileId } } : {}),
      ...(channel.logs !== null ? { fetchLogs: { state: channel.logs } } : {}),
    };
    if (this.down(channel)) return { status: 'offline', unitIds: [], ...extra };
    if (channel.starting) return { status: 'unavailable', unitIds: [], ...extra };
    const unitIds = channel.sortedIds.slice();
    if (channel.usersStreaming > 0) return { status: 'collecting', unitIds, ...extra };
    if (channel.usersConnecting > 0) return { status: 'connecting', unitIds, ...extra };
    if (broadcast !== undefined) return { status: 'playStoredFile', unitIds, ...extra };
    return { status: 'idle', unitIds, ...extra };
  }

  /** Publishes the channel's status when it changed since the last one (always with `force`). */
  private publish(channel: ChannelState, force = false): void {
    const data = this.dataOf(channel);
    if (!force && channel.last !== null && sameChannelStatus(data, channel.last)) return;
    channel.last = data;
    this.bus.publish('channel.status', channel.id, data);
  }

  private logPhase(channel: ChannelState, phase: LogPhase, [min, max]: readonly [number, number], next: () => void): void {
    channel.logs = phase;
    this.publish(channel);
    channel.logTimer = this.clock.setTimeout(() => {
      channel.logTimer = null;
      next();
    }, this.random.int(min, max));
  }

  private endLogs(channel: ChannelState): void {
    channel.logs = null;
    this.publish(channel);
  }

  private cancel(channel: ChannelState, timer: 'startTimer' | 'logTimer'): void {
    const handle = channel[timer];
    if (handle !== null) this.clock.clear(handle);
    channel[timer] = null;
  }
}
