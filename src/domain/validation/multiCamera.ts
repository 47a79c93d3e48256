/**
 * Multi-camera and switcher configuration of a multi-camera unit (800, 800e, 810; spec 000 §3, §4,
 * §5, §9; 001 §5).
 */
import type { FieldCheck, FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { MESSAGES } from './messages.ts';
import { assertNever } from '../brand.ts';
import { integer, maxValue, minValue, number, type NumberInput, required, requiredNumber } from './fields.ts';

type Text = string | null | undefined;

/** spec 000 §4: "Multi-camera modes: highQuality, switcher, switcherAndProxy". highQuality is "Multi-HQ". */
export const MULTI_CAMERA_MODES = ['highQuality', 'switcher', 'switcherAndProxy'] as const;
export type MultiCameraMode = (typeof MULTI_CAMERA_MODES)[number];

/** spec 000 §9: "Up to 4 cameras in Multi-HQ mode". */
export const MAX_MULTI_HQ_CAMERAS = 4;

/** spec 000 §5: "priority 1 (highest) to 9 (lowest)". */
export const CAMERA_PRIORITY = { highest: 1, lowest: 9 } as const;

/** Ours (spec 000 §9 gives the limit, not the words). */
export const TOO_MANY_CAMERAS_MESSAGE = 'Up to 4 cameras can be used in Multi-HQ mode';
/** Ours (spec 000 §5, 001 §5 give the rule, not the words). */
export const SAME_HQ_AND_PROXY_MESSAGE = 'The HQ and proxy channels must be different';

/** True in the modes that carry an HQ and a proxy channel (spec 000 §3: switcher, switcherAndProxy). */
export function usesSwitcherChannels(mode: MultiCameraMode): boolean {
  switch (mode) {
    case 'highQuality':
      return false;
    case 'switcher':
    case 'switcherAndProxy':
      return true;
    default:
      return assertNever(mode, 'multi-camera mode');
  }
}

/** "Must be 1 or more" / "Must be 9 or less" / "Must be an integer" / required (spec 002 §5). */
export const cameraPriority: FieldCheck<NumberInput> = (value) =>
  firstError(value, [requiredNumber, number, integer, minValue(CAMERA_PRIORITY.highest), maxValue(CAMERA_PRIORITY.lowest)]);

export interface CameraSlot {
  readonly channelId: Text;
  readonly priority: NumberInput;
}

export interface MultiCameraConfig {
  readonly mode: MultiCameraMode;
  readonly cameras: ReadonlyArray<CameraSlot>;
  readonly highQualityChannelId?: Text;
  readonly proxyChannelId?: Text;
}

export type MultiCameraField =
  | 'cameras'
  | `cameras.${number}.channel`
  | `cameras.${number}.priority`
  | 'highQualityChannel'
  | 'proxyChannel';

const isBlank = (value: Text): boolean => value === null || value === undefined || value.trim() === '';

/**
 * Errors of the multi-camera form:
 * - `cameras`: more than 4 cameras in Multi-HQ (highQuality) mode;
 * - `cameras.<i>.channel`: required in Multi-HQ mode (each camera streams to its own channel);
 *   "This field must be unique" on every camera that shares a channel with another (all modes);
 * - `cameras.<i>.priority`: 1-9;
 * - `highQualityChannel`, `proxyChannel`: required in the switcher modes, and the proxy must differ
 *   from the HQ channel (the message sits on the proxy field).
 */
export function multiCameraErrors(config: MultiCameraConfig): FormErrors<MultiCameraField> {
  const errors: FormErrors<MultiCameraField> = {};
  const switcher = usesSwitcherChannels(config.mode);
  if (!switcher && config.cameras.length > MAX_MULTI_HQ_CAMERAS) errors.cameras = TOO_MANY_CAMERAS_MESSAGE;

  const usage = new Map<string, number>();
  for (const camera of config.cameras) {
    if (!isBlank(camera.channelId)) {
      const id = (camera.channelId ?? '').trim();
      usage.set(id, (usage.get(id) ?? 0) + 1);
    }
  }
  config.cameras.forEach((camera, index) => {
    const id = (camera.channelId ?? '').trim();
    const channel = isBlank(camera.channelId)
      ? switcher
        ? null
        : MESSAGES.required
      : (usage.get(id) ?? 0) > 1
        ? MESSAGES.mustBeUnique
        : null;
    if (channel !== null) errors[`cameras.${index}.channel`] = channel;
    const priority = cameraPriority(camera.priority);
    if (priority !== null) errors[`cameras.${index}.priority`] = priority;
  });

  if (switcher) {
    const hq = required(config.highQualityChannelId);
    const proxy = required(config.proxyChannelId);
    if (hq !== null) errors.highQualityChannel = hq;
    if (proxy !== null) errors.proxyChannel = proxy;
    if (hq === null && proxy === null && (config.highQualityChannelId ?? '').trim() === (config.proxyChannelId ?? '').trim()) {
      errors.proxyChannel = SAME_HQ_AND_PROXY_MESSAGE;
    }
  }
  return errors;
}
