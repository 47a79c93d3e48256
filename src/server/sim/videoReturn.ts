/**
 * Video return channels in the simulator (spec 001 §3 status, uptime, inputStandard,
 * inputParameters, connected units; §4 states connecting, collecting, idle, offline, input
 * connected). The stored channel (its server and input) is the REST layer's; this module keeps
 * only what is live, in memory, and moves it on the simulator's clock:
 *
 *   no video return server ............................. offline
 *   input disabled ...................................... idle
 *   SDI or SRT input configured ......................... connecting, then input connected
 *                                                         after PHASE_MS.videoReturnConnecting
 *   input connected and ≥ 1 unit receiving it ........... collecting
 *
 * A channel first seen with an input is taken as already up (the server was running before the
 * simulator started): input connected at once, up for 1-48 h. Units receive a channel through
 * their `videoReturn` application (FleetSimulator command startVideoReturn), whose `channelId` and
 * state (connecting, then collecting) this module reads; it never changes a unit.
 *
 * Deterministic: its own random stream and the simulator's clock.
 */
import type { SimClock, TimerHandle } from './clock.ts';
import type { Random } from './random.ts';
import { PHASE_MS } from './commands.ts';
import type { SimUnit } from './unit.ts';
import type { SrtMode, VrInputType, VrState } from '../../domain/videoReturn.ts';

/** What the simulator needs of a stored channel: where it runs and what feeds it. */
export interface VrChannelSetup {
  readonly id: string;
  /** The video return server; null: none, the channel is offline. */
  readonly serverId: string | null;
  readonly inputType: VrInputType;
  readonly srtMode: SrtMode | null;
  readonly url: string;
  readonly destinationPort: number | null;
}

/** The input signal's facts while connected (spec 001 §3 inputParameters; the fields are ours). */
export interface VrInputParameters {
  /** kbps */
  readonly bitrateKbps: number;
  readonly codec: 'H.264' | 'HEVC';
  /** SRT round trip (ms); null for SDI. */
  readonly latencyMs: number | null;
  readonly audioChannels: number;
}

/** A unit receiving a channel (spec 001 §3 p2MPStreamingStatuses): connecting, then connected. */
export interface VrReceiver {
  readonly uid: string;
  readonly name: string;
  readonly state: 'connecting' | 'connected';
}

export interface VrLiveState {
  readonly state: VrState;
  /** Seconds since the channel came up (not offline); null while offline. */
  readonly uptimeS: number | null;
  /** The connected input's standard (one of spec 000 §9's resolutions); null without input. */
  readonly inputStandard: string | null;
  readonly inputParameters: VrInputParameters | null;
  readonly receivers: readonly VrReceiver[];
}

/** Resolutions an input arrives in (spec 000 §9 resolution options). */
const INPUT_STANDARDS = ['1080p50', '1080p60', '1080i50', '1080i60', '720p50', '720p60'] as const;
const HOUR_MS = 3_600_000;

interface Channel {
  setup: VrChannelSetup;
  /** The state before receivers are counted: offline, idle, connecting or inputConnected. */
  base: 'offline' | 'idle' | 'connecting' | 'inputConnected';
  upSince: number | null;
  inputStandard: string | null;
  inputParameters: VrInputParameters | null;
  timer: TimerHandle | null;
}

/** True when the setups differ in what feeds the channel (a description change keeps it running). */
function feedChanged(a: VrChannelSetup, b: VrChannelSetup): boolean {
  return a.serverId !== b.serverId || a.inputType !== b.inputType || a.srtMode !== b.srtMode || a.url !== b.url || a.destinationPort !== b.destinationPort;
}

export class VideoReturnSim {
  private readonly channels = new Map<string, Channel>();

  constructor(
    private readonly clock: SimClock,
    private readonly random: Random,
    /** The fleet's units (their videoReturn applications say who receives what). */
    private readonly units: () => Iterable<SimUnit>,
  ) {}

  /**
   * The channel's live state. A channel seen for the first time starts as it would have been
   * running (see above); a changed feed (server, input, SRT settings) starts over: offline, idle,
   * or connecting then input connected.
   */
  observe(setup: VrChannelSetup, receivers: ReadonlyMap<string, VrReceiver[]> = this.receivers()): VrLiveState {
    let channel = this.channels.get(setup.id);
    if (channel === undefined) {
      channel = this.start(setup, true);
      this.channels.set(setup.id, channel);
    } else if (feedChanged(channel.setup, setup)) {
      this.stopTimer(channel);
      channel = this.start(setup, false);
      this.channels.set(setup.id, channel);
    } else {
      channel.setup = setup;
    }
    return this.view(channel, receivers.get(setup.id) ?? []);
  }

  /** Forgets a deleted channel (its pending phase is cancelled). */
  forget(id: string): void {
    const channel = this.channels.get(id);
    if (channel !== undefined) this.stopTimer(channel);
    this.channels.delete(id);
  }

  /** Every unit receiving video return, by channel (one pass over the fleet). */
  receivers(): Map<string, VrReceiver[]> {
    const byChannel = new Map<string, VrReceiver[]>();
    for (const unit of this.units()) {
      const app = unit.applications.videoReturn as { state?: unknown; channelId?: unknown } | undefined;
      if (app === undefined || unit.state !== 'online' || typeof app.channelId !== 'string') continue;
      const list = byChannel.get(app.channelId) ?? [];
      list.push({ uid: unit.uid, name: unit.seed.name, state: app.state === 'connecting' ? 'connecting' : 'connected' });
      byChannel.set(app.channelId, list);
    }
    for (const list of byChannel.values()) list.sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid));
    return byChannel;
  }

  /** Cancels every pending phase (the simulator stops). */
  stop(): void {
    for (const channel of this.channels.values()) this.stopTimer(channel);
  }

  private start(setup: VrChannelSetup, alreadyRunning: boolean): Channel {
    const now = this.clock.now();
    if (setup.serverId === null) return { setup, base: 'offline', upSince: null, inputStandard: null, inputParameters: null, timer: null };
    const upSince = alreadyRunning ? now - this.random.int(1, 48) * HOUR_MS : now;
    if (setup.inputType === 'disabled') return { setup, base: 'idle', upSince, inputStandard: null, inputParameters: null, timer: null };
    if (alreadyRunning) return { setup, base: 'inputConnected', upSince, ...this.signal(setup), timer: null };
    const channel: Channel = { setup, base: 'connecting', upSince, inputStandard: null, inputParameters: null, timer: null };
    const [min, max] = PHASE_MS.videoReturnConnecting;
    channel.timer = this.clock.setTimeout(() => {
      channel.timer = null;
      if (this.channels.get(setup.id) !== channel) return; // reconfigured or deleted meanwhile
      channel.base = 'inputConnected';
      Object.assign(channel, this.signal(setup));
    }, this.random.int(min, max));
    return channel;
  }

  private signal(setup: VrChannelSetup): Pick<Channel, 'inputStandard' | 'inputParameters'> {
    return {
      inputStandard: this.random.pick(INPUT_STANDARDS),
      inputParameters: {
        bitrateKbps: this.random.int(4, 20) * 1000,
        codec: this.random.chance(0.5) ? 'HEVC' : 'H.264',
        latencyMs: setup.inputType === 'srt' ? this.random.int(40, 400) : null,
        audioChannels: this.random.pick([2, 4, 8]),
      },
    };
  }

  private view(channel: Channel, receivers: readonly VrReceiver[]): VrLiveState {
    const state: VrState = channel.base === 'inputConnected' && receivers.length > 0 ? 'collecting' : channel.base;
    return {
      state,
      uptimeS: channel.upSince === null ? null : Math.max(0, Math.floor((this.clock.now() - channel.upSince) / 1000)),
      inputStandard: channel.inputStandard,
      inputParameters: channel.inputParameters,
      receivers,
    };
  }

  private stopTimer(channel: Channel): void {
    if (channel.timer !== null) this.clock.clear(channel.timer);
    channel.timer = null;
  }
}
