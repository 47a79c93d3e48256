/**
 * Streaming and control of a unit (spec 000 §5, §7 "Streaming and control"): the delay checks,
 * start and stop, the databridge and video return configuration, interface (modem) configuration,
 * the network limits, store-and-forward quality and bandwidth capping. Live effects go through the
 * simulator (its events reach the websocket); settings without a live effect are stored.
 */
import {
  canChangeDelayOnTheFly,
  DEFAULT_DELAY_BOUNDS,
  DELAY_TYPE_GROUPS,
  delayErrors,
  supportsSubSecondDelay,
  type DelayTypeGroup,
} from '../../../domain/validation/delay.ts';
import { cappingErrors, CAPPING_PRESETS_MBPS, cappingMbps, type CappingChoice } from '../../../domain/validation/capping.ts';
import { bandwidthLimit, disableInterfaceVerdict, networkFormErrors } from '../../../domain/validation/network.ts';
import { videoReturnPort } from '../../../domain/validation/ports.ts';
import { isBusy, isStreaming } from '../../../domain/units/status.ts';
import { unitTypeGroup } from '../../../domain/units/productTypes.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import type { ModemConfig, NetworkLimits } from '../../../protocol/rest/unitControl.ts';
import type { StoreAndForwardQuality } from '../../../domain/units/productTypes.ts';
import type { UnitAccepted } from '../../../protocol/rest/units.ts';
import { badRequest, HttpError, notFound, refuseFields } from '../../http/errors.ts';
import type { LiveUnit } from '../../fleet/port.ts';
import type { StoredUnit } from '../units/repo.ts';
import { commandInProgress, liveUnit, runCommand, type UnitDeps } from '../units/live.ts';
import { saveSetting, settingObject } from '../units/storedSettings.ts';
import { checkChannelOfUnit } from '../units/unitChannels.ts';

/** Ours: units outside the delay type groups (servers, extenders) carry no video delay. */
export const NO_DELAY_MESSAGE = 'This unit has no video delay';
/** Ours: sub-second delays need the version gate of src/domain/validation/delay.ts. */
export const NO_SUB_SECOND_MESSAGE = 'This unit version does not support sub-second delays';
/** Ours: spec 000 §5 "On-the-fly change is supported from 0.9 s". */
export const NOT_ON_THE_FLY_MESSAGE = 'While streaming, the delay can be changed only between delays of 900 ms or more';

export const accepted = (uid: string, action: string): UnitAccepted => ({ uid, accepted: true, action });

/**
 * The delay checks of spec 000 §5 for a unit: a delay type group, the sub-second gate, the range
 * (delayErrors with the server's bounds: ours are DEFAULT_DELAY_BOUNDS), and on-the-fly from 900 ms
 * while streaming. Throws the 400/409 answer; returns nothing when the delay may be set.
 */
export function checkDelay(unit: StoredUnit, live: LiveUnit | undefined, delay: number, subSecond: boolean): void {
  const group = unitTypeGroup(unit.type);
  if (group === null || !(DELAY_TYPE_GROUPS as readonly string[]).includes(group)) refuseFields({ delay: NO_DELAY_MESSAGE });
  if (subSecond && !supportsSubSecondDelay(live?.swVersion ?? unit.swVersion)) refuseFields({ subSecond: NO_SUB_SECOND_MESSAGE });
  refuseFields({ delay: delayErrors(delay, { ...DEFAULT_DELAY_BOUNDS, subSecond, typeGroup: group as DelayTypeGroup }) });
  if (live !== undefined && isStreaming(live.applications) && !canChangeDelayOnTheFly(live.delay, delay)) {
    throw new HttpError(409, NOT_ON_THE_FLY_MESSAGE, { fields: { delay: NOT_ON_THE_FLY_MESSAGE } });
  }
}

/** Sets the delay (ms) after the checks; the simulator publishes it as unit.config. */
export async function setDelay(deps: UnitDeps, unit: StoredUnit, delay: number | string, subSecond: boolean): Promise<UnitAccepted> {
  const live = liveUnit(deps, unit.uid);
  checkDelay(unit, live, Number(delay), subSecond);
  await runCommand(deps, unit.uid, { type: 'setDelay', delayMs: Number(delay) });
  return accepted(unit.uid, 'setDelay');
}

/** Start (default, on the given channel of the unit's group) or stop streaming. */
export async function startOrStopStream(deps: UnitDeps, unit: StoredUnit, body: { channelId?: string; action?: 'start' | 'stop' }): Promise<UnitAccepted> {
  if (body.action === 'stop') {
    await runCommand(deps, unit.uid, { type: 'stopStream' });
    return accepted(unit.uid, 'stopStream');
  }
  if (body.channelId !== undefined) await checkChannelOfUnit(deps, unit, body.channelId);
  await runCommand(deps, unit.uid, { type: 'startStream', ...(body.channelId !== undefined ? { channelId: body.channelId } : {}) });
  return accepted(unit.uid, 'startStream');
}

/** A stored configuration the given fields replace (databridge, video return, IP pipe). */
export async function mergeSetting<T extends object>(deps: UnitDeps, unit: StoredUnit, key: string, changes: T): Promise<T> {
  const next = { ...(settingObject<T>(unit, key) ?? {}), ...changes } as T;
  await saveSetting(deps, unit.uid, key, next);
  return next;
}

/** Video return port 1-65535 (spec 001 §5) when one is given. */
export function checkVideoReturnPort(port: number | string | null | undefined): void {
  if (port !== undefined && port !== null) refuseFields({ port: videoReturnPort(port) });
}

/** Store-and-forward quality (codec h264/h265, level HQ/MQ/LQ), stored. */
export async function setStoreAndForwardQuality(deps: UnitDeps, unit: StoredUnit, quality: StoreAndForwardQuality) {
  await saveSetting(deps, unit.uid, 'storeAndForwardQuality', quality);
  return { uid: unit.uid, storeAndForwardQuality: quality };
}

// ── Interfaces ─────────────────────────────────────────────────────────────────────────────────

function modemsOf(unit: StoredUnit): Record<string, ModemConfig> {
  return settingObject<Record<string, ModemConfig>>(unit, 'modems') as Record<string, ModemConfig> | undefined ?? {};
}

export function modemConfigOf(deps: UnitDeps, unit: StoredUnit, port: string) {
  const link = liveUnit(deps, unit.uid).links.find((l) => l.port === port);
  if (link === undefined) throw notFound(`Interface '${port.slice(0, 64)}' not found`);
  return { uid: unit.uid, port, link: { ...link }, config: modemsOf(unit)[port] ?? {} };
}

/**
 * Configures one interface: a limit must be valid; disabling must leave 2 connected (409), and the
 * last modem's warning needs `confirmed` (409 with `confirmable` until then).
 */
export async function setModemConfig(deps: UnitDeps, unit: StoredUnit, port: string, body: ModemConfig & { confirmed?: boolean }) {
  const live = liveUnit(deps, unit.uid);
  if (!live.links.some((l) => l.port === port)) throw notFound(`Interface '${port.slice(0, 64)}' not found`);
  if (body.limitKbps !== undefined && body.limitKbps !== null) refuseFields({ limitKbps: bandwidthLimit(body.limitKbps) });
  let warning: string | undefined;
  if (body.enabled === false) {
    const verdict = disableInterfaceVerdict(live.links, port);
    if (verdict.kind === 'blocked') throw new HttpError(409, verdict.message, { fields: { enabled: verdict.message } });
    if (verdict.kind === 'warning') {
      if (body.confirmed !== true) throw new HttpError(409, verdict.message, { fields: { enabled: verdict.message }, confirmable: true });
      warning = verdict.message;
    }
  }
  const { confirmed: _confirmed, ...config } = body;
  const modems = { ...modemsOf(unit) };
  const next: ModemConfig = { ...(modems[port] ?? {}), ...config };
  modems[port] = next;
  await saveSetting(deps, unit.uid, 'modems', modems);
  if (body.enabled !== undefined) await runCommand(deps, unit.uid, { type: 'setLinkEnabled', port, enabled: body.enabled });
  return { uid: unit.uid, port, config: next, ...(warning !== undefined ? { warning } : {}) };
}

/** Network limits (spec 000 §5): every named interface must be the unit's; the domain's form rules. */
export async function setNetworkLimits(deps: UnitDeps, unit: StoredUnit, body: NetworkLimits) {
  const live = liveUnit(deps, unit.uid);
  const interfaces = (body.interfaces ?? []).map((i) => {
    const type = live.links.find((l) => l.port === i.port)?.type;
    if (type === undefined) throw notFound(`Interface '${i.port.slice(0, 64)}' not found`);
    return { port: i.port, type, limitKbps: i.limitKbps ?? null };
  });
  refuseFields(
    networkFormErrors({
      totalKbps: body.totalKbps ?? null,
      cellularKbps: body.cellularKbps ?? null,
      interfaces,
      ...(body.priorities !== undefined ? { priorities: body.priorities } : {}),
    }),
  );
  await saveSetting(deps, unit.uid, 'network', body);
  return { uid: unit.uid, network: body };
}

// ── Capping ────────────────────────────────────────────────────────────────────────────────────

interface CappingInput {
  readonly kind: 'disabled' | 'custom' | 'preset';
  readonly mbps?: number | string | null;
}

/** A capping as stored and answered: a domain choice whose custom value is given or null. */
type StoredCapping = Exclude<CappingChoice, { kind: 'custom' }> | { readonly kind: 'custom'; readonly mbps: number | string | null };

/** Wire choice → domain choice; an unknown preset is refused (spec 000 §5 lists the presets). */
function cappingChoice(field: 'total' | 'cellular', input: CappingInput): StoredCapping {
  switch (input.kind) {
    case 'disabled':
      return { kind: 'disabled' };
    case 'custom':
      return { kind: 'custom', mbps: input.mbps ?? null };
    case 'preset': {
      const preset = CAPPING_PRESETS_MBPS.find((p) => p === Number(input.mbps));
      if (preset === undefined) throw badRequest(`body.${field}.mbps must be one of ${CAPPING_PRESETS_MBPS.join(', ')}`, { fields: { [field]: MESSAGES.invalidField } });
      return { kind: 'preset', mbps: preset };
    }
    default:
      throw badRequest(`body.${field}.kind is invalid`);
  }
}

/** kbps of a capping in Mbps (1 Mbps = 1000 kbps on the wire; null = no cap). */
const kbpsOf = (mbps: number | null): number | null => (mbps === null ? null : Math.round(mbps * 1000));

/** Bandwidth capping: cellular not above total; refused on a busy unit (409 on `unit`). */
export async function setCapping(deps: UnitDeps, unit: StoredUnit, body: { total: CappingInput; cellular: CappingInput }) {
  const live = liveUnit(deps, unit.uid);
  const total = cappingChoice('total', body.total);
  const cellular = cappingChoice('cellular', body.cellular);
  const errors = cappingErrors({ unitBusy: isBusy(live.applications) || (await commandInProgress(deps, unit.uid)), total, cellular });
  if (errors.unit !== undefined) throw new HttpError(409, errors.unit, { fields: { unit: errors.unit } });
  refuseFields(errors);
  const capping = { totalKbps: kbpsOf(cappingMbps(total)), cellularKbps: kbpsOf(cappingMbps(cellular)) };
  await runCommand(deps, unit.uid, { type: 'setCapping', ...capping });
  await saveSetting(deps, unit.uid, 'capping', { total, cellular });
  return { uid: unit.uid, capping: { total, cellular, ...capping } };
}
