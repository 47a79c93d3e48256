/**
 * A unit's stored settings (spec 000 §7 "Units", "Settings", "Pairing by QR code", "Alerts"): the
 * inventory details of a group's units, services, the settings configuration, the alerts
 * configuration and the pairing code. Everything is kept in the store across restarts.
 */
import { randomInt } from 'node:crypto';
import { unitComment } from '../../../domain/validation/unitFields.ts';
import { email } from '../../../domain/validation/fields.ts';
import { ALERT_SEVERITIES, ALERT_TYPES } from '../../../domain/units/interface.ts';
import type { AlertsConfiguration } from '../../../protocol/rest/alerts.ts';
import type { UnitService } from '../../../protocol/rest/unitAdmin.ts';
import { PAIRING_CODE_DIGITS, type PairingCodeMode } from '../../../protocol/rest/unitSettings.ts';
import { notFound, refuseFields } from '../../http/errors.ts';
import type { StoredUnit } from './repo.ts';
import type { UnitDeps } from './live.ts';
import { saveSetting, settingList, settingObject } from './storedSettings.ts';
import { updateIdentity } from './identity.ts';
import { checkChannelOfUnit } from './unitChannels.ts';
import { ownerOf } from './views.ts';

const shown = (id: string): string => id.slice(0, 64);

/** The units of a group, by name. */
export async function unitsOfGroup(deps: UnitDeps, groupId: string): Promise<StoredUnit[]> {
  return (await deps.store.units.listByGroup(groupId, Number.MAX_SAFE_INTEGER, 0)).units;
}

// ── Inventory details ──────────────────────────────────────────────────────────────────────────

/** `inventoryNames` keeps each inventory's name for one answer (a group's units share a few inventories). */
export async function inventoryDetailsOf(deps: UnitDeps, unit: StoredUnit, inventoryNames = new Map<string, string | null>()) {
  if (unit.inventoryId !== null && !inventoryNames.has(unit.inventoryId)) {
    inventoryNames.set(unit.inventoryId, (await deps.store.inventories.get(unit.inventoryId))?.name ?? null);
  }
  return {
    uid: unit.uid,
    name: unit.name,
    serial: unit.serial,
    type: unit.type,
    groupId: unit.groupId,
    inventoryId: unit.inventoryId,
    inventoryName: unit.inventoryId === null ? null : (inventoryNames.get(unit.inventoryId) ?? null),
    ownedBy: ownerOf(unit),
    comment: unit.comment,
  };
}

export async function groupInventoryDetails(deps: UnitDeps, groupId: string) {
  const inventoryNames = new Map<string, string | null>();
  const details = [];
  for (const unit of await unitsOfGroup(deps, groupId)) details.push(await inventoryDetailsOf(deps, unit, inventoryNames));
  return details;
}

/** The owner and comment of a unit of the group (404 for a unit of another group). */
export async function setInventoryDetails(deps: UnitDeps, groupId: string, unit: StoredUnit, changes: { ownedBy?: string; comment?: string }) {
  if (unit.groupId !== groupId) throw notFound(`Unit '${shown(unit.uid)}' not found`);
  if (changes.comment !== undefined) refuseFields({ comment: unitComment(changes.comment) });
  let next = unit;
  if (changes.comment !== undefined) next = await updateIdentity(deps, next, { comment: changes.comment });
  if (changes.ownedBy !== undefined) next = await saveSetting(deps, unit.uid, 'ownedBy', changes.ownedBy);
  return inventoryDetailsOf(deps, next);
}

// ── Services ───────────────────────────────────────────────────────────────────────────────────

export function servicesOf(unit: StoredUnit): UnitService[] {
  return settingList<UnitService>(unit, 'services') ?? [];
}

export async function addService(deps: UnitDeps, unit: StoredUnit, name: UnitService['name']) {
  const services = [...servicesOf(unit).filter((s) => s.name !== name), { name, enabled: true, addedAt: deps.now() }];
  await saveSetting(deps, unit.uid, 'services', services);
  return { uid: unit.uid, services };
}

export async function removeService(deps: UnitDeps, unit: StoredUnit, name: string) {
  const before = servicesOf(unit);
  if (!before.some((s) => s.name === name)) throw notFound(`Service '${shown(name)}' not found on this unit`);
  const services = before.filter((s) => s.name !== name);
  await saveSetting(deps, unit.uid, 'services', services);
  return { uid: unit.uid, services };
}

// ── Settings configuration ─────────────────────────────────────────────────────────────────────

type SettingsConfiguration = { outputChannel?: string | null; multiChannel?: readonly string[] };

export function settingsConfigurationOf(unit: StoredUnit) {
  return { machineUid: unit.uid, settingsConfiguration: settingObject<SettingsConfiguration>(unit, 'settingsConfiguration') ?? {} };
}

/** The output channel and every multi channel must be channels of the unit's group. */
export async function saveSettingsConfiguration(deps: UnitDeps, unit: StoredUnit, configuration: SettingsConfiguration) {
  if (typeof configuration.outputChannel === 'string') await checkChannelOfUnit(deps, unit, configuration.outputChannel, 'outputChannel');
  for (const id of configuration.multiChannel ?? []) await checkChannelOfUnit(deps, unit, id, 'multiChannel');
  await saveSetting(deps, unit.uid, 'settingsConfiguration', configuration);
  return { machineUid: unit.uid, settingsConfiguration: configuration };
}

export async function groupSettings(deps: UnitDeps, groupId: string) {
  return (await unitsOfGroup(deps, groupId)).map((u) => ({ uid: u.uid, name: u.name, settings: u.settings }));
}

// ── Alerts ─────────────────────────────────────────────────────────────────────────────────────

export function alertsConfigurationOf(unit: StoredUnit) {
  return { uid: unit.uid, configuration: unit.alertsConfiguration as AlertsConfiguration };
}

/** Every e-mail must be valid ("Invalid email address" on `emails.<i>`); the given parts replace the stored ones. */
export async function saveAlertsConfiguration(deps: UnitDeps, unit: StoredUnit, changes: AlertsConfiguration) {
  refuseFields(Object.fromEntries((changes.emails ?? []).map((address, i) => [`emails.${i}`, email(address)])));
  const configuration: AlertsConfiguration = { ...(unit.alertsConfiguration as AlertsConfiguration), ...changes };
  await deps.store.units.update(unit.uid, { alertsConfiguration: configuration }, deps.now());
  return { uid: unit.uid, configuration };
}

/** Battery threshold bounds (%, spec 000 §9). */
export const BATTERY_THRESHOLD_PCT = { min: 1, max: 100 } as const;

export function possibleAlerts(unit: StoredUnit, mode: string) {
  return { uid: unit.uid, mode, types: [...ALERT_TYPES], severities: [...ALERT_SEVERITIES], batteryThresholdPct: { ...BATTERY_THRESHOLD_PCT } };
}

// ── Pairing by QR code ─────────────────────────────────────────────────────────────────────────

interface Pairing {
  mode: PairingCodeMode;
  code: string | null;
  createdAt: number | null;
}

function pairingOf(unit: StoredUnit): Pairing {
  const stored = settingObject<Pairing>(unit, 'pairing');
  return { mode: stored?.mode ?? 'temporary', code: stored?.code ?? null, createdAt: stored?.createdAt ?? null };
}

const newCode = (): string => String(randomInt(0, 10 ** PAIRING_CODE_DIGITS)).padStart(PAIRING_CODE_DIGITS, '0');

async function savePairing(deps: UnitDeps, unit: StoredUnit, pairing: Pairing) {
  await saveSetting(deps, unit.uid, 'pairing', pairing);
  return { uid: unit.uid, ...pairing };
}

export const pairingAnswer = (unit: StoredUnit) => ({ uid: unit.uid, ...pairingOf(unit) });
export const unpair = (deps: UnitDeps, unit: StoredUnit) => savePairing(deps, unit, { ...pairingOf(unit), code: null, createdAt: null });
export const setPairingMode = (deps: UnitDeps, unit: StoredUnit, mode: PairingCodeMode) => savePairing(deps, unit, { ...pairingOf(unit), mode });
export const generatePairingCode = (deps: UnitDeps, unit: StoredUnit, mode: PairingCodeMode | undefined) =>
  savePairing(deps, unit, { mode: mode ?? pairingOf(unit).mode, code: newCode(), createdAt: deps.now() });
