/**
 * FleetMirror (issue 18, docs/architecture.md "The fleet port"): the fleet's live state as a front
 * that is not the owner sees it, kept from the bus's events and seeded by the owner's snapshot.
 * It answers the synchronous reads of FleetPort (port.ts); everything else is an RPC (rpc.ts).
 *
 * Events are applied by the protocol's rule (protocol.md): an event whose rev is not above the rev
 * already applied for its entity is ignored, and *.status / *.config data is the whole state of that
 * aspect, so applying an event again is harmless. unit.added replaces the whole unit. A rev that
 * jumps (more than +1 over a known rev) means events were missed: the mirror marks itself stale and
 * its owner (RemoteFleet) asks for a fresh snapshot.
 *
 * Payloads are the simulator's (src/server/sim/unit.ts, channels.ts, servers.ts; docs/protocol.md);
 * a payload of the wrong shape is counted in `malformed` and ignored, never thrown into the bus.
 */
import type { LiveEvent } from '../live/types.ts';
import type { ChannelStatusData } from '../sim/channels.ts';
import type { ServerStatusData } from '../sim/servers.ts';
import type { AlertType, SimAlert, SimBattery, SimLink, UnitAddedData } from '../sim/unit.ts';
import type { VrReceiver } from '../sim/videoReturn.ts';
import type { IntercomSessionView, LiveUnit } from './port.ts';
import { copyJson } from '../copyJson.ts';

/** The part of the bus (s1's LiveBus) the mirror and the RPC use; EventBus has it (seedRevs: StreamBus). */
export interface LiveBusLike {
  subscribe(listener: (event: LiveEvent) => void): () => void;
  seedRevs(entries: Iterable<readonly [string, number]>): void;
  revOf(id: string): number;
  lastSeq(): number;
}

/** What the mirror needs of the bus: its events (and, when the bus has it, a way to seed its revs). */
export type MirrorBus = Pick<LiveBusLike, 'subscribe'> & Partial<Pick<LiveBusLike, 'seedRevs'>>;

/** The owner's answer to luc.fleet.snapshot: the whole live state, its entities' revs and the bus's seq then. */
export interface FleetSnapshot {
  units: UnitAddedData[];
  channels: { id: string; status: ChannelStatusData }[];
  servers: ServerStatusData[];
  /** [entity id, rev] for every entity above: the rev the bus had given it when the snapshot was taken. */
  revs: [string, number][];
  /** The bus's last seq when the snapshot was taken. */
  lastSeq: number;
}

/** A mirrored unit: LiveUnit plus the identity unit.added gives (name, type, placement). */
interface MirrorUnit {
  uid: string;
  name: string;
  type: string;
  serial: string;
  groupId: string;
  inventoryId: string;
  lat: number;
  lng: number;
  state: LiveUnit['state'];
  applications: LiveUnit['applications'];
  video: LiveUnit['video'];
  links: SimLink[];
  battery: SimBattery | null;
  cameraConnected: boolean | null;
  alerts: Map<AlertType, SimAlert>;
  intercom: LiveUnit['intercom'];
  delay: number;
  channelId: string | null;
  swVersion: string;
  capping: LiveUnit['capping'];
  lastUpgrade: LiveUnit['lastUpgrade'];
  onlineSince: number | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): value is string => typeof value === 'string';
const num = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Thrown inside the mirror for a payload of the wrong shape (caught per event, counted). */
class Malformed extends Error {}
function need<T>(value: T | undefined | null | false, what: string): T {
  if (value === undefined || value === null || value === false) throw new Malformed(what);
  return value;
}

function alertsFrom(list: unknown): Map<AlertType, SimAlert> {
  const alerts = new Map<AlertType, SimAlert>();
  for (const alert of need(Array.isArray(list) && list, 'alerts must be a list')) {
    const a = need(isObject(alert) && alert, 'an alert must be an object');
    need(text(a['type']) && text(a['id']), 'an alert needs an id and a type');
    alerts.set(a['type'] as AlertType, { ...(a as unknown as SimAlert) });
  }
  return alerts;
}

function linksFrom(list: unknown): SimLink[] {
  return need(Array.isArray(list) && list, 'links must be a list').map((link) => ({ ...(need(isObject(link) && link, 'a link must be an object') as unknown as SimLink) }));
}

/** unit.status data (sim/unit.ts statusData: absent fields mean none). */
function applyStatus(unit: MirrorUnit, data: unknown): void {
  const d = need(isObject(data) && data, 'unit.status data must be an object');
  const state = need(d['state'] === 'online' || d['state'] === 'offline' ? d['state'] : undefined, 'unit.status state must be online or offline');
  unit.state = state;
  unit.applications = copyJson(need(isObject(d['applications']) && d['applications'], 'unit.status applications must be an object')) as MirrorUnit['applications'];
  unit.video = { ...(need(isObject(d['video']) && d['video'], 'unit.status video must be an object') as MirrorUnit['video']) };
  unit.intercom = isObject(d['intercom']) ? (copyJson(d['intercom']) as MirrorUnit['intercom']) : {};
  unit.battery = isObject(d['battery']) ? ({ ...d['battery'] } as unknown as SimBattery) : null;
  unit.cameraConnected = typeof d['cameraConnected'] === 'boolean' ? d['cameraConnected'] : null;
  unit.lastUpgrade = isObject(d['lastUpgrade']) ? ({ ...d['lastUpgrade'] } as unknown as MirrorUnit['lastUpgrade']) : null;
  unit.onlineSince = num(d['onlineSince']) ? d['onlineSince'] : null;
  // The simulator zeroes an offline unit's bitrates with its unit.status (sim/fleet.ts goOffline): no unit.usage follows.
  if (state === 'offline') for (const link of unit.links) Object.assign(link, { uplinkKbps: 0, downlinkKbps: 0 });
}

/** unit.config data (sim/unit.ts configData). */
function applyConfig(unit: MirrorUnit, data: unknown): void {
  const d = need(isObject(data) && data, 'unit.config data must be an object');
  unit.delay = need(num(d['delay']) ? d['delay'] : undefined, 'unit.config delay must be a number');
  need(d['channelId'] === null || text(d['channelId']), 'unit.config channelId must be a text or null');
  unit.channelId = d['channelId'] as string | null;
  unit.swVersion = need(text(d['swVersion']) ? d['swVersion'] : undefined, 'unit.config swVersion must be a text');
  unit.capping = { ...(need(isObject(d['capping']) && d['capping'], 'unit.config capping must be an object') as MirrorUnit['capping']) };
}

function unitFromAdded(data: unknown): MirrorUnit {
  const d = need(isObject(data) && data, 'unit.added data must be an object');
  const identity = ['uid', 'name', 'type', 'serial', 'groupId', 'inventoryId', 'swVersion'] as const;
  for (const key of identity) need(text(d[key]), `unit.added ${key} must be a text`);
  const unit: MirrorUnit = {
    uid: d['uid'] as string,
    name: d['name'] as string,
    type: d['type'] as string,
    serial: d['serial'] as string,
    groupId: d['groupId'] as string,
    inventoryId: d['inventoryId'] as string,
    lat: num(d['lat']) ? d['lat'] : 0,
    lng: num(d['lng']) ? d['lng'] : 0,
    state: 'offline',
    applications: {},
    video: { state: 'idle', onAir: false },
    links: linksFrom(d['links']),
    battery: null,
    cameraConnected: null,
    alerts: alertsFrom(d['alerts']),
    intercom: {},
    delay: 0,
    channelId: null,
    swVersion: d['swVersion'] as string,
    capping: { totalKbps: null, cellularKbps: null },
    lastUpgrade: null,
    onlineSince: null,
  };
  applyConfig(unit, d['config']);
  applyStatus(unit, d['status']);
  return unit;
}

export class FleetMirror {
  private readonly unitsByUid = new Map<string, MirrorUnit>();
  private readonly channels = new Map<string, ChannelStatusData>();
  private readonly servers = new Map<string, ServerStatusData>();
  private readonly revs = new Map<string, number>();
  /** Events of the wrong shape, ignored (since start). */
  malformed = 0;
  /** True once an entity's rev jumped: events were missed and a fresh snapshot is needed. */
  stale = false;
  /** The bus seq of the snapshot applied last (events at or below it are already in). */
  seededAt = 0;

  /** Replaces everything with the owner's snapshot. */
  seed(snapshot: FleetSnapshot): void {
    this.unitsByUid.clear();
    this.channels.clear();
    this.servers.clear();
    this.revs.clear();
    for (const data of snapshot.units) {
      const unit = unitFromAdded(data);
      this.unitsByUid.set(unit.uid, unit);
    }
    for (const { id, status } of snapshot.channels) this.channels.set(id, copyJson(status));
    for (const server of snapshot.servers) this.servers.set(server.deviceId, copyJson(server));
    for (const [id, rev] of snapshot.revs) this.revs.set(id, rev);
    this.seededAt = snapshot.lastSeq;
    this.stale = false;
  }

  /** Applies one bus event (see the header for the rules); never throws. */
  apply(event: LiveEvent): void {
    const known = this.revs.get(event.id) ?? 0;
    if (event.rev <= known) return;
    if (known > 0 && event.rev > known + 1) this.stale = true;
    this.revs.set(event.id, event.rev);
    try {
      this.applyData(event);
    } catch (error) {
      if (!(error instanceof Malformed)) throw error;
      this.malformed += 1;
    }
  }

  /** A channel's status as the owner answered it with a command (read-your-writes), unless an event already brought a later one. */
  applyChannel(id: string, rev: number, status: ChannelStatusData | undefined): void {
    if (rev <= (this.revs.get(id) ?? 0)) return;
    this.revs.set(id, rev);
    if (status === undefined) this.channels.delete(id);
    else this.channels.set(id, copyJson(status));
  }

  /** Forgets a channel or server this front removed (the simulator publishes no removal for them). */
  forgetChannel(id: string): void {
    this.channels.delete(id);
  }

  forgetServer(id: string): void {
    this.servers.delete(id);
  }

  private applyData(event: LiveEvent): void {
    switch (event.kind) {
      case 'unit.added': {
        const unit = unitFromAdded(event.data);
        this.unitsByUid.set(unit.uid, unit);
        return;
      }
      case 'unit.removed':
        this.unitsByUid.delete(event.id);
        return;
      case 'unit.status': {
        const unit = this.unitsByUid.get(event.id);
        if (unit !== undefined) applyStatus(unit, event.data);
        return;
      }
      case 'unit.config': {
        const unit = this.unitsByUid.get(event.id);
        if (unit !== undefined) applyConfig(unit, event.data);
        return;
      }
      case 'unit.usage': {
        const unit = this.unitsByUid.get(event.id);
        const d = need(isObject(event.data) && event.data, 'unit.usage data must be an object');
        if (unit !== undefined) unit.links = linksFrom(d['links']);
        return;
      }
      case 'unit.alert': {
        const unit = this.unitsByUid.get(event.id);
        const d = need(isObject(event.data) && event.data, 'unit.alert data must be an object');
        if (unit !== undefined) unit.alerts = alertsFrom(d['alerts']);
        return;
      }
      case 'channel.status': {
        const d = need(isObject(event.data) && event.data, 'channel.status data must be an object');
        need(text(d['status']) && Array.isArray(d['unitIds']), 'channel.status needs status and unitIds');
        this.channels.set(event.id, copyJson(d) as unknown as ChannelStatusData);
        return;
      }
      case 'server.status': {
        const d = need(isObject(event.data) && event.data, 'server.status data must be an object');
        need(text(d['state']), 'server.status needs a state');
        this.servers.set(event.id, copyJson({ ...d, deviceId: event.id }) as unknown as ServerStatusData);
        return;
      }
      default:
        // Other kinds (social.status, channel.config, unit.speedtest, camera.config) carry nothing the port reads.
        return;
    }
  }

  // ── The port's synchronous reads ──

  unit(uid: string): LiveUnit | undefined {
    return this.unitsByUid.get(uid);
  }

  units(): Iterable<LiveUnit> {
    return this.unitsByUid.values();
  }

  /** The unit.added payload of a unit as it is now (sim/unit.ts addedData). */
  snapshot(uid: string): UnitAddedData | undefined {
    const u = this.unitsByUid.get(uid);
    if (u === undefined) return undefined;
    const status: UnitAddedData['status'] = { state: u.state, applications: copyJson(u.applications), video: { ...u.video }, intercom: copyJson(u.intercom) };
    if (u.battery !== null) status.battery = { ...u.battery };
    if (u.cameraConnected !== null) status.cameraConnected = u.cameraConnected;
    if (u.lastUpgrade !== null) status.lastUpgrade = { ...u.lastUpgrade };
    if (u.onlineSince !== null) status.onlineSince = u.onlineSince;
    return {
      uid: u.uid,
      name: u.name,
      type: u.type,
      serial: u.serial,
      groupId: u.groupId,
      inventoryId: u.inventoryId,
      lat: u.lat,
      lng: u.lng,
      swVersion: u.swVersion,
      status,
      config: { delay: u.delay, channelId: u.channelId, swVersion: u.swVersion, capping: { ...u.capping } },
      links: u.links.map((l) => ({ ...l })),
      battery: u.battery === null ? null : { ...u.battery },
      alerts: [...u.alerts.values()].map((a) => ({ ...a })),
    };
  }

  channelStatus(id: string): ChannelStatusData | undefined {
    return this.channels.get(id);
  }

  /** The intercom sessions of the online units (as FleetSimulator.intercomSessions). */
  intercomSessions(): IntercomSessionView[] {
    const sessions: IntercomSessionView[] = [];
    for (const unit of this.unitsByUid.values()) {
      if (unit.state !== 'online') continue;
      for (const s of Object.values(unit.intercom)) if (s !== undefined) sessions.push({ mode: s.mode, destinationAccount: s.destinationAccount });
    }
    return sessions;
  }

  /**
   * A server is down when its last server.status says offline (the simulator's state is offline
   * exactly when its channels' server is down); a server that never reported is up, as in the simulator.
   */
  serverOnline(serverId: string): boolean {
    const server = this.servers.get(serverId);
    return server === undefined || server.state !== 'offline';
  }

  serverKnown(id: string): boolean {
    return this.servers.has(id);
  }

  serverStatus(id: string): ServerStatusData | undefined {
    return this.servers.get(id);
  }

  /** Every unit receiving video return, by channel (as VideoReturnSim.receivers: online units, sorted by name then uid). */
  receivers(): Map<string, VrReceiver[]> {
    const byChannel = new Map<string, VrReceiver[]>();
    for (const unit of this.unitsByUid.values()) {
      const app = unit.applications['videoReturn'] as { state?: unknown; channelId?: unknown } | undefined;
      if (app === undefined || unit.state !== 'online' || typeof app.channelId !== 'string') continue;
      const list = byChannel.get(app.channelId) ?? [];
      list.push({ uid: unit.uid, name: unit.name, state: app.state === 'connecting' ? 'connecting' : 'connected' });
      byChannel.set(app.channelId, list);
    }
    for (const list of byChannel.values()) list.sort((a, b) => a.name.localeCompare(b.name) || a.uid.localeCompare(b.uid));
    return byChannel;
  }

  /** The rev applied last for an entity (0: none). */
  revOf(id: string): number {
    return this.revs.get(id) ?? 0;
  }
}
