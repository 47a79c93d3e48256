/**
 * The fleet port over the simulator of this process (the embedded default, and the fleet owner):
 * reads go straight to the simulator, commands run at once and resolve with their answer.
 */
import type { FleetSimulator } from '../sim/fleet.ts';
import type { SimClock } from '../sim/clock.ts';
import type { ChannelsPort, FilesPort, FleetPort, IntercomSessionView, LiveUnit, ServersPort, VideoReturnPort } from './port.ts';
import type { CommandResult, SimCommand } from '../sim/commands.ts';
import type { ChannelStatusData } from '../sim/channels.ts';
import type { UnitSeed } from '../sim/seeds.ts';
import type { UnitAddedData } from '../sim/unit.ts';

export class LocalFleet implements FleetPort {
  readonly channels: ChannelsPort;
  readonly files: FilesPort;
  readonly videoReturn: VideoReturnPort;
  readonly servers: ServersPort;

  constructor(readonly sim: FleetSimulator) {
    const { channels, files, videoReturn, servers } = sim;
    this.channels = {
      status: (id) => channels.status(id),
      add: async (channel) => channels.add(channel),
      remove: async (id) => channels.remove(id),
      startLogs: async (id) => channels.startLogs(id),
      stopLogs: async (id) => channels.stopLogs(id),
    };
    this.files = {
      drain: async () => files.drain(),
      transfers: async () => files.transfers(),
      broadcastOf: async (id) => files.broadcastOf(id),
      startBroadcast: async (id, broadcast) => files.startBroadcast(id, broadcast),
      stopBroadcast: async (id) => files.stopBroadcast(id),
    };
    this.videoReturn = {
      receivers: () => videoReturn.receivers(),
      observe: async (setup, receivers) => videoReturn.observe(setup, receivers),
      forget: async (id) => videoReturn.forget(id),
    };
    this.servers = {
      has: (id) => servers.has(id),
      status: (id) => servers.status(id),
      add: async (setup, announce) => servers.add(setup, announce),
      setVersion: async (id, version) => servers.setVersion(id, version),
      remove: async (id) => servers.remove(id),
      restart: async (id) => servers.restart(id),
      refreshServices: async (id) => servers.refreshServices(id),
    };
  }

  get simClock(): SimClock {
    return this.sim.simClock;
  }

  unit(uid: string): LiveUnit | undefined {
    return this.sim.unit(uid);
  }

  units(): Iterable<LiveUnit> {
    return this.sim.units();
  }

  snapshot(uid: string): UnitAddedData | undefined {
    return this.sim.snapshot(uid);
  }

  channelStatus(id: string): ChannelStatusData | undefined {
    return this.sim.channelStatus(id);
  }

  intercomSessions(): IntercomSessionView[] {
    return this.sim.intercomSessions();
  }

  serverOnline(serverId: string): boolean {
    return this.sim.serverOnline(serverId);
  }

  async addUnit(seed: UnitSeed): Promise<void> {
    this.sim.addUnit(seed);
  }

  async removeUnit(uid: string): Promise<boolean> {
    return this.sim.removeUnit(uid);
  }

  async command(uid: string, command: SimCommand): Promise<CommandResult> {
    return this.sim.command(uid, command);
  }

  async commandInProgress(uid: string): Promise<boolean> {
    return (this.sim.unit(uid)?.flow ?? null) !== null;
  }

  async socialProviders(uid: string): Promise<string[]> {
    return this.sim.socialProviders(uid);
  }
}
