/**
 * Multi camera and switcher of a unit (spec 000 §3, §4, §5, §7, §9): the configuration (mode,
 * cameras with channel and priority 1-9, HQ and proxy channels), single-camera and operational
 * mode, the SDI input of the switcher (at most one change per 5000 ms), and the multi-camera and
 * switcher streams (applications multiCamera / switcher / switcherAndProxy: connecting, streaming).
 */
import { multiCameraErrors, type MultiCameraMode } from '../../../domain/validation/multiCamera.ts';
import { isMultiCamera } from '../../../domain/units/productTypes.ts';
import { SWITCHER_INPUT_GUARD_MS } from '../../../domain/constants.ts';
import type { MultiCameraBody, MultiCameraSettings } from '../../../protocol/rest/unitApplications.ts';
import type { UnitAccepted } from '../../../protocol/rest/units.ts';
import { HttpError, refuseFields } from '../../http/errors.ts';
import type { StoredUnit } from '../units/repo.ts';
import { runCommand, type UnitDeps } from '../units/live.ts';
import { saveSetting, settingObject } from '../units/storedSettings.ts';
import { checkChannelOfUnit } from '../units/unitChannels.ts';
import { accepted } from './streaming.ts';

/** Ours: only the multi-camera product types (800, 800e, 810; spec 000 §3) have these calls. */
export const NOT_MULTI_CAMERA_MESSAGE = 'This unit type does not support multi camera';
/** Ours: spec 000 §7 "A guard of 5000 ms applies to switcher input updates". */
export const SWITCHER_INPUT_GUARD_MESSAGE = 'The switcher input was changed less than 5 seconds ago; try again in a moment';

type Camera = MultiCameraSettings['cameras'][number];

/** A stored priority as a whole number (an older store may hold its text); null when none. */
function priorityOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : null;
}

export function configOf(unit: StoredUnit): MultiCameraSettings {
  const stored = settingObject<MultiCameraSettings>(unit, 'multiCamera');
  return {
    enabled: stored?.enabled ?? false,
    mode: stored?.mode ?? 'highQuality',
    cameras: (stored?.cameras ?? []).map((c) => ({ channelId: c.channelId ?? null, priority: priorityOf(c.priority) })),
    highQualityChannelId: stored?.highQualityChannelId ?? null,
    proxyChannelId: stored?.proxyChannelId ?? null,
    ...(stored?.operationalMode !== undefined ? { operationalMode: stored.operationalMode } : {}),
    ...(stored?.sdiInput !== undefined ? { sdiInput: stored.sdiInput } : {}),
  };
}

/** The unit, when its type has multi camera (409 otherwise). */
export function multiCameraUnit(unit: StoredUnit): StoredUnit {
  if (!isMultiCamera(unit.type)) throw new HttpError(409, NOT_MULTI_CAMERA_MESSAGE);
  return unit;
}

/** The domain rules (unique channels, HQ ≠ proxy, priority 1-9, 4 cameras in Multi-HQ), then the group's channels. */
async function checkConfig(deps: UnitDeps, unit: StoredUnit, config: MultiCameraSettings, priorities: readonly (number | string | null | undefined)[]): Promise<void> {
  refuseFields(
    multiCameraErrors({
      mode: config.mode,
      cameras: config.cameras.map((c, i) => ({ channelId: c.channelId, priority: priorities[i] ?? c.priority })),
      highQualityChannelId: config.highQualityChannelId,
      proxyChannelId: config.proxyChannelId,
    }),
  );
  for (const [i, c] of config.cameras.entries()) if (c.channelId !== null) await checkChannelOfUnit(deps, unit, c.channelId, `cameras.${i}.channel`);
  if (config.highQualityChannelId !== null) await checkChannelOfUnit(deps, unit, config.highQualityChannelId, 'highQualityChannel');
  if (config.proxyChannelId !== null) await checkChannelOfUnit(deps, unit, config.proxyChannelId, 'proxyChannel');
}

async function save(deps: UnitDeps, unit: StoredUnit, next: MultiCameraSettings) {
  await saveSetting(deps, unit.uid, 'multiCamera', next);
  return { uid: unit.uid, multiCamera: next };
}

/** Applies a change to the stored configuration after validating the whole result (as typed: priorities keep their text for the rule's message). */
export async function changeConfig(
  deps: UnitDeps,
  unit: StoredUnit,
  apply: (config: MultiCameraSettings) => MultiCameraSettings,
  options: { validate: boolean; priorities?: readonly (number | string | null | undefined)[] } = { validate: true },
) {
  multiCameraUnit(unit);
  const next = apply(configOf(unit));
  if (options.validate) await checkConfig(deps, unit, next, options.priorities ?? []);
  return save(deps, unit, next);
}

/** PUT multiplecamera: the whole configuration, multi camera on. */
export function setMultiCamera(deps: UnitDeps, unit: StoredUnit, body: MultiCameraBody) {
  const cameras: Camera[] = body.cameras.map((c) => ({ channelId: c.channelId, priority: priorityOf(c.priority) }));
  return changeConfig(
    deps,
    unit,
    (config) => ({ ...config, enabled: true, mode: body.mode, cameras, highQualityChannelId: body.highQualityChannelId ?? null, proxyChannelId: body.proxyChannelId ?? null }),
    { validate: true, priorities: body.cameras.map((c) => c.priority) },
  );
}

/** One camera's channel; missing cameras up to `index` are added with the next priorities. */
export function setCameraChannel(deps: UnitDeps, unit: StoredUnit, index: number, channelId: string | null) {
  return changeConfig(deps, unit, (config) => {
    const cameras = [...config.cameras];
    while (cameras.length <= index) cameras.push({ channelId: null, priority: cameras.length + 1 });
    cameras[index] = { ...(cameras[index] ?? { priority: index + 1 }), channelId };
    return { ...config, cameras };
  });
}

/** The SDI input of the switcher: at most one change per SWITCHER_INPUT_GUARD_MS per unit (429 with retryAfterMs). */
export class SdiInputGuard {
  private readonly lastChange = new Map<string, number>();

  async set(deps: UnitDeps, unit: StoredUnit, input: MultiCameraSettings['sdiInput'] & number) {
    multiCameraUnit(unit);
    const now = deps.now();
    const last = this.lastChange.get(unit.uid);
    if (last !== undefined && now - last < SWITCHER_INPUT_GUARD_MS) {
      throw new HttpError(429, SWITCHER_INPUT_GUARD_MESSAGE, { retryAfterMs: SWITCHER_INPUT_GUARD_MS - (now - last) });
    }
    this.lastChange.set(unit.uid, now);
    return save(deps, unit, { ...configOf(unit), sdiInput: input });
  }
}

/** Starts the multi-camera stream, or the switcher (switcher mode when configured for Multi-HQ). */
export async function startMultiCamera(deps: UnitDeps, unit: StoredUnit, switcher: boolean): Promise<UnitAccepted> {
  multiCameraUnit(unit);
  const config = configOf(unit);
  const mode: MultiCameraMode = switcher && config.mode === 'highQuality' ? 'switcher' : config.mode;
  await checkConfig(deps, unit, { ...config, mode }, []);
  await runCommand(deps, unit.uid, { type: 'startMultiCamera', mode });
  return accepted(unit.uid, `start:${mode}`);
}

export async function stopMultiCamera(deps: UnitDeps, unit: StoredUnit): Promise<UnitAccepted> {
  multiCameraUnit(unit);
  await runCommand(deps, unit.uid, { type: 'stopMultiCamera' });
  return accepted(unit.uid, 'stopMultiCamera');
}
