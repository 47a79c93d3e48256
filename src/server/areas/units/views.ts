/**
 * The unit as the read calls answer it (src/protocol/rest/units.ts UnitView and its variants): the
 * stored identity and placement, and what the running fleet says of it. Without a running fleet
 * (or for a unit it does not have) the unit reads offline, with empty live parts.
 */
import { deriveUnitStatus, isBusy, isOfflineState } from '../../../domain/units/status.ts';
import { isCamera, isExtenderDevice, isMultiCamera, isSingleEthernet, isUpgradable, unitTypeGroup } from '../../../domain/units/productTypes.ts';
import { hasFeature } from '../../../domain/versions.ts';
import type { AlertsConfiguration } from '../../../protocol/rest/alerts.ts';
import type { UnitCapabilities, UnitEnhanced, UnitView, UnitWithSettings } from '../../../protocol/rest/units.ts';
import type { LiveUnit } from '../../fleet/port.ts';
import type { StoredUnit } from './repo.ts';
import { settingText } from './storedSettings.ts';
import type { UnitDeps } from './live.ts';
import { copyJson } from '../../copyJson.ts';

/** The owner shown: the one set by an admin (settings.ownedBy), else the stored column. */
export function ownerOf(unit: StoredUnit): string {
  return settingText(unit, 'ownedBy') ?? unit.ownedBy;
}

/** The live parts of a unit's status (derived status, applications, video), offline without a live unit. */
export function liveStatusOf(live: LiveUnit | undefined) {
  const raw = live === undefined ? undefined : { state: live.state, applications: live.applications };
  return {
    status: deriveUnitStatus(raw),
    state: live?.state ?? 'offline',
    isOffline: live === undefined || isOfflineState(live.state),
    isBusy: live !== undefined && isBusy(live.applications),
    applications: live === undefined ? {} : copyJson(live.applications),
    video: live === undefined ? { state: 'idle' as const, onAir: false } : { ...live.video },
  };
}

/** The unit's current rev on the event bus (0 without a running fleet). */
export function revOf(deps: UnitDeps, uid: string): number {
  return deps.fleet.get()?.bus.revOf(uid) ?? 0;
}

export function unitView(deps: UnitDeps, unit: StoredUnit): UnitView {
  const live = deps.fleet.get()?.fleet.unit(unit.uid);
  return {
    uid: unit.uid,
    name: unit.name,
    uname: unit.name,
    type: unit.type,
    serial: unit.serial,
    comment: unit.comment,
    groupId: unit.groupId,
    inventoryId: unit.inventoryId,
    swVersion: live?.swVersion ?? unit.swVersion,
    lat: unit.lat,
    lng: unit.lng,
    ownedBy: ownerOf(unit),
    ...liveStatusOf(live),
    channelId: live?.channelId ?? null,
    delay: live?.delay ?? null,
    battery: live?.battery === undefined || live.battery === null ? null : { ...live.battery },
    links: live === undefined ? [] : live.links.map((l) => ({ ...l })),
    alerts: live === undefined ? [] : [...live.alerts.values()].map((a) => ({ ...a })),
    capping: live === undefined ? null : { ...live.capping },
    intercom: live === undefined ? {} : copyJson(live.intercom),
    rev: revOf(deps, unit.uid),
  };
}

/** Metadata as stored: every value is a text (the write calls check it). */
function metadataOf(unit: StoredUnit): Record<string, string> {
  return Object.fromEntries(Object.entries(unit.metadata).map(([key, value]) => [key, typeof value === 'string' ? value : String(value)]));
}

export function unitWithSettings(deps: UnitDeps, unit: StoredUnit): UnitWithSettings {
  return { ...unitView(deps, unit), settings: unit.settings, metadata: metadataOf(unit) };
}

/** Feature flags of a unit from its type (spec 000 §3) and version gates (spec 000 §9). */
export function capabilitiesOf(type: string, version: string): UnitCapabilities {
  return {
    typeGroup: unitTypeGroup(type),
    multiCamera: isMultiCamera(type),
    singleEthernet: isSingleEthernet(type),
    upgradable: isUpgradable(type),
    camera: isCamera(type),
    extender: isExtenderDevice(type),
    versionGates: {
      forceOutput: hasFeature(version, 'forceOutput'),
      multipoint: hasFeature(version, 'multipoint'),
      streamingOffline: hasFeature(version, 'streamingOffline'),
      restartServer: hasFeature(version, 'restartServer'),
      facebook: hasFeature(version, 'facebook'),
      graphicsOverlay: hasFeature(version, 'graphicsOverlay'),
      serverInfo: hasFeature(version, 'serverInfo'),
      speedTest: hasFeature(version, 'speedTest'),
    },
  };
}

export function enhancedView(deps: UnitDeps, unit: StoredUnit): UnitEnhanced {
  const live = deps.fleet.get()?.fleet.unit(unit.uid);
  return {
    ...unitWithSettings(deps, unit),
    alertsConfiguration: unit.alertsConfiguration as AlertsConfiguration,
    lastUpgrade: live?.lastUpgrade ?? null,
    onlineSince: live?.onlineSince ?? null,
    cameraConnected: live?.cameraConnected ?? null,
    capabilities: capabilitiesOf(unit.type, live?.swVersion ?? unit.swVersion),
  };
}
