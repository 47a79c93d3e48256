/**
 * The fleet simulator (issue 3 item 5): owns the live state of every unit in memory, moves units
 * through realistic states when commanded, adds background churn at `rate` events/s, pushes link
 * bitrates every USAGE_PERIOD_MS, and publishes everything through the event bus.
 *
 * Determinism: three random streams derived from the seed (initial state, churn + usage, command
 * delays), and a clock that tests replace with ManualClock. With the same seed, units, rate,
 * commands and clock, the published events are the same, byte for byte.
 *
 * Time: one timer ticks every SIM_TICK_MS; each tick emits rate × tick / 1000 churn events
 * (fractions carried over), so 100,000 events/s is 5,000 events per tick, never a timer per event.
 */
import { ServerSimulator, type SimServer } from './servers.ts';
import type { LiveBus } from '../live/bus.ts';
import { isBusy, isOfflineState } from '../../domain/units/status.ts';
import { UPGRADE_ERROR_CODES, upgradeErrorMessage } from '../../domain/upgrade.ts';
import { cellularWithinTotal } from '../../domain/validation/capping.ts';
import { MESSAGES } from '../../domain/validation/messages.ts';
import { ERRORS } from '../../domain/errors.ts';
import { assertNever } from '../../domain/brand.ts';
import type { SimClock, TimerHandle } from './clock.ts';
import { realClock } from './clock.ts';
import type { CommandResult, SimCommand } from './commands.ts';
import { PHASE_MS, UPGRADE_FAILURE_RATE } from './commands.ts';
import { BAD_REQUEST, CONFLICT, NOT_FOUND, refuse } from './refusals.ts';
import { Random } from './random.ts';
import type { UnitSeed } from './seeds.ts';
import type { AlertType, SimUnit } from './unit.ts';
import { addedData, alertFor, BATTERY_ALERT_THRESHOLD_PCT, configData, makeSimUnit, statusData, usageData } from './unit.ts';
import { VideoReturnSim } from './videoReturn.ts';
import { FileTransferSim } from './fileTransfers.ts';
import { ChannelSimulator, type ChannelStatusData, type SimChannel } from './channels.ts';

export type { UnitSeed } from './seeds.ts';
export { makeUnitSeeds } from './seeds.ts';
export type { SimUnit } from './unit.ts';
export type { SimCommand, CommandResult } from './commands.ts';

/** Churn tick: 50 ms (20 ticks/s). */
export const SIM_TICK_MS = 50;
/** Link bitrates are pushed every 5 s per transmitting unit (spec 000 §4: modem graph step 5000 ms). */
export const USAGE_PERIOD_MS = 5_000;
/** LUC_SIM_RATE default and bound (events/s). */
export const DEFAULT_SIM_RATE = 50;
export const MAX_SIM_RATE = 100_000;

/** A channel of the simulated media servers and its channel.status data: src/server/sim/channels.ts owns them. */
export type { ChannelStatusData, SimChannel } from './channels.ts';

export interface FleetOptions {
  bus: LiveBus;
  seed: number;
  /** Churn events per second, clamped to [0, MAX_SIM_RATE]. */
  rate: number;
  units: UnitSeed[];
  clock?: SimClock;
  /** Channels on the simulated media servers; units stream to them and they report channel.status. */
  channels?: SimChannel[];
  /** The media servers themselves (issue 12, src/server/sim/servers.ts): they report server.status. */
  servers?: SimServer[];
  tickMs?: number;
  /** 0 disables the usage pushes. */
  usagePeriodMs?: number;
}

/** A unit is transmitting when its links carry media: any busy application, or forward. */
function transmitting(unit: SimUnit): boolean {
  return unit.state === 'online' && (isBusy(unit.applications) || unit.applications.forward !== undefined);
}

export class FleetSimulator {
  private readonly bus: LiveBus;
  private readonly clock: SimClock;
  private readonly rate: number;
  private readonly tickMs: number;
  private readonly usageBuckets: number;
  private readonly initRandom: Random;
  private readonly churnRandom: Random;
  private readonly commandRandom: Random;
  private readonly byUid = new Map<string, SimUnit>();
  private readonly list: SimUnit[] = [];
  private readonly indexOf = new Map<string, number>();
  /** The media servers' channels (src/server/sim/channels.ts): which unit uses which, servers up or down, log fetches. */
  readonly channels: ChannelSimulator;
  private readonly usageActive = new Set<string>();
  /** uid → providers the unit streams to (social media, CDN). */
  private readonly social = new Map<string, Set<string>>();
  private tickHandle: TimerHandle | null = null;
  private ticks = 0;
  private budget = 0;
  /** Video return channels' live state (issue 13; src/server/sim/videoReturn.ts). */
  readonly videoReturn: VideoReturnSim;
  /** Files coming back to media servers, and stored files broadcast (issue 13; fileTransfers.ts). */
  readonly files: FileTransferSim;
  /** The media servers' live state and server.status (issue 12; src/server/sim/servers.ts). */
  readonly servers: ServerSimulator;

  constructor(opts: FleetOptions) {
    this.bus = opts.bus;
    this.clock = opts.clock ?? realClock();
    this.rate = Math.min(MAX_SIM_RATE, Math.max(0, Number.isFinite(opts.rate) ? opts.rate : DEFAULT_SIM_RATE));
    this.tickMs = opts.tickMs ?? SIM_TICK_MS;
    const usagePeriod = opts.usagePeriodMs ?? USAGE_PERIOD_MS;
    this.usageBuckets = usagePeriod > 0 ? Math.max(1, Math.round(usagePeriod / this.tickMs)) : 0;
    this.initRandom = Random.derive(opts.seed, 1);
    this.churnRandom = Random.derive(opts.seed, 2);
    this.commandRandom = Random.derive(opts.seed, 3);
    // Streams 4 and 5: the issue 13 modules draw from their own, so the units' events stay as before.
    this.videoReturn = new VideoReturnSim(this.clock, Random.derive(opts.seed, 4), () => this.list);
    const media = (opts.channels ?? []).flatMap((c) => (typeof c.mediaServerId === 'string' ? [{ id: c.id, mediaServerId: c.mediaServerId }] : []));
    this.files = new FileTransferSim(this.clock, Random.derive(opts.seed, 5), (id) => this.publishChannel(id), media);
    // Stream 6: the channels' own timers (a server's restart, log fetches).
    this.channels = new ChannelSimulator(this.bus, this.clock, Random.derive(opts.seed, 6), opts.channels ?? [], (id) => ({
      fileTransfer: this.files.fileTransferOf(id),
      broadcast: this.files.broadcastOf(id),
    }));
    // Stream 7: the servers' own draws (issue 12).
    this.servers = new ServerSimulator(this.bus, this.clock, Random.derive(opts.seed, 7), this.channels, opts.servers ?? []);
    const channelsByGroup = new Map<string, string[]>();
    for (const channel of opts.channels ?? []) {
      const ids = channelsByGroup.get(channel.groupId) ?? [];
      ids.push(channel.id);
      channelsByGroup.set(channel.groupId, ids);
    }
    for (const seed of opts.units) {
      const unit = this.create(seed);
      const ids = channelsByGroup.get(seed.groupId);
      if (ids !== undefined && ids.length > 0) unit.channelId = this.initRandom.pick(ids);
      if (unit.state === 'online') {
        // Some units are already at work when the server starts.
        const roll = this.initRandom.next();
        if (roll < 0.15) this.setStreaming(unit, true);
        else if (roll < 0.2) unit.applications = { store: {}, forward: {} };
      }
      this.syncChannel(unit, false);
    }
  }

  /** Announces every unit (unit.added) and channel (channel.status), then starts churn and usage pushes. */
  start(): void {
    if (this.tickHandle !== null) return;
    for (const unit of this.list) this.bus.publish('unit.added', unit.uid, addedData(unit));
    this.channels.announce();
    this.servers.start();
    this.tickHandle = this.clock.setInterval(() => this.tick(), this.tickMs);
  }

  /** The simulator's clock (other simulations, e.g. server upgrades, run on the same time). */
  get simClock(): SimClock {
    return this.clock;
  }

  /** Stops churn, usage pushes and every pending command phase. */
  stop(): void {
    if (this.tickHandle !== null) this.clock.clear(this.tickHandle);
    this.tickHandle = null;
    for (const unit of this.list) this.cancelFlows(unit);
    this.videoReturn.stop();
    this.files.stop();
    this.channels.stop();
    this.servers.stop();
  }

  unit(uid: string): SimUnit | undefined {
    return this.byUid.get(uid);
  }

  units(): Iterable<SimUnit> {
    return this.list;
  }

  /** The unit.added payload of a unit (the REST snapshot and the recorder use it). */
  snapshot(uid: string): ReturnType<typeof addedData> | undefined {
    const unit = this.byUid.get(uid);
    return unit === undefined ? undefined : addedData(unit);
  }

  /** Adds a unit (admin create, ad-hoc LU-Smart/Lite) and publishes unit.added. */
  addUnit(seed: UnitSeed): SimUnit {
    const existing = this.byUid.get(seed.uid);
    if (existing !== undefined) return existing;
    const unit = this.create(seed);
    this.bus.publish('unit.added', unit.uid, addedData(unit));
    return unit;
  }

  /** Removes a unit (admin delete, deregistration) and publishes unit.removed {uid}. */
  removeUnit(uid: string): boolean {
    const unit = this.byUid.get(uid);
    if (unit === undefined) return false;
    this.cancelFlows(unit);
    unit.state = 'offline';
    this.syncChannel(unit);
    this.byUid.delete(uid);
    const index = this.indexOf.get(uid) ?? -1;
    const last = this.list.pop();
    if (last !== undefined && last !== unit && index >= 0) {
      this.list[index] = last;
      this.indexOf.set(last.uid, index);
    }
    this.indexOf.delete(uid);
    this.usageActive.delete(uid);
    this.bus.publish('unit.removed', uid, { uid });
    return true;
  }

  /** Runs a command; answers at once, the unit then moves through its phases on the clock. */
  command(uid: string, command: SimCommand): CommandResult {
    const unit = this.byUid.get(uid);
    if (unit === undefined) return refuse('unknownUnit');
    const offline = isOfflineState(unit.state);
    const busy = isBusy(unit.applications) || unit.flow !== null;
    switch (command.type) {
      case 'startStream':
        if (offline || busy) return refuse('busyOrOffline');
        if (command.channelId !== undefined && command.channelId !== unit.channelId) {
          this.syncChannel(unit, true, null);
          unit.channelId = command.channelId;
          this.publishConfig(unit);
        }
        unit.flow = 'startStream';
        unit.video = { state: 'connecting', onAir: false };
        this.publishStatus(unit);
        this.after(unit, PHASE_MS.streamConnecting, () => {
          unit.flow = null;
          this.setStreaming(unit, true);
          this.publishStatus(unit);
        });
        return { ok: true };
      case 'stopStream': {
        const connecting = unit.flow === 'startStream';
        const streaming = unit.applications.video !== undefined && unit.video.state === 'streaming';
        if (!connecting && !streaming) return { ok: true }; // nothing to stop: idempotent
        this.cancelFlows(unit);
        unit.flow = 'stopStream';
        unit.video = { state: 'disconnecting', onAir: false };
        this.publishStatus(unit);
        this.after(unit, PHASE_MS.streamDisconnecting, () => {
          unit.flow = null;
          this.setStreaming(unit, false);
          this.publishStatus(unit);
        });
        return { ok: true };
      }
      case 'startStoreAndForward':
        if (offline || busy || unit.applications.store !== undefined) return refuse('busyOrOffline');
        unit.flow = 'storeAndForward';
        unit.applications.store = {};
        this.publishStatus(unit);
        this.after(unit, PHASE_MS.storeBeforeForward, () => {
          unit.flow = null;
          unit.applications.forward = {};
          this.publishStatus(unit);
          this.files.recordingForwarded({ uid: unit.uid, name: unit.seed.name, channelId: unit.channelId });
        });
        return { ok: true };
      case 'stopStoreAndForward': {
        if (unit.applications.store === undefined) return { ok: true };
        if (unit.flow === 'storeAndForward') this.cancelFlows(unit);
        delete unit.applications.store;
        if (unit.applications.forward !== undefined) {
          // Forward keeps uploading what was stored, then stops (status forwarding, then idle).
          unit.flow = 'forwardDrain';
          this.after(unit, PHASE_MS.forwardDrain, () => {
            unit.flow = null;
            delete unit.applications.forward;
            this.publishStatus(unit);
          });
        }
        this.publishStatus(unit);
        return { ok: true };
      }
      case 'upgrade':
        if (offline || busy) return refuse('busyOrOffline');
        this.upgrade(unit, command.targetVersion);
        return { ok: true };
      case 'fetchLogs':
        if (offline) return refuse('sendLogsOffline');
        if (busy) return refuse('sendLogsBusy');
        unit.flow = 'fetchLogs';
        this.logPhase(unit, 'connecting', PHASE_MS.logsConnecting, () =>
          this.logPhase(unit, 'collecting', PHASE_MS.logsCollecting, () =>
            this.logPhase(unit, 'stopping', PHASE_MS.logsStopping, () => this.endLogs(unit)),
          ),
        );
        return { ok: true };
      case 'cancelFetchLogs':
        if (unit.applications.fetchlogs === undefined) return { ok: true };
        this.cancelFlows(unit);
        unit.flow = 'fetchLogs';
        this.logPhase(unit, 'stopping', PHASE_MS.logsStopping, () => this.endLogs(unit));
        return { ok: true };
      case 'speedTest':
        if (offline || busy) return refuse('busyOrOffline');
        unit.flow = 'speedTest';
        unit.applications.video = { state: 'speedtest' };
        unit.video = { state: 'speedtest', onAir: false };
        this.publishStatus(unit);
        this.after(unit, PHASE_MS.speedTest, () => {
          unit.flow = null;
          this.bus.publish('unit.speedtest', unit.uid, this.speedTestResult(unit));
          delete unit.applications.video;
          unit.video = { state: 'idle', onAir: false };
          this.publishStatus(unit);
        });
        return { ok: true };
      case 'startDatabridge':
        if (offline || busy) return refuse('busyOrOffline');
        unit.flow = 'databridge';
        unit.applications.databridge = { state: 'connecting' };
        this.publishStatus(unit);
        this.after(unit, PHASE_MS.databridgeConnecting, () => {
          unit.flow = null;
          unit.applications.databridge = { state: 'connected' };
          this.publishStatus(unit);
        });
        return { ok: true };
      case 'stopDatabridge':
        if (unit.applications.databridge === undefined) return { ok: true };
        if (unit.flow === 'databridge') this.cancelFlows(unit);
        delete unit.applications.databridge;
        this.publishStatus(unit);
        return { ok: true };
      case 'startIntercom': {
        if (offline) return refuse('busyOrOffline');
        const { slot } = command;
        unit.intercom[slot] = { mode: command.mode, destinationAccount: command.destinationAccount, state: 'connecting' };
        this.publishStatus(unit);
        this.after(unit, PHASE_MS.intercomConnecting, () => {
          const session = unit.intercom[slot];
          if (session === undefined || session.state !== 'connecting') return;
          session.state = 'connected';
          this.publishStatus(unit);
        });
        return { ok: true };
      }
      case 'stopIntercom':
        if (unit.intercom[command.slot] === undefined) return { ok: true };
        delete unit.intercom[command.slot];
        this.publishStatus(unit);
        return { ok: true };
      case 'reboot':
        if (offline) return refuse('busyOrOffline');
        this.cancelFlows(unit);
        unit.flow = 'reboot';
        this.after(unit, PHASE_MS.rebootGoingDown, () => {
          this.goOffline(unit);
          this.after(unit, PHASE_MS.rebootOffline, () => {
            unit.flow = null;
            this.goOnline(unit);
          });
        });
        return { ok: true };
      case 'setDelay':
        if (!Number.isFinite(command.delayMs) || command.delayMs <= 0) {
          return { ok: false, status: BAD_REQUEST, message: MESSAGES.invalidField };
        }
        if (offline) return refuse('busyOrOffline');
        this.after(unit, PHASE_MS.settingApplied, () => {
          unit.delay = command.delayMs;
          this.publishConfig(unit);
        });
        return { ok: true };
      case 'setChannel':
        if (offline || isBusy(unit.applications)) return refuse('busyOrOffline');
        this.after(unit, PHASE_MS.settingApplied, () => {
          this.syncChannel(unit, true, null);
          unit.channelId = command.channelId;
          this.syncChannel(unit);
          this.publishConfig(unit);
        });
        return { ok: true };
      case 'setCapping':
        if (offline) return refuse('busyOrOffline');
        if (busy) return refuse('cappingBusy');
        if (!cellularWithinTotal(command.cellularKbps, command.totalKbps)) return refuse('cappingCellularAboveTotal');
        this.after(unit, PHASE_MS.settingApplied, () => {
          unit.capping = { totalKbps: command.totalKbps, cellularKbps: command.cellularKbps };
          this.publishConfig(unit);
        });
        return { ok: true };
      case 'setLinkEnabled': {
        const link = unit.links.find((l) => l.port === command.port);
        if (link === undefined) return { ok: false, status: NOT_FOUND, message: `Interface '${command.port.slice(0, 64)}' not found` };
        if (link.enabled === command.enabled) return { ok: true };
        link.enabled = command.enabled;
        if (!command.enabled) {
          link.uplinkKbps = 0;
          link.downlinkKbps = 0;
        }
        this.bus.publish('unit.usage', unit.uid, usageData(unit));
        return { ok: true };
      }
      case 'startIpPipe':
        if (offline) return refuse('busyOrOffline');
        if (unit.applications.l2ControlPipe !== undefined) return { ok: true };
        this.connectApplication(unit, 'l2ControlPipe', 'connected', PHASE_MS.ipPipeConnecting);
        return { ok: true };
      case 'stopIpPipe':
        return this.stopApplication(unit, 'l2ControlPipe');
      case 'startVideoReturn':
        if (offline) return refuse('busyOrOffline');
        this.connectApplication(unit, 'videoReturn', 'collecting', PHASE_MS.videoReturnConnecting, { channelId: command.channelId });
        return { ok: true };
      case 'stopVideoReturn':
        return this.stopApplication(unit, 'videoReturn');
      case 'startMultiCamera':
        if (offline || busy) return refuse('busyOrOffline');
        this.connectApplication(unit, command.mode === 'highQuality' ? 'multiCamera' : command.mode, 'streaming', PHASE_MS.multiCameraConnecting);
        return { ok: true };
      case 'stopMultiCamera':
        for (const name of ['multiCamera', 'switcher', 'switcherAndProxy'] as const) {
          if (unit.applications[name] !== undefined) {
            if (unit.flow === `app:${name}`) this.cancelFlows(unit);
            delete unit.applications[name];
          }
        }
        this.publishStatus(unit);
        return { ok: true };
      case 'startSocial': {
        if (offline) return refuse('busyOrOffline');
        const providers = this.social.get(unit.uid) ?? new Set<string>();
        if (providers.has(command.provider)) return { ok: false, status: CONFLICT, message: ERRORS.social.alreadyStreamingToProvider };
        providers.add(command.provider);
        this.social.set(unit.uid, providers);
        this.bus.publish('social.status', unit.uid, { status: 'UNPUBLISHED', provider: command.provider });
        this.after(unit, PHASE_MS.socialPreview, () => {
          if (this.social.get(unit.uid)?.has(command.provider) !== true) return;
          this.bus.publish('social.status', unit.uid, { status: 'LIVE', provider: command.provider });
        });
        return { ok: true };
      }
      case 'stopSocial': {
        const providers = this.social.get(unit.uid);
        if (providers === undefined || !providers.delete(command.provider)) return { ok: true };
        this.bus.publish('social.status', unit.uid, { status: 'UNPUBLISHED', provider: command.provider });
        return { ok: true };
      }
      default:
        return assertNever(command, 'simulator command');
    }
  }

  /** The live status of a channel (channel.status data), or undefined for an unknown channel. */
  channelStatus(id: string): ChannelStatusData | undefined {
    return this.channels.status(id);
  }

  /** The intercom sessions of the online units now (an audio room is in use while one talks in it). */
  intercomSessions(): { mode: string; destinationAccount: string }[] {
    return this.list.flatMap((unit) => (unit.state === 'online' ? Object.values(unit.intercom).flatMap((s) => (s === undefined ? [] : [{ mode: s.mode, destinationAccount: s.destinationAccount }])) : []));
  }

  /** True unless the media server is down (every server is up until the servers issue adds their churn). */
  serverOnline(serverId: string): boolean {
    return this.channels.serverOnline(serverId);
  }

  /** A media server goes down (its channels go offline) or comes back (unavailable, then idle or in use). */
  setServerOnline(serverId: string, online: boolean): void {
    this.channels.setServerOnline(serverId, online);
    this.servers.onlineChanged(serverId);
  }

  /** Providers a unit streams to (social media, CDN). */
  socialProviders(uid: string): string[] {
    return [...(this.social.get(uid) ?? [])].sort();
  }

  // ----------------------------------------------------------------------------------------------
  // Command phases

  /** An application that connects, then runs (IP pipe, video return, multi camera). */
  private connectApplication(
    unit: SimUnit,
    name: 'l2ControlPipe' | 'videoReturn' | 'multiCamera' | 'switcher' | 'switcherAndProxy',
    runningState: string,
    range: readonly [number, number],
    extra: Record<string, unknown> = {},
  ): void {
    unit.applications[name] = { state: 'connecting', ...extra };
    if (name === 'multiCamera' || name === 'switcher' || name === 'switcherAndProxy') unit.flow = `app:${name}`;
    this.publishStatus(unit);
    this.after(unit, range, () => {
      const app = unit.applications[name];
      if (app === undefined) return;
      if (unit.flow === `app:${name}`) unit.flow = null;
      unit.applications[name] = { ...app, state: runningState };
      this.publishStatus(unit);
    });
  }

  private stopApplication(unit: SimUnit, name: 'l2ControlPipe' | 'videoReturn'): CommandResult {
    if (unit.applications[name] === undefined) return { ok: true };
    delete unit.applications[name];
    this.publishStatus(unit);
    return { ok: true };
  }

  private upgrade(unit: SimUnit, targetVersion: string): void {
    unit.flow = 'upgrade';
    unit.lastUpgrade = { state: 'upgrading', targetVersion };
    const step = (progress: number): void => {
      unit.applications.upgrade = { state: 'upgrading', progress };
      this.publishStatus(unit);
      this.after(unit, PHASE_MS.upgradeStep, () => {
        if (progress < 75) {
          step(progress + 25);
          return;
        }
        delete unit.applications.upgrade;
        if (this.commandRandom.chance(UPGRADE_FAILURE_RATE)) {
          const unitCodes = UPGRADE_ERROR_CODES.filter((entry) => entry.side === 'unit');
          const { code } = this.commandRandom.pick(unitCodes);
          unit.lastUpgrade = { state: 'failed', targetVersion, code, message: upgradeErrorMessage(code) };
          unit.flow = null;
          this.publishStatus(unit);
          return;
        }
        unit.lastUpgrade = { state: 'succeeded', targetVersion };
        unit.swVersion = targetVersion;
        this.publishConfig(unit);
        this.goOffline(unit); // the unit restarts on the new version
        this.after(unit, PHASE_MS.upgradeRestart, () => {
          unit.flow = null;
          this.goOnline(unit);
        });
      });
    };
    step(0);
  }

  private logPhase(unit: SimUnit, phase: 'connecting' | 'collecting' | 'stopping', range: readonly [number, number], next: () => void): void {
    unit.applications.fetchlogs = { state: phase };
    this.publishStatus(unit);
    this.after(unit, range, next);
  }

  private endLogs(unit: SimUnit): void {
    unit.flow = null;
    delete unit.applications.fetchlogs;
    this.publishStatus(unit);
  }

  private speedTestResult(unit: SimUnit) {
    const links = unit.links
      .filter((l) => l.connected && l.enabled)
      .map((l) => ({
        port: l.port,
        type: l.type,
        uplinkKbps: this.commandRandom.int(l.type === 'lan' ? 20_000 : 1_000, l.type === 'lan' ? 90_000 : 25_000),
        downlinkKbps: this.commandRandom.int(2_000, 80_000),
      }));
    return {
      state: 'done' as const,
      uplinkKbps: links.reduce((s, l) => s + l.uplinkKbps, 0),
      downlinkKbps: links.reduce((s, l) => s + l.downlinkKbps, 0),
      latencyMs: this.commandRandom.int(20, 250),
      links,
    };
  }

  // ----------------------------------------------------------------------------------------------
  // State changes shared by commands and churn

  private create(seed: UnitSeed): SimUnit {
    const unit = makeSimUnit(seed, this.initRandom);
    if (unit.state === 'online') unit.onlineSince = this.clock.now();
    this.byUid.set(unit.uid, unit);
    this.indexOf.set(unit.uid, this.list.length);
    this.list.push(unit);
    return unit;
  }

  private setStreaming(unit: SimUnit, on: boolean): void {
    if (on) {
      unit.applications.video = { state: 'streaming' };
      unit.video = { state: 'streaming', onAir: true };
    } else {
      delete unit.applications.video;
      unit.video = { state: 'idle', onAir: false };
    }
  }

  private goOffline(unit: SimUnit): void {
    this.social.delete(unit.uid);
    unit.state = 'offline';
    unit.applications = {};
    unit.video = { state: 'idle', onAir: false };
    unit.intercom = {};
    unit.onlineSince = null;
    for (const link of unit.links) {
      link.uplinkKbps = 0;
      link.downlinkKbps = 0;
    }
    this.publishStatus(unit);
  }

  private goOnline(unit: SimUnit): void {
    unit.state = 'online';
    unit.onlineSince = this.clock.now();
    this.publishStatus(unit);
  }

  private after(unit: SimUnit, [min, max]: readonly [number, number], fn: () => void): void {
    const handle = this.clock.setTimeout(() => {
      unit.timers.delete(handle);
      if (this.byUid.get(unit.uid) !== unit) return; // removed meanwhile
      fn();
    }, this.commandRandom.int(min, max));
    unit.timers.add(handle);
  }

  private cancelFlows(unit: SimUnit): void {
    for (const handle of unit.timers) this.clock.clear(handle);
    unit.timers.clear();
    unit.flow = null;
  }

  private publishStatus(unit: SimUnit): void {
    this.bus.publish('unit.status', unit.uid, statusData(unit));
    this.syncChannel(unit);
  }

  private publishConfig(unit: SimUnit): void {
    this.bus.publish('unit.config', unit.uid, configData(unit));
  }

  /** Publishes a channel's status again when it changed (a file transfer step, a broadcast). */
  publishChannel(id: string): void {
    this.channels.refresh(id);
  }

  /**
   * Keeps the unit's channel in step with the unit (spec 001 §4: a channel collects while a unit
   * streams to it, connects while it connects) and publishes channel.status when it changed.
   * `leave` null: the unit leaves its current channel (before it switches channel or goes away).
   */
  private syncChannel(unit: SimUnit, publish = true, leave: null | undefined = undefined): void {
    const id = unit.channelId;
    if (id === null) return;
    const usage =
      leave === null || unit.state !== 'online'
        ? undefined
        : unit.video.state === 'connecting'
          ? 'connecting'
          : unit.video.state === 'streaming'
            ? 'streaming'
            : undefined;
    this.channels.setUse(id, unit.uid, usage, publish);
  }

  // ----------------------------------------------------------------------------------------------
  // Background churn and usage

  private tick(): void {
    this.ticks += 1;
    this.budget += (this.rate * this.tickMs) / 1000;
    const count = Math.floor(this.budget);
    this.budget -= count;
    for (let i = 0; i < count; i += 1) this.churnOne();
    this.pushUsage();
  }

  /** One background change: exactly one unit, at least one event. Units in a command flow are left alone. */
  private churnOne(): void {
    if (this.list.length === 0) return;
    const random = this.churnRandom;
    let unit: SimUnit | undefined;
    for (let tries = 0; tries < 4 && unit === undefined; tries += 1) {
      const candidate = this.list[random.int(0, this.list.length - 1)];
      if (candidate !== undefined && candidate.flow === null) unit = candidate;
    }
    if (unit === undefined) return;
    if (unit.state === 'offline') {
      this.goOnline(unit);
      return;
    }
    const action = random.weighted([
      ['offline', 10],
      ['stream', 30],
      ['storeForward', 10],
      ['battery', unit.battery === null ? 0 : 25],
      ['camera', unit.cameraConnected === null ? 0 : 5],
      ['link', 20],
    ] as const);
    switch (action) {
      case 'offline':
        this.syncChannel(unit, true, null);
        this.goOffline(unit);
        return;
      case 'stream': {
        const streaming = unit.applications.video !== undefined;
        if (!streaming && isBusy(unit.applications)) {
          this.churnLink(unit);
          return;
        }
        this.setStreaming(unit, !streaming);
        this.publishStatus(unit);
        return;
      }
      case 'storeForward': {
        // The store-and-forward cycle: store → store + forward → forward (uploading the rest) → none.
        const apps = unit.applications;
        if (apps.store !== undefined && apps.forward !== undefined) delete apps.store;
        else if (apps.forward !== undefined) delete apps.forward;
        else if (apps.store !== undefined) apps.forward = {};
        else if (!isBusy(apps)) apps.store = {};
        this.publishStatus(unit);
        // What was stored now travels to the channel's media server (fileTransfers.ts).
        if (apps.store !== undefined && apps.forward !== undefined) this.files.recordingForwarded({ uid: unit.uid, name: unit.seed.name, channelId: unit.channelId });
        return;
      }
      case 'battery':
        this.churnBattery(unit);
        return;
      case 'camera':
        unit.cameraConnected = unit.cameraConnected !== true;
        this.publishStatus(unit);
        this.setAlert(unit, 'cameraDisconnected', !unit.cameraConnected);
        return;
      case 'link':
        this.churnLink(unit);
        return;
      default:
        assertNever(action, 'churn action');
    }
  }

  private churnBattery(unit: SimUnit): void {
    const battery = unit.battery;
    if (battery === null) return;
    const random = this.churnRandom;
    if (random.chance(0.1)) battery.charging = !battery.charging;
    battery.percentage = Math.min(100, Math.max(1, battery.percentage + (battery.charging ? random.int(1, 4) : -random.int(1, 4))));
    this.publishStatus(unit);
    this.setAlert(unit, 'battery', battery.percentage < BATTERY_ALERT_THRESHOLD_PCT && !battery.charging);
  }

  private churnLink(unit: SimUnit): void {
    const random = this.churnRandom;
    const link = unit.links[random.int(0, unit.links.length - 1)];
    if (link !== undefined) {
      if (random.chance(0.3)) link.connected = !link.connected;
      if (link.type !== 'lan') link.signal = Math.min(100, Math.max(0, link.signal + random.int(-15, 15)));
      if (link.type === 'cell' && random.chance(0.05)) link.roaming = !link.roaming;
      if (link.type === 'cell' && random.chance(0.02)) link.sim = link.sim === 'A' ? 'B' : 'A';
    }
    this.fillBitrates(unit, random);
    this.bus.publish('unit.usage', unit.uid, usageData(unit));
  }

  /**
   * Raises or clears an alert; publishes unit.alert only when its active flag changes. The data is
   * the unit's whole alert list (docs/protocol.md), so applying an event twice is harmless and a
   * cleared alert is simply absent.
   */
  private setAlert(unit: SimUnit, type: AlertType, active: boolean): void {
    const current = unit.alerts.get(type);
    if ((current?.active ?? false) === active) return;
    const alert = alertFor(unit, type, active);
    if (active) unit.alerts.set(type, alert);
    else unit.alerts.delete(type);
    this.bus.publish('unit.alert', unit.uid, { alerts: [...unit.alerts.values()].map((a) => ({ ...a })) });
  }

  /** Streaming units spread 2-12 Mbps over their connected links by signal; idle links carry control traffic. */
  private fillBitrates(unit: SimUnit, random: Random): void {
    const live = unit.links.filter((l) => l.connected && l.enabled && unit.state === 'online');
    const active = transmitting(unit);
    const total = active ? random.int(2_000, 12_000) : 0;
    const weight = live.reduce((s, l) => s + Math.max(1, l.signal), 0);
    for (const link of unit.links) {
      if (!live.includes(link)) {
        link.uplinkKbps = 0;
        link.downlinkKbps = 0;
        continue;
      }
      link.uplinkKbps = active ? Math.round((total * Math.max(1, link.signal)) / weight) : random.int(5, 60);
      link.downlinkKbps = random.int(5, active ? 400 : 80);
    }
  }

  /**
   * Usage pushes: every transmitting unit once per USAGE_PERIOD_MS, spread over the ticks (a unit's
   * bucket is its index modulo the ticks per period), plus one last push after it stops
   * transmitting so graphs drop to idle.
   */
  private pushUsage(): void {
    if (this.usageBuckets === 0) return;
    const bucket = this.ticks % this.usageBuckets;
    for (let i = bucket; i < this.list.length; i += this.usageBuckets) {
      const unit = this.list[i];
      if (unit === undefined) continue;
      const active = transmitting(unit);
      if (!active && !this.usageActive.has(unit.uid)) continue;
      if (active) this.usageActive.add(unit.uid);
      else this.usageActive.delete(unit.uid);
      this.fillBitrates(unit, this.churnRandom);
      this.bus.publish('unit.usage', unit.uid, usageData(unit));
    }
  }
}
