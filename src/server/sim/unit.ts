/**
 * A simulated unit's live state (owned by the simulator, in memory) and the event payloads built
 * from it. The payload builders are the single place that decides the shapes of unit.added,
 * unit.status, unit.config, unit.usage (documented in docs/protocol.md).
 */
import type { Applications } from '../../domain/units/status.ts';
import { ERRORS } from '../../domain/errors.ts';
import { formatMessage } from '../../domain/validation/messages.ts';
import type { Random } from './random.ts';
import type { SimFamily, UnitSeed } from './seeds.ts';
import { familyOfType } from './seeds.ts';
import { isSingleEthernet } from '../../domain/units/productTypes.ts';
import { copyJson } from '../copyJson.ts';

export const LINK_TYPES = ['lan', 'wifi', 'cell'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export interface SimLink {
  port: string;
  name: string;
  type: LinkType;
  connected: boolean;
  enabled: boolean;
  uplinkKbps: number;
  downlinkKbps: number;
  /** Signal quality 0-100 (%), for wifi and cell; lan reports 100. */
  signal: number;
  /** Cellular only: roaming and the active SIM. */
  roaming: boolean;
  sim: 'A' | 'B' | null;
}

export interface SimBattery {
  connected: boolean;
  charging: boolean;
  /** 0-100 (%). */
  percentage: number;
}

export const ALERT_TYPES = ['battery', 'cameraDisconnected'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** unit.alert data. `id` is stable per unit and type; `active` false clears it. */
export interface SimAlert {
  id: string;
  entityUniqueId: string;
  type: AlertType;
  severity: 'warning' | 'critical';
  active: boolean;
  message: string;
}

export interface IntercomSession {
  mode: 'audioRoom' | 'targetChannel';
  destinationAccount: string;
  state: 'connecting' | 'connected';
}

export type VideoPhase = 'idle' | 'connecting' | 'streaming' | 'disconnecting' | 'speedtest';

export interface LastUpgrade {
  state: 'upgrading' | 'succeeded' | 'failed';
  targetVersion: string;
  code?: number;
  message?: string;
}

/** Live state of one unit. Mutated only by the simulator. */
export interface SimUnit {
  readonly seed: UnitSeed;
  readonly uid: string;
  readonly family: SimFamily;
  state: 'online' | 'offline';
  applications: Applications;
  video: { state: VideoPhase; onAir: boolean };
  links: SimLink[];
  battery: SimBattery | null;
  cameraConnected: boolean | null;
  alerts: Map<AlertType, SimAlert>;
  intercom: { intercom1?: IntercomSession; intercom2?: IntercomSession };
  delay: number;
  channelId: string | null;
  swVersion: string;
  capping: { totalKbps: number | null; cellularKbps: number | null };
  lastUpgrade: LastUpgrade | null;
  /** The command flow in progress (churn leaves such a unit alone), or null. */
  flow: string | null;
  /** Pending flow timers, cancelled by reboot and stop. */
  timers: Set<{ readonly id: number }>;
  /** ms since the epoch when it last came online, or null while offline. */
  onlineSince: number | null;
}

/** Battery alert threshold (spec 000 §9: "battery-level threshold in percent"); ours 20 %. */
export const BATTERY_ALERT_THRESHOLD_PCT = 20;
/** Below this the battery alert is critical rather than a warning (10 %). */
export const BATTERY_CRITICAL_PCT = 10;

function linksFor(family: SimFamily, productType: string, random: Random): SimLink[] {
  const count = (() => {
    switch (family) {
      case 'field':
        return isSingleEthernet(productType) ? random.int(1, 6) : random.int(2, 8);
      case 'smart':
      case 'lite':
        return random.int(1, 2);
      case 'camera':
        return random.int(1, 2);
      case 'ptmp':
        return random.int(1, 3);
      case 'extender':
        return random.int(2, 6);
      default:
        return 1;
    }
  })();
  const links: SimLink[] = [];
  let cell = 0;
  let eth = 0;
  let wlan = 0;
  for (let i = 0; i < count; i += 1) {
    // Phones: cell first then wifi; cameras: lan then wifi; field units: lan, wifi, then modems.
    let type: LinkType;
    if (family === 'smart' || family === 'lite') type = i === 0 ? 'cell' : 'wifi';
    else if (family === 'camera') type = i === 0 ? 'lan' : 'wifi';
    else if (i === 0) type = 'lan';
    else if (i === 1 && !isSingleEthernet(productType)) type = random.chance(0.5) ? 'wifi' : 'lan';
    else if (i === 1) type = 'wifi';
    else type = 'cell';
    if (type === 'lan' && eth >= 2) type = 'cell';
    const index = type === 'cell' ? ++cell : type === 'lan' ? ++eth : ++wlan;
    const port = type === 'cell' ? `modem${index}` : type === 'lan' ? `eth${index - 1}` : `wlan${index - 1}`;
    const name = type === 'cell' ? `Modem ${index}` : type === 'lan' ? `Ethernet ${index}` : `Wi-Fi ${index}`;
    links.push({
      port,
      name,
      type,
      connected: random.chance(0.9),
      enabled: random.chance(0.95),
      uplinkKbps: 0,
      downlinkKbps: 0,
      signal: type === 'lan' ? 100 : random.int(20, 100),
      roaming: type === 'cell' && random.chance(0.1),
      sim: type === 'cell' ? (random.chance(0.8) ? 'A' : 'B') : null,
    });
  }
  return links;
}

export function makeSimUnit(seed: UnitSeed, random: Random): SimUnit {
  const family = familyOfType(seed.type);
  const hasBattery = family === 'field' || family === 'smart' || family === 'lite' || family === 'camera';
  const online = random.chance(0.8);
  return {
    seed,
    uid: seed.uid,
    family,
    state: online ? 'online' : 'offline',
    applications: {},
    video: { state: 'idle', onAir: false },
    links: linksFor(family, seed.type, random),
    battery: hasBattery
      ? { connected: random.chance(0.9), charging: random.chance(0.4), percentage: random.int(25, 100) }
      : null,
    cameraConnected: family === 'field' ? true : null,
    alerts: new Map(),
    intercom: {},
    delay: random.pick([800, 1000, 1500, 2000, 3000, 5000]),
    channelId: null,
    swVersion: seed.swVersion,
    capping: { totalKbps: null, cellularKbps: null },
    lastUpgrade: null,
    flow: null,
    timers: new Set(),
    onlineSince: null,
  };
}

export function alertFor(unit: SimUnit, type: AlertType, active: boolean): SimAlert {
  const percentage = unit.battery?.percentage ?? 0;
  return {
    id: `${unit.uid}:${type}`,
    entityUniqueId: unit.uid,
    type,
    severity: type === 'battery' ? (percentage < BATTERY_CRITICAL_PCT ? 'critical' : 'warning') : 'critical',
    active,
    message:
      type === 'battery'
        ? formatMessage(ERRORS.alerts.batteryBelow, { 0: BATTERY_ALERT_THRESHOLD_PCT })
        : ERRORS.alerts.cameraDisconnected,
  };
}

/** unit.status data: the whole live status aspect (protocol.md "unit.status data" plus the fields below). */
export interface UnitStatusData {
  state: 'online' | 'offline';
  applications: Applications;
  video: { state: VideoPhase; onAir: boolean };
  /** Absent: the unit has no battery (mains powered). */
  battery?: SimBattery;
  /** Absent: the unit has no camera input. */
  cameraConnected?: boolean;
  /** The intercom sessions ({} when none: readers look up intercom1 / intercom2 directly). */
  intercom: SimUnit['intercom'];
  /** Absent: no upgrade since the simulator started. */
  lastUpgrade?: LastUpgrade;
  /** Absent while offline. */
  onlineSince?: number;
}

/**
 * Null fields are left out (an absent field means none): a unit.status line is the most
 * frequent event of a busy fleet, and JSON.parse time grows with its bytes (docs/performance.md).
 */
export function statusData(unit: SimUnit): UnitStatusData {
  const data: UnitStatusData = {
    state: unit.state,
    applications: copyJson(unit.applications),
    video: { ...unit.video },
    intercom: copyJson(unit.intercom),
  };
  if (unit.battery !== null) data.battery = { ...unit.battery };
  if (unit.cameraConnected !== null) data.cameraConnected = unit.cameraConnected;
  if (unit.lastUpgrade !== null) data.lastUpgrade = { ...unit.lastUpgrade };
  if (unit.onlineSince !== null) data.onlineSince = unit.onlineSince;
  return data;
}

/** unit.config data: the settings the simulator changes (delay in ms, selected channel, version, capping in kbps). */
export interface UnitConfigData {
  delay: number;
  channelId: string | null;
  swVersion: string;
  capping: { totalKbps: number | null; cellularKbps: number | null };
}

export function configData(unit: SimUnit): UnitConfigData {
  return { delay: unit.delay, channelId: unit.channelId, swVersion: unit.swVersion, capping: { ...unit.capping } };
}

/** unit.usage data: the links' live bitrates (kbps), pushed every USAGE_PERIOD_MS. */
export interface UnitUsageData {
  links: SimLink[];
  uplinkKbps: number;
  downlinkKbps: number;
}

export function usageData(unit: SimUnit): UnitUsageData {
  return {
    links: unit.links.map((link) => ({ ...link })),
    uplinkKbps: unit.links.reduce((sum, l) => sum + l.uplinkKbps, 0),
    downlinkKbps: unit.links.reduce((sum, l) => sum + l.downlinkKbps, 0),
  };
}

/** unit.added data: the whole unit (protocol.md: uid, name, type, status, plus the optional fields). */
export function addedData(unit: SimUnit) {
  const { seed } = unit;
  return {
    uid: seed.uid,
    name: seed.name,
    type: seed.type,
    serial: seed.serial,
    groupId: seed.groupId,
    inventoryId: seed.inventoryId,
    lat: seed.lat,
    lng: seed.lng,
    swVersion: unit.swVersion,
    status: statusData(unit),
    config: configData(unit),
    links: usageData(unit).links,
    battery: unit.battery === null ? null : { ...unit.battery },
    alerts: [...unit.alerts.values()].map((a) => ({ ...a })),
  };
}
export type UnitAddedData = ReturnType<typeof addedData>;
