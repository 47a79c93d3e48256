/**
 * The media servers in the simulator (issue 12; spec 001 §3 Server: deviceId, state, applications,
 * upTime, serverUsage, tallyHwStatus, audioHwStatus, servicesData with its last update time,
 * alias, name, serialNumber, swVersion, type). The stored server (name, alias, version) is the
 * REST layer's; this module keeps what is live, in memory, and publishes `server.status` (the
 * envelope of /work/shared/protocol.md; data: docs/protocol.md) on the simulator's clock:
 *
 * - state: offline while the server is down (ChannelSimulator.setServerOnline: its channels go
 *   offline with it), busy while any of its channels is busy, else idle (domain serverStateOf);
 * - applications: one entry per channel in use (`channel:<id>` → its status), and `restart`
 *   while a restart (resetinstance) is under way;
 * - upTime (s) since the server last came up; a server first seen is taken as up for 1 h - 30 days;
 * - serverUsage: CPU and memory (%), network out (kbps), driven by the busy channels plus noise;
 * - every STATUS_PERIOD_MS each server's status goes out again (usage and upTime move), and at once
 *   when it goes down or comes back.
 *
 * Deterministic: its own random stream and the simulator's clock.
 */
import type { SimClock, TimerHandle } from './clock.ts';
import type { Random } from './random.ts';
import type { LiveBus } from '../live/bus.ts';
import type { ChannelSimulator } from './channels.ts';
import { channelStatusClass, parseChannelStatus } from '../../domain/channels.ts';
import { serverStateOf, type HwStatus, type ServerState, type ServerType, type ServerUsage } from '../../domain/servers.ts';
import type { ServiceName } from '../../domain/services.ts';

/** How often every server's status is published again (ms): usage and upTime move. */
export const SERVER_STATUS_PERIOD_MS = 5_000;
/** How long a restarted server stays down before it comes back (ms, drawn in this range). */
export const RESTART_DOWN_MS: readonly [number, number] = [4_000, 8_000];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What the simulator needs of a stored server. */
export interface SimServer {
  readonly id: string;
  readonly name: string;
  readonly alias: string;
  readonly type: ServerType;
  readonly serialNumber: string;
  readonly swVersion: string;
  /** The channels running on it (media servers) — their load is the server's. */
  readonly channelIds: readonly string[];
}

/** Services each server type runs (spec 001 §3 servicesData; which per type is ours). */
const SERVICES_OF: Record<ServerType, readonly ServiceName[]> = {
  mmh: ['graphics', 'audio_ifb', 'field_server'],
  videoReturn: ['audio_ifb'],
  transceiver: ['field_server'],
  ingest: ['ingest'],
};

export interface ServerServicesData {
  readonly list: readonly { readonly name: ServiceName; readonly state: 'active' | 'inactive' }[];
  /** ms since the epoch. */
  readonly lastUpdate: number;
}

/** The server.status data (docs/protocol.md). */
export interface ServerStatusData {
  readonly [key: string]: unknown;
  readonly deviceId: string;
  readonly state: ServerState;
  readonly applications: Record<string, { readonly status: string }>;
  /** s; 0 while offline. */
  readonly upTime: number;
  readonly serverUsage: ServerUsage;
  readonly tallyHwStatus: HwStatus;
  readonly audioHwStatus: HwStatus;
  readonly servicesData: ServerServicesData;
  readonly alias: string;
  readonly name: string;
  readonly serialNumber: string;
  readonly swVersion: string;
  readonly type: ServerType;
}

interface ServerLive {
  setup: SimServer;
  upSince: number;
  restarting: boolean;
  restartTimer: TimerHandle | null;
  tally: HwStatus;
  audio: HwStatus;
  services: ServerServicesData;
  /** Noise around the load-driven usage, moved every period. */
  cpuNoise: number;
  memNoise: number;
}

export class ServerSimulator {
  private readonly servers = new Map<string, ServerLive>();
  private timer: TimerHandle | null = null;

  constructor(
    private readonly bus: LiveBus,
    private readonly clock: SimClock,
    private readonly random: Random,
    private readonly channels: ChannelSimulator,
    servers: readonly SimServer[] = [],
  ) {
    for (const server of servers) this.add(server, false);
  }

  /** Publishes every server once, then every SERVER_STATUS_PERIOD_MS. */
  start(): void {
    if (this.timer !== null) return;
    for (const id of this.servers.keys()) this.publish(id);
    this.timer = this.clock.setInterval(() => this.tick(), SERVER_STATUS_PERIOD_MS);
  }

  stop(): void {
    if (this.timer !== null) this.clock.clear(this.timer);
    this.timer = null;
    for (const server of this.servers.values()) {
      if (server.restartTimer !== null) this.clock.clear(server.restartTimer);
      server.restartTimer = null;
    }
  }

  /** A server known from now on (or its stored facts changed: a rename, a new version); published when `announce`. */
  add(setup: SimServer, announce = true): void {
    const known = this.servers.get(setup.id);
    if (known !== undefined) known.setup = setup;
    else {
      const hw = (): HwStatus => (this.random.next() < 0.8 ? 'connected' : this.random.next() < 0.5 ? 'disconnected' : 'notInstalled');
      this.servers.set(setup.id, {
        setup,
        upSince: this.clock.now() - this.random.int(HOUR_MS, 30 * DAY_MS),
        restarting: false,
        restartTimer: null,
        tally: setup.type === 'mmh' ? hw() : 'notInstalled',
        audio: setup.type === 'transceiver' ? 'notInstalled' : hw(),
        services: { list: SERVICES_OF[setup.type].map((name) => ({ name, state: 'active' as const })), lastUpdate: this.clock.now() },
        cpuNoise: this.random.int(0, 6),
        memNoise: this.random.int(0, 8),
      });
    }
    if (announce) this.publish(setup.id);
  }

  /** A server's software version changed (an upgrade ended, src/server/areas/upgrade/runner.ts): published now. */
  setVersion(id: string, swVersion: string): void {
    const server = this.servers.get(id);
    if (server === undefined) return;
    server.setup = { ...server.setup, swVersion };
    this.publish(id);
  }

  /** A server deleted: forgotten. */
  remove(id: string): void {
    const server = this.servers.get(id);
    if (server?.restartTimer != null) this.clock.clear(server.restartTimer);
    this.servers.delete(id);
  }

  /** Every server simulated (the fleet owner's snapshot, src/server/fleet/rpc.ts). */
  ids(): string[] {
    return [...this.servers.keys()];
  }

  has(id: string): boolean {
    return this.servers.has(id);
  }

  /** What the server reports now (undefined: not simulated). */
  status(id: string): ServerStatusData | undefined {
    const server = this.servers.get(id);
    return server === undefined ? undefined : this.dataOf(server);
  }

  /**
   * Restarts a server (spec 001 §7 PUT servers/{id}/resetinstance): down now (its channels go
   * offline), back after RESTART_DOWN_MS with a fresh upTime (its channels unavailable, then idle).
   * False when the server is unknown or already restarting.
   */
  restart(id: string): boolean {
    const server = this.servers.get(id);
    if (server === undefined || server.restarting) return false;
    server.restarting = true;
    this.channels.setServerOnline(id, false);
    this.publish(id);
    const [min, max] = RESTART_DOWN_MS;
    server.restartTimer = this.clock.setTimeout(() => {
      server.restartTimer = null;
      server.restarting = false;
      server.upSince = this.clock.now();
      this.channels.setServerOnline(id, true);
      this.publish(id);
    }, this.random.int(min, max));
    return true;
  }

  /** The server went down or came back by another way (FleetSimulator.setServerOnline): publish now. */
  onlineChanged(id: string): void {
    const server = this.servers.get(id);
    if (server === undefined) return;
    if (this.channels.serverOnline(id)) server.upSince = this.clock.now();
    this.publish(id);
  }

  /** The services data refreshed now (spec 001 §3 servicesData "last update time"). */
  refreshServices(id: string): ServerServicesData | undefined {
    const server = this.servers.get(id);
    if (server === undefined) return undefined;
    server.services = { list: server.services.list, lastUpdate: this.clock.now() };
    return server.services;
  }

  // ---------------------------------------------------------------------------------------------

  private tick(): void {
    for (const [id, server] of this.servers) {
      server.cpuNoise = Math.max(0, Math.min(10, server.cpuNoise + this.random.int(-2, 2)));
      server.memNoise = Math.max(0, Math.min(12, server.memNoise + this.random.int(-1, 1)));
      this.publish(id);
    }
  }

  private dataOf(server: ServerLive): ServerStatusData {
    const { setup } = server;
    const online = this.channels.serverOnline(setup.id);
    const applications: Record<string, { status: string }> = {};
    let busy = 0;
    for (const channelId of setup.channelIds) {
      const raw = this.channels.status(channelId)?.status;
      const status = raw === undefined ? null : parseChannelStatus(raw);
      if (status !== null && channelStatusClass(status) === 'busy') {
        busy += 1;
        applications[`channel:${channelId}`] = { status };
      }
    }
    if (server.restarting) applications['restart'] = { status: 'restarting' };
    const state = serverStateOf(online, busy);
    const usage: ServerUsage = online
      ? {
          cpuPercent: Math.min(100, 4 + busy * 11 + server.cpuNoise),
          memoryPercent: Math.min(100, 18 + busy * 5 + server.memNoise),
          bandwidthKbps: busy * 4_000 + server.cpuNoise * 25,
        }
      : { cpuPercent: 0, memoryPercent: 0, bandwidthKbps: 0 };
    return {
      deviceId: setup.id,
      state,
      applications,
      upTime: online ? Math.max(0, Math.floor((this.clock.now() - server.upSince) / 1000)) : 0,
      serverUsage: usage,
      tallyHwStatus: online ? server.tally : 'disconnected',
      audioHwStatus: online ? server.audio : 'disconnected',
      servicesData: server.services,
      alias: setup.alias,
      name: setup.name,
      serialNumber: setup.serialNumber,
      swVersion: setup.swVersion,
      type: setup.type,
    };
  }

  private publish(id: string): void {
    const server = this.servers.get(id);
    if (server === undefined) return;
    this.bus.publish('server.status', id, this.dataOf(server));
  }
}
