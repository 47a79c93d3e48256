/**
 * Unit administration (spec 000 §6, §7 "Administration of units"): create, edit, delete and
 * deregister units; SIP accounts; LU-Smart / LU-Lite settings; the target software version
 * (checked with the domain's upgrade rules, refused with codes 6802 / 6810).
 *
 * A unit created in an inventory without a group joins the inventory's group with unit auto
 * association on (spec 002 §3, groupForNewUnit), or no group when there is none. Creation,
 * deletion and deregistration tell ownership (ownership.ts) after the write.
 */
import { randomBytes } from 'node:crypto';
import { serialNumber } from '../../../domain/validation/serialNumber.ts';
import { unitComment } from '../../../domain/validation/unitFields.ts';
import { smartBandwidthLimit } from '../../../domain/validation/capping.ts';
import { unitTypeGroup } from '../../../domain/units/productTypes.ts';
import { decideDeviceUpgrade } from '../../../domain/softwareVersions.ts';
import { compareVersions, parseVersion } from '../../../domain/versions.ts';
import { groupForNewUnit } from '../../../domain/groups.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import type { AdminUnitChanges, NewUnit } from '../../../protocol/rest/unitAdmin.ts';
import type { UnitView, UnitWithSettings } from '../../../protocol/rest/units.ts';
import { HttpError, notFound, refuseFields } from '../../http/errors.ts';
import { seesInventory, type Tenancy } from '../../http/tenancy.ts';
import type { StoredUnit } from './repo.ts';
import { liveUnitIfAny, runCommand, type UnitDeps } from './live.ts';
import { announceUnitOwnership, relink } from './ownership.ts';
import { saveSetting, settingObject } from './storedSettings.ts';
import { unitNameRefusal, updateIdentity } from './identity.ts';
import { unitView, unitWithSettings } from './views.ts';

/** A new unit's software version when none is given. */
export const DEFAULT_NEW_UNIT_VERSION = '8.5.0';
/** Ours: a new unit names a group or an inventory of the caller. */
export const NEW_UNIT_PLACEMENT_MESSAGE = MESSAGES.required;

const shown = (id: string): string => id.slice(0, 64);

/** Where a new unit goes: its group (null: none) and its inventory. */
interface Placement {
  readonly groupId: string | null;
  readonly inventoryId: string;
}

/** spec 000 §6: a group of the caller, or an inventory of the caller and its auto-association group. */
async function placementOf(deps: UnitDeps, tenancy: Tenancy, input: NewUnit): Promise<Placement> {
  if (input.groupId !== undefined) {
    const group = tenancy.groupIds.has(input.groupId) ? await deps.store.groups.get(input.groupId) : undefined;
    if (group === undefined) throw notFound(`Group '${shown(input.groupId)}' not found`);
    return { groupId: group.id, inventoryId: group.inventoryId };
  }
  if (input.inventoryId === undefined) throw new HttpError(400, NEW_UNIT_PLACEMENT_MESSAGE, { fields: { groupId: NEW_UNIT_PLACEMENT_MESSAGE } });
  const inventory = seesInventory(tenancy, input.inventoryId) ? await deps.store.inventories.get(input.inventoryId) : undefined;
  if (inventory === undefined) throw notFound(`Inventory '${shown(input.inventoryId)}' not found`);
  const groups = (await deps.store.groups.ofInventory(inventory.id)).map((g) => ({
    id: g.id,
    name: g.name,
    autoAssociation: g.autoAssociation,
    unitAutoAssociation: g.unitAutoAssociation,
  }));
  return { groupId: groupForNewUnit(groups), inventoryId: inventory.id };
}

export async function createUnit(deps: UnitDeps, tenancy: Tenancy, input: NewUnit): Promise<UnitView> {
  const placement = await placementOf(deps, tenancy, input);
  const uid = input.uid ?? `U${randomBytes(6).toString('hex').toUpperCase()}`;
  if ((await deps.store.units.get(uid)) !== undefined) throw new HttpError(409, `Unit '${uid}' already exists`);
  const swVersion = input.swVersion ?? DEFAULT_NEW_UNIT_VERSION;
  refuseFields({
    name: await unitNameRefusal(deps, input.name, null),
    serial: serialNumber(input.serial),
    comment: input.comment === undefined ? undefined : unitComment(input.comment),
    swVersion: parseVersion(swVersion) === null ? MESSAGES.invalidField : undefined,
  });
  const record = { uid, name: input.name, type: input.type, serial: input.serial, comment: input.comment ?? '', ...placement, lat: input.lat ?? 0, lng: input.lng ?? 0, swVersion };
  await deps.store.units.insert(record, deps.now());
  await announceUnitOwnership(deps, uid);
  // The live fleet runs the units of a group (their events go to the group's topic); a unit only in an inventory waits for one.
  if (record.groupId !== null) await deps.fleet.get()?.fleet.addUnit({ ...record, groupId: record.groupId });
  const stored = await deps.store.units.get(uid);
  if (stored === undefined) throw notFound(`Unit '${uid}' not found`);
  return unitView(deps, stored);
}

export async function updateAdminUnit(deps: UnitDeps, unit: StoredUnit, changes: AdminUnitChanges): Promise<UnitWithSettings> {
  const { ownedBy, underSla, ...identity } = changes;
  let next = await updateIdentity(deps, unit, identity);
  if (ownedBy !== undefined) next = await saveSetting(deps, next.uid, 'ownedBy', ownedBy);
  if (underSla !== undefined) next = await saveSetting(deps, next.uid, 'underSla', underSla);
  return unitWithSettings(deps, next);
}

export async function deleteUnit(deps: UnitDeps, unit: StoredUnit): Promise<{ uid: string; deleted: true }> {
  await deps.store.units.delete(unit.uid);
  await deps.fleet.get()?.fleet.removeUnit(unit.uid);
  await announceUnitOwnership(deps, unit.uid);
  return { uid: unit.uid, deleted: true };
}

/** Deregistration: the unit leaves its group, its inventory and the live fleet (it stays stored). */
export async function deregisterUnit(deps: UnitDeps, unit: StoredUnit): Promise<UnitView> {
  await saveSetting(deps, unit.uid, 'deregisteredAt', deps.now());
  await deps.fleet.get()?.fleet.removeUnit(unit.uid);
  return unitView(deps, await relink(deps, (await deps.store.units.get(unit.uid)) ?? unit, { groupId: null, inventoryId: null }));
}

/** A unit's SIP account (intercom, IFB), made and stored on first read. */
export async function sipAccountOf(deps: UnitDeps, unit: StoredUnit) {
  const stored = settingObject<{ username: string; domain: string; displayName: string; enabled: boolean }>(unit, 'sipAccount');
  if (stored?.username !== undefined && stored.domain !== undefined && stored.displayName !== undefined && stored.enabled !== undefined) {
    return { uid: unit.uid, sipAccount: { username: stored.username, domain: stored.domain, displayName: stored.displayName, enabled: stored.enabled } };
  }
  const account = { username: `sip_${unit.uid.toLowerCase()}`, domain: 'sip.luc.local', displayName: unit.name, enabled: true };
  await saveSetting(deps, unit.uid, 'sipAccount', account);
  return { uid: unit.uid, sipAccount: account };
}

// ── LU-Smart / LU-Lite ─────────────────────────────────────────────────────────────────────────

type SmartSettings = { bandwidthLimitKbps: number; expiration: '1day' | '3days' | '1week' | '1month' | null };

/** The LU-Smart settings of a unit; 404 for any other unit type. */
export function smartOf(unit: StoredUnit): { uid: string } & SmartSettings {
  const group = unitTypeGroup(unit.type);
  if (group !== 'smartUnits' && group !== 'liteUnits') throw notFound(`Smart unit '${unit.uid}' not found`);
  const stored = settingObject<SmartSettings>(unit, 'smart');
  return { uid: unit.uid, bandwidthLimitKbps: stored?.bandwidthLimitKbps ?? 0, expiration: stored?.expiration ?? null };
}

/** spec 000 §5 "Smart-unit bandwidth limit: default 0, minimum 1000, maximum 20000 kbps". */
export async function updateSmart(deps: UnitDeps, unit: StoredUnit, changes: { bandwidthLimitKbps?: number | string; expiration?: SmartSettings['expiration'] }) {
  const current = smartOf(unit);
  if (changes.bandwidthLimitKbps !== undefined) refuseFields({ bandwidthLimitKbps: smartBandwidthLimit(changes.bandwidthLimitKbps) });
  const next: SmartSettings = {
    bandwidthLimitKbps: changes.bandwidthLimitKbps === undefined ? current.bandwidthLimitKbps : Number(changes.bandwidthLimitKbps),
    expiration: changes.expiration === undefined ? current.expiration : changes.expiration,
  };
  await saveSetting(deps, unit.uid, 'smart', next);
  return { uid: unit.uid, ...next };
}

// ── Software version ───────────────────────────────────────────────────────────────────────────

/** The version of the newest MMH server of the unit's inventory: the server the unit upgrades against. */
async function serverVersionOf(deps: UnitDeps, unit: StoredUnit): Promise<string> {
  const versions = (await deps.store.servers.list())
    .filter((s) => s.type === 'mmh' && s.inventoryId === unit.inventoryId && parseVersion(s.swVersion) !== null)
    .map((s) => s.swVersion)
    .sort(compareVersions);
  return versions[versions.length - 1] ?? '';
}

/**
 * Sets the target version through the same rules as the upgrade dialog (decideDeviceUpgrade: the
 * excluded types, the server offline 6199, the LU600 H.264 limit 6803, then checkUpgrade) and starts
 * the upgrade; a refusal is 400 with the rule's text and server code.
 */
export async function setTargetVersion(deps: UnitDeps, unit: StoredUnit, target: string) {
  const serverVersion = await serverVersionOf(deps, unit);
  const codec = unit.settings['videoCodec'];
  const decision = decideDeviceUpgrade({
    device: 'unit',
    productType: unit.type,
    unitVersion: liveUnitIfAny(deps, unit.uid)?.swVersion ?? unit.swVersion,
    targetVersion: target,
    serverVersion,
    serverOnline: serverVersion !== '',
    underSla: unit.settings['underSla'] !== false,
    videoCodec: typeof codec === 'string' ? codec : null,
  });
  if (!decision.allowed) throw new HttpError(400, decision.message, { code: decision.code, codeMessage: decision.codeMessage, reason: decision.reason });
  await runCommand(deps, unit.uid, { type: 'upgrade', targetVersion: target });
  await saveSetting(deps, unit.uid, 'targetSwVersion', target);
  const { allowed: _allowed, ...flags } = decision;
  return { uid: unit.uid, targetVersion: target, ...flags };
}
