/**
 * The fleet as a port (issue 18, docs/architecture.md "The fleet port"): exactly what route code
 * (src/server/areas/**) and app.ts use of the FleetSimulator and of its sub-simulators.
 *
 * Two implementations:
 * - LocalFleet (local.ts): the simulator in this process (the embedded default, and the fleet owner).
 * - RemoteFleet (rpc.ts): a front that is not the owner; reads come from a FleetMirror kept from the
 *   bus's events, everything else is a NATS request to the owner.
 *
 * Rule of the type: a member that changes the fleet, or whose answer only the owner knows (it is
 * not in any event), returns a Promise, so TypeScript finds every call site and each one awaits.
 * Synchronous members are answered from state every event carries (the mirror can keep them).
 */
import type { SimClock } from '../sim/clock.ts';
import type { CommandResult, SimCommand } from '../sim/commands.ts';
import type { ChannelStatusData, LogsRefusal, SimChannel } from '../sim/channels.ts';
import type { Broadcast, FileTransfer, TransferRecord } from '../sim/fileTransfers.ts';
import type { ServerServicesData, ServerStatusData, SimServer } from '../sim/servers.ts';
import type { UnitSeed } from '../sim/seeds.ts';
import type { SimUnit, UnitAddedData } from '../sim/unit.ts';
import type { VrChannelSetup, VrLiveState, VrReceiver } from '../sim/videoReturn.ts';

/**
 * A unit's live state as routes read it: the fields every unit event carries (unit.added, then
 * unit.status / unit.config / unit.usage / unit.alert). `name` is the unit's name in the fleet
 * (unit.added). The simulator's own SimUnit has these and more (its seed, flow, timers).
 */
export type LiveUnit = Readonly<
  Pick<
    SimUnit,
    'uid' | 'state' | 'applications' | 'video' | 'links' | 'battery' | 'cameraConnected' | 'alerts' | 'intercom' | 'delay' | 'channelId' | 'swVersion' | 'capping' | 'lastUpgrade' | 'onlineSince'
  >
>;

/** The intercom session of an online unit (an audio room is in use while one talks in it). */
export interface IntercomSessionView {
  mode: string;
  destinationAccount: string;
}

export type StartLogsResult = { ok: true } | { ok: false; reason: LogsRefusal };

/** The media servers' channels (ChannelSimulator). */
export interface ChannelsPort {
  /** Mirrored: the last channel.status. */
  status(id: string): ChannelStatusData | undefined;
  add(channel: SimChannel): Promise<void>;
  remove(id: string): Promise<void>;
  startLogs(channelId: string): Promise<StartLogsResult>;
  stopLogs(channelId: string): Promise<void>;
}

/** Files coming back to media servers and stored files broadcast (FileTransferSim): none of it is in an event whole. */
export interface FilesPort {
  /** The transfer records since the last drain (destructive: only the owner's background drain calls it). */
  drain(): Promise<TransferRecord[]>;
  transfers(): Promise<FileTransfer[]>;
  broadcastOf(channelId: string): Promise<Broadcast | undefined>;
  startBroadcast(channelId: string, broadcast: Omit<Broadcast, 'since'>): Promise<Broadcast>;
  stopBroadcast(channelId: string): Promise<boolean>;
}

/** Video return channels' live state (VideoReturnSim). */
export interface VideoReturnPort {
  /** Mirrored: derived from the units' videoReturn applications (unit.status). */
  receivers(): Map<string, VrReceiver[]>;
  /** The channel's live state; the first look starts the channel's simulation (owner state). */
  observe(setup: VrChannelSetup, receivers?: ReadonlyMap<string, VrReceiver[]>): Promise<VrLiveState>;
  forget(id: string): Promise<void>;
}

/** The media servers' live state (ServerSimulator). */
export interface ServersPort {
  /** Mirrored: a server.status was seen. */
  has(id: string): boolean;
  /** Mirrored: the last server.status. */
  status(id: string): ServerStatusData | undefined;
  add(setup: SimServer, announce?: boolean): Promise<void>;
  setVersion(id: string, swVersion: string): Promise<void>;
  remove(id: string): Promise<void>;
  restart(id: string): Promise<boolean>;
  refreshServices(id: string): Promise<ServerServicesData | undefined>;
}

export interface FleetPort {
  // Mirrored reads (synchronous).
  unit(uid: string): LiveUnit | undefined;
  units(): Iterable<LiveUnit>;
  /** The unit.added payload of a unit as it is now (the REST snapshot). */
  snapshot(uid: string): UnitAddedData | undefined;
  channelStatus(id: string): ChannelStatusData | undefined;
  intercomSessions(): IntercomSessionView[];
  serverOnline(serverId: string): boolean;
  /** The clock the fleet runs on (the upgrade runner's server upgrades; real time on a front). */
  readonly simClock: SimClock;

  // Commands and owner-only answers (Promises).
  addUnit(seed: UnitSeed): Promise<void>;
  removeUnit(uid: string): Promise<boolean>;
  command(uid: string, command: SimCommand): Promise<CommandResult>;
  /** True while a command flow runs on the unit (SimUnit.flow: in no event, so asked of the owner). */
  commandInProgress(uid: string): Promise<boolean>;
  /** Providers a unit streams to (social.status does not tell a start from a stop: asked of the owner). */
  socialProviders(uid: string): Promise<string[]>;

  readonly channels: ChannelsPort;
  readonly files: FilesPort;
  readonly videoReturn: VideoReturnPort;
  readonly servers: ServersPort;
}
