/**
 * Intercom, IP pipe, databridge and video return of a unit (spec 000 §3, §7): their stored
 * configuration and start/stop, which the simulator runs (connecting, then connected /
 * collecting; its refusals are the answer).
 */
import { required, ipOrDns } from '../../../domain/validation/fields.ts';
import { ipPipePort } from '../../../domain/validation/ports.ts';
import type { IpPipeConfig } from '../../../protocol/rest/unitApplications.ts';
import type { UnitAccepted } from '../../../protocol/rest/units.ts';
import { badRequest, notFound, refuseFields } from '../../http/errors.ts';
import type { SimCommand } from '../../sim/fleet.ts';
import type { StoredUnit } from '../units/repo.ts';
import { runCommand, type UnitDeps } from '../units/live.ts';
import { saveSetting, settingObject, settingText } from '../units/storedSettings.ts';
import { unitView } from '../units/views.ts';
import { accepted, mergeSetting } from './streaming.ts';
import { VideoReturnService } from '../videoReturn/service.ts';

/** Runs a start or stop command of an application; answers `{uid, accepted, action: <command>}`. */
export async function switchApplication(deps: UnitDeps, unit: StoredUnit, command: SimCommand): Promise<UnitAccepted> {
  await runCommand(deps, unit.uid, command);
  return accepted(unit.uid, command.type);
}

// ── Intercom ───────────────────────────────────────────────────────────────────────────────────

/** Session path values → the unit's intercom slots (spec 000 §3 intercom1 and intercom2). */
export const INTERCOM_SESSIONS = { '1': 'intercom1', '2': 'intercom2', intercom1: 'intercom1', intercom2: 'intercom2' } as const;

function slotOf(session: string): 'intercom1' | 'intercom2' {
  if (!Object.hasOwn(INTERCOM_SESSIONS, session)) throw notFound(`Intercom session '${session.slice(0, 32)}' not found (use 1 or 2)`);
  return INTERCOM_SESSIONS[session as keyof typeof INTERCOM_SESSIONS];
}

export async function openIntercom(deps: UnitDeps, unit: StoredUnit, session: string, body: { mode: 'audioRoom' | 'targetChannel'; destinationAccount: string }): Promise<UnitAccepted> {
  const slot = slotOf(session);
  refuseFields({ destinationAccount: required(body.destinationAccount) });
  await runCommand(deps, unit.uid, { type: 'startIntercom', slot, mode: body.mode, destinationAccount: body.destinationAccount });
  return accepted(unit.uid, `start:${slot}`);
}

export async function closeIntercom(deps: UnitDeps, unit: StoredUnit, session: string): Promise<UnitAccepted> {
  const slot = slotOf(session);
  await runCommand(deps, unit.uid, { type: 'stopIntercom', slot });
  return accepted(unit.uid, `stop:${slot}`);
}

// ── IP pipe ────────────────────────────────────────────────────────────────────────────────────

/** Destination IP or DNS name, port 1-65535; the given fields replace the stored ones. */
export async function configureIpPipe(deps: UnitDeps, unit: StoredUnit, body: IpPipeConfig) {
  refuseFields({
    destination: body.destination === undefined ? undefined : ipOrDns(body.destination),
    port: body.port === undefined ? undefined : ipPipePort(body.port),
  });
  return { uid: unit.uid, ipPipe: await mergeSetting(deps, unit, 'ipPipe', body) };
}

// ── Databridge ─────────────────────────────────────────────────────────────────────────────────

/** The product type of a databridge gateway (spec 000 §3 "DataBridge Extender and Gateway"). */
export const GATEWAY_TYPE = 'DataBridge Gateway';
/** Ours: the chosen gateway must be a DataBridge Gateway the caller can see. */
export const NOT_A_GATEWAY_MESSAGE = 'The selected unit is not a DataBridge Gateway of your groups';
/** Gateways listed at most (a group holds a few). */
const GATEWAYS_MAX = 1000;

async function gatewaysOf(deps: UnitDeps, groupIds: readonly string[]): Promise<StoredUnit[]> {
  const { units } = await deps.store.units.list({ groupIds, searchKey: 'type', searchValue: GATEWAY_TYPE, sortBy: 'name', sortDir: 'asc', limit: GATEWAYS_MAX, offset: 0 });
  return units.filter((u) => u.type === GATEWAY_TYPE);
}

export function selectedGatewayOf(unit: StoredUnit) {
  return { uid: unit.uid, gatewayId: settingText(unit, 'dbGateway') ?? null };
}

export async function gatewaysForUnit(deps: UnitDeps, unit: StoredUnit, groupIds: readonly string[]) {
  return { uid: unit.uid, gateways: (await gatewaysOf(deps, groupIds)).map((g) => unitView(deps, g)) };
}

/** Refuses an id that is not a DataBridge gateway of the caller's groups (400 on the field). */
export async function checkGateway(deps: UnitDeps, groupIds: readonly string[], gatewayId: string): Promise<void> {
  if (!(await gatewaysOf(deps, groupIds)).some((g) => g.uid === gatewayId)) {
    throw badRequest(NOT_A_GATEWAY_MESSAGE, { fields: { gatewayId: NOT_A_GATEWAY_MESSAGE } });
  }
}

export async function selectGateway(deps: UnitDeps, unit: StoredUnit, groupIds: readonly string[], gatewayId: string | null) {
  if (gatewayId !== null) await checkGateway(deps, groupIds, gatewayId);
  await saveSetting(deps, unit.uid, 'dbGateway', gatewayId);
  return { uid: unit.uid, gatewayId };
}

// ── Video return ───────────────────────────────────────────────────────────────────────────────

/** Refuses a video return channel the unit may not use (unknown, foreign: the selection's refusals). */
export async function checkVideoReturnChoice(deps: UnitDeps, unit: StoredUnit, channelId: string | null): Promise<void> {
  await new VideoReturnService(deps).checkUnitChoice(unit, channelId);
}

/** Selects a video return channel of the unit's group (videoReturn/service.ts checkUnitChoice), or none. */
export async function selectVideoReturnChannel(deps: UnitDeps, unit: StoredUnit, channelId: string | null) {
  await checkVideoReturnChoice(deps, unit, channelId);
  await saveSetting(deps, unit.uid, 'vrChannelSelected', channelId);
  return { uid: unit.uid, channelId };
}

/**
 * Starts video return to the unit from its selected channel, refused with spec 000 §8's words
 * (409): no licence, no channel selected, external channel, channel offline, no video.
 */
export async function startVideoReturn(deps: UnitDeps, unit: StoredUnit): Promise<UnitAccepted> {
  const channelId = settingText(unit, 'vrChannelSelected') ?? null;
  await new VideoReturnService(deps).checkStart(unit, channelId);
  return switchApplication(deps, unit, { type: 'startVideoReturn', channelId });
}

/** Intercom and audio-jack settings, stored as sent (the given keys replace the stored ones). */
export async function mergeFlatSettings(deps: UnitDeps, unit: StoredUnit, key: 'intercom' | 'audioJacks', changes: Readonly<Record<string, string | number | boolean | null>>) {
  const next = { ...(settingObject<Record<string, string | number | boolean | null>>(unit, key) ?? {}), ...changes } as Record<string, string | number | boolean | null>;
  await saveSetting(deps, unit.uid, key, next);
  return next;
}
